import { describe, expect, it } from 'vitest';
import { fillPath } from '#sync/records/entity.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { CONTRACTOR_CATALOGUES, proveedorEntity } from '#sync/schemas/contratistas-catalogos.schema.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { send } from './support/sync-harness.ts';

const test = serverForEachTest();

type Row = Record<string, unknown> & { Version: number };
type Answer = { statusCode: number; message: string; code?: string; data: Row };

const get = async <T>(path: string) => (await send<T>(test.server, 'GET', path, { token: test.admin.token })).body;
const write = async (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: object) =>
  (await send<Answer>(test.server, method, path, { token: test.admin.token, body })).body;

describe('contractor catalogues on the spec paths (CT-CAT1)', () => {
  it('lists, creates, reads, renames and deletes a process, a team, an activity and a classification where the spec calls them', async () => {
    const expected = {
      procesos_faena: { list: '/api/proceso-faena', one: (id: string) => `/api/proceso-faena/${id}` },
      equipos_trabajo: { list: '/api/equipo-trabajo', one: (id: string) => `/api/equipo-trabajo/${id}` },
      actividades_contrato: { list: `/api/gestion-contratista/actividad/${ANDES.id}`, one: (id: string) => `/api/gestion-contratista/actividad/${id}/${ANDES.id}` },
      clasificaciones_contrato: { list: `/api/gestion-contratista/clasificacion/${ANDES.id}`, one: (id: string) => `/api/gestion-contratista/clasificacion/${id}/${ANDES.id}` },
    };
    for (const [table, paths] of Object.entries(expected)) {
      const demo = await get<{ data: Row[] }>(`${paths.list}?idEmpresa=${ANDES.id}`);
      expect(demo.data.length, table).toBeGreaterThan(2);
      const Id = uuidV7();
      expect(await write('POST', paths.list, { Id, Info: 'Nuevo registro' }), table).toMatchObject({ statusCode: 200, data: { Id, Info: 'Nuevo registro', IdUsuario: test.admin.userId } });
      expect(await write('POST', paths.list, { Id: uuidV7(), Info: 'nuevo REGISTRO' }), table).toMatchObject({ statusCode: 409, message: expect.stringMatching(/^Ya existe una? .+ con ese nombre$/) });
      expect(await write('PUT', paths.one(Id), { Id, Version: 1, Info: 'Registro renombrado' }), table).toMatchObject({ statusCode: 200, data: { Info: 'Registro renombrado', Version: 2 } });
      expect((await get<{ data: Row }>(paths.one(Id))).data, table).toMatchObject({ Info: 'Registro renombrado' });
      expect(await write('DELETE', paths.one(Id), { Version: 2 }), table).toMatchObject({ statusCode: 200 });
      expect((await get<{ data: Row[] }>(paths.list)).data.map((row) => row.Id), table).not.toContain(Id);
    }
    // The paths above are the ones the entities describe (the device and the outbox call these).
    for (const entity of Object.values(CONTRACTOR_CATALOGUES)) {
      const list = `${entity.api.base}${fillPath(entity.api.list, { company: ANDES.id })}`;
      expect(list, entity.table).toBe(expected[entity.table].list);
    }
  });
});

describe('providers (CT-PRV1)', () => {
  const base = proveedorEntity.api.base;
  it('keeps a RUT to one provider of the company, lets several go without one, and refuses a bad RUT writing nothing', async () => {
    const first = { IdProveedor: uuidV7(), Nombre: 'Arriendos Atacama SpA', RutCompleto: '96.543.223-K', Rubro: 'Arriendo de equipos' };
    const created = await write('POST', base, first);
    expect(created).toMatchObject({ statusCode: 200, data: { RutCompleto: '96543223-K', Rubro: 'Arriendo de equipos' } });
    expect(await write('POST', base, { IdProveedor: uuidV7(), Nombre: 'Otro nombre', RutCompleto: '96543223-k' })).toMatchObject({ statusCode: 409, message: 'Ya existe un proveedor con ese RUT', code: 'PROVEEDOR_DUPLICADO' });
    for (const Nombre of ['Ferretería La Obra', 'Lavandería Industrial Sur']) expect(await write('POST', base, { IdProveedor: uuidV7(), Nombre })).toMatchObject({ statusCode: 200, data: { RutCompleto: '' } });
    const bad = uuidV7();
    expect(await write('POST', base, { IdProveedor: bad, Nombre: 'Mal RUT', RutCompleto: '12345678-9' })).toMatchObject({ statusCode: 400 });
    expect((await get<{ data: Row | null }>(`${base}/${bad}/${ANDES.id}`)).data).toBeNull();
    const listed = await get<{ data: Row[] }>(`${base}/${ANDES.id}`);
    expect(listed.data.map((row) => row.Nombre)).toEqual(expect.arrayContaining(['Arriendos Atacama SpA', 'Combustibles del Norte SpA', 'Ferretería La Obra']));
    expect(await write('PUT', base, { IdProveedor: first.IdProveedor, Version: 1, Rubro: 'Maquinaria' })).toMatchObject({ statusCode: 200, data: { Rubro: 'Maquinaria', Version: 2 } });
  });
});
