import type { Correccion } from '#sync/schemas/inspecciones-correccion.schema.ts';
import type { Firma, Inspeccion, ObservacionNueva, RespuestaEnunciado } from '#sync/schemas/inspecciones.schema.ts';
import type { Observacion } from '#sync/schemas/observaciones.schema.ts';
import type { Formulario } from '#sync/schemas/formularios.schema.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import type { DraftRow } from './draft-row.ts';

/** A template as the device keeps it (pulled; newest version only). `orden`: folded name, the list order. */
export interface LocalFormulario extends Formulario {
  orden: string;
}

/**
 * A finished inspection as the device keeps it (pulled, or queued from this device). A corrected one carries its
 * corrections (the server's, and one of this device while its correction is queued): its PDF says so offline.
 */
export type LocalInspeccion = Inspeccion & { Correcciones?: Correccion[] };

/** An observation as the device keeps it (pulled, or changed here and queued). */
export type LocalObservacion = Observacion;

/** The template version a draft was started with, copied whole so a later edit never breaks it (SPEC IN3). */
export type DraftTemplate = Pick<Formulario, 'IdFormulario' | 'Nombre' | 'Tipo' | 'VersionFormulario' | 'Contenido'>;

/** An observation being written in a draft; Estado 0 when its statement's answer changed (spec 4.4). */
export type DraftObservation = ObservacionNueva & { Estado: 0 | 1 };

/**
 * An inspection being filled on this device (SPEC IN1): written on every answer, never queued until finished.
 * `estado` 'finalizada' means the one outbox entry of IN2 is queued and the draft is read-only.
 */
export interface InspectionDraft
  extends DraftRow,
    Pick<
      Inspeccion,
      'IdEvaluacion' | 'IdEmpresa' | 'Fecha' | 'Lugar' | 'IdNivel2' | 'IdNivel3' | 'Supervisor' | 'Observados' | 'EquipoTrabajo' | 'RutContratista' | 'IdCliente' | 'Encabezado'
    > {
  formulario: DraftTemplate;
  /** By IdEnunciado. */
  respuestas: Record<string, Pick<RespuestaEnunciado, 'Respuesta' | 'Subrespuestas'>>;
  /**
   * Sub-question answers typed before their statement has an answer, by IdEnunciado then IdSubpregunta; they move
   * into `respuestas` when the statement is answered, so `respuestas` holds answered statements only.
   */
  subrespuestasPendientes?: Record<string, Record<string, string>>;
  observaciones: DraftObservation[];
  firmas: Firma[];
  iniciadaEn: string;
  /** Set when the server refused the finished draft and it was reopened for correction (SPEC IN11). */
  rechazo?: DraftRefusal;
}

/** What a reopened draft keeps of its refusal: the server's words, and the writes held back for it. */
export interface DraftRefusal {
  mensaje: string;
  codigo?: string;
  /** Keys of the writes that waited on the refused inspection (steps of its observations, its deletion). */
  retenidas: string[];
}

/**
 * Bytes of photos and signatures taken on this device, by SHA-256 (ArrayBuffer + type, never a Blob: SPEC FL1).
 * Kept after the upload so reports can be made offline; the outbox keeps its own copy until the server has it.
 */
export interface DeviceFile {
  sha256: string;
  type: string;
  bytes: ArrayBuffer;
  creadoEn: number;
}

/** Every photo and signature an inspection draft references (its bytes are in `archivosDispositivo`). */
export function filesOfInspectionDraft(draft: Pick<InspectionDraft, 'observaciones' | 'firmas'>, activeOnly = false): FileRef[] {
  const observations = activeOnly ? draft.observaciones.filter((obs) => obs.Estado === 1) : draft.observaciones;
  return [...observations.flatMap((obs) => obs.Archivos), ...draft.firmas.map((firma) => firma.Archivo)];
}
