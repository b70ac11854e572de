/**
 * SPEC PL13–PL15: a field device holds its own worksites. The demo's «faena@andesdemo.cl» works at Faena Los Andes
 * (level 2 no. 1) only; the company's other worksite is Faena Ruta 5 Norte (no. 2).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Usuario } from '#sync/schemas/usuarios.schema.ts';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { send } from './support/sync-harness.ts';
import { createWorker, SEEDED, updateWorker, WORKERS, workerBody } from './support/trabajadores-factory.ts';
import { write } from './support/usuarios-factory.ts';

interface Change {
  seq: number;
  table: string;
  id: string;
  op: 'upsert' | 'delete';
  row: Record<string, unknown> | null;
}

let server: TestServer;
let admin: { token: string; userId: number };
let field: { token: string; userId: number };
beforeEach(async () => {
  server = await startTestServer();
  admin = await server.login('admin@andesdemo.cl');
  field = await server.login('faena@andesdemo.cl');
});
afterEach(() => server.close());

const LOS_ANDES = SEEDED.nv2(1);
const RUTA_5 = SEEDED.nv2(2);

/** Every change after `since` the user's device receives, and the cursor it ends at. */
async function pullAll(token: string, since = 0): Promise<{ changes: Change[]; cursor: number; reset: boolean; antes?: string[] }> {
  const changes: Change[] = [];
  let cursor = since;
  for (;;) {
    const page = await send<{ changes: Change[]; cursor: number; more: boolean; reset?: boolean; antes?: string[] }>(
      server,
      'GET',
      `/api/sync/changes?since=${cursor}`,
      { token },
    );
    expect(page.status).toBe(200);
    if (page.body.reset) return { changes, cursor: page.body.cursor, reset: true, antes: page.body.antes };
    changes.push(...page.body.changes);
    cursor = page.body.cursor;
    if (!page.body.more) return { changes, cursor, reset: false };
  }
}

/** The workers a device holds after applying `changes` in order. */
function heldWorkers(changes: Change[]): Map<string, Record<string, unknown>> {
  const held = new Map<string, Record<string, unknown>>();
  for (const change of changes.filter((one) => one.table === 'trabajadores')) {
    if (change.op === 'upsert') held.set(change.id, change.row!);
    else held.delete(change.id);
  }
  return held;
}

async function downloadWorkers(token: string, query: string) {
  const page = await send<{ data: { IdPersona: string; IdNivel2: string | null }[]; total: number }>(
    server,
    'GET',
    `${WORKERS}/${ANDES.id}?PorPagina=500&Pagina=1${query}`,
    { token },
  );
  expect(page.status).toBe(200);
  return page.body.data;
}

describe('PL13: a field device holds the workers of its worksites', () => {
  it('pulls and downloads only its worksite and the workers with none; a whole-company user gets all, and online lists stay whole', async () => {
    const elsewhere = await createWorker(server, admin.token, workerBody({ IdNivel2: RUTA_5, IdNivel3: SEEDED.nv3(3) }));
    const nowhere = await createWorker(server, admin.token, workerBody({ IdNivel2: null, IdNivel3: null }));
    expect([elsewhere.status, nowhere.status]).toEqual([200, 200]);

    const scoped = heldWorkers((await pullAll(field.token)).changes);
    const whole = heldWorkers((await pullAll(admin.token)).changes);
    expect([...whole.values()].some((row) => row.IdNivel2 === RUTA_5)).toBe(true);
    expect(scoped.size).toBeGreaterThan(0);
    expect([...scoped.values()].every((row) => row.IdNivel2 === LOS_ANDES || row.IdNivel2 === null)).toBe(true);
    expect(scoped.has(nowhere.body.data!.IdPersona as string)).toBe(true);
    expect(scoped.has(elsewhere.body.data!.IdPersona as string)).toBe(false);
    expect(new Set(scoped.keys())).toEqual(new Set([...whole].filter(([, row]) => row.IdNivel2 !== RUTA_5).map(([id]) => id)));

    const downloaded = await downloadWorkers(field.token, '&Faenas=propias');
    expect(new Set(downloaded.map((row) => row.IdPersona))).toEqual(new Set(scoped.keys()));
    // Online, the server judges by role alone: the scoped supervisor still finds a worker of another worksite.
    expect((await downloadWorkers(field.token, '')).some((row) => row.IdPersona === elsewhere.body.data!.IdPersona)).toBe(true);
    expect((await downloadWorkers(admin.token, '&Faenas=propias')).length).toBe(whole.size);
  });

  it('PL14: a worker who moves away leaves the old worksite’s devices; one who moves in arrives; the whole-company device keeps both', async () => {
    const created = await createWorker(server, admin.token, workerBody({ IdNivel2: LOS_ANDES, IdNivel3: SEEDED.nv3(1) }));
    const id = created.body.data!.IdPersona as string;
    const fieldStart = await pullAll(field.token);
    const adminStart = await pullAll(admin.token);
    expect(heldWorkers(fieldStart.changes).has(id)).toBe(true);

    const moved = await updateWorker(server, admin.token, { IdPersona: id, Version: 1, IdNivel2: RUTA_5, IdNivel3: SEEDED.nv3(3) });
    expect(moved.status).toBe(200);
    const fieldAfter = await pullAll(field.token, fieldStart.cursor);
    expect(fieldAfter.changes.filter((change) => change.id === id).map((change) => change.op)).toEqual(['delete']);
    const adminAfter = await pullAll(admin.token, adminStart.cursor);
    expect(heldWorkers([...adminStart.changes, ...adminAfter.changes]).get(id)).toMatchObject({ IdNivel2: RUTA_5 });

    const back = await updateWorker(server, admin.token, { IdPersona: id, Version: 2, IdNivel2: LOS_ANDES, IdNivel3: SEEDED.nv3(2) });
    expect(back.status).toBe(200);
    const returned = await pullAll(field.token, fieldAfter.cursor);
    const held = heldWorkers([...fieldStart.changes, ...fieldAfter.changes, ...returned.changes]);
    expect(held.get(id)).toMatchObject({ IdNivel2: LOS_ANDES, IdNivel3: SEEDED.nv3(2) });
  });
});

describe('PL13, PL15: a user’s worksites, set on the user form', () => {
  const users = () => send<{ data: Usuario[] }>(server, 'GET', `/api/usuarios/${ANDES.id}`, { token: admin.token });
  const fieldUser = async () => (await users()).body.data.find((user) => user.CorreoElectronicoPersona === 'faena@andesdemo.cl')!;

  it('the form offers the levels 2 and 3; the user shows their worksites; a wider scope makes their device download again', async () => {
    const lists = await send<{ data: { faenas: { IdNivel: string; TipoNivel: number; Padre: string | null }[] } }>(
      server,
      'GET',
      `/api/usuarios/listas/${ANDES.id}`,
      { token: admin.token },
    );
    expect(lists.body.data.faenas.map((level) => level.IdNivel)).toEqual(expect.arrayContaining([LOS_ANDES, RUTA_5, SEEDED.nv3(1)]));
    expect(lists.body.data.faenas.find((level) => level.IdNivel === SEEDED.nv3(1))).toMatchObject({ TipoNivel: 3, Padre: 'Faena Los Andes' });
    const before = await fieldUser();
    expect(before.Faenas).toEqual([LOS_ANDES]);
    const { cursor } = await pullAll(field.token);

    const widened = await write<Usuario>(server, admin.token, 'PUT', '/api/usuarios', { IdUsuario: before.IdUsuario, Faenas: [RUTA_5, LOS_ANDES] });
    expect(widened.status).toBe(200);
    expect((await fieldUser()).Faenas).toEqual([LOS_ANDES, RUTA_5].sort());
    const next = await pullAll(field.token, cursor);
    // PL15: only widened, so the device downloads what lies outside what it held.
    expect(next).toMatchObject({ reset: true, antes: [LOS_ANDES] });
    const downloaded = await downloadWorkers(field.token, '&Faenas=propias');
    expect(downloaded.some((row) => row.IdNivel2 === RUTA_5)).toBe(true);
    const missing = await downloadWorkers(field.token, `&Faenas=propias&Antes=${LOS_ANDES}`);
    expect(missing.length).toBeGreaterThan(0);
    expect(missing.every((row) => row.IdNivel2 === RUTA_5)).toBe(true);
    // The same worksites again change nothing: no new download.
    await write(server, admin.token, 'PUT', '/api/usuarios', { IdUsuario: before.IdUsuario, Faenas: [LOS_ANDES, RUTA_5] });
    expect((await pullAll(field.token, next.cursor)).reset).toBe(false);
    // A narrower scope is a new download of everything (PL15), with no `antes`.
    await write(server, admin.token, 'PUT', '/api/usuarios', { IdUsuario: before.IdUsuario, Faenas: [RUTA_5] });
    const narrowed = await pullAll(field.token, next.cursor);
    expect(narrowed.reset).toBe(true);
    expect(narrowed.antes).toBeUndefined();
  });

  it('refuses a worksite that is not an active level 2 or 3 of the company, and writes nothing', async () => {
    const user = await fieldUser();
    const pacificoLevel = await server.deps.db.selectFrom('niveles').select('IdNivel').where('IdEmpresa', '=', PACIFICO.id).executeTakeFirst();
    for (const Faenas of [[SEEDED.cargo(1)], ['0195a3b4-0000-7000-8000-000000000000'], ...(pacificoLevel ? [[pacificoLevel.IdNivel]] : [])]) {
      const refused = await write(server, admin.token, 'PUT', '/api/usuarios', { IdUsuario: user.IdUsuario, Faenas });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ message: 'Alguna de las faenas elegidas no existe en la empresa' });
    }
    expect((await fieldUser()).Faenas).toEqual([LOS_ANDES]);
  });
});
