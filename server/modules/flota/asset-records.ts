import type { Kysely } from 'kysely';
import type { CertificadoActivo, RequisitoClase } from '#sync/domain/fleet-fitness.ts';
import type { MeterReading } from '#sync/domain/meter-readings.ts';
import type { AssetTable } from '#sync/schemas/flota-activos.schema.ts';
import type { Medidor, TipoFlota } from '#sync/schemas/flota-tipos.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { RecordRegistry } from '#server/records/record-registry.ts';

/**
 * An asset as the fleet's rules read it, whatever its kind: where it is, whose it is, who operates it, and what its
 * type asks (an installation asks its own certifications and has neither meter nor operators).
 */
export interface AssetView {
  id: string;
  Estado: number;
  IdNivel2: string;
  IdNivel3: string | null;
  RutContratista: string;
  Operadores: readonly string[];
  requirements: Requirements;
}

export interface Requirements {
  Medidor: Medidor;
  Certificaciones: readonly RequisitoClase[];
  ClaseLicencia: string;
  CertificacionesOperador: readonly string[];
}

/** The tables of each kind's certificates and readings (installations have no meter). */
export const CERTIFICATES = {
  vehiculos: 'certificaciones_vehiculo',
  equipos: 'certificaciones_equipo',
  instalaciones: 'certificaciones_instalacion',
} as const satisfies Record<AssetTable, string>;
export const READINGS = { vehiculos: 'lecturas_vehiculo', equipos: 'lecturas_equipo', instalaciones: null } as const satisfies Record<
  AssetTable,
  string | null
>;
export type CertificateTable = (typeof CERTIFICATES)[AssetTable];
export type ReadingTable = NonNullable<(typeof READINGS)[AssetTable]>;

const NONE: Requirements = { Medidor: '', Certificaciones: [], ClaseLicencia: '', CertificacionesOperador: [] };

const requirementsOf = (type: TipoFlota | undefined): Requirements => {
  if (!type) return NONE;
  const { Medidor, Certificaciones, ClaseLicencia, CertificacionesOperador } = type;
  return { Medidor, Certificaciones, ClaseLicencia, CertificacionesOperador };
};

type Place = Pick<AssetView, 'Estado' | 'IdNivel2' | 'IdNivel3' | 'RutContratista'>;
const view = (row: Place, id: string, Operadores: readonly string[], requirements: Requirements): AssetView => ({
  id,
  Estado: row.Estado,
  IdNivel2: row.IdNivel2,
  IdNivel3: row.IdNivel3,
  RutContratista: row.RutContratista,
  Operadores,
  requirements,
});

type Loader = (records: RecordRegistry, db: Db, company: string, id: string) => Promise<AssetView | undefined>;

const LOADERS: Record<AssetTable, Loader> = {
  async vehiculos(records, db, company, id) {
    const row = (await records.vehiculos.load(db, company, id))?.row;
    if (!row) return undefined;
    const type = (await records.tipos_vehiculo.load(db, company, row.IdTipoVehiculo))?.row;
    return view(row, row.IdVehiculo, row.Operadores, requirementsOf(type));
  },
  async equipos(records, db, company, id) {
    const row = (await records.equipos.load(db, company, id))?.row;
    if (!row) return undefined;
    const type = (await records.tipos_equipo.load(db, company, row.IdTipoEquipo))?.row;
    return view(row, row.IdEquipo, row.Operadores, requirementsOf(type));
  },
  async instalaciones(records, db, company, id) {
    const row = (await records.instalaciones.load(db, company, id))?.row;
    return row && view(row, row.IdInstalacion, [], { ...NONE, Certificaciones: row.Certificaciones });
  },
};

/** The asset `id` of `kind` (deleted ones too, Estado 0), read through the registry; undefined when not the company's. */
export function loadAsset(records: RecordRegistry, db: Db, company: string, kind: AssetTable, id: string): Promise<AssetView | undefined> {
  return LOADERS[kind](records, db, company, id);
}

type Loose = Kysely<Record<string, Record<string, unknown>>>;

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The active certificates of an asset, as its fitness reads them. */
export async function certificatesOf(
  db: Db,
  table: CertificateTable,
  company: string,
  IdActivo: string,
): Promise<(CertificadoActivo & { IdCertificacion: string })[]> {
  const rows = await (db as unknown as Loose)
    .selectFrom(table)
    .select(['IdCertificacion', 'Clase', 'FechaEmision', 'FechaVencimiento', 'LecturaVencimiento', 'Estado'])
    .where('IdEmpresa', '=', company)
    .where('IdActivo', '=', IdActivo)
    .where('Estado', '<>', 0)
    .orderBy('IdCertificacion')
    .execute();
  return rows.map((row) => ({
    IdCertificacion: String(row.IdCertificacion),
    Clase: row.Clase as CertificadoActivo['Clase'],
    FechaEmision: String(row.FechaEmision),
    FechaVencimiento: String(row.FechaVencimiento ?? ''),
    LecturaVencimiento: nullableNumber(row.LecturaVencimiento),
    Estado: Number(row.Estado),
  }));
}

/** The active readings of an asset, oldest made first (ids are UUIDv7: in the order they were taken on the devices). */
export async function readingsOf(
  db: Db,
  table: ReadingTable,
  company: string,
  IdActivo: string,
): Promise<(MeterReading & { IdLectura: string })[]> {
  const rows = await (db as unknown as Loose)
    .selectFrom(table)
    .select(['IdLectura', 'Fecha', 'Valor', 'Motivo'])
    .where('IdEmpresa', '=', company)
    .where('IdActivo', '=', IdActivo)
    .where('Estado', '<>', 0)
    .orderBy('IdLectura')
    .execute();
  return rows.map((row) => ({
    IdLectura: String(row.IdLectura),
    Fecha: String(row.Fecha),
    Valor: Number(row.Valor),
    Motivo: String(row.Motivo),
  }));
}
