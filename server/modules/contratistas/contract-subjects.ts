import type { Resource } from '#sync/domain/contract-activities.ts';
import { personName } from '#sync/domain/person-name.ts';
import type { Contrato } from '#sync/schemas/contratistas-contratos.schema.ts';
import { equipoEntity, vehiculoEntity } from '#sync/schemas/flota-activos.schema.ts';
import type { Aplicacion } from '#sync/schemas/contratistas-requisitos.schema.ts';
import type { Db } from '#server/db/database.ts';

/**
 * Whom a contract accredits and asks documents of, one by one: its workers, vehicles and machines (issue 38), each with
 * the company it belongs to and the name the documents and accreditation rows show.
 */
export interface ContractSubject {
  resource: Resource;
  id: string;
  RutContratista: string;
  /** A worker's full name; a vehicle's plate; a machine's code and name. */
  Nombre: string;
  /** A worker's RUN; '' for a vehicle or machine. */
  RunPersona: string;
}

/** The requirement's `Aplicacion` that asks a document of each subject of a kind. */
export const APPLIES_TO: Record<Resource, Aplicacion> = { Trabajadores: 'trabajador', Vehiculos: 'vehiculo', Equipos: 'equipo' };

async function workersOf(db: Db, company: string, ids: readonly string[]): Promise<ContractSubject[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('trabajadores')
    .select(['IdPersona', 'RunPersona', 'RutContratista', 'Nombres', 'ApellidoPaterno', 'ApellidoMaterno'])
    .where('IdEmpresa', '=', company)
    .where('IdPersona', 'in', [...ids])
    .where('Estado', '!=', 0)
    .execute();
  return rows.map((row) => ({
    resource: 'Trabajadores',
    id: row.IdPersona,
    RutContratista: row.RutContratista ?? '',
    Nombre: personName(row),
    RunPersona: row.RunPersona,
  }));
}

async function vehiclesOf(db: Db, company: string, ids: readonly string[]): Promise<ContractSubject[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('vehiculos')
    .select(['IdVehiculo', 'Patente', 'RutContratista'])
    .where('IdEmpresa', '=', company)
    .where('IdVehiculo', 'in', [...ids])
    .where('Estado', '!=', 0)
    .execute();
  return rows.map((row) => ({
    resource: 'Vehiculos',
    id: row.IdVehiculo,
    RutContratista: row.RutContratista,
    Nombre: vehiculoEntity.displayName(row),
    RunPersona: '',
  }));
}

async function machinesOf(db: Db, company: string, ids: readonly string[]): Promise<ContractSubject[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('equipos')
    .select(['IdEquipo', 'Codigo', 'Nombre', 'RutContratista'])
    .where('IdEmpresa', '=', company)
    .where('IdEquipo', 'in', [...ids])
    .where('Estado', '!=', 0)
    .execute();
  return rows.map((row) => ({
    resource: 'Equipos',
    id: row.IdEquipo,
    RutContratista: row.RutContratista,
    Nombre: equipoEntity.displayName(row),
    RunPersona: '',
  }));
}

/** The contract's active workers, vehicles and machines (none for a deleted contract). */
export async function subjectsOf(db: Db, company: string, contract: Contrato): Promise<ContractSubject[]> {
  if (contract.Estado === 0) return [];
  // One after another: inside a transaction the queries share one connection.
  const workers = await workersOf(db, company, contract.Trabajadores);
  const vehicles = await vehiclesOf(db, company, contract.Vehiculos);
  return [...workers, ...vehicles, ...(await machinesOf(db, company, contract.Equipos))];
}

/** What the accreditation rules read of a subject: its company and who or what it is. */
export const subjectKey = (subject: ContractSubject) =>
  subject.resource === 'Trabajadores'
    ? { RutContratista: subject.RutContratista, IdPersona: subject.id }
    : { RutContratista: subject.RutContratista, IdActivo: subject.id };
