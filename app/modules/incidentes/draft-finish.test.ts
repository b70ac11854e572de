import { IncidenteCreateBodySchema } from '#sync/schemas/incidentes.schema.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DRAFT_KINDS } from '#app/db/draft-row.ts';
import { readUnsavedWork, unsavedWorkWarning } from '#app/data/unsaved-work.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { draftProblems, finishIncidentDraft } from './draft-finish.ts';
import { reopenRefusedReport } from './draft-reopen.ts';
import { addMeasure, createIncidentDraft, saveReporterSignature, setEvidencePhotos, setFields } from './draft-store.ts';

const device = testDevicesForEachTest();
const owner = { companyId: '76123456', userId: 7, userName: 'Jorge Araya Rojas' };
const photo = (seed: number, type = 'image/jpeg') => ({ sha256: seed.toString(16).padStart(64, 'b'), type, bytes: new Uint8Array([255, 216, seed]).buffer as ArrayBuffer, creadoEn: 1 });
const TIPO_EVENTO = uuidV7();
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santiago' });

/** A stage-1 report of a lost-time accident with two photos, written as the form writes it. */
async function stageOne(test: ReturnType<typeof device>) {
  const id = await createIncidentDraft(test.db, owner, 'Accidente con tiempo perdido');
  await setFields(test.db, id, { Lugar: 'Losa piso 3', TipoEvento: TIPO_EVENTO, NombreAccidentado: 'Pedro Rojas Muñoz', Rut: '15234567-4', Cargo: 'Jornal' });
  await test.db.archivosDispositivo.bulkPut([photo(1), photo(2)]);
  await setEvidencePhotos(test.db, id, [photo(1), photo(2)].map((file) => ({ Sha256: file.sha256, Tipo: 'image/jpeg' as const })));
  return id;
}

describe('IC1: a report in progress is a draft, sent as ONE write', () => {
  it('is kept field by field, names what is missing, and counts in the sign-out warning', async () => {
    const test = device();
    const id = await stageOne(test);
    const draft = (await test.db.borradores_incidentes.get(id))!;
    expect(draft).toMatchObject({ estado: 'abierta', IdAccidente: expect.stringMatching(/^\d{14}$/), campos: { Clasificacion: 'Accidente con tiempo perdido', NombreInformador: 'Jorge Araya Rojas', FechaOcurrencia: today() } });
    expect(draft.Evidencias.map((evidence) => evidence.Nombre)).toEqual(['Foto 1', 'Foto 2']);
    expect(draftProblems(draft, today()).map((problem) => problem.field)).toEqual(['FirmaInformador']);
    expect(DRAFT_KINDS.borradores_incidentes.files(draft).map((file) => file.Sha256)).toEqual([photo(1).sha256, photo(2).sha256]);
    const work = await readUnsavedWork(test.db, test.store);
    expect(unsavedWorkWarning(work)).toContain('1 reporte de incidente en curso');
    expect(await finishIncidentDraft(id, test)).toMatchObject({ ok: false, problems: [{ field: 'FirmaInformador', message: 'Falta la firma de quien reporta' }] });
    expect(await test.db.outbox.count()).toBe(0);
  });

  it('sending queues one POST with the whole report, its files and measures, shows the case and its measures, and locks the draft once', async () => {
    const test = device();
    const id = await stageOne(test);
    await saveReporterSignature(test.db, id, photo(3, 'image/png'));
    await addMeasure(test.db, id, { MedidaControl: 'Señalizar la losa', Plazo: '2099-01-31', Responsable: 'Jorge Araya', IdResponsable: null });
    await setFields(test.db, id, { CriteriosGravedad: ['caida_altura'] });

    const [first, second] = await Promise.all([finishIncidentDraft(id, test), finishIncidentDraft(id, test)]);
    expect(first).toEqual({ ok: true, id, alreadyFinished: false });
    expect(second).toMatchObject({ ok: true, alreadyFinished: true });
    const entries = await test.db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ method: 'POST', path: '/api/accidentes/registro-accidentes/nuevo/accidente/76123456', recordKey: `incidentes:${id}` });
    expect(entries[0]!.files?.map((file) => file.sha256).sort()).toEqual([photo(1), photo(2), photo(3)].map((file) => file.sha256).sort());
    const body = v.parse(IncidenteCreateBodySchema, entries[0]!.body);
    expect(body).toMatchObject({ IdEvaluacion: id, Lugar: 'Losa piso 3', MedidasControl: [{ MedidaControl: 'Señalizar la losa' }] });
    expect(await test.db.incidentes.get(id)).toMatchObject({ Estado: 1, Version: 1, Gravedad: 'grave', IdUsuario: 7, RutContratista: null });
    expect(await test.db.medidas_control.where('IdEvaluacion').equals(id).toArray()).toEqual([expect.objectContaining({ MedidaControl: 'Señalizar la losa', Semaforo: 1, Respondida: 0 })]);
    expect(await test.db.borradores_incidentes.get(id)).toMatchObject({ estado: 'finalizada' });
    await expect(setFields(test.db, id, { Lugar: 'Otro' })).rejects.toThrow('El reporte ya fue enviado: no se puede modificar');
  });

  it('a report the server refused reopens whole in its draft when discarded, never lost', async () => {
    const test = device();
    const id = await stageOne(test);
    await saveReporterSignature(test.db, id, photo(3, 'image/png'));
    await finishIncidentDraft(id, test);
    const [entry] = await test.db.outbox.toArray();
    await test.store.markDead(entry!.key, { status: 400, message: 'Un valor elegido ya no está en su catálogo', code: 'VALIDACION' });

    expect(await reopenRefusedReport(entry!.key, test)).toBe(true);
    expect(await test.db.outbox.count()).toBe(0);
    expect(await test.db.incidentes.get(id)).toBeUndefined();
    const draft = (await test.db.borradores_incidentes.get(id))!;
    expect(draft).toMatchObject({ estado: 'abierta', rechazo: { mensaje: 'Un valor elegido ya no está en su catálogo', codigo: 'VALIDACION' }, campos: { Lugar: 'Losa piso 3' } });
    expect(draft.Evidencias).toHaveLength(2);
    expect(await test.db.archivosDispositivo.count()).toBe(3);
  });
});
