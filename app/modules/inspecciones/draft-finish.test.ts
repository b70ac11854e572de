import { UNANSWERED_STATEMENT } from '#sync/domain/inspection-rules.ts';
import { INSPECCIONES_MESSAGES, InspeccionCreateBodySchema } from '#sync/schemas/inspecciones.schema.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AppDb } from '#app/db/app-db.ts';
import { DRAFT_KINDS } from '#app/db/draft-row.ts';
import { localWrite } from '#app/data/local-write.ts';
import { DexieOutboxStore } from '#app/sync/dexie-outbox-store.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { completeHeader, templateRow } from './draft-fixtures.ts';
import { draftProblems, finishDraft, INSPECTIONS_PATH } from './draft-finish.ts';
import {
  activeChecklistObservation,
  addObservation,
  createDraft,
  saveSignature,
  setAnswer,
  setDraftHeader,
  updateObservation,
} from './draft-store.ts';

const device = testDevicesForEachTest();
const owner = { companyId: '76123456', userId: 7 };
const finisher = { userName: 'Sofía Supervisora' };
const file = (seed: number, type = 'image/jpeg') => ({
  sha256: seed.toString(16).padStart(64, 'a'),
  type,
  bytes: new Uint8Array([255, 216, seed]).buffer as ArrayBuffer,
  creadoEn: 1,
});

/** A complete draft: e1 Cumple, e2 No cumple with its observation and a photo, e3 No aplica, a gap with a photo, signed. */
async function readyDraft(test: ReturnType<typeof device>) {
  const template = templateRow();
  await test.db.formularios.put(template);
  const id = await createDraft(test.db, template.IdFormulario, completeHeader(), owner);
  await setAnswer(test.db, id, 'e1', 1);
  await setAnswer(test.db, id, 'e2', 2);
  await setAnswer(test.db, id, 'e3', 3);
  const checklist = activeChecklistObservation((await test.db.borradores.get(id))!, 'e2')!.IdObservacion;
  await test.db.archivosDispositivo.bulkPut([file(1), file(2)]);
  await updateObservation(test.db, id, checklist, {
    Observacion: 'Esmeril angular sin protección',
    Responsable: 'Juan Soto',
    Plazo: '2026-03-17',
    SemaforoObs: 2,
    Severidad: 'Alta',
    Archivos: [{ Sha256: file(1).sha256, Tipo: 'image/jpeg' }],
  });
  const gap = await addObservation(test.db, id, 'Brechas');
  await updateObservation(test.db, id, gap, {
    Observacion: 'Falta señalética',
    Archivos: [{ Sha256: file(2).sha256, Tipo: 'image/jpeg' }],
  });
  await addObservation(test.db, id, 'General');
  const signature = { ...file(3, 'image/png') };
  await saveSignature(test.db, id, { Rol: 'Ejecutor', Nombre: 'Sofía Supervisora', Rut: '', Cargo: '' }, signature);
  await saveSignature(
    test.db,
    id,
    { Rol: 'Firmante', Nombre: 'Ana Pérez', Rut: '12345678-5', Cargo: 'Jefa de turno' },
    { ...file(4, 'image/png') },
  );
  return { id, template, checklist, gap };
}

describe('finishing an inspection (SPEC IN2)', () => {
  it('IN2: queues exactly one entry with the whole inspection, every photo and signature, and writes the rows', async () => {
    const test = device();
    const { id, template, checklist, gap } = await readyDraft(test);

    const result = await finishDraft(id, finisher, test);

    expect(result).toEqual({ ok: true, id, alreadyFinished: false });
    const entries = await test.db.outbox.toArray();
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ method: 'POST', path: INSPECTIONS_PATH, recordKey: `inspecciones:${id}` });
    expect(entry!.files?.map((ref) => ref.sha256).sort()).toEqual([file(1), file(2), file(3), file(4)].map((f) => f.sha256).sort());
    expect(await test.db.outboxFiles.count()).toBe(4);
    const body = v.parse(InspeccionCreateBodySchema, entry!.body);
    expect(body).toMatchObject({
      IdEvaluacion: id,
      IdFormulario: template.IdFormulario,
      VersionFormulario: 2,
      Lugar: 'Taller central',
      Encabezado: { turno: 'Mañana' },
    });
    expect(body.Respuestas.map((answer) => answer.Respuesta)).toEqual([1, 2, 3]);
    // The empty general observation the person added and left is not part of the inspection.
    expect(body.Observaciones.map((obs) => obs.IdObservacion)).toEqual([checklist, gap]);
    expect(body.Firmas.map((firma) => firma.Rol)).toEqual(['Ejecutor', 'Firmante']);

    // Weights: e1 = 2 (Cumple), e2 = 3 (No cumple), e3 No aplica -> 2 / 5 = 40 % -> 3,3.
    expect(await test.db.inspecciones.get(id)).toMatchObject({
      Porcentaje: 40,
      Nota: 3.3,
      NombreFormulario: 'Herramientas y equipos',
      IdSupervisor: 7,
      Estado: 1,
      Version: 1,
    });
    expect(await test.db.observaciones.get(checklist)).toMatchObject({
      IdEvaluacion: id,
      TipoObs: 'Checklist',
      Enunciado: 'Enunciado 2: las herramientas están en buen estado',
      Respondida: 0,
      Aprobada: 0,
      Estado: 1,
      Version: 1,
      EmisorObs: 'Sofía Supervisora',
      Fecha: '2026-03-10',
      SemaforoObs: 2,
    });
    expect(await test.db.observaciones.get(gap)).toMatchObject({ TipoObs: 'Brechas', Enunciado: null });
    expect((await test.db.borradores.get(id))?.estado).toBe('finalizada');
    await expect(setAnswer(test.db, id, 'e1', 2)).rejects.toThrow(DRAFT_KINDS.borradores.finished);

    await test.replayer.requestSync({ ignoreBackoff: true });
    expect(test.server.applied).toHaveLength(1);
    expect([...test.server.files.keys()].sort()).toEqual(entry!.files!.map((ref) => ref.sha256).sort());
  });

  it('IN2: a double tap (two finishes at once) and a later finish queue one entry', async () => {
    const test = device();
    const { id } = await readyDraft(test);
    const results = await Promise.all([finishDraft(id, finisher, test), finishDraft(id, finisher, test)]);
    expect(results.map((result) => result.ok)).toEqual([true, true]);
    expect(await finishDraft(id, finisher, test)).toEqual({ ok: true, id, alreadyFinished: true });
    expect(await test.db.outbox.count()).toBe(1);
  });

  it('IN2: two finishes that reach the database separately still queue one entry', async () => {
    const test = device();
    const { id } = await readyDraft(test);
    // Another tab: its own connection to the same database, so only the check inside the transaction stops it.
    const otherDb = new AppDb(test.db.name, test.db._options);
    const otherTab = {
      db: otherDb,
      store: new DexieOutboxStore({ db: otherDb, entries: otherDb.outbox, files: otherDb.outboxFiles }),
      replayer: test.replayer,
    };
    try {
      const results = await Promise.all([finishDraft(id, finisher, test), finishDraft(id, finisher, otherTab)]);
      expect(results.map((result) => result.ok && result.alreadyFinished).sort()).toEqual([false, true]);
      expect(await test.db.outbox.count()).toBe(1);
      expect((await test.db.outbox.toArray())[0]?.body).toMatchObject({ IdEvaluacion: id });
    } finally {
      otherDb.close();
    }
  });

  it('refuses an incomplete draft with the spec messages beside each statement, and queues nothing', async () => {
    const test = device();
    const template = templateRow();
    await test.db.formularios.put(template);
    const id = await createDraft(test.db, template.IdFormulario, completeHeader({ Lugar: ' ', EquipoTrabajo: '', Encabezado: {} }), owner);
    await setAnswer(test.db, id, 'e1', 2);
    const observation = activeChecklistObservation((await test.db.borradores.get(id))!, 'e1')!.IdObservacion;
    await updateObservation(test.db, id, observation, { Observacion: 'Sin guarda', Plazo: '2026-03-01' });

    const result = await finishDraft(id, finisher, test);

    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        { target: { kind: 'encabezado', field: 'Lugar' }, message: INSPECCIONES_MESSAGES.placeRequired },
        { target: { kind: 'encabezado', field: 'Observados' }, message: INSPECCIONES_MESSAGES.observedRequired },
        { target: { kind: 'campo', id: 'turno' }, message: INSPECCIONES_MESSAGES.headerFieldRequired },
        { target: { kind: 'enunciado', id: 'e2' }, message: UNANSWERED_STATEMENT },
        { target: { kind: 'enunciado', id: 'e3' }, message: UNANSWERED_STATEMENT },
        { target: { kind: 'observacion', id: observation, field: 'Responsable' }, message: INSPECCIONES_MESSAGES.responsibleRequired },
        { target: { kind: 'observacion', id: observation, field: 'Plazo' }, message: INSPECCIONES_MESSAGES.deadlineBeforeDate },
        { target: { kind: 'firmas' }, message: INSPECCIONES_MESSAGES.signatureExecutor },
      ]),
    );
    expect(problems).toHaveLength(8);
    expect(await test.db.outbox.count()).toBe(0);
    expect((await test.db.borradores.get(id))?.estado).toBe('abierta');

    await setDraftHeader(test.db, id, { Lugar: 'Taller', EquipoTrabajo: 'Cuadrilla 1', Encabezado: { turno: 'Noche' } });
    await setAnswer(test.db, id, 'e2', 1);
    await setAnswer(test.db, id, 'e3', 1);
    await updateObservation(test.db, id, observation, { Observacion: 'Sin guarda', Plazo: '2026-03-10', Responsable: 'Juan' });
    expect(draftProblems((await test.db.borradores.get(id))!)).toEqual([
      { target: { kind: 'firmas' }, message: INSPECCIONES_MESSAGES.signatureExecutor },
    ]);
  });

  it('a statement answered 2 whose observation is missing cannot finish', async () => {
    const test = device();
    const { id, checklist } = await readyDraft(test);
    await test.db.borradores.update(id, (draft) => {
      draft.observaciones = draft.observaciones.filter((obs) => obs.IdObservacion !== checklist);
    });
    const result = await finishDraft(id, finisher, test);
    expect(result).toEqual({
      ok: false,
      problems: [{ target: { kind: 'enunciado', id: 'e2' }, message: INSPECCIONES_MESSAGES.observationMissing }],
    });
  });

  it('a photo missing on the device stops the finish with a message instead of queueing the record without it', async () => {
    const test = device();
    const { id } = await readyDraft(test);
    await test.db.archivosDispositivo.delete(file(1).sha256);
    const result = await finishDraft(id, finisher, test);
    expect(result.ok).toBe(false);
    expect(await test.db.outbox.count()).toBe(0);
  });

  it('OB7: observed workers created offline and still queued go first', async () => {
    const test = device();
    const { id } = await readyDraft(test);
    const worker = uuidV7();
    const created = await localWrite(
      { table: 'trabajadores', id: worker, row: null, request: { method: 'POST', path: '/api/trabajadores/newtrabajadores2', body: {} } },
      test,
    );
    await setDraftHeader(test.db, id, { Observados: [worker] });
    await finishDraft(id, finisher, test);
    const entry = await test.db.outbox.where('recordKey').equals(`inspecciones:${id}`).first();
    expect(entry?.dependsOn).toEqual([created.key]);
  });
});
