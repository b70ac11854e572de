import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { EppTipo } from '#sync/schemas/epp-tipos.schema.ts';
import { seedId } from '#server/seed/demo-seed.ts';
import { ANDES, PACIFICO, serverForEachTest } from './support/api-harness.ts';
import { EPP, rowCount, SEEDED_EPP } from './support/epp-factory.ts';
import { send } from './support/sync-harness.ts';

const test = serverForEachTest();
const activity = (n: number) => seedId(ANDES.id, 'actividad', n);
const body = (fields: Record<string, unknown> = {}) => ({
  IdEpp: uuidV7(),
  NombreEpp: 'Careta de soldar',
  actividades: [activity(0)],
  Riesgo: 'Radiación y proyección de partículas incandescentes',
  Norma: 'ANSI Z87.1',
  Tallas: [],
  VidaUtilMeses: 24,
  ...fields,
});
type Write = { statusCode: number; message: string; code?: string; data: EppTipo };
type List = { statusCode: number; data: EppTipo[] };
const create = (fields: Record<string, unknown>, token = test.admin.token) => send<Write>(test.server, 'POST', EPP, { token, body: { IdEmpresa: ANDES.id, ...fields } });

describe('EPP catalogue (spec "Catalogue": lista_epp, creados, creados_empresa, all, one, POST root, PUT root, DELETE {id})', () => {
  it('creates one item per call (several at once are several calls), lists, reads, edits its activities and deletes it', async () => {
    const first = body();
    const second = body({ NombreEpp: 'Polaina de cuero', Tallas: ['M', 'L'], VidaUtilMeses: 12, actividades: [] });
    const created = await create(first);
    expect(created.body).toEqual({ statusCode: 200, message: 'EPP creado correctamente', data: { ...first, IdEmpresa: ANDES.id, Estado: 1, Version: 1 } });
    expect((await create(second)).status).toBe(200);

    for (const path of [`/all/${ANDES.id}`, `/lista_epp/${ANDES.id}`, `/creados_empresa/${ANDES.id}`, '/creados', `/lista_epps/${ANDES.id}`]) {
      const list = await send<List>(test.server, 'GET', `${EPP}${path}`, { token: test.admin.token });
      expect(list.status, path).toBe(200);
      expect(list.body.data.map((row) => row.NombreEpp), path).toEqual(expect.arrayContaining(['Careta de soldar', 'Polaina de cuero', 'Casco de seguridad']));
    }
    expect((await send(test.server, 'GET', `${EPP}/one/${first.IdEpp}`, { token: test.admin.token })).body).toEqual({ statusCode: 200, data: created.body.data });

    const edited = await send<Write>(test.server, 'PUT', EPP, { token: test.admin.token, body: { IdEpp: first.IdEpp, Version: 1, actividades: [activity(0), activity(3)] } });
    expect(edited.body).toMatchObject({ data: { actividades: [activity(0), activity(3)], Version: 2 } });

    await send<Write>(test.server, 'DELETE', `${EPP}/${second.IdEpp}?Version=1`, { token: test.admin.token });
    const after = await send<List>(test.server, 'GET', `${EPP}/all/${ANDES.id}`, { token: test.admin.token });
    expect(after.body.data.map((row) => row.NombreEpp)).not.toContain('Polaina de cuero');
  });

  it('refuses bad input and a repeated name with the Spanish message, writing nothing', async () => {
    const before = await Promise.all([rowCount(test.server, 'epp_tipos'), rowCount(test.server, 'cambios')]);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ VidaUtilMeses: 2.5 }, 400, 'La vida útil debe ser un número entero de meses, entre 0 y 120 (0: no vence)'],
      [{ VidaUtilMeses: 121 }, 400, 'La vida útil debe ser un número entero de meses, entre 0 y 120 (0: no vence)'],
      [{ Tallas: ['M', 'm'] }, 400, 'Una talla está repetida'],
      [{ Tallas: [''] }, 400, 'Cada talla debe tener entre 1 y 20 caracteres'],
      [{ NombreEpp: 'casco de SEGURIDAD' }, 409, 'Ya existe un EPP con ese nombre'],
    ];
    for (const [fields, status, message] of cases) {
      const answer = await create(body(fields));
      expect(answer.status, message).toBe(status);
      expect(answer.body.message).toBe(message);
    }
    expect(await Promise.all([rowCount(test.server, 'epp_tipos'), rowCount(test.server, 'cambios')])).toEqual(before);
  });

  it("refuses to delete an item a worker's own assignment holds, until it is removed", async () => {
    // The only assignment of the harness is the worker's own: removing it frees the item.
    const harness = SEEDED_EPP('arnes');
    expect((await send(test.server, 'DELETE', `${EPP}/${harness}`, { token: test.admin.token })).status).toBe(409);
    const own = seedId(ANDES.id, 'asignacion-persona', 1);
    expect((await send(test.server, 'DELETE', `${EPP}/asignacion/${own}`, { token: test.admin.token })).status).toBe(200);
    expect((await send(test.server, 'DELETE', `${EPP}/${harness}`, { token: test.admin.token })).status).toBe(200);
  });

  it("is scoped to the token's company and to roles with the catalogue", async () => {
    const pacifico = await test.server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect((await send<{ data: unknown }>(test.server, 'GET', `${EPP}/one/${SEEDED_EPP('casco')}`, { token: pacifico.token })).body.data).toBeNull();
    expect((await send<List>(test.server, 'GET', '/api/epp/creados', { token: pacifico.token })).body.data).toEqual([]);
    const supervisor = await test.server.login('supervisor@andesdemo.cl');
    // The supervisor delivers: they read what they pick from.
    expect((await send(test.server, 'GET', `${EPP}/lista_epps/${ANDES.id}`, { token: supervisor.token })).status).toBe(200);
  });
});
