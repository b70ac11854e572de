import { MOTIVO_CODES, MOTIVOS_ENTREGA } from '#sync/domain/epp-delivery.ts';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { type DashboardAnswer, type DashboardPoint, shortMonthLabel } from '#sync/schemas/dashboard-filters.schema.ts';
import type { EppIndicator } from '#sync/schemas/epp-dashboard.schema.ts';
import { type EppInput, type EppState, pairKey } from './dashboard-datos.ts';
import { eppState } from './dashboard-estado.ts';
import { findingsOf } from './dashboard-no-uso.ts';
import { linesByReason } from './dashboard-lineas.ts';

/**
 * The EPP dashboard's indicators (spec part 2, "EPP", Dashboard). Each says in `formula` how it is counted; each
 * point carries in `registros` what selects its records (GET .../dashboard/registros).
 */

const round1 = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? round1((100 * part) / whole) : 0);

/** Per (worker, item) pair of the scope: its state on the cut-off day. */
export type PairState = 'vigente' | 'vencido' | 'sin-entrega';
export function pairState(state: EppState, worker: string, item: string): PairState {
  const holding = state.holdings.get(pairKey(worker, item));
  if (!holding) return 'sin-entrega';
  return holding.Vence >= state.corte ? 'vigente' : 'vencido';
}

/** The scope's expired pairs: a worker's item delivered before, with no delivery still in force. */
export function expiredPairs(state: EppState): { worker: string; item: string }[] {
  const pairs: { worker: string; item: string }[] = [];
  for (const worker of state.scoped) {
    for (const item of state.items.keys()) {
      const holding = state.holdings.get(pairKey(worker.IdPersona, item));
      if (holding && holding.Vence < state.corte) pairs.push({ worker: worker.IdPersona, item });
    }
  }
  return pairs;
}

/** The scope's required pairs: each worker's positions' items plus their own, still in the catalogue. */
export function requiredPairs(state: EppState): { worker: string; item: string }[] {
  return state.scoped.flatMap((worker) => (state.required.get(worker.IdPersona) ?? []).map((item) => ({ worker: worker.IdPersona, item })));
}

/** Bars by item, in the catalogue's order, leaving out items without any. */
function byItem(state: EppState, pairs: readonly { worker: string; item: string }[]): DashboardPoint[] {
  const counts = new Map<string, Set<string>>();
  for (const pair of pairs) {
    const workers = counts.get(pair.item) ?? new Set<string>();
    workers.add(pair.worker);
    counts.set(pair.item, workers);
  }
  return [...state.items]
    .filter(([id]) => counts.has(id))
    .map(([id, name]) => ({ Nombre: name, Valor: counts.get(id)!.size, registros: { IdEpp: id } }));
}

const distinctWorkers = (pairs: readonly { worker: string }[]) => new Set(pairs.map((pair) => pair.worker)).size;

export const FORMULAS: Record<EppIndicator, string> = {
  vencidos:
    'Trabajadores que recibieron el EPP y no tienen ninguna entrega vigente de él (vencida antes del día de corte), por EPP; el total cuenta cada ' +
      'trabajador una vez. Las actas anuladas no cuentan; vida útil 0: no vence',
  pendientes:
    'Trabajadores a los que su asignación (la de sus cargos más la propia) les exige el EPP y no tienen una entrega vigente de él el día de corte, por ' +
      'EPP; el total cuenta cada trabajador una vez',
  no_uso:
    'Hallazgos de no uso del período: respuestas No cumple, en inspecciones del período, a enunciados vinculados a un EPP; uno por inspección y ' +
      'enunciado, por EPP',
  capacitados:
    'Trabajadores capacitados en el uso del EPP (asistencia realizada y vigente el día de corte a una capacitación cuyo tipo enseña ese EPP) entre los ' +
      'que deben usarlo, por EPP; el total cuenta cada trabajador capacitado una vez',
  cobertura:
    'Pares trabajador–EPP exigidos por la asignación con una entrega vigente el día de corte × 100 / pares exigidos, por EPP; el total sobre todos los pares',
  no_uso_linea: 'Hallazgos de no uso (No cumple en enunciados vinculados a un EPP) de cada mes del período',
  no_uso_grafico:
    'Hallazgos de no uso del período por nivel de la inspección (nivel 2, o nivel 3 si se eligió un nivel 2); con Tipo, solo las inspecciones de ese ' +
      'tipo de formulario',
  motivo_entrega: 'Líneas de EPP entregadas en el período (actas no anuladas) por motivo de entrega',
};

async function vencidos(input: EppInput): Promise<DashboardAnswer> {
  const state = await eppState(input);
  const pairs = expiredPairs(state);
  return {
    statusCode: 200,
    total: distinctWorkers(pairs),
    unidad: 'trabajadores',
    data: byItem(state, pairs),
    formula: `${FORMULAS.vencidos}. Día de corte: ${formatDisplayDate(state.corte)}`,
  };
}

async function pendientes(input: EppInput): Promise<DashboardAnswer> {
  const state = await eppState(input);
  const pairs = requiredPairs(state).filter((pair) => pairState(state, pair.worker, pair.item) !== 'vigente');
  return {
    statusCode: 200,
    total: distinctWorkers(pairs),
    unidad: 'trabajadores',
    data: byItem(state, pairs),
    formula: `${FORMULAS.pendientes}. Día de corte: ${formatDisplayDate(state.corte)}`,
  };
}

async function capacitados(input: EppInput): Promise<DashboardAnswer> {
  const state = await eppState(input);
  const required = requiredPairs(state);
  const trained = required.filter((pair) => state.trained.has(pairKey(pair.worker, pair.item)));
  const must = byItem(state, required);
  const done = new Map(byItem(state, trained).map((point) => [point.registros!.IdEpp, point.Valor]));
  const data = must.map((point) => ({
    Nombre: point.Nombre,
    Valor: done.get(point.registros!.IdEpp!) ?? 0,
    Valor2: point.Valor,
    registros: { ...point.registros, Capacitado: '1' },
  }));
  const avisos =
    state.trained.size === 0
      ? ['Ningún tipo de capacitación indica los EPP cuyo uso enseña, o nadie tiene una asistencia vigente a uno de ellos']
      : undefined;
  return {
    statusCode: 200,
    total: distinctWorkers(trained),
    unidad: 'trabajadores',
    data,
    series: ['Capacitados', 'Deben usarlo'],
    formula: `${FORMULAS.capacitados}. Día de corte: ${formatDisplayDate(state.corte)}`,
    ...(avisos ? { avisos } : {}),
  };
}

async function cobertura(input: EppInput): Promise<DashboardAnswer> {
  const state = await eppState(input);
  const required = requiredPairs(state);
  const valid = required.filter((pair) => pairState(state, pair.worker, pair.item) === 'vigente');
  const counts = new Map<string, { all: number; valid: number }>();
  for (const pair of required) {
    const found = counts.get(pair.item) ?? { all: 0, valid: 0 };
    found.all += 1;
    counts.set(pair.item, found);
  }
  for (const pair of valid) counts.get(pair.item)!.valid += 1;
  const data = [...state.items]
    .filter(([id]) => counts.has(id))
    .map(([id, name]) => ({ Nombre: name, Valor: percent(counts.get(id)!.valid, counts.get(id)!.all), registros: { IdEpp: id } }));
  return {
    statusCode: 200,
    total: percent(valid.length, required.length),
    unidad: '%',
    data,
    formula: `${FORMULAS.cobertura}: ${valid.length} de ${required.length}. Día de corte: ${formatDisplayDate(state.corte)}`,
  };
}

async function noUso(input: EppInput): Promise<DashboardAnswer> {
  const { filters } = input.scope;
  const { findings, state } = await findingsOf(input, filters.start, filters.end);
  const counts = new Map<string, number>();
  for (const finding of findings) counts.set(finding.IdEpp, (counts.get(finding.IdEpp) ?? 0) + 1);
  const data = [...state.items]
    .filter(([id]) => counts.has(id))
    .map(([id, name]) => ({ Nombre: name, Valor: counts.get(id)!, registros: { IdEpp: id } }));
  return { statusCode: 200, total: findings.length, unidad: 'hallazgos', data, formula: FORMULAS.no_uso };
}

/** The months (YYYY-MM) a range touches. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (let guard = 0; guard < 240; guard += 1) {
    const name = `${year}-${String(month).padStart(2, '0')}`;
    months.push(name);
    if (name >= last) break;
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return months;
}

async function noUsoLinea(input: EppInput): Promise<DashboardAnswer> {
  const { filters } = input.scope;
  const { findings } = await findingsOf(input, filters.start, filters.end);
  const counts = new Map<string, number>();
  for (const finding of findings) counts.set(finding.Fecha.slice(0, 7), (counts.get(finding.Fecha.slice(0, 7)) ?? 0) + 1);
  const data = monthsOf(filters.start, filters.end).map((month) => ({
    Nombre: shortMonthLabel(month),
    Valor: counts.get(month) ?? 0,
    registros: { Mes: month },
  }));
  return { statusCode: 200, total: findings.length, unidad: 'hallazgos', data, formula: FORMULAS.no_uso_linea };
}

export const NO_LEVEL = 'Sin nivel';

/** The level a finding is charted under: level 3 once a level 2 is chosen, level 2 otherwise. */
export const findingLevel = (input: EppInput, finding: { IdNivel2: string | null; IdNivel3: string | null }) =>
  input.scope.filters.nv2 ? finding.IdNivel3 : finding.IdNivel2;

async function noUsoGrafico(input: EppInput): Promise<DashboardAnswer> {
  const { filters } = input.scope;
  const { findings, state } = await findingsOf(input, filters.start, filters.end);
  const counts = new Map<string | null, number>();
  for (const finding of findings) {
    const level = findingLevel(input, finding);
    counts.set(level, (counts.get(level) ?? 0) + 1);
  }
  const data = [...counts]
    .map(([level, count]) => ({
      Nombre: (level && state.levelNames.get(level)) || NO_LEVEL,
      Valor: count,
      ...(level ? { registros: { IdNivel: level } } : {}),
    }))
    .sort((a, b) => b.Valor - a.Valor || a.Nombre.localeCompare(b.Nombre, 'es'));
  return { statusCode: 200, total: findings.length, unidad: 'hallazgos', data, formula: FORMULAS.no_uso_grafico };
}

async function motivoEntrega(input: EppInput): Promise<DashboardAnswer> {
  const { filters } = input.scope;
  const counts = await linesByReason(input, filters.start, filters.end);
  const data = MOTIVO_CODES.map((code) => ({
    Nombre: MOTIVOS_ENTREGA[code],
    Valor: counts.get(code) ?? 0,
    registros: { Motivo: String(code) },
  }));
  return {
    statusCode: 200,
    total: data.reduce((sum, point) => sum + point.Valor, 0),
    unidad: 'líneas',
    data,
    formula: FORMULAS.motivo_entrega,
  };
}

export const EPP_INDICATOR_ANSWERS: Record<EppIndicator, { summary: string; compute: (input: EppInput) => Promise<DashboardAnswer> }> = {
  vencidos: { summary: 'Trabajadores con al menos un EPP vencido, por EPP', compute: vencidos },
  pendientes: { summary: 'Trabajadores a los que les falta un EPP exigido por su asignación, por EPP', compute: pendientes },
  no_uso: { summary: 'Hallazgos de no uso en inspecciones del período, por EPP', compute: noUso },
  capacitados: {
    summary: 'Trabajadores capacitados en el uso de cada EPP (Valor) contra los que deben usarlo (Valor2)',
    compute: capacitados,
  },
  cobertura: { summary: 'Porcentaje de pares trabajador–EPP exigidos con entrega vigente, por EPP', compute: cobertura },
  no_uso_linea: { summary: 'Hallazgos de no uso por mes del período', compute: noUsoLinea },
  no_uso_grafico: {
    summary: 'Hallazgos de no uso por nivel; &Tipo (inspeccion, observacion, varios) limita el tipo de formulario',
    compute: noUsoGrafico,
  },
  motivo_entrega: { summary: 'Líneas de EPP entregadas en el período por motivo de entrega', compute: motivoEntrega },
};
