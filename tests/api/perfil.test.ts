import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANDES, startTestServer, type TestServer } from './support/api-harness.ts';
import { setAsideDemoFiles } from './support/inspecciones-factory.ts';
import { newKey, profileBody, profilePath, sendBatch } from './support/sync-harness.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  await setAsideDemoFiles(server);
});
afterEach(async () => {
  await server.close();
});

// A real 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');

describe('Mi Perfil', () => {
  it('reads and updates names, phone, birth date and avatar; the avatar comes back byte for byte', async () => {
    const { token, userId } = await server.login('supervisor@andesdemo.cl');
    const path = `/api/perfil/perfil_usuario/${userId}/${ANDES.id}`;
    const before = await server.request('GET', path, { token });
    expect(before.body).toMatchObject({ Nombres: 'Jorge', ApellidoPaterno: 'Araya', Logo: null });

    const updated = await server.request<{ message: string; data: { Logo: string; FechaNacimiento: string; Version: number } }>('PUT', path, {
      token,
      body: { Nombres: 'Jorge Andrés', ApellidoPaterno: 'Araya', ApellidoMaterno: 'Rojas', TelefonoPersona: '+56 9 1234 5678', FechaNacimiento: '1984-02-29', Avatar: { Tipo: 'image/png', Datos: PNG.toString('base64') } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Perfil actualizado correctamente');
    expect(updated.body.data).toMatchObject({ Nombres: 'Jorge Andrés', TelefonoPersona: '+56 9 1234 5678', FechaNacimiento: '1984-02-29' });
    expect(updated.body.data.Version).toBe((before.body as { Version: number }).Version + 1);

    const avatar = await server.app.request(updated.body.data.Logo);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await avatar.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(createHash('sha256').update(PNG).digest('hex'));
  });

  it('rejects bad input with the Spanish message and changes nothing', async () => {
    const { token, userId } = await server.login('supervisor@andesdemo.cl');
    const path = `/api/perfil/perfil_usuario/${userId}/${ANDES.id}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ Nombres: '', ApellidoPaterno: 'Araya' }, 'El nombre es requerido'],
      [{ Nombres: 'Jorge', ApellidoPaterno: 'Araya', FechaNacimiento: '1984-02-30' }, 'La fecha debe tener el formato AAAA-MM-DD'],
      [{ Nombres: 'Jorge', ApellidoPaterno: 'Araya', TelefonoPersona: 'llámame' }, 'El teléfono debe tener entre 8 y 15 dígitos'],
      [{ Nombres: 'Otro', ApellidoPaterno: 'Araya', Avatar: { Tipo: 'image/gif', Datos: 'AAAA' } }, 'La imagen debe ser PNG, JPEG o WebP'],
    ];
    for (const [body, message] of cases) {
      const res = await server.request('PUT', path, { token, body });
      expect(res.body, JSON.stringify(body)).toMatchObject({ statusCode: 400, message });
    }
    const after = await server.request('GET', path, { token });
    expect(after.body).toMatchObject({ Nombres: 'Jorge', FechaNacimiento: '1985-04-12', Logo: null });
    expect(await server.deps.db.selectFrom('archivos').selectAll().execute()).toEqual([]);
  });

  it('refuses a signed file URL that was tampered with or has expired', async () => {
    const { token, userId } = await server.login('supervisor@andesdemo.cl');
    const res = await server.request<{ data: { Logo: string } }>('PUT', `/api/perfil/perfil_usuario/${userId}/${ANDES.id}`, {
      token,
      body: { Nombres: 'Jorge', ApellidoPaterno: 'Araya', Avatar: { Tipo: 'image/png', Datos: PNG.toString('base64') } },
    });
    const url = res.body.data.Logo;
    expect((await server.app.request(url.replace(/sig=[^&]+/, 'sig=abc'))).status).toBe(404);
    server.clock.advance(216_001 * 1000);
    expect((await server.app.request(url)).status).toBe(404);
  });
});

describe('Perfil Empresa', () => {
  it('updates name, address, phone and logo for a role that may', async () => {
    const { token } = await server.login('admin@andesdemo.cl');
    const path = `/api/perfil/perfil_empresa/${ANDES.id}`;
    const res = await server.request<{ message: string; data: { Logo: string } }>('PUT', path, {
      token,
      body: { NombreEmpresa: 'Constructora Andes SpA', Direccion: 'Av. Apoquindo 4501', TelefonoEmpresa: '+56 2 2222 3333', Logo: { Tipo: 'image/png', Datos: PNG.toString('base64') } },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Empresa actualizada con éxito.');
    expect(res.body.data).toMatchObject({ NombreEmpresa: 'Constructora Andes SpA', RutEmpresa: ANDES.rut });
    expect((await server.app.request(res.body.data.Logo)).status).toBe(200);
    const session = await server.request<{ empresa: { NombreEmpresa: string; Logo: string } }>('GET', '/api/auth/sesion', { token });
    expect(session.body.empresa.NombreEmpresa).toBe('Constructora Andes SpA');
    expect(session.body.empresa.Logo).toMatch(/^\/api\/files\//);
  });

  it('rejects an empty company name', async () => {
    const { token } = await server.login('admin@andesdemo.cl');
    const res = await server.request('PUT', `/api/perfil/perfil_empresa/${ANDES.id}`, { token, body: { NombreEmpresa: '  ' } });
    expect(res.body).toMatchObject({ statusCode: 400, message: 'El nombre de la empresa es requerido' });
  });
});

describe('the profiles through the outbox (SPEC OF1): the screens queue their PUTs as sync batch entries', () => {
  const logo = { Tipo: 'image/png', Datos: PNG.toString('base64') };

  it('Perfil Empresa: applied once with its logo, the same answer to a retry, refused for a role that may not edit it', async () => {
    const admin = await server.login('admin@andesdemo.cl');
    const path = `/api/perfil/perfil_empresa/${ANDES.id}`;
    const key = newKey();
    const body = { NombreEmpresa: 'Constructora Andes SpA', Direccion: 'Av. Apoquindo 4501', TelefonoEmpresa: '+56 2 2222 3333', Logo: logo };
    const first = await sendBatch(server, admin.token, [{ key, method: 'PUT', path, body }]);
    expect(first.body.results).toHaveLength(1);
    expect(first.body.results[0]).toMatchObject({
      key,
      status: 200,
      body: { message: 'Empresa actualizada con éxito.', data: { NombreEmpresa: 'Constructora Andes SpA', TelefonoEmpresa: '+56 2 2222 3333' } },
    });
    const files = await server.deps.db.selectFrom('archivos').selectAll().execute();
    expect(files).toHaveLength(1);

    // The device sends it again (its answer was lost): the server answers as before and applies nothing twice.
    const again = await sendBatch(server, admin.token, [{ key, method: 'PUT', path, body }]);
    expect(again.body.results).toEqual(first.body.results);
    expect(await server.deps.db.selectFrom('archivos').selectAll().execute()).toEqual(files);
    const read = await server.request('GET', path, { token: admin.token });
    expect(read.body).toMatchObject({ NombreEmpresa: 'Constructora Andes SpA', Direccion: 'Av. Apoquindo 4501' });

    // A supervisor may not edit it: the entry is refused with the reason the screen shows.
    const supervisor = await server.login('supervisor@andesdemo.cl');
    const refused = await sendBatch(server, supervisor.token, [{ key: newKey(), method: 'PUT', path, body: { NombreEmpresa: 'Hackeada' } }]);
    expect(refused.body.results[0]).toMatchObject({
      status: 403,
      body: { statusCode: 403, message: 'No tienes permiso para realizar esta acción.', code: 'SIN_PERMISO' },
    });
  });

  it('Mi Perfil: applied once with its photo (one Version more), and an invalid one refused with the Spanish message', async () => {
    const { token, userId } = await server.login('supervisor@andesdemo.cl');
    const path = profilePath(userId, ANDES.id);
    const before = await server.request<{ Version: number }>('GET', path, { token });
    const key = newKey();
    const entry = { key, method: 'PUT', path, body: profileBody({ TelefonoPersona: '+56 9 5555 1234', Avatar: logo }) };
    const answer = await sendBatch(server, token, [entry, { ...entry }]);
    expect(answer.body.results.map((result) => result.status)).toEqual([200, 200]);
    const after = await server.request<{ Version: number; TelefonoPersona: string; Logo: string | null }>('GET', path, { token });
    expect(after.body).toMatchObject({ TelefonoPersona: '+56 9 5555 1234', Version: before.body.Version + 1 });
    expect(after.body.Logo).toMatch(/^\/api\/files\//);

    const refused = await sendBatch(server, token, [{ key: newKey(), method: 'PUT', path, body: profileBody({ Nombres: '' }) }]);
    expect(refused.body.results[0]).toMatchObject({ status: 400, body: { message: 'El nombre es requerido' } });
  });
});
