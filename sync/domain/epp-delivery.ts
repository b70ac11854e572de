import { expiryDate } from './validity.ts';
import { type SealField, type SealLayout, sealOf } from './seal.ts';

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

const ACTA_ITEM_FIELDS = [
  { name: 'IdLinea', kind: 'text' },
  { name: 'IdEpp', kind: 'text' },
  { name: 'NombreEpp', kind: 'text' },
  { name: 'Talla', kind: 'text' },
  { name: 'Cantidad', kind: 'number' },
] as const satisfies readonly SealField[];

/**
 * What a worker's EPP delivery acta sealed until version 2 (Ley 16.744 art. 68, DS 594 art. 53: the record must stand
 * before a labour inspector years later): neither name, and the deliverer only by the RUT they typed. Actas sealed
 * with it still verify with it. Any change of a layout's fields, their order or their kinds is a new layout id.
 */
export const EPP_ACTA_LAYOUT_V1: SealLayout = {
  id: 'andes-hse/epp-acta/1',
  fields: [
    { name: 'IdEmpresa', kind: 'text' },
    { name: 'IdEntregadosEpp', kind: 'text' },
    { name: 'RunPersona', kind: 'text' },
    { name: 'Fecha', kind: 'date' },
    { name: 'Motivo', kind: 'number' },
    { name: 'Items', kind: 'list', of: ACTA_ITEM_FIELDS },
    { name: 'RutEntregador', kind: 'text' },
    { name: 'FirmaEntregador', kind: 'sha256' },
    { name: 'FirmaTrabajador', kind: 'sha256' },
    { name: 'FirmadoEn', kind: 'instant' },
    { name: 'Corrige', kind: 'text', nullable: true },
  ],
};

/**
 * SPEC EP6, EP7: version 2 also seals who the people are: the worker (their roster id and the name printed) and the
 * deliverer (name, RUT, and either the user account that delivered or the roster worker who did, the other null).
 */
export const EPP_ACTA_LAYOUT_V2: SealLayout = {
  id: 'andes-hse/epp-acta/2',
  fields: [
    { name: 'IdEmpresa', kind: 'text' },
    { name: 'IdEntregadosEpp', kind: 'text' },
    { name: 'IdPersona', kind: 'text' },
    { name: 'RunPersona', kind: 'text' },
    { name: 'NombreTrabajador', kind: 'text' },
    { name: 'Fecha', kind: 'date' },
    { name: 'Motivo', kind: 'number' },
    { name: 'Items', kind: 'list', of: ACTA_ITEM_FIELDS },
    { name: 'IdUsuarioEntregador', kind: 'number', nullable: true },
    { name: 'IdPersonaEntregador', kind: 'text', nullable: true },
    { name: 'RutEntregador', kind: 'text' },
    { name: 'NombreEntregador', kind: 'text' },
    { name: 'FirmaEntregador', kind: 'sha256' },
    { name: 'FirmaTrabajador', kind: 'sha256' },
    { name: 'FirmadoEn', kind: 'instant' },
    { name: 'Corrige', kind: 'text', nullable: true },
  ],
};

/** The versions of the acta's canonical form, by the number an acta stores (`VersionSello`). */
export const EPP_ACTA_LAYOUTS = { 1: EPP_ACTA_LAYOUT_V1, 2: EPP_ACTA_LAYOUT_V2 } as const satisfies Record<number, SealLayout>;
export type ActaSealVersion = keyof typeof EPP_ACTA_LAYOUTS;
export const ACTA_SEAL_VERSIONS = [1, 2] as const satisfies readonly ActaSealVersion[];
/** What a device seals new actas with. */
export const CURRENT_ACTA_SEAL_VERSION = 2 satisfies ActaSealVersion;

interface SealedActaBase {
  IdEntregadosEpp: string;
  RunPersona: string;
  Fecha: string;
  Motivo: number;
  Items: readonly { IdLinea: string; IdEpp: string; NombreEpp: string; Talla: string; Cantidad: number }[];
  FirmaTrabajador: { Sha256: string };
  /** The device's time when the worker signed (an instant with its zone). */
  FirmadoEn: string;
  Corrige: string | null;
}

/** An acta sealed by an app older than version 2 (no `VersionSello` on the wire). */
export interface SealedActaV1 extends SealedActaBase {
  VersionSello?: 1 | undefined;
  Entregador: { Rut: string; Firma: { Sha256: string } };
}

/** SPEC EP6, EP7: the deliverer is the user (`IdUsuario`) or a roster worker (`IdPersona`), never only typed. */
export interface SealedActaV2 extends SealedActaBase {
  VersionSello: 2;
  IdPersona: string;
  NombreTrabajador: string;
  Entregador: {
    Rut: string;
    Nombre: string;
    IdUsuario?: number | null | undefined;
    IdPersona?: string | null | undefined;
    Firma: { Sha256: string };
  };
}

/** The fields of a delivery the acta's seal covers, as the device sends them and the server stores them. */
export type SealedActa = SealedActaV1 | SealedActaV2;

/**
 * The acta's seal for `company` under the version it names (absent: 1): the device computes it when the worker
 * signs, the server again when it arrives and whenever it is verified.
 */
export function actaSeal(company: string, acta: SealedActa): Promise<string> {
  const common = {
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
  };
  if (acta.VersionSello !== 2) return sealOf(EPP_ACTA_LAYOUT_V1, common);
  return sealOf(EPP_ACTA_LAYOUT_V2, {
    ...common,
    IdPersona: acta.IdPersona,
    NombreTrabajador: acta.NombreTrabajador,
    IdUsuarioEntregador: acta.Entregador.IdUsuario ?? null,
    IdPersonaEntregador: acta.Entregador.IdPersona ?? null,
    NombreEntregador: acta.Entregador.Nombre,
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
    const applies =
      assignment.IdPersona === worker.IdPersona || (assignment.IdCargo !== null && worker.cargos.includes(assignment.IdCargo));
    if (applies) assignment.Epps.forEach((id) => required.add(id));
  }
  return [...required];
}
