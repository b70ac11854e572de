import type { Table } from 'dexie';
import type { FileRef } from '#sync/records/record-fields.ts';
import type { AppDb } from './app-db.ts';
import { filesOfIncidentDraft } from './incident-rows.ts';
import { filesOfInspectionDraft } from './inspection-rows.ts';
import { filesOfAttendance } from './capacitacion-rows.ts';
import { filesOfEppDraft } from './epp-delivery-draft.ts';

/**
 * What every kind of draft shares (SPEC DR1): the person's unfinished work, kept only on their device. A table whose
 * rows are DraftRows is a draft table, and `DRAFT_KINDS` below must name it to compile. Every draft table indexes
 * `estado`.
 */
export interface DraftRow {
  IdUsuario: number;
  /** 'abierta' while the person works on it; 'finalizada' once its one outbox write is queued (read-only). */
  estado: 'abierta' | 'finalizada';
  /** Epoch ms of the last change. */
  actualizadoEn: number;
}

type TableName = { [K in keyof AppDb]: AppDb[K] extends Table ? K : never }[keyof AppDb];

/** Every table of the device database whose rows are drafts, found by their type (SPEC DR1). */
export type DraftTableName = {
  [K in TableName]: AppDb[K] extends Table<infer Row, infer _Key, infer _Insert> ? (Row extends DraftRow ? K : never) : never;
}[TableName];

export type DraftOf<T extends DraftTableName> = AppDb[T] extends Table<infer Row, infer _Key, infer _Insert> ? Row & DraftRow : never;

/** A kind of draft in the person's words, and what of the device it holds on to. */
export interface DraftKind<Row> {
  /** "inspección en curso" / "inspecciones en curso": the sign-out warning counts them (SPEC DR3). */
  one: string;
  many: string;
  /** The draft is not on this device (another tab deleted it). */
  notFound: string;
  /** The draft was finished: it is read-only. */
  finished: string;
  /** A photo or signature of the draft is missing from this device when it is finished. */
  fileMissing: string;
  /** Every photo and signature the draft uses (bytes in `archivosDispositivo`): kept while it is. */
  files(draft: Row): FileRef[];
  /** The workers the draft names: a narrower scope leaves them on the device while it is (SPEC PL15). */
  workers(draft: Row): readonly (string | null | undefined)[];
}

/**
 * Every kind of draft, keyed by every draft table: a new kind that is not named here does not compile, so none can
 * be deleted at sign-out unnoticed, and the files it uses are never collected while it exists.
 */
export const DRAFT_KINDS: { [T in DraftTableName]: DraftKind<DraftOf<T>> } = {
  borradores: {
    one: 'inspección en curso',
    many: 'inspecciones en curso',
    notFound: 'La inspección en curso no está en este dispositivo',
    finished: 'La inspección ya fue finalizada: no se puede modificar',
    fileMissing: 'Falta en este dispositivo una foto o firma de la inspección: vuelve a tomarla o quítala',
    files: (draft) => filesOfInspectionDraft(draft),
    workers: (draft) => draft.Observados,
  },
  asistencias: {
    one: 'asistencia en curso',
    many: 'asistencias en curso',
    notFound: 'La asistencia en curso no está en este dispositivo',
    finished: 'La capacitación ya fue marcada como realizada: la asistencia no se puede modificar',
    fileMissing: 'Falta en este dispositivo una firma o foto de la asistencia: vuelve a tomarla o quítala',
    files: (draft) => filesOfAttendance(draft),
    workers: (draft) => draft.Participantes.map((participant) => participant.IdPersona),
  },
  borradoresEpp: {
    one: 'entrega de EPP en curso',
    many: 'entregas de EPP en curso',
    notFound: 'La entrega de EPP en curso no está en este dispositivo',
    finished: 'La entrega de EPP ya fue finalizada: no se puede modificar',
    fileMissing: 'Falta en este dispositivo una firma de la entrega: vuelve a firmarla',
    files: (draft) => filesOfEppDraft(draft),
    workers: (draft) => draft.trabajadores.map((worker) => worker.IdPersona),
  },
  borradores_incidentes: {
    one: 'reporte de incidente en curso',
    many: 'reportes de incidente en curso',
    notFound: 'El reporte de incidente en curso no está en este dispositivo',
    finished: 'El reporte ya fue enviado: no se puede modificar',
    fileMissing: 'Falta en este dispositivo una foto, documento o firma del reporte: vuelve a agregarla o quítala',
    files: (draft) => filesOfIncidentDraft(draft),
    workers: (draft) => [draft.campos.IdPersona],
  },
};
