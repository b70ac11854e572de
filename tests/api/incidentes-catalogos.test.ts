import { describe, expect, it } from 'vitest';
import { fillPath } from '#sync/records/entity.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { ACCIDENT_CATALOGUES, type AccidentCatalogueTable } from '#sync/schemas/incidentes-catalogos.schema.ts';
import { CATALOGUE_TEMPLATES } from '#server/modules/incidentes/catalogos-base.ts';
import { ANDES, PACIFICO, serverForEachTest } from './support/api-harness.ts';
import { seeded } from './support/incidentes-factory.ts';
import { send } from './support/sync-harness.ts';

const test = serverForEachTest();

type Row = Record<string, unknown> & { Id: string; Info: string; Version: number };
type Answer = { statusCode: number; message: string; code?: string; data: Row };

const CATALOGUES = Object.values(ACCIDENT_CATALOGUES);

function url(table: AccidentCatalogueTable, call: 'list' | 'detail' | 'create' | 'update' | 'remove', id = '', company = ANDES.id) {
  const entity = ACCIDENT_CATALOGUES[table];
  return `${entity.api.base}${fillPath(entity.api[call]!, { company, Id: id || 'x' })}`;
}

/** A valid new record of the catalogue: a name, its kind and its parent (the first of the seeded parents). */
function bodyFor(table: AccidentCatalogueTable, info: string) {
  const { parent, kinds } = ACCIDENT_CATALOGUES[table].catalogue;
  const parentRow = parent ? CATALOGUE_TEMPLATES[parent.table as AccidentCatalogueTable][0]! : null;
  return {
    Id: uuidV7(),
    Info: info,
    ...(kinds ? { Tipo: kinds[0] } : {}),
    ...(parent ? { [parent.field]: seeded(parent.table as AccidentCatalogueTable, parentRow!.Info) } : {}),
  };
}

describe('the fifteen accident catalogues (one declaration each on the record kit)', () => {
  it('every catalogue lists its seeded Chilean content, creates, reads, edits and deletes with its notices and change-log rows', async () => {
    for (const entity of CATALOGUES) {
      const table = entity.table as AccidentCatalogueTable;
      const list = await send<{ data: Row[] }>(test.server, 'GET', url(table, 'list'), { token: test.admin.token });
      expect(list.status, table).toBe(200);
      expect(list.body.data.map((row) => row.Info).sort(), table).toEqual(CATALOGUE_TEMPLATES[table].map((row) => row.Info).sort());
      const template = await send<{ data: { Info: string }[] }>(test.server, 'GET', `${entity.api.base}/${entity.catalogue.call}`, { token: test.admin.token });
      expect(template.body.data.length, table).toBe(CATALOGUE_TEMPLATES[table].length);

      const body = bodyFor(table, `Nuevo registro de ${table}`);
      const created = await send<Answer>(test.server, 'POST', url(table, 'create'), { token: test.admin.token, body });
      expect(created.body, table).toMatchObject({ statusCode: 200, message: entity.messages.created, data: { ...body, IdEmpresa: ANDES.id, Estado: 1, Version: 1, IdUsuario: test.admin.userId, Fecha: '2026-11-21' } });
      expect((await send<{ data: Row }>(test.server, 'GET', url(table, 'detail', body.Id), { token: test.admin.token })).body.data, table).toMatchObject({ Info: body.Info });
      const edited = await send<Answer>(test.server, 'PUT', url(table, 'update'), { token: test.admin.token, body: { Id: body.Id, Version: 1, Info: `${body.Info} (editado)` } });
      expect(edited.body, table).toMatchObject({ statusCode: 200, message: entity.messages.updated, data: { Version: 2, Info: `${body.Info} (editado)` } });
      const removed = await send<Answer>(test.server, 'DELETE', `${url(table, 'remove', body.Id)}?Version=2`, { token: test.admin.token });
      expect(removed.body, table).toMatchObject({ statusCode: 200, message: entity.messages.deleted, data: { Estado: 0 } });
      const change = await test.server.deps.db.selectFrom('cambios').select(['Tabla', 'Operacion', 'Audiencia']).orderBy('Seq', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(change, table).toEqual({ Tabla: table, Operacion: 'delete', Audiencia: 'todos' });
    }
  });

  it('refuses a blank name, a duplicate in the same kind and parent, a bad kind and a missing parent, writing nothing', async () => {
    for (const entity of CATALOGUES) {
      const table = entity.table as AccidentCatalogueTable;
      const before = (await test.server.deps.db.selectFrom('cambios').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
      const blank = await send<Answer>(test.server, 'POST', url(table, 'create'), { token: test.admin.token, body: bodyFor(table, '  ') });
      expect(blank.body, table).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^El nombre de(l| la) .+ es requerido$/) });
      const existing = CATALOGUE_TEMPLATES[table][0]!;
      const duplicate = await send<Answer>(test.server, 'POST', url(table, 'create'), {
        token: test.admin.token,
        body: { ...bodyFor(table, existing.Info.toLocaleUpperCase('es')), ...(existing.Tipo ? { Tipo: existing.Tipo } : {}), ...(entity.catalogue.parent && existing.Padre ? { [entity.catalogue.parent.field]: seeded(entity.catalogue.parent.table as AccidentCatalogueTable, existing.Padre) } : {}) },
      });
      expect(duplicate.body, table).toMatchObject({ statusCode: 409, message: expect.stringMatching(/^Ya existe una? .+ con ese nombre$/) });
      if (entity.catalogue.kinds) {
        expect((await send<Answer>(test.server, 'POST', url(table, 'create'), { token: test.admin.token, body: { ...bodyFor(table, 'X'), Tipo: 'Otro' } })).body, table).toMatchObject({ statusCode: 400, message: 'El tipo indicado no es válido' });
      }
      if (entity.catalogue.parent) {
        const orphan = { ...bodyFor(table, 'Huérfano'), [entity.catalogue.parent.field]: uuidV7() };
        expect((await send<Answer>(test.server, 'POST', url(table, 'create'), { token: test.admin.token, body: orphan })).body, table).toMatchObject({ statusCode: 400, message: entity.catalogue.parent.message });
      }
      const after = (await test.server.deps.db.selectFrom('cambios').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
      expect(after, table).toBe(before);
    }
  });

  it('a parent another catalogue hangs from is in use: its delete is refused with the catalogue’s message', async () => {
    const factor = seeded('factores', 'Factores personales');
    const refused = await send<Answer>(test.server, 'DELETE', url('factores', 'remove', factor), { token: test.admin.token });
    expect(refused.body).toMatchObject({ statusCode: 409, message: 'No se puede eliminar: hay registros que usan este factor', code: 'FACTOR_EN_USO' });
  });

  it('is scoped to the company of the token and to roles with the catalogue', async () => {
    const other = await test.server.login('admin@pacificodemo.cl', PACIFICO.rut);
    const supervisor = await test.server.login('supervisor@andesdemo.cl');
    for (const entity of CATALOGUES) {
      const table = entity.table as AccidentCatalogueTable;
      const id = seeded(table, CATALOGUE_TEMPLATES[table][0]!.Info);
      expect((await send<{ data: unknown }>(test.server, 'GET', url(table, 'detail', id, PACIFICO.id), { token: other.token })).body.data, table).toBeNull();
      expect((await send(test.server, 'GET', url(table, 'list'), { token: other.token })).status, table).toBe(403);
      expect((await send(test.server, 'DELETE', url(table, 'remove', id, PACIFICO.id), { token: other.token })).status, table).toBe(404);
      expect((await send(test.server, 'POST', url(table, 'create'), { token: supervisor.token, body: bodyFor(table, 'Sin permiso') })).status, table).toBe(403);
    }
  });
});

describe('the lists of the accident form (listas/{lista}/{company})', () => {
  it('answers each list the form and its reports read', async () => {
    const read = async (name: string) => (await send<{ statusCode: number; data: unknown }>(test.server, 'GET', `/api/accidentes/listas/${name}/${ANDES.id}`, { token: test.admin.token })).body;
    expect(await read('lista_matriz')).toMatchObject({ statusCode: 200, data: { Rangos: expect.arrayContaining([{ Desde: 9, Hasta: 16, Nivel: 'Intolerable' }]) } });
    expect(await read('lista_evaluacion_riesgo')).toMatchObject({ data: { Probabilidades: expect.any(Array), Consecuencias: expect.any(Array) } });
    expect((await read('lista_grado_invalidez')).data).toHaveLength(5);
    for (const [name, table] of [['lista_tipo_evento', 'tipos_evento'], ['lista_agente_evento', 'agentes_evento'], ['lista_riesgo_especifico', 'riesgos_especificos'], ['lista_tipo_lesion', 'tipos_lesion'], ['lista_parte_cuerpo', 'partes_cuerpo'], ['lista_causas_basicas', 'causas_basicas'], ['lista_falta_control', 'faltas_control']] as const) {
      expect(((await read(name)).data as unknown[]).length, name).toBe(CATALOGUE_TEMPLATES[table].length);
    }
    const immediate = (await read('lista_causas_inmediatas')).data as { Tipo: string }[];
    expect(new Set(immediate.map((row) => row.Tipo))).toEqual(new Set(['acto', 'condicion']));
    expect(((await read('lista_personas')).data as unknown[]).length).toBe(20);
    expect((await read('lista_responsables')).data).toEqual(expect.arrayContaining([expect.objectContaining({ Nombre: 'Carolina Muñoz Soto' })]));
    expect((await read('lista_investigadores')).data).toEqual(expect.arrayContaining([expect.objectContaining({ Nombre: 'Jorge Araya Rojas' })]));
    // A contractor's roster holds only its own workers.
    const contractor = await test.server.login('contratista@andesdemo.cl');
    const own = await send<{ data: { RutContratista: string }[] }>(test.server, 'GET', `/api/accidentes/listas/lista_personas/${ANDES.id}`, { token: contractor.token });
    expect(own.body.data.length).toBe(5);
  });
});
