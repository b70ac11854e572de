import { toWireDate } from '#sync/domain/dates.ts';
import { personName } from '#sync/domain/person-name.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { Relator } from '#sync/schemas/capacitaciones-partes.schema.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { AttendanceDraft, AttendancePhoto, LocalCapacitacion } from '#app/db/capacitacion-rows.ts';
import type { LocalTrabajador } from '#app/db/reference-rows.ts';
import { changeDraft, DraftError } from '#app/data/drafts.ts';
import type { LocalFile } from '#app/data/local-write.ts';

/**
 * Attendance taken at the worksite (SPEC TR1): a draft of the session's realisation, changed through the drafts
 * kit (each change its own transaction, signatures stored with it), never queued until it is marked realised.
 */

export const ATTENDANCE_MESSAGES = {
  signatureMissing: 'Dibuja la firma antes de guardarla',
  presenterName: 'Escribe el nombre del relator antes de que firme',
  participantGone: 'El participante ya no está en la asistencia',
  presenterGone: 'El relator ya no está en la asistencia',
} as const;

const change = (db: AppDb, id: string, apply: (draft: AttendanceDraft) => boolean | void, files?: LocalFile[]) =>
  changeDraft(db, 'asistencias', id, apply, files);

/** The draft of a session, started from what the session lists (its participants and presenters), once. */
export async function startAttendance(db: AppDb, session: LocalCapacitacion, owner: { userId: number; companyId: string }): Promise<void> {
  await db.transaction('rw', [db.asistencias, db.tipos_capacitacion], async () => {
    const existing = await db.asistencias.get(session.IdCapacitacion);
    if (existing && existing.estado === 'abierta') return;
    const now = Date.now();
    const type = await db.tipos_capacitacion.get(session.IdTipoCapacitacion);
    const draft: AttendanceDraft = {
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
    await db.asistencias.put(draft);
  });
}

/** A worker found on site by name or RUT joins the session (or comes back, if taken out before). */
export async function addAttendee(db: AppDb, id: string, worker: LocalTrabajador): Promise<void> {
  await change(db, id, (draft) => {
    const known = draft.Participantes.find((participant) => participant.IdPersona === worker.IdPersona);
    if (known) {
      if (known.Estado === 1) return false;
      known.Estado = 1;
      return;
    }
    draft.Participantes.push({
      Id: uuidV7(),
      IdPersona: worker.IdPersona,
      IdCargo: worker.cargos[0] ?? null,
      RunPersona: worker.RunPersona,
      Nombre: personName(worker),
      Asistio: 0,
      Nota: null,
      Firma: null,
      FirmadoEn: null,
      Estado: 1,
      agregado: true,
    });
  });
}

/** Takes out someone added on site by mistake; listed participants stay (absent unless they sign). */
export async function removeAttendee(db: AppDb, id: string, participantId: string): Promise<void> {
  await change(db, id, (draft) => {
    const participant = draft.Participantes.find((candidate) => candidate.Id === participantId);
    if (!participant || !participant.agregado || participant.Estado === 0) return false;
    participant.Estado = 0;
    participant.Firma = null;
    participant.Asistio = 0;
    participant.Nota = null;
  });
}

/** A participant's signature: its PNG and the attendance in one transaction. Signing is attending. */
export async function signAttendee(db: AppDb, id: string, participantId: string, png: LocalFile | null): Promise<void> {
  if (!png) throw new DraftError(ATTENDANCE_MESSAGES.signatureMissing);
  await change(
    db,
    id,
    (draft) => {
      const participant = draft.Participantes.find((candidate) => candidate.Id === participantId && candidate.Estado === 1);
      if (!participant) throw new DraftError(ATTENDANCE_MESSAGES.participantGone);
      participant.Firma = { Sha256: png.sha256, Tipo: 'image/png' };
      participant.FirmadoEn = new Date().toISOString();
      participant.Asistio = 1;
    },
    [{ ...png, type: 'image/png' }],
  );
}

export async function clearAttendeeSignature(db: AppDb, id: string, participantId: string): Promise<void> {
  await change(db, id, (draft) => {
    const participant = draft.Participantes.find((candidate) => candidate.Id === participantId);
    if (!participant?.Firma) return false;
    participant.Firma = null;
    participant.FirmadoEn = null;
    participant.Asistio = 0;
    participant.Nota = null;
  });
}

export async function setGrade(db: AppDb, id: string, participantId: string, grade: number | null): Promise<void> {
  await change(db, id, (draft) => {
    const participant = draft.Participantes.find((candidate) => candidate.Id === participantId);
    if (!participant || participant.Nota === grade) return false;
    participant.Nota = grade;
  });
}

/** A presenter who is on site but not listed (a worker without an account, someone from outside). */
export async function addPresenter(db: AppDb, id: string, presenter: Pick<Relator, 'Nombre' | 'Rut' | 'IdPersona'>): Promise<void> {
  await change(db, id, (draft) => {
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
  if (!png) throw new DraftError(ATTENDANCE_MESSAGES.signatureMissing);
  if (!signer.Nombre.trim()) throw new DraftError(ATTENDANCE_MESSAGES.presenterName);
  await change(
    db,
    id,
    (draft) => {
      const presenter = draft.Relatores.find((candidate) => candidate.Id === presenterId && candidate.Estado === 1);
      if (!presenter) throw new DraftError(ATTENDANCE_MESSAGES.presenterGone);
      presenter.Nombre = signer.Nombre.trim();
      presenter.Rut = signer.Rut.trim();
      presenter.Firma = { Sha256: png.sha256, Tipo: 'image/png' };
      presenter.FirmadoEn = new Date().toISOString();
    },
    [{ ...png, type: 'image/png' }],
  );
}

/** The session's photos (their bytes are already in `archivosDispositivo`, stored by the photo field). */
export async function setPhotos(db: AppDb, id: string, photos: AttendancePhoto['Archivo'][]): Promise<void> {
  await change(db, id, (draft) => {
    const kept = draft.Fotos.filter((photo) => photos.some((file) => file.Sha256 === photo.Archivo.Sha256));
    const added = photos
      .filter((file) => !draft.Fotos.some((photo) => photo.Archivo.Sha256 === file.Sha256))
      .map((file) => ({ Id: uuidV7(), Archivo: file }));
    if (added.length === 0 && kept.length === draft.Fotos.length) return false;
    draft.Fotos = [...kept, ...added];
  });
}

export async function setRealisationDate(db: AppDb, id: string, date: string): Promise<void> {
  await change(db, id, (draft) => {
    if (draft.FechaRealizacion === date) return false;
    draft.FechaRealizacion = date;
  });
}
