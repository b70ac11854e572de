import { accreditedOn } from '#sync/domain/accreditation.ts';
import { contractWorksites } from '#sync/domain/contract-activities.ts';
import { addMonths } from '#sync/domain/dates.ts';
import { CLASIFICACION_CDM, CLASIFICACION_CUASI, CLASIFICACION_TRAYECTO, CLASIFICACIONES } from '#sync/domain/incident-form.ts';
import { companiesBelow, parentOf } from '#sync/domain/subcontract-chains.ts';
import { DS76_ACCIDENT_MONTHS, type RegistroDs76Row } from '#sync/schemas/acceso-registro.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';

/** What the DS 76 register reads of the contractors' and the accidents' tables for one worksite, and its rows. */

const NOT_WORK_ACCIDENTS: readonly string[] = [CLASIFICACION_CUASI, CLASIFICACION_CDM, CLASIFICACION_TRAYECTO];
/** The work accidents the register counts: to a person, at work (not commuting, not a near miss, not material damage). */
export const DS76_ACCIDENT_CLASSES = CLASIFICACIONES.filter((clase) => !NOT_WORK_ACCIDENTS.includes(clase));

export interface WorksiteContract {
  IdContrato: string;
  Nombre: string;
  FechaInicio: string;
  FechaTermino: string;
  RutContratista: string;
  Subcontratistas: string[];
  Ascendencias: Record<string, string>;
  NombreResponsable: string;
  RutResponsable: string;
}

/**
 * The company's contracts (not deleted) working at the worksite, as their own level or an activity's, in the term
 * asked (`Vigencia`: '', vigentes or terminados, as the query schema let through). The LIKE only narrows the read (a
 * UUID holds no wildcard); `contractWorksites` decides.
 */
export async function worksiteContracts(db: Db, company: string, worksite: string, today: string, term: string) {
  let query = db
    .selectFrom('contratos')
    .select(['IdContrato', 'Nombre', 'FechaInicio', 'FechaTermino', 'RutContratista', 'Subcontratistas', 'Ascendencias'])
    .select(['Actividades', 'IdNivel2', 'NombreResponsable', 'RutResponsable'])
    .where('IdEmpresa', '=', company)
    .where('Estado', '<>', 0)
    .where((eb) => eb.or([eb('IdNivel2', '=', worksite), eb('Actividades', 'like', `%${worksite}%`)]));
  if (term === 'vigentes') query = query.where('FechaTermino', '>=', today);
  if (term === 'terminados') query = query.where('FechaTermino', '<', today);
  const rows = await query.execute();
  return rows.flatMap(({ Actividades, IdNivel2, Subcontratistas, Ascendencias, ...row }): WorksiteContract[] => {
    const placed = { IdNivel2, Actividades: JSON.parse(Actividades) as unknown[] };
    if (!contractWorksites(placed).includes(worksite)) return [];
    const chain = JSON.parse(Ascendencias) as Record<string, string>;
    return [{ ...row, Subcontratistas: JSON.parse(Subcontratistas) as string[], Ascendencias: chain }];
  });
}

/** The contractor companies of these RUTs, active or not, by RUT. */
export async function contractorCompanies(db: Db, company: string, ruts: readonly string[]) {
  if (ruts.length === 0) return new Map<string, { Nombre: string; Telefono: string; Correo: string }>();
  const rows = await db
    .selectFrom('empresas_contratistas')
    .select(['RutCompleto', 'Nombre', 'Telefono', 'Correo'])
    .where('IdEmpresa', '=', company)
    .where('RutCompleto', 'in', [...ruts])
    .execute();
  return new Map(rows.map(({ RutCompleto, ...row }) => [RutCompleto, row]));
}

export interface WorksiteAccreditation {
  IdPersona: string;
  IdContrato: string;
  RutContratista: string;
  Acreditado: 0 | 1;
  AcreditadoHasta: string;
}

/** The accreditation rows of these contracts at the worksite: one per worker the contract assigns there. */
export async function worksiteAccreditations(db: Db, company: string, worksite: string, contracts: readonly string[]) {
  if (contracts.length === 0) return [];
  const rows = await db
    .selectFrom('acreditaciones')
    .select(['IdPersona', 'IdContrato', 'RutContratista', 'Acreditado', 'AcreditadoHasta'])
    .where('IdEmpresa', '=', company)
    .where('IdNivel2', '=', worksite)
    .where('Estado', '<>', 0)
    .where('IdContrato', 'in', [...contracts])
    .execute();
  return rows.map((row): WorksiteAccreditation => ({ ...row, Acreditado: row.Acreditado === 1 ? 1 : 0 }));
}

/** The first day the accidents column counts: the day after the same day DS76_ACCIDENT_MONTHS months before today. */
export function accidentsSince(today: string): string {
  const month = addMonths(today.slice(0, 7), -DS76_ACCIDENT_MONTHS);
  return `${month}${today.slice(7)}`;
}

/** The work accidents at the worksite in the last months, by the contractor RUT the case carries. */
export async function worksiteAccidents(db: Db, company: string, worksite: string, today: string, ruts: readonly string[]) {
  if (ruts.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('incidentes')
    .select(['RutContratista', (eb) => eb.fn.countAll<number | string>().as('Casos')])
    .where('IdEmpresa', '=', company)
    .where('IdNivel2', '=', worksite)
    .where('Estado', '<>', 0)
    .where('Clasificacion', 'in', [...DS76_ACCIDENT_CLASSES])
    .where('FechaOcurrencia', '>', accidentsSince(today))
    .where('FechaOcurrencia', '<=', today)
    .where('RutContratista', 'in', [...ruts])
    .groupBy('RutContratista')
    .execute();
  return new Map(rows.map((row) => [row.RutContratista ?? '', Number(row.Casos)]));
}

/** A company's place in one contract: its role and whom it works for. */
interface Membership {
  rut: string;
  tipo: RegistroDs76Row['Tipo'];
  principal: string;
  contract: WorksiteContract;
}

/**
 * The companies of each contract the viewer may read of: every one for a company user; for a contractor user its own
 * and those below it in the contract's chain (Ley 20.123: it answers for them); for a client user none.
 */
export function memberships(contracts: readonly WorksiteContract[], viewer: Viewer): Membership[] {
  if (viewer.kind === 'cliente' || (viewer.kind === 'contratista' && viewer.rut === '')) return [];
  return contracts.flatMap((contract) => {
    const members = [contract.RutContratista, ...contract.Subcontratistas];
    const seen = viewer.kind === 'contratista' ? new Set(companiesBelow(contract, viewer.rut)) : new Set(members);
    return members
      .filter((rut) => seen.has(rut))
      .map((rut): Membership => {
        const sub = rut !== contract.RutContratista;
        return { rut, tipo: sub ? 'subcontratista' : 'contratista', principal: sub ? parentOf(contract, rut) : '', contract };
      });
  });
}

export interface RegisterFacts {
  today: string;
  companies: ReadonlyMap<string, { Nombre: string; Telefono: string; Correo: string }>;
  accreditations: readonly WorksiteAccreditation[];
  accidents: ReadonlyMap<string, number>;
}

const unique = (values: readonly string[]) => [...new Set(values.filter(Boolean))];

/** The row of one company in one role under one principal, at the worksite. */
function registerRow(Clave: string, group: readonly Membership[], facts: RegisterFacts): RegistroDs76Row {
  const { rut, tipo, principal } = group[0]!;
  const contracts = group.map((member) => member.contract);
  const ids = new Set(contracts.map((contract) => contract.IdContrato));
  const rows = facts.accreditations.filter((row) => row.RutContratista === rut && ids.has(row.IdContrato));
  const accredited = rows.filter((row) => accreditedOn(row, facts.today));
  const company = facts.companies.get(rut);
  const own = tipo === 'contratista';
  return {
    Clave,
    RutEmpresa: rut,
    NombreEmpresa: company?.Nombre ?? rut,
    Tipo: tipo,
    RutPrincipal: principal,
    Mutualidad: null,
    Responsable: {
      Nombre: own ? unique(contracts.map((contract) => contract.NombreResponsable)).join(', ') : '',
      Rut: own ? unique(contracts.map((contract) => contract.RutResponsable)).join(', ') : '',
      Telefono: company?.Telefono ?? '',
      Correo: company?.Correo ?? '',
    },
    Contratos: contracts.map(({ IdContrato, Nombre, FechaInicio, FechaTermino }) => ({ IdContrato, Nombre, FechaInicio, FechaTermino })),
    Trabajadores: new Set(rows.map((row) => row.IdPersona)).size,
    TrabajadoresAcreditados: new Set(accredited.map((row) => row.IdPersona)).size,
    Accidentes: facts.accidents.get(rut) ?? 0,
    EvaluacionesRiesgo: null,
  };
}

/**
 * One row per company, role and principal, with its contracts at the worksite: its workers are counted over those
 * contracts only, its accidents over the worksite (the same count on each of its rows when it has two roles there).
 * Each contractor comes first, then the companies under it, by name; a subcontractor whose contractor the viewer
 * does not see (its own user) sorts by its contractor's RUT, after the named ones.
 */
export function registerRows(members: readonly Membership[], facts: RegisterFacts): RegistroDs76Row[] {
  const groups = new Map<string, Membership[]>();
  for (const member of members) {
    const key = [member.rut, member.tipo, member.principal].join('|');
    groups.set(key, [...(groups.get(key) ?? []), member]);
  }
  const rows = [...groups].map(([key, group]) => ({ row: registerRow(key, group, facts), root: group[0]!.contract.RutContratista }));
  const names = new Map(rows.map(({ row }) => [row.RutEmpresa, row.NombreEmpresa]));
  const unnamed = (root: string) => Number(!names.has(root));
  const rootName = (root: string) => names.get(root) ?? root;
  const subcontractor = (row: RegistroDs76Row) => Number(row.Tipo === 'subcontratista');
  return rows
    .sort(
      (a, b) =>
        unnamed(a.root) - unnamed(b.root) ||
        rootName(a.root).localeCompare(rootName(b.root), 'es') ||
        a.root.localeCompare(b.root) ||
        subcontractor(a.row) - subcontractor(b.row) ||
        a.row.NombreEmpresa.localeCompare(b.row.NombreEmpresa, 'es') ||
        a.row.Clave.localeCompare(b.row.Clave),
    )
    .map(({ row }) => row);
}
