import { deliveredItemExpiry } from '../domain/epp-delivery.ts';
import type { EppEntrega, EppEntregaCreateBody } from './epp-entregas.schema.ts';

/** What an acta's record holds beyond what the worker signed: whose it is, and what the catalogue says of each item. */
export interface ActaContext {
  IdEmpresa: string;
  /** The worker's contractor at delivery: who else may read it. */
  RutContratista: string | null;
  /** The worker's name as the record keeps it: the roster's on the server, the signed one until then. */
  NombreTrabajador: string;
  /** Each line's useful life in months, by IdLinea (0: never expires). */
  lives: ReadonlyMap<string, number>;
  IdUsuario: number;
  /** When the server received it; null on the device until it has. */
  RecibidoEn: string | null;
}

/**
 * The record of one worker's sealed acta (SPEC EP2), built once: the device shows it the moment the last worker
 * signs, and the server stores it; what the worker signed is copied unchanged, so the seal holds on both.
 */
export function actaRecord<Received extends string | null>(
  acta: EppEntregaCreateBody,
  context: ActaContext & { RecibidoEn: Received },
): EppEntrega & { RecibidoEn: Received } {
  return {
    IdEntregadosEpp: acta.IdEntregadosEpp,
    IdEmpresa: context.IdEmpresa,
    Estado: 1,
    Version: 1,
    IdEntrega: acta.IdEntrega,
    IdPersona: acta.IdPersona,
    RunPersona: acta.RunPersona,
    NombreTrabajador: context.NombreTrabajador,
    RutContratista: context.RutContratista,
    IdCliente: acta.IdCliente?.trim() || null,
    Motivo: acta.Motivo,
    Fecha: acta.Fecha,
    Items: acta.Items.map((item) => {
      const months = context.lives.get(item.IdLinea) ?? 0;
      return { ...item, VidaUtilMeses: months, VenceEl: deliveredItemExpiry(acta.Fecha, months) };
    }),
    Entregador: acta.Entregador,
    FirmaTrabajador: acta.FirmaTrabajador,
    FirmadoEn: acta.FirmadoEn,
    Corrige: acta.Corrige,
    Sello: acta.Sello,
    VersionSello: acta.VersionSello ?? 1,
    RecibidoEn: context.RecibidoEn,
    IdUsuario: context.IdUsuario,
    Anulada: 0,
    AnuladaPor: null,
    AnuladaEn: null,
  };
}
