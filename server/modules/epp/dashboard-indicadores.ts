import { MOTIVO_CODES, MOTIVOS_ENTREGA } from '#sync/domain/epp-delivery.ts';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { indicatorOf } from '#sync/records/indicator.ts';
import type { DashboardAnswer, DashboardPoint } from '#sync/schemas/dashboard-filters.schema.ts';
import { EPP_DASHBOARD, type EppIndicator } from '#sync/schemas/epp-dashboard.schema.ts';
import { indicatorAnswer, monthlyPoints, percent } from '#server/records/indicators/indicator-figures.ts';
import { type EppInput, type EppState, pairKey } from './dashboard-datos.ts';
import { eppState } from './dashboard-estado.ts';
import { findingsOf } from './dashboard-no-uso.ts';
import { linesByReason } from './dashboard-lineas.ts';

/** What the EPP dashboard's indicators count (EPP_DASHBOARD in sync/schemas/epp-dashboard.schema.ts). */

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

const distinctWorkers = (pairs: readonly { worker: string }[]) => new Set(pairs.map((pair) => pair.worker)).size;

/** An indicator's formula as the dashboard describes it. */
export const formulaOf = (name: EppIndicator) => indicatorOf(EPP_DASHBOARD, name).formula!;
const onCutOff = (name: EppIndicator, state: EppState) => `${formulaOf(name)}. Día de corte: ${formatDisplayDate(state.corte)}`;

/** How many times each key occurs. */
function countBy<Key>(items: Iterable<Key>): Map<Key, number> {
  const counts = new Map<Key, number>();
  for (const key of items) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/** Bars by item of counts, in the catalogue's order, leaving out items without any. */
const itemPoints = (state: EppState, counts: Map<string, number>) =>
  [...state.items]
    .filter(([id]) => counts.has(id))
    .map(([id, name]) => ({ Nombre: name, Valor: counts.get(id)!, registros: { IdEpp: id } }));

/** Bars by item of the workers with a pair of it. */
const byItem = (state: EppState, pairs: readonly { worker: string; item: string }[]): DashboardPoint[] =>
  itemPoints(state, countBy(new Map(pairs.map((pair) => [pairKey(pair.worker, pair.item), pair.item])).values()));

async function vencidos(input: EppInput): Promise<DashboardAnswer> {
  const state = await eppState(input);
  const pairs = expiredPairs(state);
  return indicatorAnswer(distinctWorkers(pairs), 'trabajadores', byItem(state, pairs), { formula: onCutOff('vencidos', state) });
}

async function pendientes(input: EppInput): Promise<DashboardAnswer> {
  const state = await eppState(input);
  const pairs = requiredPairs(state).filter((pair) => pairState(state, pair.worker, pair.item) !== 'vigente');
  return indicatorAnswer(distinctWorkers(pairs), 'trabajadores', byItem(state, pairs), { formula: onCutOff('pendientes', state) });
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
  return indicatorAnswer(distinctWorkers(trained), 'trabajadores', data, {
    series: ['Capacitados', 'Deben usarlo'],
    formula: onCutOff('capacitados', state),
    ...(avisos ? { avisos } : {}),
  });
}

async function cobertura(input: EppInput): Promise<DashboardAnswer> {
  const state = await eppState(input);
  const required = requiredPairs(state);
  const valid = required.filter((pair) => pairState(state, pair.worker, pair.item) === 'vigente');
  const [all, held] = [countBy(required.map((pair) => pair.item)), countBy(valid.map((pair) => pair.item))];
  const data = itemPoints(state, all).map((point) => ({ ...point, Valor: percent(held.get(point.registros.IdEpp) ?? 0, point.Valor) }));
  const formula = `${formulaOf('cobertura')}: ${valid.length} de ${required.length}. Día de corte: ${formatDisplayDate(state.corte)}`;
  return indicatorAnswer(percent(valid.length, required.length), '%', data, { formula });
}

async function noUso(input: EppInput): Promise<DashboardAnswer> {
  const { filters } = input.scope;
  const { findings, state } = await findingsOf(input, filters.start, filters.end);
  const data = itemPoints(state, countBy(findings.map((finding) => finding.IdEpp)));
  return indicatorAnswer(findings.length, 'hallazgos', data, { formula: formulaOf('no_uso') });
}

/** The months (YYYY-MM) a range of days touches. */
function monthsBetween(from: string, to: string): string[] {
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
  const counts = countBy(findings.map((finding) => finding.Fecha.slice(0, 7)));
  const point = (month: string) => ({ Valor: counts.get(month) ?? 0, registros: { Mes: month } });
  const data = monthlyPoints(monthsBetween(filters.start, filters.end), point);
  return indicatorAnswer(findings.length, 'hallazgos', data, { formula: formulaOf('no_uso_linea') });
}

export const NO_LEVEL = 'Sin nivel';

/** The level a finding is charted under: level 3 once a level 2 is chosen, level 2 otherwise. */
export const findingLevel = (input: EppInput, finding: { IdNivel2: string | null; IdNivel3: string | null }) =>
  input.scope.filters.nv2 ? finding.IdNivel3 : finding.IdNivel2;

async function noUsoGrafico(input: EppInput): Promise<DashboardAnswer> {
  const { filters } = input.scope;
  const { findings, state } = await findingsOf(input, filters.start, filters.end);
  const data = [...countBy(findings.map((finding) => findingLevel(input, finding)))]
    .map(([level, count]) => ({
      Nombre: (level && state.levelNames.get(level)) || NO_LEVEL,
      Valor: count,
      ...(level ? { registros: { IdNivel: level } } : {}),
    }))
    .sort((a, b) => b.Valor - a.Valor || a.Nombre.localeCompare(b.Nombre, 'es'));
  return indicatorAnswer(findings.length, 'hallazgos', data, { formula: formulaOf('no_uso_grafico') });
}

async function motivoEntrega(input: EppInput): Promise<DashboardAnswer> {
  const { filters } = input.scope;
  const counts = await linesByReason(input, filters.start, filters.end);
  const data = MOTIVO_CODES.map((code) => ({
    Nombre: MOTIVOS_ENTREGA[code],
    Valor: counts.get(code) ?? 0,
    registros: { Motivo: String(code) },
  }));
  return indicatorAnswer(
    data.reduce((sum, point) => sum + point.Valor, 0),
    'líneas',
    data,
    { formula: formulaOf('motivo_entrega') },
  );
}

export const EPP_INDICATOR_ANSWERS: Record<EppIndicator, (input: EppInput) => Promise<DashboardAnswer>> = {
  vencidos,
  pendientes,
  no_uso: noUso,
  capacitados,
  cobertura,
  no_uso_linea: noUsoLinea,
  no_uso_grafico: noUsoGrafico,
  motivo_entrega: motivoEntrega,
};
