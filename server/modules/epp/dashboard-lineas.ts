import { sql } from 'kysely';
import { indicatorOf } from '#sync/records/indicator.ts';
import { EPP_DASHBOARD } from '#sync/schemas/epp-dashboard.schema.ts';
import type { EppEntrega } from '#sync/schemas/epp-entregas.schema.ts';
import type { Db } from '#server/db/database.ts';
import { scopedFigures } from '#server/records/indicators/indicator-input.ts';
import { addToSummary, summedOverRange } from '#server/records/indicators/monthly-summary.ts';
import { workersOfScope } from '#server/records/indicators/scope-workers.ts';
import { countedActas, type EppInput, type EppState, narrowsWorkers, type WorkerInfo, workerMatches } from './dashboard-datos.ts';
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
  const rows = await countedActas(input)
    .innerJoin('epp_entregas_lineas as l', 'l.IdEntregadosEpp', 'e.IdEntregadosEpp')
    .select(['l.IdLinea', 'l.IdEntregadosEpp', 'l.IdPersona', 'e.RunPersona', 'e.NombreTrabajador', 'l.Fecha', 'e.Motivo', 'l.IdEpp', 'l.NombreEpp', 'l.Talla', 'l.Cantidad'])
    .where('e.Fecha', '>=', from)
    .where('e.Fecha', '<=', to)
    .orderBy('l.Fecha')
    .orderBy('l.IdEntregadosEpp')
    .orderBy('l.Orden')
    .execute();
  return narrowsWorkers(input) ? rows.filter((row) => workerMatches(workers.get(row.IdPersona), input)) : rows;
}

export async function linesOf(input: EppInput, from: string, to: string): Promise<{ lines: DeliveredLine[]; state: EppState }> {
  const state = await eppState(input);
  const lines = await scopedFigures(input, ['epp-lineas', from, to, input.query.IdCargo ?? ''], () => computeLines(input, from, to, state.workers));
  return { lines, state };
}

/**
 * The workers of the chosen levels and Cargo: a set for SQL, or null when not filtered. Their contractor is not asked:
 * the acts counted are the contractor's already.
 */
function workerFilter(input: EppInput) {
  if (!narrowsWorkers(input)) return null;
  const { db } = input.deps;
  const cargo = input.query.IdCargo;
  const query = workersOfScope(db, { ...input.scope, contractor: null }).select('trabajadores.IdPersona');
  if (!cargo) return query;
  const ofCargo = db.selectFrom('trabajador_cargos').select('IdPersona').where('IdEmpresa', '=', input.scope.company).where('IdCargo', '=', cargo);
  return query.where('trabajadores.IdPersona', 'in', ofCargo);
}

/** Delivered lines of the range by reason, counted in SQL from the acts (each acta counts its lines). */
export async function rawLinesByReason(input: EppInput, from: string, to: string): Promise<Map<string, number>> {
  let query = countedActas(input)
    .select(['e.Motivo', sql<number>`sum((select count(*) from epp_entregas_lineas as l where l."IdEntregadosEpp" = e."IdEntregadosEpp"))`.as('Lineas')])
    .where('e.Fecha', '>=', from)
    .where('e.Fecha', '<=', to);
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
export function linesByReason(input: EppInput, from = input.scope.filters.start, to = input.scope.filters.end) {
  const { company, contractor, client } = input.scope;
  return scopedFigures(input, ['epp-motivos', from, to, input.query.IdCargo ?? ''], async () => {
    const raw = (first: string, last: string) => rawLinesByReason(input, first, last);
    const where = { ...(contractor ? { Dimension2: contractor } : {}), ...(client ? { Dimension3: client } : {}) };
    const read = { company, indicator: LINES_SUMMARY, where, by: 'Dimension1' as const };
    const sums = narrowsWorkers(input) ? await raw(from, to) : await summedOverRange(input.deps.db, read, from, to, raw);
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
