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
  it('every catalogue lists its seeded Chilean content and its template, stamps who wrote a record and when, and logs it for every user', async () => {
    for (const entity of CATALOGUES) {
      const table = entity.table as AccidentCatalogueTable;
      const list = await send<{ data: Row[] }>(test.server, 'GET', url(table, 'list'), { token: test.admin.token });
      expect(list.status, table).toBe(200);
      expect(list.body.data.map((row) => row.Info).sort(), table).toEqual(CATALOGUE_TEMPLATES[table].map((row) => row.Info).sort());
      const template = await send<{ data: { Info: string }[] }>(test.server, 'GET', `${entity.api.base}/${entity.catalogue.call}`, { token: test.admin.token });
      expect(template.body.data.length, table).toBe(CATALOGUE_TEMPLATES[table].length);

      const body = bodyFor(table, `Nuevo registro de ${table}`);
      const created = await send<Answer>(test.server, 'POST', url(table, 'create'), { token: test.admin.token, body });
      expect(created.body, table).toMatchObject({ statusCode: 200, data: { IdUsuario: test.admin.userId, Fecha: '2026-11-21' } });
      await send<Answer>(test.server, 'DELETE', url(table, 'remove', body.Id), { token: test.admin.token });
      const change = await test.server.deps.db.selectFrom('cambios').select(['Tabla', 'Operacion', 'Audiencia']).orderBy('Seq', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(change, table).toEqual({ Tabla: table, Operacion: 'delete', Audiencia: 'todos' });
    }
  });

  it('refuses a duplicate in the same kind and parent and a bad kind, writing nothing', async () => {
    for (const entity of CATALOGUES) {
      const table = entity.table as AccidentCatalogueTable;
      const before = (await test.server.deps.db.selectFrom('cambios').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
      const existing = CATALOGUE_TEMPLATES[table][0]!;
      const duplicate = await send<Answer>(test.server, 'POST', url(table, 'create'), {
        token: test.admin.token,
        body: { ...bodyFor(table, existing.Info.toLocaleUpperCase('es')), ...(existing.Tipo ? { Tipo: existing.Tipo } : {}), ...(entity.catalogue.parent && existing.Padre ? { [entity.catalogue.parent.field]: seeded(entity.catalogue.parent.table as AccidentCatalogueTable, existing.Padre) } : {}) },
      });
      expect(duplicate.body, table).toMatchObject({ statusCode: 409, message: expect.stringMatching(/^Ya existe una? .+ con ese nombre$/) });
      if (entity.catalogue.kinds) {
        expect((await send<Answer>(test.server, 'POST', url(table, 'create'), { token: test.admin.token, body: { ...bodyFor(table, 'X'), Tipo: 'Otro' } })).body, table).toMatchObject({ statusCode: 400, message: 'El tipo indicado no es válido' });
      }
      const after = (await test.server.deps.db.selectFrom('cambios').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
      expect(after, table).toBe(before);
    }
  });

  it("answers another company a null detail of the company's record (not a 404)", async () => {
    const other = await test.server.login('admin@pacificodemo.cl', PACIFICO.rut);
    for (const entity of CATALOGUES) {
      const table = entity.table as AccidentCatalogueTable;
      const id = seeded(table, CATALOGUE_TEMPLATES[table][0]!.Info);
      expect((await send<{ data: unknown }>(test.server, 'GET', url(table, 'detail', id, PACIFICO.id), { token: other.token })).body.data, table).toBeNull();
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
