import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { countRows, send } from './support/sync-harness.ts';
import type { WriteAnswer } from './support/trabajadores-factory.ts';

const BASE = '/api/actividades-economicas';
const test = serverForEachTest();

const create = (fields: Record<string, unknown>) => send<WriteAnswer>(test.server, 'POST', BASE, { token: test.admin.token, body: fields });

describe('actividades económicas (a catalogue on the record kit)', () => {
  it('comes seeded with common Chilean activities, by SII code', async () => {
    const list = await send<{ data: { Codigo: string; Nombre: string }[] }>(test.server, 'GET', BASE, { token: test.admin.token });
    expect(list.body.data).toContainEqual(expect.objectContaining({ Codigo: '410010', Nombre: 'Construcción de edificios para uso residencial' }));
    expect(list.body.data.map((row) => row.Codigo)).toEqual([...list.body.data.map((row) => row.Codigo)].sort());
  });

  it("stores exactly the body it was sent, refuses a bad or repeated code, and frees a deleted one's code", async () => {
    const id = uuidV7();
    const created = await create({ IdActividadEconomica: id, Codigo: '433000', Nombre: 'Terminación y acabado de edificios' });
    expect(created.body).toEqual({
      statusCode: 200,
      message: 'Actividad económica creada correctamente',
      data: { IdActividadEconomica: id, IdEmpresa: ANDES.id, Codigo: '433000', Nombre: 'Terminación y acabado de edificios', Estado: 1, Version: 1 },
    });

    const changes = await countRows(test.server, 'cambios');
    expect((await create({ IdActividadEconomica: uuidV7(), Codigo: '43300', Nombre: 'X' })).body).toMatchObject({ statusCode: 400, message: 'El código debe tener 6 dígitos (código de actividad del SII)' });
    expect((await create({ IdActividadEconomica: uuidV7(), Codigo: '433000', Nombre: 'Otra' })).body).toEqual({ statusCode: 409, message: 'Ya existe una actividad económica con ese código', code: 'ACTIVIDAD_DUPLICADA' });
    expect(await countRows(test.server, 'cambios')).toBe(changes);

    expect((await send<WriteAnswer>(test.server, 'DELETE', `${BASE}/${id}`, { token: test.admin.token })).status).toBe(200);
    // Once deleted, its code may be used again.
    expect((await create({ IdActividadEconomica: uuidV7(), Codigo: '433000', Nombre: 'Terminación y acabado de edificios' })).status).toBe(200);
  });
});
