import { expiryDate } from './validity.ts';
import { type SealLayout, sealOf } from './seal.ts';

/** Spec part 2 "EPP": the fixed list of delivery reasons, by their numbers on the wire. */
export const MOTIVOS_ENTREGA = {
  1: 'Inducción',
  2: 'Reposición por daño',
  3: 'Reposición normal',
  4: 'Inicio de temporada',
  5: 'Garantía',
} as const;
export type MotivoEntrega = keyof typeof MOTIVOS_ENTREGA;
export const MOTIVO_CODES = [1, 2, 3, 4, 5] as const satisfies readonly MotivoEntrega[];

/**
 * What a worker's EPP delivery acta seals (Ley 16.744 art. 68, DS 594 art. 53: the record must stand before a
 * labour inspector years later). Any change of these fields, their order or their kinds is a new layout id.
 */
export const EPP_ACTA_LAYOUT: SealLayout = {
  id: 'andes-hse/epp-acta/1',
  fields: [
    { name: 'IdEmpresa', kind: 'text' },
    { name: 'IdEntregadosEpp', kind: 'text' },
    { name: 'RunPersona', kind: 'text' },
    { name: 'Fecha', kind: 'date' },
    { name: 'Motivo', kind: 'number' },
    {
      name: 'Items',
      kind: 'list',
      of: [
        { name: 'IdLinea', kind: 'text' },
        { name: 'IdEpp', kind: 'text' },
        { name: 'NombreEpp', kind: 'text' },
        { name: 'Talla', kind: 'text' },
        { name: 'Cantidad', kind: 'number' },
      ],
    },
    { name: 'RutEntregador', kind: 'text' },
    { name: 'FirmaEntregador', kind: 'sha256' },
    { name: 'FirmaTrabajador', kind: 'sha256' },
    { name: 'FirmadoEn', kind: 'instant' },
    { name: 'Corrige', kind: 'text', nullable: true },
  ],
};

/** The fields of a delivery the acta's seal covers, as the device sends them and the server stores them. */
export interface SealedActa {
  IdEntregadosEpp: string;
  RunPersona: string;
  Fecha: string;
  Motivo: number;
  Items: readonly { IdLinea: string; IdEpp: string; NombreEpp: string; Talla: string; Cantidad: number }[];
  Entregador: { Rut: string; Firma: { Sha256: string } };
  FirmaTrabajador: { Sha256: string };
  /** The device's time when the worker signed (an instant with its zone). */
  FirmadoEn: string;
  Corrige: string | null;
}

/** The acta's seal for `company`: the device computes it when the worker signs, the server again when it arrives. */
export function actaSeal(company: string, acta: SealedActa): Promise<string> {
  return sealOf(EPP_ACTA_LAYOUT, {
    IdEmpresa: company,
    IdEntregadosEpp: acta.IdEntregadosEpp,
    RunPersona: acta.RunPersona,
    Fecha: acta.Fecha,
    Motivo: acta.Motivo,
    Items: acta.Items.map(({ IdLinea, IdEpp, NombreEpp, Talla, Cantidad }) => ({ IdLinea, IdEpp, NombreEpp, Talla, Cantidad })),
    RutEntregador: acta.Entregador.Rut,
    FirmaEntregador: acta.Entregador.Firma.Sha256,
    FirmaTrabajador: acta.FirmaTrabajador.Sha256,
    FirmadoEn: acta.FirmadoEn,
    Corrige: acta.Corrige,
  });
}

/** A delivered item expires on the delivery date plus its useful life in months; 0 months never expires. */
export function deliveredItemExpiry(fecha: string, vidaUtilMeses: number): string | null {
  return expiryDate(fecha, vidaUtilMeses);
}

/** The public address of an acta's verification page, from the server's setting (it reaches devices with the session). */
export function verificationUrl(baseUrl: string, code: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/verificar/${encodeURIComponent(code)}`;
}

/** An assignment: what one position, or one worker, must hold (spec: IdAsignacionEpp, IdPersona, IdCargo, Epps). */
export interface AssignmentLike {
  IdCargo: string | null;
  IdPersona: string | null;
  Epps: readonly string[];
}

/** A worker's required set: their positions' assignments plus their own, each EPP once, in assignment order. */
export function requiredEpps(assignments: readonly AssignmentLike[], worker: { IdPersona: string; cargos: readonly string[] }): string[] {
  const required = new Set<string>();
  for (const assignment of assignments) {
    const applies = assignment.IdPersona === worker.IdPersona || (assignment.IdCargo !== null && worker.cargos.includes(assignment.IdCargo));
    if (applies) assignment.Epps.forEach((id) => required.add(id));
  }
  return [...required];
}
