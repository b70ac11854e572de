import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as identity from './migrations/0001-identity.ts';
import * as permissions from './migrations/0002-permissions.ts';
import * as referenceData from './migrations/0003-reference-data.ts';
import * as sync from './migrations/0004-sync.ts';
import * as workersPositionsLevels from './migrations/0005-workers-positions-levels.ts';
import * as changeAudience from './migrations/0006-change-audience.ts';
import * as inspections from './migrations/0007-inspections.ts';
import * as cataloguesAndApprovals from './migrations/0008-catalogues-and-approvals.ts';
import * as capacitaciones from './migrations/0009-capacitaciones.ts';
import * as epp from './migrations/0010-epp.ts';
import * as incidentes from './migrations/0011-incidentes.ts';
import * as usuariosRoles from './migrations/0012-usuarios-roles.ts';
import * as dotaciones from './migrations/0013-dotaciones.ts';
import * as eppSolicitudes from './migrations/0014-epp-solicitudes.ts';
import * as eppConsultas from './migrations/0015-epp-consultas.ts';
import * as eppDashboard from './migrations/0016-epp-dashboard.ts';
import * as copiaActas from './migrations/0017-copia-actas.ts';
import * as fiscalizadores from './migrations/0018-fiscalizadores.ts';
import * as capacitacionesPersonas from './migrations/0019-capacitaciones-personas.ts';
import * as sesiones from './migrations/0020-sesiones.ts';
import * as actasNombres from './migrations/0021-actas-nombres.ts';
import * as resumenesMensuales from './migrations/0022-resumenes-mensuales.ts';
import * as resumenesCapacitaciones from './migrations/0023-resumenes-capacitaciones.ts';
import * as variosNodos from './migrations/0024-varios-nodos.ts';
import * as faenasUsuarios from './migrations/0025-faenas-usuarios.ts';
import * as faenasAmpliadas from './migrations/0026-faenas-ampliadas.ts';
import * as inspeccionesCorrecciones from './migrations/0027-inspecciones-correcciones.ts';
import * as contratistasCatalogos from './migrations/0028-contratistas-catalogos.ts';
import * as contratistasRequisitos from './migrations/0029-contratistas-requisitos.ts';
import * as contratosAscendencias from './migrations/0030-contratos-ascendencias.ts';
import * as contratosActividadesPorNivel from './migrations/0031-contratos-actividades-por-nivel.ts';
import * as documentosSuperiores from './migrations/0032-documentos-superiores.ts';
import * as flota from './migrations/0033-flota.ts';
import * as recordatoriosFlota from './migrations/0034-recordatorios-flota.ts';
import * as acreditacionActivos from './migrations/0035-acreditacion-activos.ts';
import * as controlAcceso from './migrations/0036-control-acceso.ts';
import * as postgresBase from './postgres/base-migration.ts';
import { engineOf } from './engine.ts';
import type { Database } from './schema.ts';

// Migrations are imported in code, not read from a folder: the file provider breaks under vitest (TOOLCHAIN.md).
// Never edit or reorder one that has shipped. 0001 to 0021 shipped for SQLite only; PostgreSQL starts from the
// schema they build (0021-base-postgresql). Every later migration is one both engines run: append it to BOTH_ENGINES.
const SQLITE_ONLY: Record<string, Migration> = {
  '0001-identity': identity,
  '0002-permissions': permissions,
  '0003-reference-data': referenceData,
  '0004-sync': sync,
  '0005-workers-positions-levels': workersPositionsLevels,
  '0006-change-audience': changeAudience,
  '0007-inspections': inspections,
  '0008-catalogues-and-approvals': cataloguesAndApprovals,
  '0009-capacitaciones': capacitaciones,
  '0010-epp': epp,
  '0011-incidentes': incidentes,
  '0012-usuarios-roles': usuariosRoles,
  '0013-dotaciones': dotaciones,
  '0014-epp-solicitudes': eppSolicitudes,
  '0015-epp-consultas': eppConsultas,
  '0016-epp-dashboard': eppDashboard,
  '0017-copia-actas': copiaActas,
  '0018-fiscalizadores': fiscalizadores,
  '0019-capacitaciones-personas': capacitacionesPersonas,
  '0020-sesiones': sesiones,
  '0021-actas-nombres': actasNombres,
};

const POSTGRES_ONLY: Record<string, Migration> = { '0021-base-postgresql': postgresBase };

const BOTH_ENGINES: Record<string, Migration> = {
  '0022-resumenes-mensuales': resumenesMensuales,
  '0023-resumenes-capacitaciones': resumenesCapacitaciones,
  '0024-varios-nodos': variosNodos,
  '0025-faenas-usuarios': faenasUsuarios,
  '0026-faenas-ampliadas': faenasAmpliadas,
  '0027-inspecciones-correcciones': inspeccionesCorrecciones,
  '0028-contratistas-catalogos': contratistasCatalogos,
  '0029-contratistas-requisitos': contratistasRequisitos,
  '0030-contratos-ascendencias': contratosAscendencias,
  '0031-contratos-actividades-por-nivel': contratosActividadesPorNivel,
  '0032-documentos-superiores': documentosSuperiores,
  '0033-flota': flota,
  '0034-recordatorios-flota': recordatoriosFlota,
  '0035-acreditacion-activos': acreditacionActivos,
  '0036-control-acceso': controlAcceso,
};

/** A migration's number, the start of its name: the schema version it leaves. */
const numberOf = (name: string) => Number.parseInt(name, 10);

export const SCHEMA_VERSION = Math.max(...Object.keys({ ...SQLITE_ONLY, ...BOTH_ENGINES }).map(numberOf));

function providerFor(db: Kysely<Database>): MigrationProvider {
  const migrations = { ...(engineOf(db) === 'postgres' ? POSTGRES_ONLY : SQLITE_ONLY), ...BOTH_ENGINES };
  return { getMigrations: async () => migrations };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  if (await allApplied(db)) return;
  const { error, results } = await new Migrator({ db, provider: providerFor(db) }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`No se pudo migrar la base de datos (${failed?.migrationName ?? 'desconocida'}): ${String(error)}`);
  }
}

/**
 * Whether every migration this server knows has run: one read, where Kysely's migrator first creates and locks its
 * tables (a dozen round trips on PostgreSQL, at every start).
 */
async function allApplied(db: Kysely<Database>): Promise<boolean> {
  const known = Object.keys(await providerFor(db).getMigrations());
  try {
    const rows = await (db as unknown as Kysely<{ kysely_migration: { name: string } }>).selectFrom('kysely_migration').select('name').execute();
    const applied = new Set(rows.map((row) => row.name));
    return known.every((name) => applied.has(name));
  } catch {
    // A new database: no migration table yet.
    return false;
  }
}

/** Applies the migrations up to `name` only: a test builds a data folder as an older server left it. */
export async function migrateUpTo(db: Kysely<Database>, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider: providerFor(db) }).migrateTo(name);
  if (error) throw new Error(`No se pudo migrar hasta ${name}: ${String(error)}`);
}

export async function appliedSchemaVersion(db: Kysely<Database>): Promise<number> {
  const migrations = await new Migrator({ db, provider: providerFor(db) }).getMigrations();
  return Math.max(0, ...migrations.filter((migration) => migration.executedAt !== undefined).map((migration) => numberOf(migration.name)));
}
