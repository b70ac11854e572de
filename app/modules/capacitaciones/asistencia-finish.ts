import { evidenceFileName } from '#sync/domain/file-names.ts';
import { type RealisationProblem, realisationProblems } from '#sync/domain/training-rules.ts';
import { sessionWithValidity } from '#sync/schemas/capacitacion-record.ts';
import type { Relator } from '#sync/schemas/capacitaciones-partes.schema.ts';
import { type RealizacionBody, RealizacionBodySchema } from '#sync/schemas/capacitaciones.schema.ts';
import * as v from 'valibot';
import type { AppDb } from '#app/db/app-db.ts';
import { type AttendanceDraft, type AttendanceParticipant, filesOfAttendance, type LocalCapacitacion, toLocalCapacitacion } from '#app/db/capacitacion-rows.ts';
import type { FinishPlan, FinishResult } from '#app/data/drafts.ts';
import type { localWrite } from '#app/data/local-write.ts';
import { defineFieldRecord, type SignerRole } from '#app/records/field-record/field-record.ts';
import { finishFieldRecord } from '#app/records/field-record/field-record-finish.ts';
import { reopenFieldRecord } from '#app/records/field-record/field-record-reopen.ts';
import type { DeviceSync } from '#app/sync/device-sync.ts';
import { evidenceRows } from './sesion-rows.ts';

/** SPEC TR2: the one write that marks a session realised with the attendance taken at the worksite. */
export const REALISATION_PATH = '/api/capacitaciones/detalles/realizadas';

type FinishDevice = NonNullable<Parameters<typeof localWrite>[1]>;

export const ATTENDANCE_MESSAGES = {
  signatureMissing: 'Dibuja la firma antes de guardarla',
  presenterName: 'Escribe el nombre del relator antes de que firme',
  participantGone: 'El participante ya no está en la asistencia',
  presenterGone: 'El relator ya no está en la asistencia',
} as const;

/** Signing is attending; a signature taken back takes the attendance and its grade with it. */
const participants: SignerRole<AttendanceDraft, AttendanceParticipant> = {
  of: (draft) => draft.Participantes,
  id: (participant) => participant.Id,
  gone: ATTENDANCE_MESSAGES.participantGone,
  present: (participant) => participant.Estado === 1,
  signed: (participant) => participant.Firma !== null,
  sign: (participant, signature) => Object.assign(participant, signature, { Asistio: 1 }),
  clear: (participant) => Object.assign(participant, { Firma: null, FirmadoEn: null, Asistio: 0, Nota: null }),
  // Someone added on site by mistake leaves; listed participants stay (absent unless they sign).
  remove: (_draft, participant) => {
    if (!participant.agregado) return false;
    Object.assign(participant, { Estado: 0, Firma: null, Asistio: 0, Nota: null });
  },
};

const presenters: SignerRole<AttendanceDraft, Relator> = {
  of: (draft) => draft.Relatores,
  id: (relator) => relator.Id,
  gone: ATTENDANCE_MESSAGES.presenterGone,
  present: (relator) => relator.Estado === 1,
  signed: (relator) => relator.Firma !== null,
  sign: (relator, signature) => Object.assign(relator, signature),
};

/** What the draft would send now: every participant (absent ones too), presenters and the photos as evidence. */
export function realisationBody(draft: AttendanceDraft): RealizacionBody {
  return v.parse(RealizacionBodySchema, {
    IdCapacitacion: draft.IdCapacitacion,
    Version: draft.Version,
    FechaRealizacion: draft.FechaRealizacion,
    Participantes: draft.Participantes.map((participant) => ({
      Id: participant.Id,
      ...(participant.agregado ? { IdPersona: participant.IdPersona, IdCargo: participant.IdCargo } : {}),
      Asistio: participant.Asistio,
      Nota: participant.Nota,
      Firma: participant.Firma,
      FirmadoEn: participant.FirmadoEn,
      Estado: participant.Estado,
    })),
    Relatores: draft.Relatores.map((relator) =>
      // A presenter added on site is new to the server: it goes whole; a listed one sends what changed on site.
      relator.IdUsuario === null && relator.IdCargo === null && relator.IdPersona === null
        ? relator
        : {
            Id: relator.Id,
            Nombre: relator.Nombre,
            Rut: relator.Rut,
            Firma: relator.Firma,
            FirmadoEn: relator.FirmadoEn,
            Estado: relator.Estado,
            ...(relator.IdPersona ? { IdPersona: relator.IdPersona } : {}),
          },
    ),
    Evidencias: draft.Fotos.map((photo, index) => ({
      Id: photo.Id,
      Nombre: evidenceFileName(`Foto ${index + 1} ${draft.Tema}.jpg`),
      TipoEvidencia: 'Fotografía',
      Archivo: photo.Archivo,
      Fecha: draft.FechaRealizacion,
    })),
  });
}

/** What still stops marking the session realised, by participant or presenter (SPEC TR3); empty when it can be. */
export function attendanceProblems(draft: AttendanceDraft): RealisationProblem[] {
  return realisationProblems({ Evaluada: draft.Evaluada, Participantes: draft.Participantes, Relatores: draft.Relatores });
}

/** The session as the device shows it once realised, with each attendance's validity (SPEC TR4). */
async function realisedRow(db: AppDb, draft: AttendanceDraft, body: RealizacionBody): Promise<LocalCapacitacion | null> {
  const session = await db.capacitaciones.get(draft.IdCapacitacion);
  if (!session) return null;
  const type = await db.tipos_capacitacion.get(session.IdTipoCapacitacion);
  const participants = draft.Participantes.map((participant) => {
    const stored = session.Participantes.find((candidate) => candidate.Id === participant.Id);
    const { agregado: _agregado, ...fields } = participant;
    return { RutContratista: null, IdNivel2: null, IdNivel3: null, FechaVencimiento: null, ...stored, ...fields };
  });
  const presenters = draft.Relatores;
  const evidence = [...session.Evidencias, ...evidenceRows(session.IdEmpresa, session.IdCapacitacion, body.Evidencias)];
  const realised = {
    ...session,
    Realizada: 1 as const,
    FechaRealizacion: body.FechaRealizacion,
    Evaluada: draft.Evaluada,
    Version: session.Version + 1,
    Participantes: participants,
    Relatores: presenters,
    Evidencias: evidence,
  };
  return toLocalCapacitacion(sessionWithValidity(realised, type ?? null));
}

function plan(draft: AttendanceDraft, row: LocalCapacitacion | null): FinishPlan<'asistencias', RealisationProblem> {
  const problems = attendanceProblems(draft);
  if (problems.length > 0) return { ok: false, problems };
  if (!row) return { ok: false, problems: [{ id: null, message: 'La capacitación no está en este dispositivo' }] };
  const body = realisationBody(draft);
  return {
    ok: true,
    finish: {
      write: {
        table: 'capacitaciones',
        id: draft.IdCapacitacion,
        row,
        request: { method: 'PUT', path: REALISATION_PATH, body },
        parents: draft.Participantes.filter((participant) => participant.agregado).map((participant) => ({
          table: 'trabajadores' as const,
          id: participant.IdPersona,
        })),
      },
      files: filesOfAttendance(draft),
      apply: async (_db, finished) => {
        delete finished.rechazo;
      },
    },
  };
}

/** The session's attendance as a signed field record: its one write, and its refusal opening it again (SPEC TR5). */
export const attendanceRecord = defineFieldRecord({
  table: 'asistencias',
  blankSignature: ATTENDANCE_MESSAGES.signatureMissing,
  signers: { participants, presenters },
  prepare: (db, draft) => realisedRow(db, draft, realisationBody(draft)),
  finish: plan,
  problem: (message): RealisationProblem => ({ id: null, message }),
  reopen: { method: 'PUT', path: REALISATION_PATH, table: 'capacitaciones', refused: 'El servidor rechazó la asistencia' },
});

/**
 * SPEC TR2: checks the attendance with the server's rules and, when it passes, queues ONE write with the whole
 * realisation and its signatures and photos, shows the session realised and locks the draft, in one transaction.
 */
export function finishAttendance(id: string, device?: FinishDevice): Promise<FinishResult<RealisationProblem>> {
  return finishFieldRecord(attendanceRecord, id, device);
}

/** SPEC TR5: discarding a refused realisation (Sincronización) opens its attendance again with the server's message. */
export function reopenRefusedAttendance(deadKey: string, device: Pick<DeviceSync, 'db' | 'store' | 'replayer'>): Promise<boolean> {
  return reopenFieldRecord(attendanceRecord, deadKey, device);
}
