import { companiesBelow } from '#sync/domain/subcontract-chains.ts';
import type { Contrato } from '#sync/schemas/contratistas-contratos.schema.ts';
import type { DashboardQuery } from '#sync/schemas/dashboard-filters.schema.ts';
import { NOBODY } from '#server/db/portable-sql.ts';
import { scopeConditions } from '#server/records/dashboard-scope.ts';
import { type IndicatorInput, scopedFigures } from '#server/records/indicators/indicator-input.ts';

/**
 * What the contractors' dashboard reads besides its filters: which contractor companies it counts, their names, the
 * company's contracts and its names of positions and levels, once per burst of calls (dashboard-memo.ts).
 */

export type ContratistasInput = IndicatorInput<DashboardQuery>;

export interface DashboardFacts {
  /** The contractor RUTs the figures count; null, every contractor. */
  ruts: string[] | null;
  contracts: Contrato[];
  /** RutCompleto → the contractor company's name (of every contractor, active or not). */
  names: Map<string, string>;
  cargoNames: Map<string, string>;
  levelNames: Map<string, string>;
}

async function computeFacts(input: ContratistasInput): Promise<DashboardFacts> {
  const { db, records } = input.deps;
  const { company, contractor } = input.scope;
  const [contracts, companies, cargos, levels] = await Promise.all([
    records.contratos.listActive(db, company, { kind: 'empresa' }),
    db.selectFrom('empresas_contratistas').select(['RutCompleto', 'Nombre']).where('IdEmpresa', '=', company).execute(),
    db.selectFrom('cargos').select(['IdCargo', 'NombreCargo']).where('IdEmpresa', '=', company).execute(),
    db.selectFrom('niveles').select(['IdNivel', 'Nombre']).where('IdEmpresa', '=', company).execute(),
  ]);
  let ruts: string[] | null = contractor ? [contractor] : null;
  // A contractor user answers for the subcontractors below it in its contracts (Ley 20.123): it sees their figures.
  if (input.viewer.kind === 'contratista' && contractor && contractor !== NOBODY) {
    ruts = [...new Set([contractor, ...contracts.flatMap((row) => companiesBelow(row, contractor))])];
  }
  return {
    ruts,
    contracts,
    names: new Map(companies.map((row) => [row.RutCompleto, row.Nombre])),
    cargoNames: new Map(cargos.map((row) => [row.IdCargo, row.NombreCargo])),
    levelNames: new Map(levels.map((row) => [row.IdNivel, row.Nombre])),
  };
}

/**
 * A figure set shared by the indicators of a page. A contractor user and a company user narrowed to its RUT have the
 * same scope but not the same companies (its subcontractors), nor a client user and a company user narrowed to it the
 * same documents: the viewer's kind is part of the key.
 */
export const dashboardFigures = <T>(input: ContratistasInput, parts: readonly unknown[], compute: () => Promise<T>) =>
  scopedFigures(input, [...parts, input.viewer.kind], compute);

export const dashboardFacts = (input: ContratistasInput) => dashboardFigures(input, ['contratistas-alcance'], () => computeFacts(input));

/** A contractor's name, or its RUT when the company no longer lists it. */
export const contractorName = (facts: DashboardFacts, rut: string) => facts.names.get(rut) ?? rut;

/** The conditions on a record that keeps its levels and parties (an inspection, an observation), as [column, value]. */
export function partyConditions(input: ContratistasInput) {
  return scopeConditions({ ...input.scope, contractor: null });
}

/** The cut-off day the documents are read on: the range's last day, or today when the range ends later. */
export const cutOffDay = (input: ContratistasInput, end = input.scope.filters.end) => (end < input.scope.today ? end : input.scope.today);

export const byName = (a: { Nombre: string }, b: { Nombre: string }) => a.Nombre.localeCompare(b.Nombre, 'es');
