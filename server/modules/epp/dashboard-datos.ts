import { sql } from 'kysely';
import { requiredEpps } from '#sync/domain/epp-delivery.ts';
import { PASSING_GRADE } from '#sync/domain/grades.ts';
import type { EppDashboardQuery } from '#sync/schemas/epp-dashboard.schema.ts';
import { type ContenidoFormulario, statementsOf } from '#sync/schemas/formularios.schema.ts';
import type { RespuestaEnunciado } from '#sync/schemas/inspecciones.schema.ts';
import type { AppDeps } from '#server/app-env.ts';
import { sharedFigures } from '#server/records/dashboard-memo.ts';
import type { DashboardScope } from '#server/records/dashboard-scope.ts';
import { personName } from '#sync/domain/person-name.ts';

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

export interface EppInput {
  deps: AppDeps;
  scope: DashboardScope;
  query: EppDashboardQuery;
}

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
  /** IdEpp → name, of every item the company ever had; `active` those still in the catalogue. */
  items: Map<string, string>;
  active: string[];
  required: Map<string, string[]>;
  holdings: Map<string, Holding>;
  trained: Map<string, Training>;
  levelNames: Map<string, string>;
  cargoNames: Map<string, string>;
}

export const NEVER = '9999-12-31';
export const pairKey = (worker: string, item: string) => `${worker}\u0000${item}`;
const byName = (a: { Nombre: string }, b: { Nombre: string }) => a.Nombre.localeCompare(b.Nombre, 'es');

function list(text: string | null | undefined): string[] {
  try {
    const parsed = JSON.parse(text ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === 'string') : [];
  } catch {
    return [];
  }
}

/** Every worker of the company (active or not, deleted too: a finding or a delivery may name one who left) with their positions. */
async function companyWorkers(input: EppInput): Promise<Map<string, WorkerInfo>> {
  const { db } = input.deps;
  const company = input.scope.company;
  const [rows, cargos] = await Promise.all([
    db
      .selectFrom('trabajadores')
      .select([
        'IdPersona',
        'RunPersona',
        'Nombres',
        'ApellidoPaterno',
        'ApellidoMaterno',
        'IdNivel2',
        'IdNivel3',
        'RutContratista',
        'Estado',
      ])
      .where('IdEmpresa', '=', company)
      .execute(),
    db.selectFrom('trabajador_cargos').select(['IdPersona', 'IdCargo']).where('IdEmpresa', '=', company).execute(),
  ]);
  const workers = new Map<string, WorkerInfo>();
  for (const row of rows) {
    workers.set(row.IdPersona, {
      IdPersona: row.IdPersona,
      RunPersona: row.RunPersona,
      Nombre: personName(row),
      IdNivel2: row.IdNivel2,
      IdNivel3: row.IdNivel3,
      RutContratista: row.RutContratista,
      activo: row.Estado === 1,
      cargos: [],
    });
  }
  for (const row of cargos) workers.get(row.IdPersona)?.cargos.push(row.IdCargo);
  return workers;
}

/** Whether a worker is of the chosen levels and Cargo, and the contractor's own. */
export function workerMatches(worker: WorkerInfo | undefined, input: EppInput): boolean {
  if (!worker) return !input.scope.filters.nv2 && !input.scope.filters.nv3 && !input.query.IdCargo;
  const { filters, contractor } = input.scope;
  if (filters.nv2 && worker.IdNivel2 !== filters.nv2) return false;
  if (filters.nv3 && worker.IdNivel3 !== filters.nv3) return false;
  if (contractor && worker.RutContratista !== contractor) return false;
  if (input.query.IdCargo && !worker.cargos.includes(input.query.IdCargo)) return false;
  return true;
}

/** Acts that count: not annulled, not deleted, and (contractor, client) the viewer's own. */
export function countedActs(input: EppInput) {
  const { company, contractor, client } = input.scope;
  let query = input.deps.db
    .selectFrom('epp_entregas_lineas as l')
    .innerJoin('epp_entregas as e', 'e.IdEntregadosEpp', 'l.IdEntregadosEpp')
    .where('l.IdEmpresa', '=', company)
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
function countedLines(input: EppInput) {
  const { company, contractor, client } = input.scope;
  const { db } = input.deps;
  let query = db
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
  if (contractor)
    query = query.where(
      'l.IdEntregadosEpp',
      'in',
      db.selectFrom('epp_entregas').select('IdEntregadosEpp').where('IdEmpresa', '=', company).where('RutContratista', '=', contractor),
    );
  if (client)
    query = query.where(
      'l.IdEntregadosEpp',
      'in',
      db.selectFrom('epp_entregas').select('IdEntregadosEpp').where('IdEmpresa', '=', company).where('IdCliente', '=', client),
    );
  return query;
}

async function computeState(input: EppInput, corte: string): Promise<EppState> {
  const { db } = input.deps;
  const { company, client } = input.scope;
  const [workers, items, assignments, holdingRows, trainingRows, levels, cargos, clientWorkers] = await Promise.all([
    companyWorkers(input),
    db.selectFrom('epp_tipos').select(['IdEpp', 'NombreEpp', 'Estado']).where('IdEmpresa', '=', company).orderBy('NombreEpp').execute(),
    db
      .selectFrom('epp_asignaciones')
      .select(['IdCargo', 'IdPersona', 'Epps'])
      .where('IdEmpresa', '=', company)
      .where('Estado', '=', 1)
      .execute(),
    countedLines(input)
      .select([
        'l.IdPersona',
        'l.IdEpp',
        sql<string>`max(coalesce(l."VenceEl", ${NEVER}))`.as('Vence'),
        sql<string>`max(l."Fecha")`.as('Ultima'),
      ])
      .where('l.Fecha', '<=', corte)
      .groupBy(['l.IdPersona', 'l.IdEpp'])
      .execute(),
    db
      .selectFrom('capacitacion_participantes as p')
      .innerJoin('tipos_capacitacion as t', 't.IdTipoCapacitacion', 'p.IdTipoCapacitacion')
      .select(['p.IdPersona', 't.Nombre', 't.Epps', 'p.FechaRealizacion', 'p.FechaVencimiento'])
      .where('p.IdEmpresa', '=', company)
      .where('p.Activa', '=', 1)
      .where('p.Realizada', '=', 1)
      .where('p.Asistio', '=', 1)
      .where((eb) => eb.or([eb('p.Evaluada', '=', 0), eb('p.Nota', '>=', PASSING_GRADE)]))
      .where('p.FechaRealizacion', '<=', corte)
      .where((eb) => eb.or([eb('p.FechaVencimiento', 'is', null), eb('p.FechaVencimiento', '>=', corte)]))
      .where('t.Epps', '<>', '[]')
      .orderBy('p.FechaRealizacion')
      .execute(),
    db.selectFrom('niveles').select(['IdNivel', 'Nombre']).where('IdEmpresa', '=', company).execute(),
    db.selectFrom('cargos').select(['IdCargo', 'NombreCargo']).where('IdEmpresa', '=', company).execute(),
    client
      ? db
          .selectFrom('epp_entregas')
          .select('IdPersona')
          .distinct()
          .where('IdEmpresa', '=', company)
          .where('IdCliente', '=', client)
          .where('Anulada', '=', 0)
          .execute()
      : Promise.resolve(null),
  ]);
  const ofClient = clientWorkers && new Set(clientWorkers.map((row) => row.IdPersona));
  const scoped = [...workers.values()]
    .filter((worker) => worker.activo && workerMatches(worker, input) && (!ofClient || ofClient.has(worker.IdPersona)))
    .sort(byName);
  const active = items.filter((item) => item.Estado === 1).map((item) => item.IdEpp);
  const activeSet = new Set(active);
  const rules = assignments.map((row) => ({ IdCargo: row.IdCargo, IdPersona: row.IdPersona, Epps: list(row.Epps) }));
  const required = new Map(scoped.map((worker) => [worker.IdPersona, requiredEpps(rules, worker).filter((id) => activeSet.has(id))]));
  const holdings = new Map(holdingRows.map((row) => [pairKey(row.IdPersona, row.IdEpp), { Vence: row.Vence, Ultima: row.Ultima }]));
  const trained = new Map<string, Training>();
  // In date order: each pair keeps the latest training that makes the worker capacitado.
  for (const row of trainingRows) {
    for (const item of list(row.Epps))
      trained.set(pairKey(row.IdPersona, item), { Tipo: row.Nombre, Fecha: row.FechaRealizacion ?? '', Vence: row.FechaVencimiento });
  }
  return {
    corte,
    workers,
    scoped,
    items: new Map(items.map((item) => [item.IdEpp, item.NombreEpp])),
    active,
    required,
    holdings,
    trained,
    levelNames: new Map(levels.map((level) => [level.IdNivel, level.Nombre])),
    cargoNames: new Map(cargos.map((cargo) => [cargo.IdCargo, cargo.NombreCargo])),
  };
}

/** The cut-off day's state of the scope, shared by the indicators a page asks together. */
export function eppState(input: EppInput, corte = input.scope.filters.end): Promise<EppState> {
  const { filters, contractor, client } = input.scope;
  const key = JSON.stringify(['epp-estado', corte, filters.nv2, filters.nv3, contractor, client, input.query.IdCargo ?? '']);
  return sharedFigures(input.deps.db, input.scope.company, key, () => computeState(input, corte));
}

/** The findings of non-use in [from..to] of the scope (and of one kind of template, when `Tipo` is given). */
async function computeFindings(input: EppInput, from: string, to: string, workers: Map<string, WorkerInfo>): Promise<Finding[]> {
  const { db } = input.deps;
  const { company, filters, contractor, client } = input.scope;
  let query = db
    .selectFrom('evaluaciones')
    .select([
      'IdEvaluacion',
      'IdFormulario',
      'VersionFormulario',
      'NombreFormulario',
      'Tipo',
      'Fecha',
      'IdNivel2',
      'IdNivel3',
      'Observados',
      'Respuestas',
    ])
    .where('IdEmpresa', '=', company)
    .where('Estado', '<>', 0)
    .where('Fecha', '>=', from)
    .where('Fecha', '<=', `${to}\uffff`);
  if (filters.nv2) query = query.where('IdNivel2', '=', filters.nv2);
  if (filters.nv3) query = query.where('IdNivel3', '=', filters.nv3);
  if (contractor) query = query.where('RutContratista', '=', contractor);
  if (client) query = query.where('IdCliente', '=', client);
  if (input.query.Tipo) query = query.where('Tipo', '=', input.query.Tipo);
  const inspections = await query.orderBy('Fecha').orderBy('IdEvaluacion').execute();
  if (inspections.length === 0) return [];
  // Only the template versions with a statement linked to an item matter; each version is read once.
  const versions = await db
    .selectFrom('formulario_versiones')
    .select(['IdFormulario', 'VersionFormulario', 'Contenido'])
    .where('IdEmpresa', '=', company)
    .where('Contenido', 'like', '%"IdEpp"%')
    .execute();
  const links = new Map<string, Map<string, { IdEpp: string; Texto: string }>>();
  for (const version of versions) {
    const linked = new Map<string, { IdEpp: string; Texto: string }>();
    for (const statement of statementsOf(JSON.parse(version.Contenido) as ContenidoFormulario))
      if (statement.IdEpp) linked.set(statement.IdEnunciado, { IdEpp: statement.IdEpp, Texto: statement.Texto });
    if (linked.size > 0) links.set(`${version.IdFormulario}\u0000${version.VersionFormulario}`, linked);
  }
  const findings: Finding[] = [];
  for (const inspection of inspections) {
    const linked = links.get(`${inspection.IdFormulario}\u0000${inspection.VersionFormulario}`);
    if (!linked) continue;
    const observed = list(inspection.Observados);
    // With a Cargo chosen, a finding counts when the inspection observed a worker of that position.
    if (input.query.IdCargo && !observed.some((id) => workers.get(id)?.cargos.includes(input.query.IdCargo!))) continue;
    for (const answer of JSON.parse(inspection.Respuestas) as RespuestaEnunciado[]) {
      const link = answer.Respuesta === 2 ? linked.get(answer.IdEnunciado) : undefined;
      if (!link) continue;
      findings.push({
        Clave: `${inspection.IdEvaluacion}:${answer.IdEnunciado}`,
        IdEvaluacion: inspection.IdEvaluacion,
        Fecha: inspection.Fecha.slice(0, 10),
        Tipo: inspection.Tipo,
        NombreFormulario: inspection.NombreFormulario,
        IdNivel2: inspection.IdNivel2,
        IdNivel3: inspection.IdNivel3,
        IdEpp: link.IdEpp,
        Enunciado: link.Texto,
        Observados: observed,
      });
    }
  }
  return findings;
}

export async function findingsOf(input: EppInput, from: string, to: string): Promise<{ findings: Finding[]; state: EppState }> {
  const { filters, contractor, client } = input.scope;
  const state = await eppState(input);
  const key = JSON.stringify([
    'epp-no-uso',
    from,
    to,
    filters.nv2,
    filters.nv3,
    contractor,
    client,
    input.query.IdCargo ?? '',
    input.query.Tipo ?? '',
  ]);
  const findings = await sharedFigures(input.deps.db, input.scope.company, key, () => computeFindings(input, from, to, state.workers));
  return { findings, state };
}
