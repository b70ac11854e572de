import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_LIST } from '#sync/records/entities.ts';
import { type AnyEntity, fillPath } from '#sync/records/entity.ts';
import { ANDES, startTestServer, type TestServer } from './support/api-harness.ts';
import { concretePath, type DocumentedPathParameter as Parameter, isQueuedWrite, operationPath } from './support/documented-paths.ts';
import { anEdit, entitySamples, isWritable, updateBody } from './support/entity-samples.ts';
import { CURRENT_PROTOCOL, newKey, sendBatch } from './support/sync-harness.ts';

/**
 * RP5: a write answers the same bytes whether it came alone (REST with Idempotency-Key) or as a batch entry. Two
 * servers start from the same demo on the same clock; every write goes to one alone and to the other inside a batch,
 * with the same key, in the same order, so both hold the same data throughout and their answers must be equal.
 */

type Row = Record<string, unknown>;

let alone: TestServer;
let batched: TestServer;
let tokens: { alone: string; batched: string };
let userId: number;

beforeAll(async () => {
  [alone, batched] = await Promise.all([startTestServer(), startTestServer()]);
  const [a, b] = await Promise.all([alone.login('admin@andesdemo.cl'), batched.login('admin@andesdemo.cl')]);
  tokens = { alone: a.token, batched: b.token };
  userId = a.userId;
});
afterAll(async () => {
  await Promise.all([alone.close(), batched.close()]);
});

interface Compared {
  status: number;
  text: string;
}

/** Sends the write to both servers and expects the same status and body bytes; answers what it answered. */
async function both(method: string, path: string, body?: unknown): Promise<Row> {
  const key = newKey();
  const headers: Record<string, string> = { ...CURRENT_PROTOCOL, Authorization: `Bearer ${tokens.alone}`, 'Idempotency-Key': key };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const single = await alone.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const one: Compared = { status: single.status, text: await single.text() };
  const answer = await sendBatch(batched, tokens.batched, [{ key, method, path, ...(body === undefined ? {} : { body }) }]);
  expect(answer.status, `${method} ${path}: el lote`).toBe(200);
  const [result] = answer.body.results;
  const entry: Compared = { status: result!.status, text: JSON.stringify(result!.body) };
  expect(entry, `${method} ${path}`).toEqual(one);
  return JSON.parse(one.text) as Row;
}


describe('RP5: every documented write answers the same alone and as a batch entry', () => {
  it('refusals: an empty body on a record that does not exist, call by call', async () => {
    const spec = await alone.request<{ paths: Record<string, Record<string, { parameters?: Parameter[] }>> }>('GET', '/api/openapi.json');
    const writes = Object.entries(spec.body.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([method]) => isQueuedWrite(method, path))
        .map(([method, operation]) => ({
          method: method.toUpperCase(),
          path: concretePath(operationPath(path, operation), operation.parameters ?? [], { company: ANDES.id, user: userId }),
        })),
    );
    expect(writes.length).toBeGreaterThan(60);
    for (const write of writes) await both(write.method, write.path, write.method === 'DELETE' ? undefined : {});
  }, 60_000);

  it('successes: each record of the kit created, edited, edited on a stale Version (409) and deleted', async () => {
    const url = (entity: AnyEntity, call: 'list' | 'create' | 'update' | 'remove', values: Row = {}) =>
      `${entity.api.base}${fillPath(entity.api[call]!, { company: ANDES.id, user: userId, ...values })}`;
    const { sampleBody } = entitySamples({
      activeRows: async (entity) => (await alone.request<{ data: Row[] }>('GET', url(entity, 'list'), { token: tokens.alone })).body.data,
      createSample: async (entity) => ((await both('POST', url(entity, 'create'), await sampleBody(entity))).data as Row),
    });
    const writable = ENTITY_LIST.filter(isWritable);
    expect(writable.length).toBeGreaterThan(10);
    for (const entity of writable) {
      const body = await sampleBody(entity);
      const created = await both('POST', url(entity, 'create', body), body);
      expect(created.statusCode, `${entity.table}: ${JSON.stringify(created)}`).toBe(200);
      const row = created.data as Row;
      const edit = anEdit(entity, row, 1);
      expect((await both('PUT', url(entity, 'update', row), updateBody(entity, row, 1, edit))).statusCode).toBe(200);
      expect((await both('PUT', url(entity, 'update', row), updateBody(entity, row, 1, anEdit(entity, row, 2)))).code).toBe('CONFLICTO');
      expect((await both('DELETE', `${url(entity, 'remove', row)}?Version=2`)).statusCode).toBe(200);
    }
  }, 60_000);

  it("successes: an EPP request dispatched, refused a second dispatch, its dispatch undone; one's own profile saved", async () => {
    const list = await alone.request<{ data: { IdSolicitud: string; Estado: number }[] }>('GET', `/api/epp/solicitud/${ANDES.id}`, {
      token: tokens.alone,
    });
    const pending = list.body.data.find((request) => request.Estado === 1);
    expect(pending).toBeDefined();
    const despacho = { FechaDespacho: '2026-11-21', CodigoDespacho: 'GD-900', RutDespachador: '12345678', DvDespachador: '5', NombreDespachador: 'Bodega' };
    expect((await both('POST', `/api/epp/solicitud/despacho/${pending!.IdSolicitud}`, despacho)).statusCode).toBe(200);
    expect((await both('POST', `/api/epp/solicitud/despacho/${pending!.IdSolicitud}`, despacho)).code).toBe('SOLICITUD_DESPACHADA');
    expect((await both('DELETE', `/api/epp/solicituddespachada/${pending!.IdSolicitud}/${ANDES.id}`)).statusCode).toBe(200);
    const masivo = { ...despacho, Ids: [pending!.IdSolicitud] };
    expect((await both('POST', '/api/epp/solicitud/despacho-masivo', masivo)).statusCode).toBe(200);
    const profile = { Nombres: 'Ana', ApellidoPaterno: 'Rojas', ApellidoMaterno: 'Soto', TelefonoPersona: '+56 9 1111 2222', FechaNacimiento: '1980-01-02' };
    expect((await both('PUT', `/api/perfil/perfil_usuario/${userId}/${ANDES.id}`, profile)).statusCode).toBe(200);
  });

  it('successes: an observation and a control measure answered, decided on a stale Version (409), then approved or rejected', async () => {
    const { db } = alone.deps;
    const open = async (table: 'observaciones' | 'medidas_control') =>
      db
        .selectFrom(table)
        .selectAll()
        .where('IdEmpresa', '=', ANDES.id)
        .where('Estado', '=', 1)
        .where('Aprobada', '=', 0)
        .where('Respondida', '=', 0)
        .executeTakeFirstOrThrow() as Promise<{ Version: number } & Row>;
    const observation = await open('observaciones');
    const path = `/api/inspecciones/observaciones-inspecciones/${String(observation.IdObservacion)}`;
    const answer = { IdRespuesta: newKey(), Texto: 'Se cambió el mango' };
    expect((await both('POST', path, answer)).statusCode).toBe(200);
    expect((await both('POST', path, answer)).statusCode).toBe(200);
    const answered = observation.Version + 1;
    expect((await both('POST', `${path}/aprobar`, { IdRespuesta: newKey(), Version: observation.Version })).code).toBe('CONFLICTO');
    expect((await both('POST', `${path}/aprobar`, { IdRespuesta: newKey(), Version: answered })).statusCode).toBe(200);
    expect((await both('POST', `${path}/aprobar`, { IdRespuesta: newKey(), Version: answered + 1 })).code).toBe('OBSERVACION_CERRADA');

    const measure = await open('medidas_control');
    const decide = (verb: 'aprobar' | 'desaprobar') => `/api/accidentes/registro-accidentes/${verb}/medida/control`;
    const respond = `/api/accidentes/registro-accidentes/${String(measure.IdMedidaControl)}/${ANDES.id}`;
    expect((await both('POST', respond, { IdRespuesta: newKey(), Texto: 'Baranda instalada' })).statusCode).toBe(200);
    const rejection = { IdMedidaControl: measure.IdMedidaControl, IdRespuesta: newKey(), Texto: 'Falta la foto', Plazo: '2026-12-31' };
    expect((await both('POST', decide('desaprobar'), { ...rejection, Version: measure.Version })).code).toBe('CONFLICTO');
    expect((await both('POST', decide('desaprobar'), { ...rejection, IdRespuesta: newKey(), Version: measure.Version + 1 })).statusCode).toBe(200);
    expect((await both('POST', decide('aprobar'), { IdMedidaControl: measure.IdMedidaControl, IdRespuesta: newKey() })).code).toBe('SIN_RESPUESTA');
  });
});
