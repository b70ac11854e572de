import { sql } from 'kysely';
import { requiredEpps } from '#sync/domain/epp-delivery.ts';
import { PASSING_GRADE } from '#sync/domain/grades.ts';
import { scopedFigures } from '#server/records/indicators/indicator-input.ts';
import { WORKER_COLUMNS } from '#server/records/indicators/scope-workers.ts';
import { personName } from '#sync/domain/person-name.ts';
import { stringsOf } from '#server/db/json-strings.ts';
import {
  countedLines,
  type EppInput,
  type EppState,
  NEVER,
  pairKey,
  type Training,
  type WorkerInfo,
  workerMatches,
} from './dashboard-datos.ts';

const byName = (a: { Nombre: string }, b: { Nombre: string }) => a.Nombre.localeCompare(b.Nombre, 'es');

/** Every worker of the company (active or not, deleted too: a finding or a delivery may name one who left) with their positions. */
async function companyWorkers(input: EppInput): Promise<Map<string, WorkerInfo>> {
  const { db } = input.deps;
  const company = input.scope.company;
  const [rows, cargos] = await Promise.all([
    db
      .selectFrom('trabajadores')
      .select([...WORKER_COLUMNS, 'RutContratista', 'Estado'])
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
  const active = new Set(items.filter((item) => item.Estado === 1).map((item) => item.IdEpp));
  const rules = assignments.map((row) => ({ IdCargo: row.IdCargo, IdPersona: row.IdPersona, Epps: stringsOf(row.Epps) }));
  const required = new Map(scoped.map((worker) => [worker.IdPersona, requiredEpps(rules, worker).filter((id) => active.has(id))]));
  const holdings = new Map(holdingRows.map((row) => [pairKey(row.IdPersona, row.IdEpp), { Vence: row.Vence, Ultima: row.Ultima }]));
  const trained = new Map<string, Training>();
  // In date order: each pair keeps the latest training that makes the worker capacitado.
  for (const row of trainingRows) {
    for (const item of stringsOf(row.Epps))
      trained.set(pairKey(row.IdPersona, item), { Tipo: row.Nombre, Fecha: row.FechaRealizacion ?? '', Vence: row.FechaVencimiento });
  }
  return {
    corte,
    workers,
    scoped,
    items: new Map(items.map((item) => [item.IdEpp, item.NombreEpp])),
    required,
    holdings,
    trained,
    levelNames: new Map(levels.map((level) => [level.IdNivel, level.Nombre])),
    cargoNames: new Map(cargos.map((cargo) => [cargo.IdCargo, cargo.NombreCargo])),
  };
}

/** The cut-off day's state of the scope, shared by the indicators a page asks together. */
export function eppState(input: EppInput, corte = input.scope.filters.end): Promise<EppState> {
  return scopedFigures(input, ['epp-estado', corte, input.query.IdCargo ?? ''], () => computeState(input, corte));
}
