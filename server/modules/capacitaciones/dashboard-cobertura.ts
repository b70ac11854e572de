import { personName } from '#sync/domain/person-name.ts';
import { indicatorOf } from '#sync/records/indicator.ts';
import {
  CAPACITACIONES_DASHBOARD,
  COVERAGE_POINT_UNIT,
  UNTRAINED_RECORDS,
  type UntrainedWorkerRow,
} from '#sync/schemas/capacitaciones-dashboard.schema.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import type { ReportListAnswer } from '#sync/schemas/report-list.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { DashboardScope } from '#server/records/dashboard-scope.ts';
import { type IndicatorInput, scopedFigures } from '#server/records/indicators/indicator-input.ts';
import { pageOf, workerColumns } from '#server/records/indicators/records-page.ts';
import { WORKER_COLUMNS, workersOfScope } from '#server/records/indicators/scope-workers.ts';
import { realisedAttendance } from './asistencias.repo.ts';

/**
 * The trainings dashboard's coverage: of the scope's active workers (their levels now, a contractor's own; a
 * client's scope counts the whole company, whose workers attend its sessions), who attended a realised session in
 * the range, and who did not. The count and the list of those who did not are one computation, so the slice and
 * the records behind it always agree.
 */

interface ScopeWorker {
  IdPersona: string;
  RunPersona: string;
  Nombres: string;
  ApellidoPaterno: string;
  ApellidoMaterno: string;
  IdNivel2: string | null;
  IdNivel3: string | null;
}

interface Coverage {
  workers: ScopeWorker[];
  untrained: ScopeWorker[];
}

/** The scope's active workers, by surname. */
function scopeWorkers(db: Db, scope: DashboardScope): Promise<ScopeWorker[]> {
  const active = workersOfScope(db, scope).select(WORKER_COLUMNS).where('Estado', '=', 1);
  return active.orderBy('ApellidoPaterno').orderBy('ApellidoMaterno').orderBy('Nombres').orderBy('IdPersona').execute();
}

/** The people with a realised attendance in the range, read from the index of month and person. */
async function trainedPeople(db: Db, scope: DashboardScope): Promise<Set<string>> {
  const { company, filters, contractor, client } = scope;
  const rows = await realisedAttendance(db, {
    company,
    from: filters.start,
    to: filters.end,
    nv2: filters.nv2,
    nv3: filters.nv3,
    contractor,
    client,
  })
    .select('capacitacion_participantes.IdPersona')
    .distinct()
    .execute();
  return new Set(rows.map((row) => row.IdPersona));
}

function coverage(input: IndicatorInput): Promise<Coverage> {
  const { deps, scope } = input;
  return scopedFigures(input, ['capacitaciones-cobertura'], async () => {
    const [workers, trained] = await Promise.all([scopeWorkers(deps.db, scope), trainedPeople(deps.db, scope)]);
    return { workers, untrained: workers.filter((worker) => !trained.has(worker.IdPersona)) };
  });
}

// Its own rounding, as it always was: 1000 × part / whole, which the kit's 100 × part / whole × 10 may round apart.
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : 0);

/** Workers trained in the range against the scope's headcount: a % headline over two slices that count workers. */
export async function cobertura(input: IndicatorInput): Promise<DashboardAnswer> {
  const { workers, untrained } = await coverage(input);
  const trained = workers.length - untrained.length;
  return {
    statusCode: 200,
    total: percent(trained, workers.length),
    unidad: '%',
    unidadValor: COVERAGE_POINT_UNIT,
    data: [
      { Nombre: 'Capacitados', Valor: trained, registros: {} },
      { Nombre: 'Sin capacitación en el período', Valor: untrained.length, registros: { ...UNTRAINED_RECORDS } },
    ],
    formula: indicatorOf(CAPACITACIONES_DASHBOARD, 'Cobertura').formula,
  };
}

/** The workers of the "Sin capacitación" slice, a page at a time, each with their positions, levels and latest training. */
export async function untrainedWorkers(
  input: IndicatorInput,
  query: { Pagina: number; PorPagina: number },
): Promise<ReportListAnswer<UntrainedWorkerRow>> {
  const { db } = input.deps;
  const company = input.scope.company;
  const page = pageOf((await coverage(input)).untrained, query);
  const shown = page.data;
  const ids = shown.map((worker) => worker.IdPersona);
  const levelIds = [...new Set(shown.flatMap((worker) => [worker.IdNivel2, worker.IdNivel3]).filter((id): id is string => id !== null))];
  const [cargos, levels, latest] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .selectFrom('trabajador_cargos')
            .innerJoin('cargos', (join) =>
              join.onRef('cargos.IdCargo', '=', 'trabajador_cargos.IdCargo').onRef('cargos.IdEmpresa', '=', 'trabajador_cargos.IdEmpresa'),
            )
            .select(['trabajador_cargos.IdPersona', 'cargos.NombreCargo'])
            .where('trabajador_cargos.IdEmpresa', '=', company)
            .where('trabajador_cargos.IdPersona', 'in', ids)
            .where('cargos.Estado', '=', 1)
            .orderBy('cargos.NombreCargo')
            .execute(),
          levelIds.length === 0
            ? Promise.resolve([])
            : db
                .selectFrom('niveles')
                .select(['IdNivel', 'Nombre'])
                .where('IdEmpresa', '=', company)
                .where('IdNivel', 'in', levelIds)
                .execute(),
          realisedAttendance(db, { company, from: null, to: null, nv2: null, nv3: null, contractor: null, client: null })
            .where('capacitacion_participantes.IdPersona', 'in', ids)
            .select(['capacitacion_participantes.IdPersona', (eb) => eb.fn.max('capacitacion_participantes.FechaRealizacion').as('Ultima')])
            .groupBy('capacitacion_participantes.IdPersona')
            .execute(),
        ]);
  const positions = new Map<string, string[]>();
  for (const row of cargos) positions.set(row.IdPersona, [...(positions.get(row.IdPersona) ?? []), row.NombreCargo]);
  const levelNames = new Map(levels.map((level) => [level.IdNivel, level.Nombre]));
  const last = new Map(latest.map((row) => [row.IdPersona, row.Ultima as string | null]));
  return {
    statusCode: 200,
    ...page,
    data: shown.map((worker) => ({
      IdPersona: worker.IdPersona,
      RunPersona: worker.RunPersona,
      Nombre: personName(worker),
      ...workerColumns(levelNames, worker, positions.get(worker.IdPersona) ?? []),
      UltimaCapacitacion: last.get(worker.IdPersona) ?? null,
    })),
  };
}
