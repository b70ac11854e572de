import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { type Dotacion, DOTACIONES_MESSAGES } from '#sync/schemas/dotaciones.schema.ts';
import { seedId } from '#server/seed/seed-id.ts';
import { ANDES, PACIFICO, serverForEachTest } from './support/api-harness.ts';
import { DEMO_CONTRACTOR } from './support/incidentes-factory.ts';
import { send } from './support/sync-harness.ts';

const test = serverForEachTest();
const BASE = '/api/accidentes/dotacion';
const NV2 = seedId(ANDES.id, 'nv2', 1);
const NV3 = seedId(ANDES.id, 'nv3', 1);
/** Movimiento de Tierra hangs from Faena Ruta 5 Norte, not from Faena Los Andes. */
const OTHER_NV3 = seedId(ANDES.id, 'nv3', 3);

interface WriteAnswer {
  statusCode: number;
  message: string;
  code?: string;
  data: Dotacion;
}

const body = (fields: Record<string, unknown> = {}) => ({
  IdDotacion: uuidV7(),
  Mes: '2026-10',
  IdNivel2: NV2,
  IdNivel3: NV3,
  RutContratista: '',
  Dotacion: 40,
  HorasHombre: 7040,
  ...fields,
});
const create = (row: unknown, token = test.admin.token, company = ANDES.id) =>
  send<WriteAnswer>(test.server, 'POST', `${BASE}/${company}`, { token, body: row });
const list = (token = test.admin.token) =>
  send<{ statusCode: number; data: Dotacion[] }>(test.server, 'GET', `${BASE}/${ANDES.id}`, { token });

describe('dotación y horas hombre: the records the rates divide by', () => {
  it("logs a company month for the company's users only, keeps half hours of work, and comes with a year of demo months", async () => {
    const row = body({ IdNivel3: null });
    expect((await create(row)).status).toBe(200);
    const change = await test.server.deps.db.selectFrom('cambios').selectAll().orderBy('Seq', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(change).toMatchObject({ Tabla: 'dotaciones', IdRegistro: row.IdDotacion, Operacion: 'upsert', Audiencia: 'empresa' });
    const edited = await send<WriteAnswer>(test.server, 'PUT', `${BASE}/${ANDES.id}`, {
      token: test.admin.token,
      body: { IdDotacion: row.IdDotacion, Version: 1, Dotacion: 44, HorasHombre: 7744.5 },
    });
    expect(edited.body).toMatchObject({ statusCode: 200, data: { Dotacion: 44, HorasHombre: 7744.5, Version: 2 } });
    // The demo company brings a year of its own months (four rows a month).
    await send(test.server, 'DELETE', `${BASE}/${row.IdDotacion}/${ANDES.id}`, { token: test.admin.token });
    expect((await list()).body.data).toHaveLength(48);
  });

  it('keeps one active row per month, levels and contractor: 409 with the Spanish message; a deleted one frees it', async () => {
    const first = body({ Mes: '2026-10', IdNivel3: null });
    await test.server.deps.db.updateTable('dotaciones').set({ Estado: 0 }).execute();
    expect((await create(first)).status).toBe(200);
    const again = await create(body({ Mes: '2026-10', IdNivel3: null, Dotacion: 12 }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ statusCode: 409, message: DOTACIONES_MESSAGES.duplicate, code: 'DOTACION_DUPLICADA' });
    // Another level 3, another contractor or another month is another row.
    expect((await create(body({ Mes: '2026-10' }))).status).toBe(200);
    expect((await create(body({ Mes: '2026-10', IdNivel3: null, RutContratista: DEMO_CONTRACTOR }))).status).toBe(200);
    expect((await create(body({ Mes: '2026-09', IdNivel3: null }))).status).toBe(200);
    await send(test.server, 'DELETE', `${BASE}/${first.IdDotacion}/${ANDES.id}`, { token: test.admin.token });
    expect((await create(body({ Mes: '2026-10', IdNivel3: null }))).status).toBe(200);
  });

  it('refuses bad input with a 400 and the Spanish message, never a 500, and writes nothing', async () => {
    const before = await test.server.deps.db
      .selectFrom('dotaciones')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const refusals: [Record<string, unknown>, string][] = [
      [{ Mes: '2026-13' }, DOTACIONES_MESSAGES.monthInvalid],
      [{ Mes: '10/2026' }, DOTACIONES_MESSAGES.monthInvalid],
      [{ Mes: '2026-12' }, DOTACIONES_MESSAGES.future],
      [{ IdNivel2: '' }, DOTACIONES_MESSAGES.levelRequired],
      [{ IdNivel2: NV3, IdNivel3: null }, DOTACIONES_MESSAGES.levelInvalid],
      [{ IdNivel3: OTHER_NV3 }, DOTACIONES_MESSAGES.levelMismatch],
      [{ Dotacion: 12.5 }, DOTACIONES_MESSAGES.headcountInvalid],
      [{ Dotacion: -1 }, DOTACIONES_MESSAGES.headcountInvalid],
      [{ Dotacion: '40' }, DOTACIONES_MESSAGES.headcountInvalid],
      [{ HorasHombre: -3 }, DOTACIONES_MESSAGES.hoursInvalid],
      [{ HorasHombre: null }, DOTACIONES_MESSAGES.hoursInvalid],
      [{ RutContratista: '12345678-9' }, 'El rut no es válido'],
    ];
    for (const [fields, message] of refusals) {
      const answer = await create(body(fields));
      expect({ fields, status: answer.status, message: answer.body.message }).toEqual({ fields, status: 400, message });
    }
    expect((await send(test.server, 'POST', `${BASE}/${ANDES.id}`, { token: test.admin.token, body: '{"IdDotacion":' })).status).toBe(400);
    const after = await test.server.deps.db
      .selectFrom('dotaciones')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('stays inside the company: another company reads none and may not use its levels', async () => {
    const row = body();
    await create(row);
    const other = await test.server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect(
      (await send<{ data: unknown }>(test.server, 'GET', `${BASE}/${row.IdDotacion}/${PACIFICO.id}`, { token: other.token })).body.data,
    ).toBeNull();
    expect((await send<{ data: Dotacion[] }>(test.server, 'GET', `${BASE}/${PACIFICO.id}`, { token: other.token })).body.data).toEqual([]);
    // Its levels are not the other company's.
    expect((await create(body(), other.token, PACIFICO.id)).body).toMatchObject({
      statusCode: 400,
      message: DOTACIONES_MESSAGES.levelInvalid,
    });
  });

  it('a contractor user reads and writes only its own rows; a client user reads none', async () => {
    const contractor = await test.server.login('contratista@andesdemo.cl');
    const own = await list(contractor.token);
    expect(own.body.data.length).toBe(12);
    expect(own.body.data.every((row) => row.RutContratista === DEMO_CONTRACTOR)).toBe(true);
    expect((await create(body({ Mes: '2026-10', IdNivel3: null }), contractor.token)).body).toMatchObject({ statusCode: 403 });
    const mine = body({ Mes: '2026-10', IdNivel3: null, RutContratista: DEMO_CONTRACTOR });
    expect((await create(mine, contractor.token)).body).toMatchObject({ statusCode: 200, data: { RutContratista: DEMO_CONTRACTOR } });
    const companyRow = body({ Mes: '2026-09', IdNivel3: null });
    await create(companyRow);
    expect(
      (await send<{ data: unknown }>(test.server, 'GET', `${BASE}/${companyRow.IdDotacion}/${ANDES.id}`, { token: contractor.token })).body
        .data,
    ).toBeNull();
    expect(
      (
        await send(test.server, 'PUT', `${BASE}/${ANDES.id}`, {
          token: contractor.token,
          body: { IdDotacion: companyRow.IdDotacion, Version: 1, Dotacion: 1 },
        })
      ).status,
    ).toBe(404);
    // Moving its own row to the company's staff is refused too.
    expect(
      (
        await send(test.server, 'PUT', `${BASE}/${ANDES.id}`, {
          token: contractor.token,
          body: { IdDotacion: mine.IdDotacion, Version: 1, RutContratista: '' },
        })
      ).status,
    ).toBe(403);
    const client = await test.server.login('cliente@andesdemo.cl');
    const clientList = await list(client.token);
    expect(clientList.status === 403 || (clientList.status === 200 && clientList.body.data.length === 0)).toBe(true);
  });
});
