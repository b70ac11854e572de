import { INSPECCIONES_MESSAGES } from '#sync/schemas/inspecciones.schema.ts';
import { describe, expect, it } from 'vitest';
import { AppDb } from '#app/db/app-db.ts';
import { deleteDraft } from '#app/data/drafts.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { completeHeader, templateRow } from './draft-fixtures.ts';
import {
  addObservation,
  activeChecklistObservation,
  createDraft,
  DRAFT_MESSAGES,
  removeObservation,
  saveSignature,
  setAnswer,
  setDraftHeader,
  setSubanswer,
  updateObservation,
} from './draft-store.ts';

const device = testDevicesForEachTest();
const owner = { companyId: '76123456', userId: 7 };
const png = (seed: number) => ({ sha256: seed.toString(16).padStart(64, '0'), type: 'image/png', bytes: new Uint8Array([137, 80, 78, 71, seed]).buffer as ArrayBuffer });

async function startDraft(test: ReturnType<typeof device>, statements = 3) {
  const template = templateRow({}, statements);
  await test.db.formularios.put(template);
  const id = await createDraft(test.db, template.IdFormulario, completeHeader(), owner);
  return { template, id };
}

describe('inspection drafts', () => {
  it('IN3: a draft copies the template version it was started with; a retired template starts none', async () => {
    const test = device();
    const { template, id } = await startDraft(test);
    await test.db.formularios.put({ ...template, VersionFormulario: 3, Nombre: 'Cambiado', Contenido: { ...template.Contenido, Items: template.Contenido.Items.slice(0, 1) } });

    const draft = await test.db.borradores.get(id);
    expect(draft).toMatchObject({ estado: 'abierta', IdUsuario: 7, IdEmpresa: '76123456', formulario: { Nombre: 'Herramientas y equipos', VersionFormulario: 2, Contenido: template.Contenido } });

    const retired = templateRow({ Estado: 0 });
    await test.db.formularios.put(retired);
    await expect(createDraft(test.db, retired.IdFormulario, completeHeader(), owner)).rejects.toThrow(DRAFT_MESSAGES.templateRetired);
  });

  it('IN1: every change is on disk at once and survives reopening the database', async () => {
    const test = device();
    const { id } = await startDraft(test);
    await setSubanswer(test.db, id, 'e1', 's1', 'EX-12');
    await setAnswer(test.db, id, 'e1', 1);
    await setAnswer(test.db, id, 'e2', 2);
    await setDraftHeader(test.db, id, { Lugar: 'Bodega norte' });
    const observationId = (await test.db.borradores.get(id))!.observaciones[0]!.IdObservacion;
    await updateObservation(test.db, id, observationId, { Observacion: 'Esmeril sin protección', Plazo: '2026-03-20' });
    const general = await addObservation(test.db, id, 'General');
    await updateObservation(test.db, id, general, { Observacion: 'Orden y aseo correctos' });

    const { name, _options } = test.db;
    test.db.close();
    const reopened = new AppDb(name, _options);
    try {
      const draft = await reopened.borradores.get(id);
      expect(draft?.Lugar).toBe('Bodega norte');
      expect(draft?.respuestas).toEqual({ e1: { Respuesta: 1, Subrespuestas: { s1: 'EX-12' } }, e2: { Respuesta: 2, Subrespuestas: {} } });
      expect(draft?.subrespuestasPendientes).toEqual({});
      expect(draft?.observaciones.map((obs) => [obs.TipoObs, obs.Observacion])).toEqual([
        ['Checklist', 'Esmeril sin protección'],
        ['General', 'Orden y aseo correctos'],
      ]);
    } finally {
      reopened.close();
      await test.db.open();
    }
  });

  it('two quick answers in a row are both kept (each change reads the result of the one before)', async () => {
    const test = device();
    const { id } = await startDraft(test, 30);
    await Promise.all(Array.from({ length: 30 }, (_, index) => setAnswer(test.db, id, `e${index + 1}`, index % 3 === 0 ? 2 : 1)));
    const draft = await test.db.borradores.get(id);
    expect(Object.keys(draft!.respuestas)).toHaveLength(30);
    expect(draft!.observaciones.filter((obs) => obs.Estado === 1)).toHaveLength(10);
  });

  it('4.4: answer 2 creates one blank Checklist observation; changing the answer marks it Estado 0; 2 again makes a fresh one', async () => {
    const test = device();
    const { id } = await startDraft(test);
    await setAnswer(test.db, id, 'e2', 2);
    await setAnswer(test.db, id, 'e2', 2);
    let draft = (await test.db.borradores.get(id))!;
    expect(draft.observaciones).toEqual([
      expect.objectContaining({ TipoObs: 'Checklist', IdEnunciado: 'e2', Observacion: '', SemaforoObs: 1, Estado: 1, Archivos: [] }),
    ]);
    const first = draft.observaciones[0]!.IdObservacion;

    await setAnswer(test.db, id, 'e2', 3);
    draft = (await test.db.borradores.get(id))!;
    expect(draft.observaciones).toEqual([expect.objectContaining({ IdObservacion: first, Estado: 0 })]);
    expect(activeChecklistObservation(draft, 'e2')).toBeUndefined();

    await setAnswer(test.db, id, 'e2', 2);
    draft = (await test.db.borradores.get(id))!;
    expect(draft.observaciones.map((obs) => obs.Estado)).toEqual([0, 1]);
    expect(activeChecklistObservation(draft, 'e2')?.IdObservacion).not.toBe(first);
    await expect(updateObservation(test.db, id, first, { Observacion: 'x' })).rejects.toThrow(INSPECCIONES_MESSAGES.observationNotFound);
  });

  it('refuses an answer to a statement the template does not have', async () => {
    const test = device();
    const { id } = await startDraft(test);
    await expect(setAnswer(test.db, id, 'nope', 1)).rejects.toThrow(INSPECCIONES_MESSAGES.answerUnknown);
  });

  it('signatures: the PNG bytes go to archivosDispositivo; a new executor signature replaces the old one; a bad RUT is refused in Spanish', async () => {
    const test = device();
    const { id } = await startDraft(test);
    await saveSignature(test.db, id, { Rol: 'Ejecutor', Nombre: 'Sofía Supervisora', Rut: '', Cargo: 'Supervisora' }, png(1));
    await saveSignature(test.db, id, { Rol: 'Firmante', Nombre: 'Ana Pérez', Rut: '12.345.678-5', Cargo: 'Jefa de turno' }, png(2));
    await saveSignature(test.db, id, { Rol: 'Ejecutor', Nombre: 'Sofía Supervisora', Rut: '', Cargo: '' }, png(3));
    const draft = (await test.db.borradores.get(id))!;
    expect(draft.firmas.map((firma) => [firma.Rol, firma.Nombre, firma.Rut, firma.Archivo.Sha256.slice(-1)])).toEqual([
      ['Ejecutor', 'Sofía Supervisora', '', '3'],
      ['Firmante', 'Ana Pérez', '12345678-5', '2'],
    ]);
    expect((await test.db.archivosDispositivo.get(png(2).sha256))?.bytes).toBeInstanceOf(ArrayBuffer);

    await expect(saveSignature(test.db, id, { Rol: 'Firmante', Nombre: 'Juan', Rut: '12.345.678-9', Cargo: '' }, png(4))).rejects.toThrow('El rut no es válido');
    await expect(saveSignature(test.db, id, { Rol: 'Firmante', Nombre: '  ', Rut: '', Cargo: '' }, png(4))).rejects.toThrow(INSPECCIONES_MESSAGES.signerName);
    await expect(saveSignature(test.db, id, { Rol: 'Firmante', Nombre: 'Juan', Rut: '', Cargo: '' }, null)).rejects.toThrow(DRAFT_MESSAGES.signatureMissing);
  });

  it('deleting a draft takes its own photos off the device and keeps files others use', async () => {
    const test = device();
    const { id } = await startDraft(test);
    const other = (await startDraft(test)).id;
    await saveSignature(test.db, id, { Rol: 'Ejecutor', Nombre: 'Sofía', Rut: '', Cargo: '' }, png(1));
    await saveSignature(test.db, other, { Rol: 'Ejecutor', Nombre: 'Sofía', Rut: '', Cargo: '' }, png(2));
    const general = await addObservation(test.db, id, 'Brechas');
    await test.db.archivosDispositivo.put({ sha256: png(2).sha256, type: 'image/png', bytes: png(2).bytes, creadoEn: 1 });
    await updateObservation(test.db, id, general, { Archivos: [{ Sha256: png(2).sha256, Tipo: 'image/png' }] });

    await deleteDraft(test.db, 'borradores', id);
    expect(await test.db.borradores.get(id)).toBeUndefined();
    expect(await test.db.archivosDispositivo.get(png(1).sha256)).toBeUndefined();
    expect(await test.db.archivosDispositivo.get(png(2).sha256)).toBeDefined();
  });

  it('a general observation can be removed; a Checklist one only by changing the answer', async () => {
    const test = device();
    const { id } = await startDraft(test);
    const general = await addObservation(test.db, id, 'General');
    await setAnswer(test.db, id, 'e1', 2);
    const checklist = activeChecklistObservation((await test.db.borradores.get(id))!, 'e1')!.IdObservacion;
    await removeObservation(test.db, id, general);
    await removeObservation(test.db, id, checklist);
    expect((await test.db.borradores.get(id))!.observaciones.map((obs) => obs.IdObservacion)).toEqual([checklist]);
  });
});
