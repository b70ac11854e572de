import { formatDisplayDate } from '#sync/domain/dates.ts';
import { MOTIVOS_ENTREGA, type MotivoEntrega } from '#sync/domain/epp-delivery.ts';
import { FORMULARIO_TYPE_LABELS, type FormularioTipo } from '#sync/schemas/formularios.schema.ts';
import { indicatorOf } from '#sync/records/indicator.ts';
import {
  EPP_ALL_LINES,
  EPP_DASHBOARD,
  type EppDashboardRecord,
  type EppIndicator,
  type EppRecordsAnswer,
  type EppRecordsQuery,
} from '#sync/schemas/epp-dashboard.schema.ts';
import type { IndicatorInput } from '#server/records/indicators/indicator-input.ts';
import { levelColumns, pageOf, recordsRange, workerColumns } from '#server/records/indicators/records-page.ts';
import { type EppInput, type EppState, NEVER, pairKey, type WorkerInfo } from './dashboard-datos.ts';
import { eppState } from './dashboard-estado.ts';
import { findingsOf } from './dashboard-no-uso.ts';
import { linesOf } from './dashboard-lineas.ts';
import { expiredPairs, findingLevel, formulaOf, isTrained, type Pair, pendingPairs, requiredPairs } from './dashboard-indicadores.ts';

/**
 * GET /api/epp/dashboard/registros/{company}: the records behind a figure, as the figure counted them, a page at a
 * time. The states (vencidos, pendientes, capacitados, cobertura) list the worker's items on the cut-off day (the
 * range's last day); the findings, each No cumple; motivo_entrega and no indicator, every delivered line of the range.
 */

const person = (state: EppState, worker: WorkerInfo | undefined) =>
  workerColumns(state.levelNames, worker, worker ? worker.cargos.flatMap((id) => state.cargoNames.get(id) ?? []) : []);

function pairRecord(state: EppState, workerId: string, item: string, fecha: string | null, detalle: string): EppDashboardRecord {
  const worker = state.workers.get(workerId);
  return {
    Clave: pairKey(workerId, item),
    Fecha: fecha,
    IdPersona: workerId,
    RunPersona: worker?.RunPersona ?? '',
    NombreTrabajador: worker?.Nombre ?? '',
    ...person(state, worker),
    IdEpp: item,
    NombreEpp: state.items.get(item) ?? '',
    Detalle: detalle,
    Enlace: null,
  };
}

/** What a worker holds of an item on the cut-off day, in words. */
function holdingText(state: EppState, worker: string, item: string): { fecha: string | null; text: string } {
  const holding = state.holdings.get(pairKey(worker, item));
  if (!holding) return { fecha: null, text: 'Nunca entregado' };
  const last = `última entrega ${formatDisplayDate(holding.Ultima)}`;
  // The date column of a state is its expiry ("Vence el"): an item that never expires has none.
  if (holding.Vence === NEVER) return { fecha: null, text: `Vigente, no vence (${last})` };
  if (holding.Vence >= state.corte) return { fecha: holding.Vence, text: `Vigente hasta ${formatDisplayDate(holding.Vence)} (${last})` };
  return { fecha: holding.Vence, text: `Venció el ${formatDisplayDate(holding.Vence)} (${last})` };
}

/** What a worker's training in the use of an item says on the cut-off day. */
function trainingText(state: EppState, worker: string, item: string): { fecha: string | null; text: string } {
  const training = state.trained.get(pairKey(worker, item));
  if (!training) return { fecha: null, text: 'Sin capacitación vigente en su uso' };
  const until = training.Vence ? `, vigente hasta ${formatDisplayDate(training.Vence)}` : ', vigencia indefinida';
  return { fecha: training.Fecha, text: `Capacitado: ${training.Tipo}, ${formatDisplayDate(training.Fecha)}${until}` };
}

type Found = { records: EppDashboardRecord[]; state: EppState; subject: string };
type RecordsOf = (input: EppInput, query: EppRecordsQuery, from: string, to: string) => Promise<Found>;

/** A state's records: the pairs its figure counts on the cut-off day, each with what the worker holds (or learnt). */
const stateRecords =
  (pairsOf: (state: EppState, query: EppRecordsQuery) => Pair[], detail: typeof holdingText): RecordsOf =>
  async (input, query) => {
    const state = await eppState(input, query.hasta || input.scope.filters.end);
    const records = pairsOf(state, query)
      .filter((pair) => !query.IdEpp || pair.item === query.IdEpp)
      .map((pair) => {
        const { fecha, text } = detail(state, pair.worker, pair.item);
        return pairRecord(state, pair.worker, pair.item, fecha, text);
      });
    return { records, state, subject: ` al ${formatDisplayDate(state.corte)}` };
  };

/** " de 03/2026" for a month's point, " del 01/03/2026 al 31/03/2026" otherwise. */
const period = (query: EppRecordsQuery, from: string, to: string) =>
  query.Mes ? ` de ${query.Mes.slice(5)}/${query.Mes.slice(0, 4)}` : ` del ${formatDisplayDate(from)} al ${formatDisplayDate(to)}`;

const findingRecords: RecordsOf = async (input, query, from, to) => {
  const { findings, state } = await findingsOf(input, from, to);
  const records = findings
    .filter((finding) => !query.IdEpp || finding.IdEpp === query.IdEpp)
    .filter((finding) => !query.IdNivel || findingLevel(input, finding) === query.IdNivel)
    .map((finding): EppDashboardRecord => {
      const observed = finding.Observados.map((id) => state.workers.get(id)).filter((worker): worker is WorkerInfo => worker !== undefined);
      const first = observed[0];
      return {
        Clave: finding.Clave,
        Fecha: finding.Fecha,
        IdPersona: first?.IdPersona ?? null,
        RunPersona: observed.map((worker) => worker.RunPersona).join(', '),
        NombreTrabajador: observed.map((worker) => worker.Nombre).join(', ') || 'Sin trabajador observado',
        ...person(state, first),
        ...levelColumns(state.levelNames, finding),
        IdEpp: finding.IdEpp,
        NombreEpp: state.items.get(finding.IdEpp) ?? '',
        Detalle: `No cumple: ${finding.Enunciado} (${finding.NombreFormulario}, ${FORMULARIO_TYPE_LABELS[finding.Tipo as FormularioTipo] ?? finding.Tipo})`,
        Enlace: { tipo: 'inspeccion', id: finding.IdEvaluacion },
      };
    });
  return { records, state, subject: period(query, from, to) };
};

const lineRecords: RecordsOf = async (input, query, from, to) => {
  const { lines, state } = await linesOf(input, from, to);
  const records = lines
    .filter((line) => (!query.IdEpp || line.IdEpp === query.IdEpp) && (!query.Motivo || line.Motivo === Number(query.Motivo)))
    .map((line): EppDashboardRecord => ({
      Clave: line.IdLinea,
      Fecha: line.Fecha,
      IdPersona: line.IdPersona,
      RunPersona: line.RunPersona,
      NombreTrabajador: line.NombreTrabajador,
      ...person(state, state.workers.get(line.IdPersona)),
      IdEpp: line.IdEpp,
      NombreEpp: line.NombreEpp,
      Detalle: `${MOTIVOS_ENTREGA[line.Motivo as MotivoEntrega]}${line.Talla ? `, talla ${line.Talla}` : ''}, cantidad ${line.Cantidad}`,
      Enlace: { tipo: 'entrega', id: line.IdEntregadosEpp },
    }));
  return { records, state, subject: period(query, from, to) };
};

/** The records behind each indicator's points, as its figure counts them. */
const RECORDS: Record<EppIndicator, RecordsOf> = {
  vencidos: stateRecords(expiredPairs, holdingText),
  pendientes: stateRecords(pendingPairs, holdingText),
  cobertura: stateRecords(requiredPairs, holdingText),
  capacitados: stateRecords(
    (state, query) => requiredPairs(state).filter((pair) => !query.Capacitado || isTrained(state, pair) === (query.Capacitado === '1')),
    trainingText,
  ),
  no_uso: findingRecords,
  no_uso_linea: findingRecords,
  no_uso_grafico: findingRecords,
  motivo_entrega: lineRecords,
};

export async function eppRecords(input: IndicatorInput<EppRecordsQuery>): Promise<EppRecordsAnswer> {
  const { query } = input;
  const { from, to } = recordsRange(query, input.scope.filters);
  const indicator = query.indicador || null;
  const { records, state, subject } = await (indicator ? RECORDS[indicator] : lineRecords)(input, query, from, to);
  const item = query.IdEpp ? `: ${state.items.get(query.IdEpp) ?? ''}` : '';
  const reason = query.Motivo ? `: ${MOTIVOS_ENTREGA[Number(query.Motivo) as MotivoEntrega]}` : '';
  const level = query.IdNivel ? `: ${state.levelNames.get(query.IdNivel) ?? ''}` : '';
  const title = indicator ? indicatorOf(EPP_DASHBOARD, indicator).records!.title : EPP_ALL_LINES.title;
  return {
    statusCode: 200,
    titulo: `${title}${item}${reason}${level}${subject}`,
    formula: indicator ? formulaOf(indicator) : EPP_ALL_LINES.formula,
    ...pageOf(records, query),
  };
}
