import { toWireDate } from '#sync/domain/dates.ts';
import { personName } from '#sync/domain/person-name.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { Relator } from '#sync/schemas/capacitaciones-partes.schema.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { AttendanceDraft, AttendancePhoto, LocalCapacitacion } from '#app/db/capacitacion-rows.ts';
import type { LocalTrabajador } from '#app/db/reference-rows.ts';
import { changeDraft, DraftError } from '#app/data/drafts.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import * as store from '#app/records/field-record/field-record-store.ts';
import { ATTENDANCE_MESSAGES, attendanceRecord } from './asistencia-finish.ts';

/**
 * Attendance taken at the worksite (SPEC TR1): a field record of the session's realisation, changed through the
 * kit (each change its own transaction, signatures stored with it), never queued until it is marked realised.
 */

const { participants, presenters } = attendanceRecord.signers;

/** The draft of a session, started from what the session lists (its participants and presenters), once. */
export async function startAttendance(db: AppDb, session: LocalCapacitacion, owner: { userId: number; companyId: string }): Promise<void> {
  const build = async (): Promise<AttendanceDraft> => {
    const now = Date.now();
    const type = await db.tipos_capacitacion.get(session.IdTipoCapacitacion);
    return {
      IdCapacitacion: session.IdCapacitacion,
      IdEmpresa: owner.companyId,
      IdUsuario: owner.userId,
      estado: 'abierta',
      actualizadoEn: now,
      Version: session.Version,
      Tema: session.Tema,
      Evaluada: type?.Evaluada ?? session.Evaluada,
      FechaRealizacion: toWireDate(new Date(now)),
      Participantes: session.Participantes.filter((participant) => participant.Estado === 1).map((participant) => ({
        Id: participant.Id,
        IdPersona: participant.IdPersona,
        IdCargo: participant.IdCargo,
        RunPersona: participant.RunPersona,
        Nombre: participant.Nombre,
        Asistio: participant.Asistio,
        Nota: participant.Nota,
        Firma: participant.Firma,
        FirmadoEn: participant.FirmadoEn,
        Estado: 1,
        agregado: false,
      })),
      Relatores: session.Relatores.filter((relator) => relator.Estado === 1).map((relator) => ({ ...relator })),
      Fotos: [],
      iniciadaEn: new Date(now).toISOString(),
    };
  };
  await store.startFieldRecord(db, attendanceRecord, session.IdCapacitacion, build, ['tipos_capacitacion']);
}

/** A worker found on site by name or RUT joins the session (or comes back, if taken out before). */
export async function addAttendee(db: AppDb, id: string, worker: LocalTrabajador): Promise<void> {
  await changeDraft(db, 'asistencias', id, (draft) => {
    const known = draft.Participantes.find((participant) => participant.IdPersona === worker.IdPersona);
    if (known) {
      if (known.Estado === 1) return false;
      known.Estado = 1;
      return;
    }
    const { IdPersona, RunPersona } = worker;
    const found = { IdPersona, IdCargo: worker.cargos[0] ?? null, RunPersona, Nombre: personName(worker) };
    draft.Participantes.push({ Id: uuidV7(), ...found, Asistio: 0, Nota: null, Firma: null, FirmadoEn: null, Estado: 1, agregado: true });
  });
}

export const removeAttendee = (db: AppDb, id: string, participantId: string) =>
  store.removePerson(db, attendanceRecord, participants, id, participantId);

export const signAttendee = (db: AppDb, id: string, participantId: string, png: LocalFile | null) =>
  store.signPerson(db, attendanceRecord, participants, id, participantId, png);

export const clearAttendeeSignature = (db: AppDb, id: string, participantId: string) =>
  store.clearSignature(db, attendanceRecord, participants, id, participantId);

export async function setGrade(db: AppDb, id: string, participantId: string, grade: number | null): Promise<void> {
  await changeDraft(db, 'asistencias', id, (draft) => {
    const participant = draft.Participantes.find((candidate) => candidate.Id === participantId);
    if (!participant || participant.Nota === grade) return false;
    participant.Nota = grade;
  });
}

/** A presenter who is on site but not listed (a worker without an account, someone from outside). */
export async function addPresenter(db: AppDb, id: string, presenter: Pick<Relator, 'Nombre' | 'Rut' | 'IdPersona'>): Promise<void> {
  await changeDraft(db, 'asistencias', id, (draft) => {
    draft.Relatores.push({ Id: uuidV7(), IdUsuario: null, IdCargo: null, Firma: null, FirmadoEn: null, Estado: 1, ...presenter });
  });
}

/** The presenter's signature, with the name and RUT they sign with (a presenter by position is named here). */
export async function signPresenter(
  db: AppDb,
  id: string,
  presenterId: string,
  signer: { Nombre: string; Rut: string },
  png: LocalFile | null,
): Promise<void> {
  if (png && !signer.Nombre.trim()) throw new DraftError(ATTENDANCE_MESSAGES.presenterName);
  await store.signPerson(db, attendanceRecord, presenters, id, presenterId, png, (presenter) =>
    Object.assign(presenter, { Nombre: signer.Nombre.trim(), Rut: signer.Rut.trim() }),
  );
}

/** The session's photos (their bytes are already in `archivosDispositivo`, stored by the photo field). */
export const setPhotos = (db: AppDb, id: string, photos: AttendancePhoto['Archivo'][]) =>
  store.setFiles(db, attendanceRecord, id, photos, {
    get: (draft) => draft.Fotos,
    set: (draft, entries) => (draft.Fotos = entries),
    file: (photo) => photo.Archivo,
    entry: (file) => ({ Id: uuidV7(), Archivo: file }),
  });

export const setRealisationDate = (db: AppDb, id: string, date: string) => store.setField(db, attendanceRecord, id, 'FechaRealizacion', date);
