import { describe, expect, it } from 'vitest';
import { inspectionRow, observationRow } from '#app/data/follow-up-test-factory.ts';
import { localWrite } from '#app/data/local-write.ts';
import { MISSING_PHOTO } from '#app/data/review-writes.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import {
  approvedRow,
  approveObservation,
  deleteObservation,
  OBSERVATIONS_PATH,
  rejectedRow,
  rejectObservation,
  respondedRow,
  respondObservation,
} from './observacion-writes.ts';

const device = testDevicesForEachTest();
const USER = { IdUsuario: 7, Usuario: 'Ana Pérez' };
const NOW = new Date('2026-03-20T15:00:00.000Z');
const photo = { sha256: 'b'.repeat(64), type: 'image/jpeg', bytes: new Uint8Array([255, 216, 255]).buffer as ArrayBuffer, creadoEn: 1 };

describe('observation cycle rows (SPEC OV2)', () => {
  const inspection = inspectionRow();
  const open = observationRow(inspection, { Version: 3 });

  it('an answer appends the step and sets Respondida 1', () => {
    const row = respondedRow(open, { IdRespuesta: 'r1', Texto: 'Se cambió el mango', Archivos: [{ Sha256: photo.sha256, Tipo: 'image/jpeg' }] }, USER, NOW);
    expect(row).toMatchObject({ Respondida: 1, Aprobada: 0, SemaforoObs: 2, Version: 4 });
    expect(row.Respuestas).toEqual([
      { IdRespuesta: 'r1', Tipo: 'respuesta', Texto: 'Se cambió el mango', Archivos: [{ Sha256: photo.sha256, Tipo: 'image/jpeg' }], IdUsuario: 7, Usuario: 'Ana Pérez', Fecha: NOW.toISOString(), Plazo: null },
    ]);
  });

  it('approval closes it: Respondida 0, Aprobada 1, green', () => {
    const answered = respondedRow(open, { IdRespuesta: 'r1', Texto: 'Listo', Archivos: [] }, USER, NOW);
    const row = approvedRow(answered, { IdRespuesta: 'r2', Texto: '' }, USER, NOW);
    expect(row).toMatchObject({ Respondida: 0, Aprobada: 1, SemaforoObs: 1, Version: 5 });
    expect(row.Respuestas.map((step) => step.Tipo)).toEqual(['respuesta', 'aprobacion']);
  });

  it('rejection sets the new deadline, Respondida 0 and yellow; red when that deadline already passed', () => {
    const answered = respondedRow(open, { IdRespuesta: 'r1', Texto: 'Listo', Archivos: [] }, USER, NOW);
    const row = rejectedRow(answered, { IdRespuesta: 'r2', Texto: 'Falta la foto', Plazo: '2026-03-27', Archivos: [] }, USER, NOW, '2026-03-20');
    expect(row).toMatchObject({ Respondida: 0, Aprobada: 0, SemaforoObs: 2, Plazo: '2026-03-27' });
    expect(row.Respuestas.at(-1)).toMatchObject({ Tipo: 'rechazo', Texto: 'Falta la foto', Plazo: '2026-03-27' });
    expect(rejectedRow(answered, { IdRespuesta: 'r3', Texto: 'x', Plazo: '2026-03-19', Archivos: [] }, USER, NOW, '2026-03-20').SemaforoObs).toBe(3);
  });
});

describe('observation cycle writes', () => {
  it('OB1/FL1/OB7: an answer queues its POST with the photo bytes, after the inspection still queued', async () => {
    const test = device();
    const inspection = inspectionRow();
    const observation = observationRow(inspection);
    await test.db.observaciones.put(observation);
    await test.db.archivosDispositivo.put(photo);
    const created = await localWrite(
      { table: 'inspecciones', id: inspection.IdEvaluacion, row: inspection, request: { method: 'POST', path: OBSERVATIONS_PATH, body: { IdEvaluacion: inspection.IdEvaluacion } } },
      test,
    );
    await respondObservation(observation, { Texto: ' Mango reemplazado ', Archivos: [{ Sha256: photo.sha256, Tipo: 'image/jpeg' }] }, USER, test);
    const entry = (await test.db.outbox.orderBy('seq').toArray()).at(-1)!;
    expect(entry).toMatchObject({
      method: 'POST',
      path: `${OBSERVATIONS_PATH}/${observation.IdObservacion}`,
      recordKey: `observaciones:${observation.IdObservacion}`,
      dependsOn: [created.key],
      files: [{ sha256: photo.sha256, type: 'image/jpeg' }],
      body: { Texto: 'Mango reemplazado', Archivos: [{ Sha256: photo.sha256, Tipo: 'image/jpeg' }] },
    });
    expect((await test.store.getFile(photo.sha256))?.bytes).toBeInstanceOf(ArrayBuffer);
    expect(await test.db.observaciones.get(observation.IdObservacion)).toMatchObject({ Respondida: 1, Respuestas: [{ Tipo: 'respuesta', Texto: 'Mango reemplazado' }] });
  });

  it('a photo no longer on the device stops the answer before anything is written', async () => {
    const test = device();
    const observation = observationRow(inspectionRow());
    await test.db.observaciones.put(observation);
    await expect(respondObservation(observation, { Texto: 'Listo', Archivos: [{ Sha256: 'c'.repeat(64), Tipo: 'image/jpeg' }] }, USER, test)).rejects.toThrow(MISSING_PHOTO);
    expect(await test.db.outbox.count()).toBe(0);
  });

  it('approve and reject send the Version they were based on; delete takes it off the device', async () => {
    const test = device();
    const inspection = inspectionRow();
    const first = observationRow(inspection, { Respondida: 1, Version: 2 });
    const second = observationRow(inspection, { Respondida: 1, Version: 5 });
    await test.db.observaciones.bulkPut([first, second]);
    await approveObservation(first, '', USER, test);
    await rejectObservation(second, { Texto: 'Falta evidencia', Plazo: '2026-04-01', Archivos: [] }, USER, '2026-03-20', test);
    await deleteObservation(first, test);
    const entries = await test.db.outbox.orderBy('seq').toArray();
    expect(entries.map((entry) => [entry.method, entry.path])).toEqual([
      ['POST', `${OBSERVATIONS_PATH}/${first.IdObservacion}/aprobar`],
      ['POST', `${OBSERVATIONS_PATH}/${second.IdObservacion}/desaprobar`],
      ['DELETE', `${OBSERVATIONS_PATH}/observaciones/${first.IdObservacion}?Version=2`],
    ]);
    expect(entries[0]!.body).toMatchObject({ Version: 2 });
    expect(entries[1]!.body).toMatchObject({ Version: 5, Plazo: '2026-04-01', Texto: 'Falta evidencia' });
    expect(await test.db.observaciones.get(first.IdObservacion)).toBeUndefined();
    expect(await test.db.observaciones.get(second.IdObservacion)).toMatchObject({ SemaforoObs: 2, Plazo: '2026-04-01', Respondida: 0 });
  });
});
