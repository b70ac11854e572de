import type { EppDashboardQuery } from '#sync/schemas/epp-dashboard.schema.ts';
import type { IndicatorInput } from '#server/records/indicators/indicator-input.ts';

/**
 * What the EPP dashboard reads (issue #16), computed once per burst of calls (dashboard-memo.ts):
 *
 * - the workers of the scope: active, of the chosen levels and Cargo, a contractor's own; a client's, those who
 *   received an acta made for the client;
 * - what each must hold: their positions' assignments plus their own, of items still in the catalogue;
 * - what each holds on the cut-off day (the range's last day): per worker and item, the latest expiry among the
 *   lines of acts not annulled delivered up to that day (useful life 0: never expires). A pair is valid when that
 *   expiry is on or after the cut-off, expired when it is before;
 * - who is trained in the use of each item: a valid realised attendance (attended, passed or not graded, in force on
 *   the cut-off day) of a training type that names the item;
 * - the findings of non-use: a No cumple, in an inspection of the range, on a statement linked to an item.
 */

export type EppInput = IndicatorInput<EppDashboardQuery>;

export interface WorkerInfo {
  IdPersona: string;
  RunPersona: string;
  Nombre: string;
  IdNivel2: string | null;
  IdNivel3: string | null;
  RutContratista: string | null;
  activo: boolean;
  cargos: string[];
}

/** A worker's item: what the worker holds of it on the cut-off day. */
export interface Holding {
  /** The latest expiry ('9999-12-31' when it never expires). */
  Vence: string;
  /** The last delivery day. */
  Ultima: string;
}

export interface Training {
  Tipo: string;
  Fecha: string;
  Vence: string | null;
}

export interface Finding {
  Clave: string;
  IdEvaluacion: string;
  Fecha: string;
  Tipo: string;
  NombreFormulario: string;
  IdNivel2: string | null;
  IdNivel3: string | null;
  IdEpp: string;
  Enunciado: string;
  Observados: string[];
}

export interface EppState {
  /** The cut-off day the states are read on. */
  corte: string;
  workers: Map<string, WorkerInfo>;
  /** The scope's workers, in name order. */
  scoped: WorkerInfo[];
  /** IdEpp → name, of every item the company ever had. */
  items: Map<string, string>;
  /** Each scoped worker's required items, of those still in the catalogue. */
  required: Map<string, string[]>;
  holdings: Map<string, Holding>;
  trained: Map<string, Training>;
  levelNames: Map<string, string>;
  cargoNames: Map<string, string>;
}

export const NEVER = '9999-12-31';
export const pairKey = (worker: string, item: string) => `${worker}\u0000${item}`;

/** Whether the figures narrow the workers by level or Cargo: without those, the acts that count (the parties' own) need no worker. */
export const narrowsWorkers = (input: EppInput) => Boolean(input.scope.filters.nv2 || input.scope.filters.nv3 || input.query.IdCargo);

/** Whether a worker is of the chosen levels and Cargo, and the contractor's own. */
export function workerMatches(worker: WorkerInfo | undefined, input: EppInput): boolean {
  if (!worker) return !narrowsWorkers(input);
  const { filters, contractor } = input.scope;
  if (filters.nv2 && worker.IdNivel2 !== filters.nv2) return false;
  if (filters.nv3 && worker.IdNivel3 !== filters.nv3) return false;
  if (contractor && worker.RutContratista !== contractor) return false;
  if (input.query.IdCargo && !worker.cargos.includes(input.query.IdCargo)) return false;
  return true;
}

/** The acts that count, written once: not annulled, not deleted, and (contractor, client) the viewer's own. */
export function countedActas(input: EppInput) {
  const { company, contractor, client } = input.scope;
  let query = input.deps.db
    .selectFrom('epp_entregas as e')
    .where('e.IdEmpresa', '=', company)
    .where('e.Anulada', '=', 0)
    .where('e.Estado', '<>', 0);
  if (contractor) query = query.where('e.RutContratista', '=', contractor);
  if (client) query = query.where('e.IdCliente', '=', client);
  return query;
}

/**
 * The lines of the acts that count, without joining each line to its acta (40,000 lookups): the few annulled acts
 * are left out by a set SQLite builds once, and a contractor's or client's own acts are a set too.
 */
export function countedLines(input: EppInput) {
  const { company, contractor, client } = input.scope;
  const { db } = input.deps;
  const query = db
    .selectFrom('epp_entregas_lineas as l')
    .where('l.IdEmpresa', '=', company)
    .where(
      'l.IdEntregadosEpp',
      'not in',
      db
        .selectFrom('epp_entregas')
        .select('IdEntregadosEpp')
        .where('IdEmpresa', '=', company)
        .where((eb) => eb.or([eb('Anulada', '<>', 0), eb('Estado', '=', 0)])),
    );
  return contractor || client ? query.where('l.IdEntregadosEpp', 'in', countedActas(input).select('e.IdEntregadosEpp')) : query;
}
