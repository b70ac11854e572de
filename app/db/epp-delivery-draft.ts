import type { MotivoEntrega } from '#sync/domain/epp-delivery.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import type { EntregaItem, EppEntregaCreateBody } from '#sync/schemas/epp-entregas.schema.ts';
import type { DraftRow } from './draft-row.ts';

/** A line of a worker in a crew delivery: the acta's line plus the item's useful life when it was chosen. */
export type CrewLine = EntregaItem & { VidaUtilMeses: number };

/** A worker of a crew delivery being signed: their lines, and their sealed acta once they signed. */
export interface CrewWorker {
  IdPersona: string;
  RunPersona: string;
  Nombre: string;
  /** Who else may read the worker's acta (SPEC PL7): their contractor, or null. */
  RutContratista: string | null;
  items: CrewLine[];
  /**
   * The worker's acta, sealed on this device when they signed (SPEC EP1). It stays in the draft until the crew
   * finishes: a tablet that dies before the last signature keeps every acta already signed.
   */
  acta: EppEntregaCreateBody | null;
}

/**
 * Who hands the equipment over: they sign once for the whole crew, before the workers. SPEC EP7: the signed-in user
 * (`IdUsuario`) or a worker of the roster (`IdPersona`), their name and RUT taken from the session or the roster.
 * A draft signed by an older app has neither (a typed name and RUT): its actas are sealed under version 1.
 */
export interface CrewDeliverer {
  Nombre: string;
  Rut: string;
  IdUsuario?: number;
  IdPersona?: string;
  Firma: FileRef;
  FirmadoEn: string;
}

/**
 * A crew EPP delivery in progress on this device (SPEC DR1, EP1): the workers, their lines and the signatures given
 * so far. It is a draft until the last worker signed; then every worker's acta is queued, each its own record, in
 * one local transaction, and the draft is locked (`finalizada`).
 */
export interface EppDeliveryDraft extends DraftRow {
  /** The crew delivery's id: every acta names it (`IdEntrega`). */
  IdEntrega: string;
  IdEmpresa: string;
  Motivo: MotivoEntrega;
  IdCliente: string | null;
  /** A correction of one worker's acta names the acta it corrects. */
  Corrige: string | null;
  /** The dispatched EPP request this crew delivers (every acta names it, outside the seal); absent in older drafts. */
  IdSolicitud?: string | null;
  trabajadores: CrewWorker[];
  entregador: CrewDeliverer | null;
  iniciadaEn: string;
}

/** Every signature the draft holds (its bytes are in `archivosDispositivo`). */
export function filesOfEppDraft(draft: Pick<EppDeliveryDraft, 'entregador' | 'trabajadores'>): FileRef[] {
  return [
    ...(draft.entregador ? [draft.entregador.Firma] : []),
    ...draft.trabajadores.flatMap((worker) => (worker.acta ? [worker.acta.FirmaTrabajador] : [])),
  ];
}
