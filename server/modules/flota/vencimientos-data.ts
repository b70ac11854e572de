import { sql } from 'kysely';
import { latestByClass, type OperatorRecord, type OperatorRequirements, type RequisitoClase } from '#sync/domain/fleet-fitness.ts';
import { personName } from '#sync/domain/person-name.ts';
import { currentReading, type MeterReading } from '#sync/domain/meter-readings.ts';
import { equipoEntity, instalacionEntity, vehiculoEntity, type AssetTable } from '#sync/schemas/flota-activos.schema.ts';
import type { CertificadoFlota } from '#sync/schemas/flota-registros.schema.ts';
import type { TipoFlota } from '#sync/schemas/flota-tipos.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';
import { flotaStores } from './flota-stores.ts';

/**
 * A company's active fleet as its expiries read it (the report and the reminders): each vehicle, machine and
 * installation with what its type asks, the certificate of each class that counts, and its current reading.
 */
export interface FleetAsset {
  table: AssetTable;
  id: string;
  nivel2: string;
  rutContratista: string;
  correoResponsable: string;
  /** Its plate, code and name, or name. */
  name: string;
  /** Its type's name; '' for an installation, which has none. */
  typeName: string;
  requirements: readonly RequisitoClase[];
  /** What its operators must hold; null for an installation, which has none. */
  operatorRequirements: OperatorRequirements | null;
  operators: readonly string[];
  /** The current reading of its meter; null without readings or meter. */
  meter: number | null;
  /** The certificate of each class that counts (a renewal supersedes the one before it). */
  certificates: readonly CertificadoFlota[];
}

type AssetBase = Omit<FleetAsset, 'table' | 'typeName' | 'requirements' | 'operatorRequirements' | 'meter' | 'certificates'>;
/** Loaded, before its certificates and readings: whether its type has a meter. */
type Loaded = Omit<FleetAsset, 'table' | 'meter' | 'certificates'> & { metered: boolean };
const EVERYTHING: Viewer = { kind: 'empresa' };

const base = (row: { IdNivel2: string; RutContratista: string; CorreoResponsable: string }, id: string, name: string) => ({
  id,
  nivel2: row.IdNivel2,
  rutContratista: row.RutContratista,
  correoResponsable: row.CorreoResponsable,
  name,
});

const typed = (asset: AssetBase, type: TipoFlota | undefined): Loaded => ({
  ...asset,
  metered: (type?.Medidor ?? '') !== '',
  typeName: type?.Nombre ?? '',
  requirements: type?.Certificaciones ?? [],
  operatorRequirements: { ClaseLicencia: type?.ClaseLicencia ?? '', CertificacionesOperador: type?.CertificacionesOperador ?? [] },
});

/** Each kind of asset: its rows the viewer sees, with their types; its certificates and readings. */
const KINDS = {
  vehiculos: {
    async assets(db: Db, company: string, viewer: Viewer) {
      const types = new Map((await flotaStores.tipos_vehiculo.listActive(db, company, EVERYTHING)).map((row) => [row.IdTipoVehiculo, row]));
      return (await flotaStores.vehiculos.listActive(db, company, viewer)).map((row) =>
        typed({ ...base(row, row.IdVehiculo, vehiculoEntity.displayName(row)), operators: row.Operadores }, types.get(row.IdTipoVehiculo)),
      );
    },
    certificates: flotaStores.certificaciones_vehiculo,
    readings: 'lecturas_vehiculo',
  },
  equipos: {
    async assets(db: Db, company: string, viewer: Viewer) {
      const types = new Map((await flotaStores.tipos_equipo.listActive(db, company, EVERYTHING)).map((row) => [row.IdTipoEquipo, row]));
      return (await flotaStores.equipos.listActive(db, company, viewer)).map((row) =>
        typed({ ...base(row, row.IdEquipo, equipoEntity.displayName(row)), operators: row.Operadores }, types.get(row.IdTipoEquipo)),
      );
    },
    certificates: flotaStores.certificaciones_equipo,
    readings: 'lecturas_equipo',
  },
  instalaciones: {
    async assets(db: Db, company: string, viewer: Viewer): Promise<Loaded[]> {
      return (await flotaStores.instalaciones.listActive(db, company, viewer)).map((row) => ({
        ...base(row, row.IdInstalacion, instalacionEntity.displayName(row)),
        metered: false,
        operators: [],
        typeName: '',
        requirements: row.Certificaciones,
        operatorRequirements: null,
      }));
    },
    certificates: flotaStores.certificaciones_instalacion,
    readings: null,
  },
} as const;

function byAsset<Row extends { IdActivo: string }>(rows: readonly Row[]): Map<string, Row[]> {
  const grouped = new Map<string, Row[]>();
  for (const row of rows) {
    const held = grouped.get(row.IdActivo);
    if (held) held.push(row);
    else grouped.set(row.IdActivo, [row]);
  }
  return grouped;
}

type LastReading = Pick<MeterReading, 'Fecha' | 'Valor'> & { IdActivo: string };

/**
 * The readings taken last of each asset of the company (a reading a day for years is too many to read whole): the
 * ones `currentReading` chooses among, in the order of their ids, as the asset's fitness reads them.
 */
async function lastReadings(db: Db, table: 'lecturas_vehiculo' | 'lecturas_equipo', company: string): Promise<LastReading[]> {
  const { rows } = await sql<{ IdActivo: string; Fecha: string; Valor: number | string }>`
    SELECT r."IdActivo", r."Fecha", r."Valor" FROM ${sql.table(table)} r
    WHERE r."IdEmpresa" = ${company} AND r."Estado" <> 0 AND r."Fecha" = (
      SELECT MAX(m."Fecha") FROM ${sql.table(table)} m WHERE m."IdEmpresa" = r."IdEmpresa" AND m."IdActivo" = r."IdActivo" AND m."Estado" <> 0
    )
    ORDER BY r."IdLectura"`.execute(db);
  return rows.map((row) => ({ IdActivo: row.IdActivo, Fecha: row.Fecha, Valor: Number(row.Valor) }));
}

/** The active assets of `table` the viewer sees, with what counts of each. */
async function assetsOf(db: Db, company: string, viewer: Viewer, table: AssetTable): Promise<FleetAsset[]> {
  const kind = KINDS[table];
  const assets = await kind.assets(db, company, viewer);
  const certificates = byAsset(await kind.certificates.listActive(db, company, EVERYTHING));
  const readings = byAsset(kind.readings ? await lastReadings(db, kind.readings, company) : []);
  return assets.map(({ metered, ...asset }) => ({
    ...asset,
    table,
    meter: metered ? currentReading(readings.get(asset.id) ?? []) : null,
    certificates: latestByClass(certificates.get(asset.id) ?? []),
  }));
}

/** Every active vehicle, machine and installation of the company the viewer sees. */
export async function fleetAssets(db: Db, company: string, viewer: Viewer): Promise<FleetAsset[]> {
  const tables = Object.keys(KINDS) as AssetTable[];
  return (await Promise.all(tables.map((table) => assetsOf(db, company, viewer, table)))).flat();
}

/** A worker as an operator: their name, contractor, licences and certifications. */
export interface FleetOperator extends OperatorRecord {
  name: string;
  RutContratista: string | null;
}

/** The company's active workers among `ids`, as operators. */
export async function fleetOperators(db: Db, company: string, ids: readonly string[]): Promise<Map<string, FleetOperator>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('trabajadores')
    .select(['IdPersona', 'Nombres', 'ApellidoPaterno', 'ApellidoMaterno', 'RutContratista', 'Licencias', 'Certificaciones'])
    .where('IdEmpresa', '=', company)
    .where('Estado', '<>', 0)
    .where('IdPersona', 'in', [...new Set(ids)])
    .execute();
  const operator = (row: (typeof rows)[number]): FleetOperator => ({
    name: personName(row),
    RutContratista: row.RutContratista,
    Licencias: JSON.parse(row.Licencias) as FleetOperator['Licencias'],
    Certificaciones: JSON.parse(row.Certificaciones) as FleetOperator['Certificaciones'],
  });
  return new Map(rows.map((row) => [row.IdPersona, operator(row)]));
}

/** The names of the company's catalogue certifications and of its worksites (level 2), by id. */
export async function fleetNames(db: Db, company: string): Promise<Record<'certifications' | 'worksites', Map<string, string>>> {
  const certifications = await db.selectFrom('certificaciones').select(['IdCertificacion', 'Nombre']).where('IdEmpresa', '=', company).execute();
  const worksites = await db.selectFrom('niveles').select(['IdNivel', 'Nombre']).where('IdEmpresa', '=', company).where('TipoNivel', '=', 2).execute();
  return {
    certifications: new Map(certifications.map((row) => [row.IdCertificacion, row.Nombre])),
    worksites: new Map(worksites.map((row) => [row.IdNivel, row.Nombre])),
  };
}
