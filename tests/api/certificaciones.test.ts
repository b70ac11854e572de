import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { ANDES, PACIFICO, serverForEachTest } from './support/api-harness.ts';
import { countRows, send } from './support/sync-harness.ts';
import { createWorker, updateWorker, workerBody, type WriteAnswer } from './support/trabajadores-factory.ts';

const BASE = '/api/certificaciones';
const test = serverForEachTest();

const body = (fields: Record<string, unknown> = {}) => ({
  IdCertificacion: uuidV7(),
  Nombre: 'Soldador calificado',
  Emisor: 'Mutual',
  Vence: 1,
  VigenciaMeses: 24,
  ...fields,
});
const create = (fields: Record<string, unknown>, token = test.admin.token) =>
  send<WriteAnswer>(test.server, 'POST', BASE, { token, body: fields });
const update = (fields: Record<string, unknown>) => send<WriteAnswer>(test.server, 'PUT', BASE, { token: test.admin.token, body: fields });

describe('certificaciones (a catalogue on the record kit)', () => {
  it('stores exactly the body it was sent, and merges a stale edit of another field', async () => {
    const sent = body();
    const created = await create(sent);
    expect(created.body).toEqual({
      statusCode: 200,
      message: 'Certificación creada correctamente',
      data: { ...sent, IdEmpresa: ANDES.id, Estado: 1, Version: 1 },
    });
    await update({ IdCertificacion: sent.IdCertificacion, Version: 1, Emisor: 'ACHS' });
    // A stale edit of another field merges.
    expect((await update({ IdCertificacion: sent.IdCertificacion, Version: 1, VigenciaMeses: 12 })).body).toMatchObject({
      data: { Emisor: 'ACHS', VigenciaMeses: 12, Version: 3 },
    });
  });

  it('refuses a validity that contradicts the expiry and a duplicate name, writing nothing', async () => {
    const changes = await countRows(test.server, 'cambios');
    expect((await create(body({ VigenciaMeses: 2.5 }))).body).toMatchObject({
      statusCode: 400,
      message: 'La vigencia debe ser un número entero de meses, entre 0 y 600',
    });
    expect((await create(body({ VigenciaMeses: 0 }))).body).toMatchObject({
      statusCode: 400,
      message: 'Una certificación que vence necesita su vigencia en meses',
    });
    expect((await create(body({ Vence: 0 }))).body).toMatchObject({
      statusCode: 400,
      message: 'Una certificación que no vence tiene vigencia 0 (indefinida)',
    });
    expect((await create(body({ Nombre: 'trabajo en altura física' }))).body).toEqual({
      statusCode: 409,
      message: 'Ya existe una certificación con ese nombre',
      code: 'CERTIFICACION_DUPLICADA',
    });
    expect(await countRows(test.server, 'cambios')).toBe(changes);
  });

  it('answers another company a null detail (not a 404)', async () => {
    const sent = body();
    await create(sent);
    const other = await test.server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect(
      (await send<{ data: unknown }>(test.server, 'GET', `${BASE}/${sent.IdCertificacion}`, { token: other.token })).body.data,
    ).toBeNull();
  });

  it("lets a worker's new certification name a catalogue entry, and refuses one that is not in it", async () => {
    const entry = body({ Nombre: 'Operador de cargador frontal' });
    await create(entry);
    const worker = workerBody();
    const child = {
      IdCertificacion: uuidV7(),
      IdCertificacionCatalogo: entry.IdCertificacion,
      Nombre: entry.Nombre,
      FechaVencimiento: '2027-06-30',
      IdCargo: null,
    };
    expect((await createWorker(test.server, test.admin.token, { ...worker, certificaciones: [child] })).body).toMatchObject({
      statusCode: 200,
      data: { certificaciones: [expect.objectContaining({ IdCertificacionCatalogo: entry.IdCertificacion })] },
    });
    const unknown = { ...child, IdCertificacion: uuidV7(), IdCertificacionCatalogo: uuidV7() };
    expect(
      (await updateWorker(test.server, test.admin.token, { IdPersona: worker.IdPersona, Version: 1, certificaciones: [unknown] })).body,
    ).toMatchObject({ statusCode: 400, message: 'La certificación indicada no existe en el catálogo' });
  });
});
