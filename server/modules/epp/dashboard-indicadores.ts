import { MOTIVO_CODES, MOTIVOS_ENTREGA } from '#sync/domain/epp-delivery.ts';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { indicatorOf } from '#sync/records/indicator.ts';
import { type DashboardAnswer, monthsBetween } from '#sync/schemas/dashboard-filters.schema.ts';
import { EPP_DASHBOARD, type EppIndicator } from '#sync/schemas/epp-dashboard.schema.ts';
import { barsById, countBy, indicatorAnswer, monthlyPoints, percent, sum } from '#server/records/indicators/indicator-figures.ts';
import { type EppInput, type EppState, pairKey } from './dashboard-datos.ts';
import { eppState } from './dashboard-estado.ts';
import { findingsOf } from './dashboard-no-uso.ts';
import { linesByReason } from './dashboard-lineas.ts';

/** What the EPP dashboard's indicators count (EPP_DASHBOARD in sync/schemas/epp-dashboard.schema.ts). */

/** A worker's item, of the scope. */
export type Pair = { worker: string; item: string };

/** Whether the worker holds the item on the cut-off day: a delivery still in force. */
export function holdsValid(state: EppState, pair: Pair): boolean {
  const holding = state.holdings.get(pairKey(pair.worker, pair.item));
  return holding !== undefined && holding.Vence >= state.corte;
}

/** Whether the worker is trained in the use of the item on the cut-off day. */
export const isTrained = (state: EppState, pair: Pair) => state.trained.has(pairKey(pair.worker, pair.item));

/** The scope's expired pairs: a worker's item delivered before, with no delivery still in force. */
export function expiredPairs(state: EppState): Pair[] {
  const pairs: Pair[] = [];
  for (const worker of state.scoped) {
    for (const item of state.items.keys()) {
      const holding = state.holdings.get(pairKey(worker.IdPersona, item));
      if (holding && holding.Vence < state.corte) pairs.push({ worker: worker.IdPersona, item });
    }
  }
  return pairs;
}

/** The scope's required pairs: each worker's positions' items plus their own, still in the catalogue. */
export function requiredPairs(state: EppState): Pair[] {
  return state.scoped.flatMap((worker) => (state.required.get(worker.IdPersona) ?? []).map((item) => ({ worker: worker.IdPersona, item })));
}

/** The required pairs the worker holds no delivery in force of. */
export const pendingPairs = (state: EppState) => requiredPairs(state).filter((pair) => !holdsValid(state, pair));

const distinctWorkers = (pairs: readonly Pair[]) => new Set(pairs.map((pair) => pair.worker)).size;

/** An indicator's formula as the dashboard describes it. */
export const formulaOf = (name: EppIndicator) => indicatorOf(EPP_DASHBOARD, name).formula!;
const onCutOff = (name: EppIndicator, state: EppState) => `${formulaOf(name)}. Día de corte: ${formatDisplayDate(state.corte)}`;

/** Bars by item of counts, in the catalogue's order, leaving out items without any. */
const itemPoints = (state: EppState, counts: Map<string, number>) =>
  [...state.items]
    .filter(([id]) => counts.has(id))
    .map(([id, name]) => ({ Nombre: name, Valor: counts.get(id)!, registros: { IdEpp: id } }));

/** Bars by item of the workers with a pair of it. */
const byItem = (state: EppState, pairs: readonly Pair[]) =>
  itemPoints(state, countBy(new Map(pairs.map((pair) => [pairKey(pair.worker, pair.item), pair.item])).values()));

/** A state's figure (vencidos, pendientes): the workers with a pair of it, by item and in all. */
const workersByItem =
  (name: EppIndicator, pairsOf: (state: EppState) => Pair[]) =>
  async (input: EppInput): Promise<DashboardAnswer> => {
    const state = await eppState(input);
    const pairs = pairsOf(state);
    return indicatorAnswer(distinctWorkers(pairs), 'trabajadores', byItem(state, pairs), { formula: onCutOff(name, state) });
  };

const NO_TRAINING = 'Ningún tipo de capacitación indica los EPP cuyo uso enseña, o nadie tiene una asistencia vigente a uno de ellos';

async function capacitados(input: EppInput): Promise<DashboardAnswer> {
  const state = await eppState(input);
  const required = requiredPairs(state);
  const trained = required.filter((pair) => isTrained(state, pair));
  const done = new Map(byItem(state, trained).map((point) => [point.registros.IdEpp, point.Valor]));
  const data = byItem(state, required).map((point) => ({
    Nombre: point.Nombre,
    Valor: done.get(point.registros.IdEpp) ?? 0,
    Valor2: point.Valor,
    registros: { ...point.registros, Capacitado: '1' },
  }));
  return indicatorAnswer(distinctWorkers(trained), 'trabajadores', data, {
    series: ['Capacitados', 'Deben usarlo'],
    formula: onCutOff('capacitados', state),
    ...(state.trained.size === 0 ? { avisos: [NO_TRAINING] } : {}),
  });
}

async function cobertura(input: EppInput): Promise<DashboardAnswer> {
  const state = await eppState(input);
  const required = requiredPairs(state);
  const valid = required.filter((pair) => holdsValid(state, pair));
  const [all, held] = [countBy(required.map((pair) => pair.item)), countBy(valid.map((pair) => pair.item))];
  const data = itemPoints(state, all).map((point) => ({ ...point, Valor: percent(held.get(point.registros.IdEpp) ?? 0, point.Valor) }));
  const formula = `${formulaOf('cobertura')}: ${valid.length} de ${required.length}. Día de corte: ${formatDisplayDate(state.corte)}`;
  return indicatorAnswer(percent(valid.length, required.length), '%', data, { formula });
}

async function noUso(input: EppInput): Promise<DashboardAnswer> {
  const { findings, state } = await findingsOf(input);
  const data = itemPoints(state, countBy(findings.map((finding) => finding.IdEpp)));
  return indicatorAnswer(findings.length, 'hallazgos', data, { formula: formulaOf('no_uso') });
}

async function noUsoLinea(input: EppInput): Promise<DashboardAnswer> {
  const { filters } = input.scope;
  const { findings } = await findingsOf(input);
  const counts = countBy(findings.map((finding) => finding.Fecha.slice(0, 7)));
  const point = (month: string) => ({ Valor: counts.get(month) ?? 0, registros: { Mes: month } });
  // Every month of the range; as the chart always drew them, the start's month at least and twenty years at most.
  const months = monthsBetween(filters.start, filters.end < filters.start ? filters.start : filters.end).slice(0, 240);
  const data = monthlyPoints(months, point);
  return indicatorAnswer(findings.length, 'hallazgos', data, { formula: formulaOf('no_uso_linea') });
}

const NO_LEVEL = 'Sin nivel';

/** The level a finding is charted under: level 3 once a level 2 is chosen, level 2 otherwise. */
export const findingLevel = (input: EppInput, finding: { IdNivel2: string | null; IdNivel3: string | null }) =>
  input.scope.filters.nv2 ? finding.IdNivel3 : finding.IdNivel2;

async function noUsoGrafico(input: EppInput): Promise<DashboardAnswer> {
  const { findings, state } = await findingsOf(input);
  const counts = countBy(findings.map((finding) => findingLevel(input, finding)));
  const data = barsById(counts, (level) => (level && state.levelNames.get(level)) || NO_LEVEL, 'IdNivel', true);
  return indicatorAnswer(findings.length, 'hallazgos', data, { formula: formulaOf('no_uso_grafico') });
}

async function motivoEntrega(input: EppInput): Promise<DashboardAnswer> {
  const counts = await linesByReason(input);
  const data = MOTIVO_CODES.map((code) => ({
    Nombre: MOTIVOS_ENTREGA[code],
    Valor: counts.get(code) ?? 0,
    registros: { Motivo: String(code) },
  }));
  return indicatorAnswer(sum(data.map((point) => point.Valor)), 'líneas', data, { formula: formulaOf('motivo_entrega') });
}

export const EPP_INDICATOR_ANSWERS: Record<EppIndicator, (input: EppInput) => Promise<DashboardAnswer>> = {
  vencidos: workersByItem('vencidos', expiredPairs),
  pendientes: workersByItem('pendientes', pendingPairs),
  no_uso: noUso,
  capacitados,
  cobertura,
  no_uso_linea: noUsoLinea,
  no_uso_grafico: noUsoGrafico,
  motivo_entrega: motivoEntrega,
};
