import { sql } from 'kysely';
import { sharedFigures } from '#server/records/dashboard-memo.ts';
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
  const { filters, contractor, client } = input.scope;
  const state = await eppState(input);
  const key = JSON.stringify(['epp-lineas', from, to, filters.nv2, filters.nv3, contractor, client, input.query.IdCargo ?? '']);
  const lines = await sharedFigures(input.deps.db, input.scope.company, key, () => computeLines(input, from, to, state.workers));
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
export function linesByReason(input: EppInput, from: string, to: string): Promise<Map<number, number>> {
  const { company, contractor, client, filters } = input.scope;
  const key = JSON.stringify(['epp-motivos', from, to, filters.nv2, filters.nv3, contractor, client, input.query.IdCargo ?? '']);
  return sharedFigures(input.deps.db, company, key, async () => {
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
    return new Map(rows.map((row) => [row.Motivo, Number(row.Lineas)]));
  });
}
