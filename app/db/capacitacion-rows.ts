import type { FileRef } from '#sync/records/record-fields.ts';
import type { Participante, Relator } from '#sync/schemas/capacitaciones-partes.schema.ts';
import type { ProgramaCapacitacion } from '#sync/schemas/capacitaciones-programa.schema.ts';
import type { Capacitacion } from '#sync/schemas/capacitaciones.schema.ts';
import type { DraftRow } from './draft-row.ts';
import { fold } from './reference-rows.ts';

/**
 * A session on the device: the pulled row whole (its lists inside), plus what its lists are found by: the workers
 * and the attendance rows of its active participants (a worker's record, a certificate), and the list order.
 */
export interface LocalCapacitacion extends Capacitacion {
  /** Newest first: the date with every digit complemented (9 - d), so an ascending index reads newest first. */
  orden: string;
  /** IdPersona of its active participants. */
  personas: string[];
  /** Id of its active participants (the attendance rows a certificate names). */
  asistencias: string[];
}

/** A programme line on the device, in plan order (year, month, topic). */
export interface LocalPrograma extends ProgramaCapacitacion {
  orden: string;
}

const complemented = (date: string) => date.replace(/\d/g, (digit) => String(9 - Number(digit)));

export function toLocalCapacitacion(row: Capacitacion): LocalCapacitacion {
  const active = row.Participantes.filter((participant) => participant.Estado === 1);
  return {
    ...row,
    orden: `${complemented(row.Fecha)} ${fold(row.Tema)}`,
    personas: active.map((participant) => participant.IdPersona),
    asistencias: active.map((participant) => participant.Id),
  };
}

export function toLocalPrograma(row: ProgramaCapacitacion): LocalPrograma {
  return { ...row, orden: `${row.Anio}-${String(row.Mes).padStart(2, '0')} ${fold(row.Tema)}` };
}

/** A participant while attendance is taken: the stored shape, plus whether this device added them on site. */
export type AttendanceParticipant = Pick<Participante, 'Id' | 'IdPersona' | 'IdCargo' | 'RunPersona' | 'Nombre' | 'Asistio' | 'Nota' | 'Firma' | 'FirmadoEn' | 'Estado'> & {
  /** Added at the worksite (found by name or RUT), not in the session before. */
  agregado: boolean;
};

/** A photo of the session taken at the worksite. */
export interface AttendancePhoto {
  Id: string;
  Archivo: FileRef;
}

/**
 * Attendance being taken at the worksite (SPEC TR1): the person's draft of a session's realisation, written on
 * every signature, grade and photo; its ONE write is queued when it is marked realised (SPEC TR2).
 */
export interface AttendanceDraft extends DraftRow {
  IdCapacitacion: string;
  IdEmpresa: string;
  /** The session's Version when the attendance started: the realisation is based on it (SPEC CF2). */
  Version: number;
  Tema: string;
  /** The session's type is evaluated: attendees get a grade. */
  Evaluada: 0 | 1;
  FechaRealizacion: string;
  Participantes: AttendanceParticipant[];
  Relatores: Relator[];
  Fotos: AttendancePhoto[];
  iniciadaEn: string;
  /** The server's message when the realisation was refused and the attendance opened again. */
  rechazo?: string;
}

/** Every signature and photo an attendance draft holds (their bytes are in `archivosDispositivo`). */
export function filesOfAttendance(draft: Pick<AttendanceDraft, 'Participantes' | 'Relatores' | 'Fotos'>): FileRef[] {
  return [
    ...draft.Participantes.flatMap((participant) => (participant.Firma ? [participant.Firma] : [])),
    ...draft.Relatores.flatMap((relator) => (relator.Firma ? [relator.Firma] : [])),
    ...draft.Fotos.map((photo) => photo.Archivo),
  ];
}
