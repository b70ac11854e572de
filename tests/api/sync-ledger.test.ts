import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { emptyChangeLog } from './support/empty-change-log.ts';
import { refuseChangeLogInserts, removeChangeLogFault } from './support/fault-trigger.ts';
import { countRows, newKey, profileBody, profilePath, send, userVersion } from './support/sync-harness.ts';

let server: TestServer;
let supervisor: { token: string; userId: number };
beforeEach(async () => {
  server = await startTestServer();
  await emptyChangeLog(server);
  supervisor = await server.login('supervisor@andesdemo.cl');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

async function ledgerRow(company: string, key: string) {
  return server.deps.db.selectFrom('idempotencia').selectAll().where('IdEmpresa', '=', company).where('Clave', '=', key).executeTakeFirst();
}

describe('idempotency ledger (Idempotency-Key on a single REST write)', () => {
  it('commits the write, its change-log row and its ledger row together; a replay gets the stored answer and changes nothing', async () => {
    const key = newKey();
    const path = profilePath(supervisor.userId, ANDES.id);
    const before = await userVersion(server, ANDES.id, supervisor.userId);

    const first = await send(server, 'PUT', path, { token: supervisor.token, key, body: profileBody({ Nombres: 'Jorge Andrés' }) });
    expect(first.status).toBe(200);
    expect(first.headers.get('Idempotency-Replayed')).toBeNull();
    expect(await userVersion(server, ANDES.id, supervisor.userId)).toEqual({ Version: before.Version + 1, Nombres: 'Jorge Andrés' });
    expect(await countRows(server, 'cambios')).toBe(1);
    expect(await ledgerRow(ANDES.id, key)).toMatchObject({ Estado: 200 });

    // The same write again, as a client whose answer was lost would send it (keys in another order, other spacing).
    const { Nombres, ...rest } = profileBody({ Nombres: 'Jorge Andrés' });
    const rawBody = JSON.stringify({ ...rest, Nombres }, null, 2);
    const replay = await send(server, 'PUT', path, { token: supervisor.token, key, body: rawBody });
    expect(replay.status).toBe(first.status);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('Idempotency-Replayed')).toBe('true');
    expect(await userVersion(server, ANDES.id, supervisor.userId)).toEqual({ Version: before.Version + 1, Nombres: 'Jorge Andrés' });
    expect(await countRows(server, 'cambios')).toBe(1);
    expect(await countRows(server, 'idempotencia')).toBe(1);
  });

  it('refuses the same key with another body with 422 IDEMPOTENCIA_DISTINTA and changes nothing', async () => {
    const key = newKey();
    const path = profilePath(supervisor.userId, ANDES.id);
    await send(server, 'PUT', path, { token: supervisor.token, key, body: profileBody({ Nombres: 'Primero' }) });
    const other = await send(server, 'PUT', path, { token: supervisor.token, key, body: profileBody({ Nombres: 'Segundo' }) });
    expect(other).toMatchObject({
      status: 422,
      body: { statusCode: 422, message: 'La clave de idempotencia ya se usó con otro contenido', code: 'IDEMPOTENCIA_DISTINTA' },
    });
    // The same body on another path is another request too.
    const otherPath = await send(server, 'PUT', `${path}?x=1`, { token: supervisor.token, key, body: profileBody({ Nombres: 'Primero' }) });
    expect(otherPath.status).toBe(422);
    expect((await userVersion(server, ANDES.id, supervisor.userId)).Nombres).toBe('Primero');
    expect(await countRows(server, 'cambios')).toBe(1);
  });

  it('runs two simultaneous requests with one key once: the other is refused EN_CURSO or gets the same answer', async () => {
    const key = newKey();
    const path = profilePath(supervisor.userId, ANDES.id);
    const before = await userVersion(server, ANDES.id, supervisor.userId);
    const body = profileBody({ Nombres: 'Simultáneo' });
    const answers = await Promise.all([1, 2, 3].map(() => send(server, 'PUT', path, { token: supervisor.token, key, body })));

    const done = answers.filter((answer) => answer.status === 200);
    const busy = answers.filter((answer) => answer.status === 409);
    expect(done.length + busy.length).toBe(3);
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const answer of done) expect(answer.body).toEqual(done[0]?.body);
    for (const answer of busy) expect(answer.body).toMatchObject({ statusCode: 409, code: 'EN_CURSO' });
    expect((await userVersion(server, ANDES.id, supervisor.userId)).Version).toBe(before.Version + 1);
    expect(await countRows(server, 'cambios')).toBe(1);

    // The refused one retries later and gets the stored answer.
    const retry = await send(server, 'PUT', path, { token: supervisor.token, key, body });
    expect(retry).toMatchObject({ status: 200, body: done[0]?.body });
  });

  it('does not store a refusal: the same request is judged again (same 400), nothing changed, and the key is not spent', async () => {
    const key = newKey();
    const path = profilePath(supervisor.userId, ANDES.id);
    const invalid = profileBody({ Nombres: '' });
    const first = await send(server, 'PUT', path, { token: supervisor.token, key, body: invalid });
    expect(first.body).toEqual({ statusCode: 400, message: 'El nombre es requerido', code: 'VALIDACION' });
    expect(await ledgerRow(ANDES.id, key)).toBeUndefined();

    const replay = await send(server, 'PUT', path, { token: supervisor.token, key, body: invalid });
    expect({ status: replay.status, body: replay.body }).toEqual({ status: 400, body: first.body });
    expect(replay.headers.get('Idempotency-Replayed')).toBeNull();

    const forbidden = await send(server, 'PUT', profilePath(supervisor.userId + 1, ANDES.id), { token: supervisor.token, key: newKey(), body: profileBody() });
    expect(forbidden.body).toMatchObject({ statusCode: 403, code: 'SIN_PERMISO' });
    expect(await countRows(server, 'idempotencia')).toBe(0);
    expect(await countRows(server, 'cambios')).toBe(0);
    expect((await userVersion(server, ANDES.id, supervisor.userId)).Nombres).toBe('Jorge');

    // A refused body upgraded on the device keeps its key (SPEC OB8): it must run, not come back IDEMPOTENCIA_DISTINTA
    // (which the outbox reads as "the earlier body was applied").
    const upgraded = await send(server, 'PUT', path, { token: supervisor.token, key, body: profileBody({ Nombres: 'Corregido' }) });
    expect(upgraded.status).toBe(200);
    expect((await userVersion(server, ANDES.id, supervisor.userId)).Nombres).toBe('Corregido');
  });

  it('does not store malformed JSON either', async () => {
    const key = newKey();
    const path = profilePath(supervisor.userId, ANDES.id);
    const first = await send(server, 'PUT', path, { token: supervisor.token, key, body: '{"Nombres": ' });
    expect(first.body).toEqual({ statusCode: 400, message: 'El cuerpo de la solicitud no es un JSON válido' });
    const replay = await send(server, 'PUT', path, { token: supervisor.token, key, body: '{"Nombres": ' });
    expect({ status: replay.status, body: replay.body }).toEqual({ status: 400, body: first.body });
    expect(await countRows(server, 'idempotencia')).toBe(0);
  });

  it('does not store a 5xx: the write and its change-log row roll back together, and the retry with the same key runs', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const key = newKey();
    const path = profilePath(supervisor.userId, ANDES.id);
    const before = await userVersion(server, ANDES.id, supervisor.userId);
    // A failure inside the transaction, after the profile row was already updated: the change log refuses rows.
    await refuseChangeLogInserts(server.deps.db);

    const failed = await send(server, 'PUT', path, { token: supervisor.token, key, body: profileBody({ Nombres: 'Reintento' }) });
    expect(failed.body).toEqual({ statusCode: 500, message: 'No fue posible realizar la acción' });
    expect(await ledgerRow(ANDES.id, key)).toBeUndefined();
    expect(await userVersion(server, ANDES.id, supervisor.userId)).toEqual(before);

    // Without a key the module's own transaction keeps the row and its log entry together just the same.
    expect((await send(server, 'PUT', path, { token: supervisor.token, body: profileBody({ Nombres: 'Sin clave' }) })).status).toBe(500);
    expect(await userVersion(server, ANDES.id, supervisor.userId)).toEqual(before);

    await removeChangeLogFault(server.deps.db);
    const retried = await send(server, 'PUT', path, { token: supervisor.token, key, body: profileBody({ Nombres: 'Reintento' }) });
    expect(retried.status).toBe(200);
    expect(retried.headers.get('Idempotency-Replayed')).toBeNull();
    expect(await userVersion(server, ANDES.id, supervisor.userId)).toEqual({ Version: before.Version + 1, Nombres: 'Reintento' });
    expect(await ledgerRow(ANDES.id, key)).toMatchObject({ Estado: 200 });
  });

  it('scopes keys by the token company: the same key in two companies is two writes', async () => {
    const key = 'misma-clave-en-dos-empresas';
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    const andesAnswer = await send(server, 'PUT', profilePath(supervisor.userId, ANDES.id), { token: supervisor.token, key, body: profileBody({ Nombres: 'Andes' }) });
    const pacificoAnswer = await send(server, 'PUT', profilePath(pacifico.userId, PACIFICO.id), {
      token: pacifico.token,
      key,
      body: profileBody({ Nombres: 'Pacífico', ApellidoPaterno: 'Valdés' }),
    });
    expect(andesAnswer.status).toBe(200);
    expect(pacificoAnswer.status).toBe(200);
    expect(pacificoAnswer.headers.get('Idempotency-Replayed')).toBeNull();
    expect((await userVersion(server, PACIFICO.id, pacifico.userId)).Nombres).toBe('Pacífico');

    // Company B replaying company A's exact request with A's key gets no stored answer of A: it is refused on tenancy.
    const crossed = await send(server, 'PUT', profilePath(supervisor.userId, ANDES.id), { token: pacifico.token, key: newKey(), body: profileBody({ Nombres: 'Andes' }) });
    expect(crossed.status).toBe(403);
    expect((await userVersion(server, ANDES.id, supervisor.userId)).Nombres).toBe('Andes');
  });

  it("never replays one person's stored answer to another user of the same company", async () => {
    const key = newKey();
    const path = profilePath(supervisor.userId, ANDES.id);
    const body = profileBody({ Nombres: 'Privado' });
    expect((await send(server, 'PUT', path, { token: supervisor.token, key, body })).status).toBe(200);
    const admin = await server.login('admin@andesdemo.cl');
    const other = await send(server, 'PUT', path, { token: admin.token, key, body });
    expect(other.body).toMatchObject({ statusCode: 422, code: 'IDEMPOTENCIA_DISTINTA' });
    expect(JSON.stringify(other.body)).not.toContain('Privado');
  });

  it('stores nothing for a request without a valid session, for sign-in routes, or without a key', async () => {
    const path = profilePath(supervisor.userId, ANDES.id);
    const anonymous = await send(server, 'PUT', path, { key: newKey(), body: profileBody() });
    expect(anonymous.status).toBe(401);
    const login = await send(server, 'POST', '/api/auth/login', {
      key: newKey(),
      body: { RutEmpresa: ANDES.rut, Correo: 'supervisor@andesdemo.cl', Contrasena: 'Andes.2026' },
    });
    expect(login.status).toBe(200);
    const plain = await send(server, 'PUT', path, { token: supervisor.token, body: profileBody({ Nombres: 'Sin clave' }) });
    expect(plain.status).toBe(200);
    expect(await countRows(server, 'idempotencia')).toBe(0);
    expect(await countRows(server, 'cambios')).toBe(1);
  });

  it('refuses a malformed key', async () => {
    const res = await send(server, 'PUT', profilePath(supervisor.userId, ANDES.id), { token: supervisor.token, key: 'con espacios', body: profileBody() });
    expect(res.body).toEqual({ statusCode: 400, message: 'La clave de idempotencia no es válida', code: 'IDEMPOTENCIA_CLAVE' });
  });
});
