import type { Clasificacion } from '#sync/domain/incident-form.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import type { Declaracion, EvidenciaIncidente, Incidente, Investigador } from '#sync/schemas/incidentes.schema.ts';
import type { MedidaControl, MedidaNueva } from '#sync/schemas/medidas-control.schema.ts';
import type { DraftRow } from './draft-row.ts';

/** A case as the device keeps it (pulled, or reported or edited here and queued). */
export type LocalIncidente = Incidente;

/** A control measure as the device keeps it. */
export type LocalMedida = MedidaControl;

type PersonFields = 'Clasificacion' | 'TipoEvento';

/**
 * What the person writes of a case, field by field, as the form holds it: the spec's fields with their values,
 * the classification and the type of event still unchosen (null) while the report is being written.
 */
export type IncidentFields = Omit<Pick<Incidente, Exclude<keyof Incidente, NonFieldKeys>>, PersonFields | 'RutContratista'> & {
  Clasificacion: Clasificacion | null;
  TipoEvento: string | null;
  RutContratista: string;
};

type NonFieldKeys =
  | 'IdEvaluacion'
  | 'IdEmpresa'
  | 'Estado'
  | 'Version'
  | 'IdAccidente'
  | 'Evidencias'
  | 'Declaraciones'
  | 'Investigadores'
  | 'DiasPerdidos'
  | 'Gravedad'
  | 'ValorRiesgo'
  | 'NivelRiesgo'
  | 'IdCliente'
  | 'FechaEvaluacion'
  | 'IdUsuario'
  | 'CreadoEn'
  | 'CerradoEn';

/**
 * A report being written on this device (SPEC IC1, DR1): every field, photo and signature is written the moment it
 * is given, so a reload, a crash or a sign-out loses nothing. Not queued until it is sent; then `estado`
 * 'finalizada' and read-only.
 */
export interface IncidentDraft extends DraftRow {
  IdEvaluacion: string;
  IdEmpresa: string;
  /** The display folio, given when the report was started (spec: IdAccidente, a timestamp). */
  IdAccidente: string;
  campos: IncidentFields;
  Evidencias: EvidenciaIncidente[];
  Declaraciones: Declaracion[];
  Investigadores: Investigador[];
  MedidasControl: MedidaNueva[];
  iniciadaEn: string;
  /** The server refused the sent report and it was reopened for correction: its words. */
  rechazo?: { mensaje: string; codigo?: string };
}

/** Every photo, document and signature a report draft references (its bytes are in `archivosDispositivo`). */
export function filesOfIncidentDraft(draft: Pick<IncidentDraft, 'campos' | 'Evidencias' | 'Declaraciones' | 'Investigadores'>): FileRef[] {
  return [
    ...draft.Evidencias.map((evidence) => evidence.Archivo),
    ...draft.Declaraciones.flatMap((declaration) => (declaration.Archivo ? [declaration.Archivo] : [])),
    ...draft.Investigadores.map((investigator) => investigator.Firma),
    ...(draft.campos.FirmaInformador ? [draft.campos.FirmaInformador] : []),
  ];
}
