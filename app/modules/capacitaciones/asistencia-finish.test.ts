import { RealizacionBodySchema } from '#sync/schemas/capacitaciones.schema.ts';
import { REALISATION_MESSAGES } from '#sync/domain/training-rules.ts';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { type LocalCapacitacion, toLocalCapacitacion } from '#app/db/capacitacion-rows.ts';
import { localWorker } from '#app/db/local-worker.fixture.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { finishAttendance, REALISATION_PATH } from './asistencia-finish.ts';
import { reopenRefusedAttendance } from './asistencia-finish.ts';
import { addAttendee, setGrade, setPhotos, signAttendee, signPresenter, startAttendance } from './asistencia-store.ts';

const device = testDevicesForEachTest();
const owner = { companyId: '76123456', userId: 7 };
const TYPE = '01a2b3c4-0000-7000-8000-000000000001';
const png = (seed: number) => ({
  sha256: seed.toString(16).padStart(64, 'c'),
  type: 'image/png',
  bytes: new Uint8Array([137, 80, seed]).buffer as ArrayBuffer,
});
const worker = (n: number) => ({ Id: `01a2b3c4-0000-7000-8000-00000000010${n}`, IdPersona: `01a2b3c4-0000-7000-8000-00000000020${n}` });

function session(): LocalCapacitacion {
  const participant = (n: number) => ({
    ...worker(n),
    IdCargo: null,
    RunPersona: `1100000${n}-1`,
    Nombre: `Persona ${n}`,
    RutContratista: null,
    IdNivel2: null,
    IdNivel3: null,
    Asistio: 0 as const,
    Nota: null,
    Firma: null,
    FirmadoEn: null,
    FechaVencimiento: null,
    Estado: 1 as const,
  });
  return toLocalCapacitacion({
    IdCapacitacion: '01a2b3c4-0000-7000-8000-000000000010',
    IdEmpresa: owner.companyId,
    Estado: 1,
    Version: 3,
    IdTipoCapacitacion: TYPE,
    IdPrograma: null,
    Tema: 'Uso de arnés',
    Fecha: '2026-01-31',
    HoraInicio: '08:00',
    Lugar: 'Frente de montaje',
    DuracionHoras: 2,
    IdNivel2: null,
    IdNivel3: null,
    RutContratista: null,
    IdCliente: null,
    CargosParticipantes: [],
    Realizada: 0,
    FechaRealizacion: null,
    VigenciaMeses: null,
    Evaluada: 1,
    IdUsuario: 7,
    Participantes: [participant(1), participant(2)],
    Relatores: [
      {
        Id: '01a2b3c4-0000-7000-8000-000000000030',
        IdUsuario: 7,
        IdCargo: null,
        IdPersona: null,
        Nombre: 'Jorge Araya Rojas',
        Rut: '15234567-4',
        Firma: null,
        FirmadoEn: null,
        Estado: 1,
      },
    ],
    Evidencias: [],
  });
}

/** Attendance of the two listed people and one found on site, everyone signed and graded, the presenter signed. */
async function takenAttendance(test: ReturnType<typeof device>) {
  const training = session();
  await test.db.tipos_capacitacion.put({
    IdTipoCapacitacion: TYPE,
    IdEmpresa: owner.companyId,
    Estado: 1,
    Version: 1,
    Nombre: 'Trabajo en altura física',
    IdCategoria: 2,
    DuracionHoras: 8,
    VigenciaMeses: 1,
    Evaluada: 1,
    Descripcion: '',
    Epps: [],
    orden: 'trabajo en altura fisica',
  });
  await test.db.capacitaciones.put(training);
  await startAttendance(test.db, training, owner);
  const onSite = localWorker({ IdPersona: '01a2b3c4-0000-7000-8000-000000000203', IdEmpresa: owner.companyId });
  await addAttendee(test.db, training.IdCapacitacion, onSite);
  const added = (await test.db.asistencias.get(training.IdCapacitacion))!.Participantes.at(-1)!;
  const people = [worker(1).Id, worker(2).Id, added.Id];
  for (const [index, id] of people.entries()) {
    await signAttendee(test.db, training.IdCapacitacion, id, png(index + 1));
    await setGrade(test.db, training.IdCapacitacion, id, [6.5, 4, 3.5][index]!);
  }
  await signPresenter(
    test.db,
    training.IdCapacitacion,
    training.Relatores[0]!.Id,
    { Nombre: 'Jorge Araya Rojas', Rut: '15234567-4' },
    png(9),
  );
  await test.db.archivosDispositivo.put({ ...png(20), type: 'image/jpeg', creadoEn: 1 });
  await setPhotos(test.db, training.IdCapacitacion, [{ Sha256: png(20).sha256, Tipo: 'image/jpeg' }]);
  await test.db.asistencias.update(training.IdCapacitacion, { FechaRealizacion: '2028-01-31' });
  return { training, added };
}

describe('attendance at the worksite (SPEC TR1, TR2, TR5)', () => {
  it('TR1: every signature, grade and photo is on the device the moment it is given', async () => {
    const test = device();
    const { training, added } = await takenAttendance(test);
    const draft = (await test.db.asistencias.get(training.IdCapacitacion))!;
    expect(draft).toMatchObject({ estado: 'abierta', Version: 3, Evaluada: 1 });
    expect(
      draft.Participantes.map((participant) => [participant.Nombre, participant.Asistio, participant.Nota, participant.Firma?.Sha256]),
    ).toEqual([
      ['Persona 1', 1, 6.5, png(1).sha256],
      ['Persona 2', 1, 4, png(2).sha256],
      ['Ana Pérez', 1, 3.5, png(3).sha256],
    ]);
    expect(added.agregado).toBe(true);
    expect(await test.db.archivosDispositivo.count()).toBe(5);
    expect(await test.db.outbox.count()).toBe(0);
  });

  it('TR3: marking it realised is refused beside the person while an attendee lacks a grade; nothing is queued', async () => {
    const test = device();
    const { training } = await takenAttendance(test);
    await setGrade(test.db, training.IdCapacitacion, worker(2).Id, null);
    const result = await finishAttendance(training.IdCapacitacion, test);
    expect(result).toEqual({ ok: false, problems: [{ id: worker(2).Id, message: REALISATION_MESSAGES.gradeRequired }] });
    expect(await test.db.outbox.count()).toBe(0);
  });

  it('TR2: queues ONE write with the whole attendance and its files, shows the session realised with each validity, and locks the draft', async () => {
    const test = device();
    const { training, added } = await takenAttendance(test);
    expect(await finishAttendance(training.IdCapacitacion, test)).toEqual({
      ok: true,
      id: training.IdCapacitacion,
      alreadyFinished: false,
    });
    expect(await finishAttendance(training.IdCapacitacion, test)).toMatchObject({ ok: true, alreadyFinished: true });
    const entries = await test.db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ method: 'PUT', path: REALISATION_PATH, recordKey: `capacitaciones:${training.IdCapacitacion}` });
    expect(entries[0]!.files).toHaveLength(5);
    const body = v.parse(RealizacionBodySchema, entries[0]!.body);
    expect(body).toMatchObject({ IdCapacitacion: training.IdCapacitacion, Version: 3, FechaRealizacion: '2028-01-31' });
    // The person found on site travels whole; the listed ones send what changed at the worksite.
    expect(body.Participantes.at(-1)).toMatchObject({ Id: added.Id, IdPersona: added.IdPersona, Asistio: 1, Nota: 3.5 });
    expect(body.Participantes[0]).not.toHaveProperty('IdPersona');
    expect(body.Evidencias).toEqual([expect.objectContaining({ TipoEvidencia: 'Fotografía', Nombre: 'Foto-1-Uso-de-arnes.jpg' })]);
    const shown = (await test.db.capacitaciones.get(training.IdCapacitacion))!;
    expect(shown).toMatchObject({ Realizada: 1, FechaRealizacion: '2028-01-31', VigenciaMeses: 1 });
    // One month from 31 January of a leap year: 29 February. Failed (3,5): no validity.
    expect(shown.Participantes.map((participant) => participant.FechaVencimiento)).toEqual(['2028-02-29', '2028-02-29', null]);
    expect(shown.personas).toHaveLength(3);
    expect((await test.db.asistencias.get(training.IdCapacitacion))!.estado).toBe('finalizada');
  });

  it('TR5: a refused realisation discarded in Sincronización reopens the attendance whole, and the session shows as the server has it', async () => {
    const test = device();
    const { training } = await takenAttendance(test);
    await finishAttendance(training.IdCapacitacion, test);
    const [entry] = await test.db.outbox.toArray();
    await test.store.markDead(entry!.key, { status: 400, message: 'Cada asistente debe firmar su asistencia' });
    expect(await reopenRefusedAttendance(entry!.key, test)).toBe(true);
    expect(await test.db.outbox.count()).toBe(0);
    const draft = (await test.db.asistencias.get(training.IdCapacitacion))!;
    expect(draft).toMatchObject({ estado: 'abierta', rechazo: 'Cada asistente debe firmar su asistencia' });
    expect(draft.Participantes.filter((participant) => participant.Firma)).toHaveLength(3);
    expect((await test.db.capacitaciones.get(training.IdCapacitacion))!.Realizada).toBe(0);
    expect(await reopenRefusedAttendance(entry!.key, test)).toBe(false);
  });
});
