import { sql } from 'kysely';
import { indicatorOf } from '#sync/records/indicator.ts';
import { EPP_DASHBOARD } from '#sync/schemas/epp-dashboard.schema.ts';
import type { EppEntrega } from '#sync/schemas/epp-entregas.schema.ts';
import type { Db } from '#server/db/database.ts';
import { scopedFigures } from '#server/records/indicators/indicator-input.ts';
import { addToSummary, summedOverRange } from '#server/records/indicators/monthly-summary.ts';
import { countedActs, type EppInput, type EppState, type WorkerInfo, workerMatches } from './dashboard-datos.ts';
import { eppState } from './dashboard-estado.ts';

/** The EPP dashboard's delivered lines: listed for the records of a figure, and counted by reason in SQL. */

export interface DeliveredLine {
  IdLinea: string;
  IdEntregadosEpp: string;
  IdPersona: string;
  RunPersona: string;
  NombreTrabajador: string;
  Fecha: string;
  Motivo: number;
  IdEpp: string;
  NombreEpp: string;
  Talla: string;
  Cantidad: number;
}

/** The delivered lines of the range (acts not annulled) of the scope's workers. */
async function computeLines(input: EppInput, from: string, to: string, workers: Map<string, WorkerInfo>): Promise<DeliveredLine[]> {
  const rows = await countedActs(input)
    .select(['l.IdLinea', 'l.IdEntregadosEpp', 'l.IdPersona', 'e.RunPersona', 'e.NombreTrabajador', 'l.Fecha', 'e.Motivo', 'l.IdEpp', 'l.NombreEpp', 'l.Talla', 'l.Cantidad'])
    .where('e.Fecha', '>=', from)
    .where('e.Fecha', '<=', to)
    .orderBy('l.Fecha')
    .orderBy('l.IdEntregadosEpp')
    .orderBy('l.Orden')
    .execute();
  const filtered = Boolean(input.scope.filters.nv2 || input.scope.filters.nv3 || input.query.IdCargo);
  return filtered ? rows.filter((row) => workerMatches(workers.get(row.IdPersona), input)) : rows;
}

export async function linesOf(input: EppInput, from: string, to: string): Promise<{ lines: DeliveredLine[]; state: EppState }> {
  const state = await eppState(input);
  const lines = await scopedFigures(input, ['epp-lineas', from, to, input.query.IdCargo ?? ''], () => computeLines(input, from, to, state.workers));
  return { lines, state };
}

/** The workers of the chosen levels and Cargo (and the contractor's): a set for SQL, or null when not filtered. */
function workerFilter(input: EppInput) {
  const { company, filters } = input.scope;
  const cargo = input.query.IdCargo;
  if (!filters.nv2 && !filters.nv3 && !cargo) return null;
  let query = input.deps.db.selectFrom('trabajadores').select('trabajadores.IdPersona').where('trabajadores.IdEmpresa', '=', company);
  if (filters.nv2) query = query.where('trabajadores.IdNivel2', '=', filters.nv2);
  if (filters.nv3) query = query.where('trabajadores.IdNivel3', '=', filters.nv3);
  if (cargo) query = query.where('trabajadores.IdPersona', 'in', input.deps.db.selectFrom('trabajador_cargos').select('IdPersona').where('IdEmpresa', '=', company).where('IdCargo', '=', cargo));
  return query;
}

/** Delivered lines of the range by reason, counted in SQL from the acts (each acta counts its lines). */
export async function rawLinesByReason(input: EppInput, from: string, to: string): Promise<Map<string, number>> {
  const { company, contractor, client } = input.scope;
  let query = input.deps.db
    .selectFrom('epp_entregas as e')
    .select(['e.Motivo', sql<number>`sum((select count(*) from epp_entregas_lineas as l where l."IdEntregadosEpp" = e."IdEntregadosEpp"))`.as('Lineas')])
    .where('e.IdEmpresa', '=', company)
    .where('e.Anulada', '=', 0)
    .where('e.Estado', '<>', 0)
    .where('e.Fecha', '>=', from)
    .where('e.Fecha', '<=', to);
  if (contractor) query = query.where('e.RutContratista', '=', contractor);
  if (client) query = query.where('e.IdCliente', '=', client);
  const workers = workerFilter(input);
  if (workers) query = query.where('e.IdPersona', 'in', workers);
  const rows = await query.groupBy('e.Motivo').execute();
  return new Map(rows.map((row) => [String(row.Motivo), Number(row.Lineas)]));
}

/**
 * Delivered lines by reason, the figure that grows with every acta: over years of actas (20,000 in the bench, 40,000
 * lines) its whole months are read from the monthly summary (`epp.lineas`: by the acta's month, reason, contractor
 * and client), the days at the range's ends from the actas. Levels and Cargo are the worker's today, not the acta's:
 * filtered by them, only the actas can say.
 */
export function linesByReason(input: EppInput, from: string, to: string): Promise<Map<number, number>> {
  const { company, contractor, client } = input.scope;
  return scopedFigures(input, ['epp-motivos', from, to, input.query.IdCargo ?? ''], async () => {
    const raw = (first: string, last: string) => rawLinesByReason(input, first, last);
    const where = { ...(contractor ? { Dimension2: contractor } : {}), ...(client ? { Dimension3: client } : {}) };
    const read = { company, indicator: LINES_SUMMARY, where, by: 'Dimension1' as const };
    const sums = workerFilter(input) ? await raw(from, to) : await summedOverRange(input.deps.db, read, from, to, raw);
    return new Map([...sums].map(([reason, lines]) => [Number(reason), lines]));
  });
}

export const LINES_SUMMARY = indicatorOf(EPP_DASHBOARD, 'motivo_entrega').monthlySummary!;

/**
 * Keeps `epp.lineas` with the actas, in the write's transaction: an acta that counts (not annulled, not deleted) adds
 * its lines with `sign` 1 once stored, and takes them away with -1 as it is annulled. The acta is the one the write
 * holds, so the summary costs no read.
 */
export async function summariseActaLines(db: Db, acta: EppEntrega, sign: 1 | -1): Promise<void> {
  if (acta.Anulada === 1 || acta.Estado === 0) return;
  const dimensions = [String(acta.Motivo), acta.RutContratista ?? '', acta.IdCliente ?? ''] as const;
  const cell = { company: acta.IdEmpresa, indicator: LINES_SUMMARY, month: acta.Fecha.slice(0, 7), dimensions };
  await addToSummary(db, cell, sign * acta.Items.length);
}
