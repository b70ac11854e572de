import type { OutboxEntry } from '#sync/outbox/outbox-entry.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { describe, expect, it } from 'vitest';
import { discardLocalWrite, handleDiscardsOf, localWrite } from '#app/data/local-write.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { completeHeader, templateRow } from './draft-fixtures.ts';
import { finishDraft, INSPECTIONS_PATH } from './draft-finish.ts';
import { HELD_FOR_CORRECTION, refusalOf, reopenRefusedDraft } from './draft-reopen.ts';
import { activeChecklistObservation, createDraft, saveSignature, setAnswer, setDraftHeader, updateObservation } from './draft-store.ts';

const device = testDevicesForEachTest();
const finisher = { userName: 'Sofía Supervisora' };
const REFUSAL = { statusCode: 400, message: 'Un trabajador observado no existe en la empresa', code: 'TRABAJADOR_INEXISTENTE' };

const file = (seed: number, type: string) => ({ sha256: seed.toString(16).padStart(64, 'b'), type, bytes: new Uint8Array([seed]).buffer as ArrayBuffer, creadoEn: 1 });

/** A device whose server refuses finished inspections until `accept()`; everything else goes through. */
function refusingDevice() {
  let refusing = true;
  const test = device({ refuse: (entry) => (refusing && entry.path === INSPECTIONS_PATH ? { status: 400, body: REFUSAL } : undefined) });
  return { test, accept: () => (refusing = false) };
}

/** A finished inspection the server refused: e2 No cumple with a photo on its observation, signed by the executor. */
async function refusedInspection(test: ReturnType<typeof device>) {
  const template = templateRow();
  await test.db.formularios.put(template);
  const id = await createDraft(test.db, template.IdFormulario, completeHeader(), { companyId: '76123456', userId: 7 });
  await setAnswer(test.db, id, 'e1', 1);
  await setAnswer(test.db, id, 'e2', 2);
  await setAnswer(test.db, id, 'e3', 3);
  const checklist = activeChecklistObservation((await test.db.borradores.get(id))!, 'e2')!.IdObservacion;
  await test.db.archivosDispositivo.put(file(1, 'image/jpeg'));
  await updateObservation(test.db, id, checklist, {
    Observacion: 'Esmeril sin protección',
    Responsable: 'Juan Soto',
    Plazo: '2026-03-17',
    Archivos: [{ Sha256: file(1, 'image/jpeg').sha256, Tipo: 'image/jpeg' }],
  });
  await saveSignature(test.db, id, { Rol: 'Ejecutor', Nombre: 'Sofía Supervisora', Rut: '', Cargo: '' }, file(2, 'image/png'));
  expect(await finishDraft(id, finisher, test)).toMatchObject({ ok: true });
  const refused = (await test.db.outbox.toArray())[0]!;
  return { id, checklist, refused };
}

/** An answer to the inspection's observation, saved on the device before the refusal came back (SPEC OB7). */
async function respond(test: ReturnType<typeof device>, id: string, observationId: string): Promise<OutboxEntry> {
  const row = (await test.db.observaciones.get(observationId))!;
  return localWrite(
    {
      table: 'observaciones',
      id: observationId,
      row: { ...row, Respondida: 1 },
      request: { method: 'POST', path: `${INSPECTIONS_PATH}/${observationId}`, body: { IdRespuesta: uuidV7(), Texto: 'Se instaló la protección', Archivos: [] } },
      parents: [{ table: 'inspecciones', id }],
    },
    test,
  );
}

describe('a refused finished inspection (SPEC IN11)', () => {
  it('IN11: reopens whole, is corrected and finished again, and reaches the server once with a new key', async () => {
    const { test, accept } = refusingDevice();
    const { id, checklist, refused } = await refusedInspection(test);
    await test.replayer.requestSync({ ignoreBackoff: true });
    expect(await test.store.get(refused.key)).toMatchObject({ state: 'dead', lastError: { message: REFUSAL.message } });
    const finished = (await test.db.borradores.get(id))!;

    expect(await reopenRefusedDraft(refused.key, test)).toBe(true);

    expect(await test.db.outbox.count()).toBe(0);
    expect(test.replayer.getState().dead).toBe(0);
    expect(await test.db.inspecciones.get(id)).toBeUndefined();
    expect(await test.db.observaciones.get(checklist)).toBeUndefined();
    const reopened = (await test.db.borradores.get(id))!;
    const { estado: _estado, actualizadoEn: _actualizadoEn, ...kept } = finished;
    expect(reopened).toMatchObject({ ...kept, estado: 'abierta' });
    expect(refusalOf(reopened)).toEqual({ mensaje: REFUSAL.message, codigo: REFUSAL.code, retenidas: [] });
    expect(await test.db.archivosDispositivo.count()).toBe(2);
    // The key is no longer a refused finish: nothing more to reopen.
    expect(await reopenRefusedDraft(refused.key, test)).toBe(false);

    await setDraftHeader(test.db, id, { Lugar: 'Taller norte' });
    accept();
    expect(await finishDraft(id, finisher, test)).toEqual({ ok: true, id, alreadyFinished: false });
    const [again] = await test.store.list({ limit: 10 });
    expect(again?.key).not.toBe(refused.key);
    const refinished = (await test.db.borradores.get(id))!;
    expect(refinished.estado).toBe('finalizada');
    expect(refusalOf(refinished)).toBeUndefined();
    expect(await test.db.inspecciones.get(id)).toMatchObject({ Lugar: 'Taller norte' });
    expect(await test.db.observaciones.get(checklist)).toMatchObject({ IdEvaluacion: id });

    await test.replayer.requestSync({ ignoreBackoff: true });
    expect(test.server.applied).toEqual([expect.objectContaining({ key: again?.key, path: INSPECTIONS_PATH, body: expect.objectContaining({ IdEvaluacion: id, Lugar: 'Taller norte' }) })]);
    expect(await test.db.outbox.count()).toBe(0);
  });

  it('IN11: writes that waited on the refused inspection are held, then follow the corrected one to the server', async () => {
    const { test, accept } = refusingDevice();
    const { id, checklist, refused } = await refusedInspection(test);
    const response = await respond(test, id, checklist);
    expect(response.dependsOn).toEqual([refused.key]);
    await test.replayer.requestSync({ ignoreBackoff: true });
    expect((await test.store.get(response.key))?.state).toBe('pending');

    await reopenRefusedDraft(refused.key, test);

    expect(await test.store.get(response.key)).toMatchObject({ state: 'dead', lastError: HELD_FOR_CORRECTION });
    expect(refusalOf((await test.db.borradores.get(id))!)?.retenidas).toEqual([response.key]);
    await test.replayer.requestSync({ ignoreBackoff: true });
    expect(test.server.applied).toEqual([]);

    accept();
    await finishDraft(id, finisher, test);
    const [inspection, moved] = await test.store.list({ limit: 10 });
    expect(moved).toMatchObject({ key: response.key, state: 'pending', dependsOn: [inspection?.key] });
    expect(moved!.seq).toBeGreaterThan(inspection!.seq);

    await test.replayer.requestSync({ ignoreBackoff: true });
    expect(test.server.applied.map((write) => write.key)).toEqual([inspection?.key, response.key]);
    expect(await test.db.outbox.count()).toBe(0);
  });

  it('IN11: discarding it in Sincronización reopens the draft with everything entered, never drops it', async () => {
    handleDiscardsOf('inspecciones', reopenRefusedDraft);
    const { test } = refusingDevice();
    const { id, checklist, refused } = await refusedInspection(test);
    await test.replayer.requestSync({ ignoreBackoff: true });
    const finished = (await test.db.borradores.get(id))!;

    await discardLocalWrite(refused.key, test);

    expect(await test.db.outbox.count()).toBe(0);
    expect(await test.db.inspecciones.get(id)).toBeUndefined();
    expect(await test.db.observaciones.get(checklist)).toBeUndefined();
    const draft = (await test.db.borradores.get(id))!;
    expect(draft).toMatchObject({ estado: 'abierta', respuestas: finished.respuestas, observaciones: finished.observaciones, firmas: finished.firmas });
    expect(refusalOf(draft)?.mensaje).toBe(REFUSAL.message);
    expect(await test.db.archivosDispositivo.count()).toBe(2);
  });
});
