import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { MedidaControl } from '#sync/schemas/medidas-control.schema.ts';
import { applyOverdue } from '#server/records/overdue-lights.ts';
import { measuresOverdue } from '#server/modules/incidentes/medidas.repo.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { createCase, demoWorker, getCase, measure, REGISTRO, stageOneBody, updateCase } from './support/incidentes-factory.ts';
import { daysFrom, today, uploadImage } from './support/inspecciones-factory.ts';
import { send } from './support/sync-harness.ts';

const test = serverForEachTest();

type MeasureAnswer = { statusCode: number; message: string; code?: string; data: MedidaControl };
const respond = (id: string, token: string, body: Record<string, unknown> = {}) =>
  send<MeasureAnswer>(test.server, 'POST', `${REGISTRO}/${id}/${ANDES.id}`, { token, body: { IdRespuesta: uuidV7(), Texto: 'Se instaló la baranda', ...body } });
const approve = (id: string, token: string, body: Record<string, unknown> = {}) =>
  send<MeasureAnswer>(test.server, 'POST', `${REGISTRO}/aprobar/medida/control`, { token, body: { IdMedidaControl: id, IdRespuesta: uuidV7(), ...body } });
const reject = (id: string, token: string, body: Record<string, unknown> = {}) =>
  send<MeasureAnswer>(test.server, 'POST', `${REGISTRO}/desaprobar/medida/control`, { token, body: { IdMedidaControl: id, IdRespuesta: uuidV7(), Texto: 'Falta la foto', Plazo: daysFrom(today(test.server), 3), ...body } });
const close = (id: string, token = test.admin.token, body: Record<string, unknown> = {}) => send(test.server, 'POST', `${REGISTRO}/cerrar/registro/${id}`, { token, body });
const open = (id: string, token = test.admin.token, body: Record<string, unknown> = {}) => send(test.server, 'POST', `${REGISTRO}/abrir/registro/${id}`, { token, body });

/** A case of the demo contractor's worker with one measure. */
async function caseWithMeasure() {
  const signature = await uploadImage(test.server, test.admin.token, 'firma');
  const newMeasure = measure();
  const body = stageOneBody(test.server, signature, { IdPersona: demoWorker(1), MedidasControl: [newMeasure] });
  await createCase(test.server, test.admin.token, body);
  return { id: body.IdEvaluacion as string, measureId: newMeasure.IdMedidaControl };
}

describe('IC4: a case closes only when every control measure is approved', () => {
  it('refuses to close while a measure is open; the responsible answers with a photo, it is approved, the case closes and reopens', async () => {
    const { id, measureId } = await caseWithMeasure();
    const refused = await close(id);
    expect(refused).toMatchObject({ status: 409, body: { statusCode: 409, message: 'No es posible cerrar el incidente: hay medidas de control sin aprobar', code: 'MEDIDAS_SIN_APROBAR' } });

    const contractor = await test.server.login('contratista@andesdemo.cl');
    const photo = await uploadImage(test.server, contractor.token);
    const answered = await respond(measureId, contractor.token, { Archivos: [photo] });
    expect(answered.body).toMatchObject({ statusCode: 200, message: 'Respuesta registrada correctamente', data: { Respondida: 1, Version: 2, Respuestas: [{ Tipo: 'respuesta', Archivos: [photo], Usuario: 'Patricio Fuentes Vera' }] } });
    expect((await approve(measureId, contractor.token)).status).toBe(403);
    expect((await close(id)).status).toBe(409);

    const approved = await approve(measureId, test.admin.token, { Version: 2 });
    expect(approved.body).toMatchObject({ statusCode: 200, message: 'Medida de control aprobada correctamente', data: { Respondida: 0, Aprobada: 1, Semaforo: 1, Version: 3 } });
    expect((await approve(measureId, test.admin.token)).body).toMatchObject({ statusCode: 409, code: 'MEDIDA_CERRADA' });

    const closed = await close(id, test.admin.token, { Version: 1 });
    expect(closed.body).toMatchObject({ statusCode: 200, message: 'Incidente cerrado correctamente', data: { Estado: 2, Version: 2, CerradoEn: expect.any(String) } });
    expect((await close(id)).body).toMatchObject({ statusCode: 200, data: { Estado: 2, Version: 2 } });
    // A closed case is not edited: reopen it first.
    expect((await updateCase(test.server, test.admin.token, id, { IdEvaluacion: id, Version: 2, Descripcion: 'x' })).body).toMatchObject({ statusCode: 409, code: 'INCIDENTE_CERRADO' });
    expect((await updateCase(test.server, test.admin.token, id, { IdEvaluacion: id, Version: 2, MedidasControl: [measure()] })).body).toMatchObject({ statusCode: 409, code: 'INCIDENTE_CERRADO' });
    const list = await send<{ data: { IdEvaluacion: string; Estado: number }[] }>(test.server, 'GET', `${REGISTRO}/${ANDES.id}?Estado=2`, { token: test.admin.token });
    expect(list.body.data.map((row) => row.IdEvaluacion)).toContain(id);

    expect((await open(id, test.admin.token, { Version: 1 })).body).toMatchObject({ statusCode: 409, code: 'CONFLICTO' });
    expect((await open(id, test.admin.token, { Version: 2 })).body).toMatchObject({ statusCode: 200, message: 'Incidente abierto correctamente', data: { Estado: 1, CerradoEn: null } });
  });

  it('only a role with Cerrar closes, and only company users', async () => {
    const { id } = await caseWithMeasure();
    const supervisor = await test.server.login('supervisor@andesdemo.cl');
    expect((await close(id, supervisor.token)).body).toMatchObject({ statusCode: 403, code: 'SIN_PERMISO' });
    const contractor = await test.server.login('contratista@andesdemo.cl');
    expect((await open(id, contractor.token)).status).toBe(403);
  });
});

describe('OV2 and IC5 on control measures', () => {
  it('rejecting needs an answer and a new deadline from today on, and reopens the measure yellow', async () => {
    const { measureId } = await caseWithMeasure();
    expect((await reject(measureId, test.admin.token)).body).toMatchObject({ statusCode: 409, message: 'La medida de control aún no tiene respuesta para revisar' });
    await respond(measureId, test.admin.token);
    expect((await reject(measureId, test.admin.token, { Plazo: daysFrom(today(test.server), -1) })).body).toMatchObject({ statusCode: 400, message: 'El nuevo plazo no puede ser anterior a hoy' });
    expect((await reject(measureId, test.admin.token, { Texto: ' ' })).body).toMatchObject({ statusCode: 400, message: 'El texto de la respuesta es requerido' });
    const rejected = await reject(measureId, test.admin.token);
    expect(rejected.body).toMatchObject({ statusCode: 200, message: 'Medida de control rechazada correctamente', data: { Respondida: 0, Semaforo: 2, Plazo: daysFrom(today(test.server), 3) } });
  });

  it('overdue turns red by the server rule, with a new version devices pull; approved ones stay green', async () => {
    const { id, measureId } = await caseWithMeasure();
    await test.server.deps.db.updateTable('medidas_control').set({ Plazo: daysFrom(today(test.server), -2) }).where('IdMedidaControl', '=', measureId).execute();
    expect(await applyOverdue(test.server.deps.db, test.server.clock.now(), measuresOverdue, ANDES.id)).toBe(1);
    const stored = (await getCase(test.server, test.admin.token, id)).body.medidas![0]!;
    expect(stored).toMatchObject({ Semaforo: 3, Version: 2 });
    const change = await test.server.deps.db.selectFrom('cambios').selectAll().where('Tabla', '=', 'medidas_control').orderBy('Seq', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(JSON.parse(change.Fila!)).toMatchObject({ IdMedidaControl: measureId, Semaforo: 3 });
    expect(await applyOverdue(test.server.deps.db, test.server.clock.now(), measuresOverdue, ANDES.id)).toBe(0);
  });

  it('answers are append-only: the same IdRespuesta again changes nothing; a client user may not answer', async () => {
    const { measureId } = await caseWithMeasure();
    const idRespuesta = uuidV7();
    await respond(measureId, test.admin.token, { IdRespuesta: idRespuesta });
    const again = await respond(measureId, test.admin.token, { IdRespuesta: idRespuesta });
    expect(again.body.data.Respuestas).toHaveLength(1);
    const client = await test.server.login('cliente@andesdemo.cl');
    expect((await respond(measureId, client.token)).status).toBe(403);
  });
});
