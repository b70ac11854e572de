import { personName } from '#sync/domain/person-name.ts';
import type { EppAsignacion } from '#sync/schemas/epp-asignaciones.schema.ts';
import type { AsignacionInformeFila, AsignacionVencido } from '#sync/schemas/epp-asignacion-entregas.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { RecordRegistry } from '#server/records/record-registry.ts';
import { canSeeContractorRows, type Viewer } from '#server/tenancy/viewer.ts';
import { NEVER } from './consultas.sql.ts';

/** Who reads: the registry, the company and the viewer (a contractor sees only its own workers). */
export interface AsignacionScope {
  db: Db;
  records: RecordRegistry;
  company: string;
  viewer: Viewer;
}

/** The company's live assignment, or undefined (unknown, deleted, another company's). */
export async function liveAssignment({ db, records, company }: AsignacionScope, id: string): Promise<EppAsignacion | undefined> {
  const row = (await records.epp_asignaciones.load(db, company, id))?.row;
  return row && row.Estado !== 0 ? row : undefined;
}

/** True when the assignment applies to the worker: it is theirs, or of one of their positions. */
export const covers = (assignment: EppAsignacion, worker: { IdPersona: string; cargos: readonly string[] }) =>
  assignment.IdPersona === worker.IdPersona || (assignment.IdCargo !== null && worker.cargos.includes(assignment.IdCargo));

/** The active workers the viewer sees that the assignment covers. */
async function coveredWorkers(scope: AsignacionScope, assignment: EppAsignacion) {
  const workers = await scope.records.trabajadores.listActive(scope.db, scope.company, scope.viewer);
  return workers.filter((worker) => covers(assignment, worker));
}

/**
 * What the assignment's workers hold expired in the window, of what it requires: their longest-lasting valid line of
 * an item (an annulled acta never counts, a renewal covers an older line) ends between `from` and `to`, both included.
 * Never delivered is not expired (that is the consulta of pending deliveries).
 */
export async function expiredInWindow(
  scope: AsignacionScope,
  assignment: EppAsignacion,
  from: string,
  to: string,
): Promise<AsignacionVencido[]> {
  const workers = await coveredWorkers(scope, assignment);
  if (workers.length === 0) return [];
  const held = await scope.db
    .selectFrom('epp_entregas_lineas as l')
    .innerJoin('epp_entregas as e', 'e.IdEntregadosEpp', 'l.IdEntregadosEpp')
    .select(['l.IdPersona', 'l.IdEpp', (eb) => eb.fn.max(eb.fn.coalesce('l.VenceEl', eb.val(NEVER))).as('Hasta')])
    .where('l.IdEmpresa', '=', scope.company)
    .where('e.Anulada', '=', 0)
    .where('e.Estado', '=', 1)
    .where('l.IdPersona', 'in', workers.map((worker) => worker.IdPersona))
    .where('l.IdEpp', 'in', assignment.Epps)
    .groupBy(['l.IdPersona', 'l.IdEpp'])
    .execute();
  const byId = new Map(workers.map((worker) => [worker.IdPersona, worker]));
  return held
    .filter((row) => String(row.Hasta) >= from && String(row.Hasta) <= to)
    .map((row) => {
      const worker = byId.get(row.IdPersona)!;
      const { IdPersona, IdEpp } = row;
      return { IdPersona, RunPersona: worker.RunPersona, Nombre: personName(worker), IdEpp, VenceEl: String(row.Hasta) };
    })
    .sort((a, b) => a.Nombre.localeCompare(b.Nombre, 'es') || a.IdEpp.localeCompare(b.IdEpp));
}

/** The report's lines of one assignment: its target, how many workers it covers, and one line per EPP it requires. */
async function reportLines(scope: AsignacionScope, assignment: EppAsignacion): Promise<AsignacionInformeFila[]> {
  const { db, records, company } = scope;
  const loaded = assignment.IdPersona ? (await records.trabajadores.load(db, company, assignment.IdPersona))?.row : undefined;
  // A worker the viewer does not see (another contractor's) is not named.
  const worker = loaded && canSeeContractorRows(scope.viewer, loaded) ? loaded : undefined;
  const cargo = assignment.IdCargo ? (await records.cargos.load(db, company, assignment.IdCargo))?.row : undefined;
  const covered = (await coveredWorkers(scope, assignment)).length;
  const lines: AsignacionInformeFila[] = [];
  for (const IdEpp of assignment.Epps) {
    const tipo = (await records.epp_tipos.load(db, company, IdEpp))?.row;
    lines.push({
      IdAsignacionEpp: assignment.IdAsignacionEpp,
      Asignacion: assignment.IdCargo ? 'Cargo' : 'Trabajador',
      Nombre: cargo?.NombreCargo ?? (worker ? personName(worker) : ''),
      RunPersona: worker?.RunPersona ?? null,
      Trabajadores: covered,
      IdEpp,
      NombreEpp: tipo?.NombreEpp ?? '',
      VidaUtilMeses: tipo?.VidaUtilMeses ?? 0,
    });
  }
  return lines.sort((a, b) => a.NombreEpp.localeCompare(b.NombreEpp, 'es'));
}

/** The report of the given assignments, in the order asked; undefined when one is not a live assignment of the company. */
export async function assignmentReport(scope: AsignacionScope, ids: readonly string[]): Promise<AsignacionInformeFila[] | undefined> {
  const lines: AsignacionInformeFila[] = [];
  for (const id of ids) {
    const assignment = await liveAssignment(scope, id);
    if (!assignment) return undefined;
    lines.push(...(await reportLines(scope, assignment)));
  }
  return lines;
}
