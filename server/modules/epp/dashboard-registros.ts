import { formatDisplayDate } from '#sync/domain/dates.ts';
import { MOTIVOS_ENTREGA, type MotivoEntrega } from '#sync/domain/epp-delivery.ts';
import { FORMULARIO_TYPE_LABELS, type FormularioTipo } from '#sync/schemas/formularios.schema.ts';
import type { EppDashboardRecord, EppIndicator, EppRecordsAnswer, EppRecordsQuery } from '#sync/schemas/epp-dashboard.schema.ts';
import { type EppInput, type EppState, NEVER, pairKey, type WorkerInfo } from './dashboard-datos.ts';
import { eppState } from './dashboard-estado.ts';
import { findingsOf } from './dashboard-no-uso.ts';
import { linesOf } from './dashboard-lineas.ts';
import { expiredPairs, findingLevel, FORMULAS, pairState, requiredPairs } from './dashboard-indicadores.ts';

/**
 * GET /api/epp/dashboard/registros/{company}: the records behind a figure, as the figure counted them, a page at a
 * time. The states (vencidos, pendientes, capacitados, cobertura) list the worker's items on the cut-off day (the
 * range's last day); the findings, each No cumple; motivo_entrega and no indicator, every delivered line of the range.
 */

const TITLES: Record<EppIndicator | 'entregas', string> = {
  vencidos: 'Trabajadores con EPP vencido',
  pendientes: 'EPP pendientes de entrega',
  no_uso: 'Hallazgos de no uso',
  capacitados: 'Capacitación en el uso del EPP',
  cobertura: 'Cobertura de EPP',
  no_uso_linea: 'Hallazgos de no uso',
  no_uso_grafico: 'Hallazgos de no uso',
  motivo_entrega: 'EPP entregados',
  entregas: 'EPP entregados',
};

const ALL_LINES = 'Líneas de EPP entregadas en el período (actas no anuladas)';

function person(state: EppState, worker: WorkerInfo | undefined) {
  return {
    Cargos: worker ? worker.cargos.flatMap((id) => state.cargoNames.get(id) ?? []).join('; ') : '',
    Nivel2: (worker?.IdNivel2 && state.levelNames.get(worker.IdNivel2)) || '',
    Nivel3: (worker?.IdNivel3 && state.levelNames.get(worker.IdNivel3)) || '',
  };
}

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

async function stateRecords(
  input: EppInput,
  indicator: 'vencidos' | 'pendientes' | 'capacitados' | 'cobertura',
  query: EppRecordsQuery,
  corte: string,
) {
  const state = await eppState(input, corte);
  const only = (pairs: { worker: string; item: string }[]) => (query.IdEpp ? pairs.filter((pair) => pair.item === query.IdEpp) : pairs);
  let pairs: { worker: string; item: string }[];
  if (indicator === 'vencidos') pairs = only(expiredPairs(state));
  else if (indicator === 'pendientes')
    pairs = only(requiredPairs(state)).filter((pair) => pairState(state, pair.worker, pair.item) !== 'vigente');
  else if (indicator === 'cobertura') pairs = only(requiredPairs(state));
  else {
    pairs = only(requiredPairs(state));
    if (query.Capacitado) pairs = pairs.filter((pair) => state.trained.has(pairKey(pair.worker, pair.item)) === (query.Capacitado === '1'));
  }
  const records = pairs.map((pair) => {
    if (indicator === 'capacitados') {
      const training = state.trained.get(pairKey(pair.worker, pair.item));
      const text = training
        ? `Capacitado: ${training.Tipo}, ${formatDisplayDate(training.Fecha)}${training.Vence ? `, vigente hasta ${formatDisplayDate(training.Vence)}` : ', vigencia indefinida'}`
        : 'Sin capacitación vigente en su uso';
      return pairRecord(state, pair.worker, pair.item, training?.Fecha ?? null, text);
    }
    const { fecha, text } = holdingText(state, pair.worker, pair.item);
    return pairRecord(state, pair.worker, pair.item, fecha, text);
  });
  return { records, state };
}

/** " de 03/2026" for a month's point, " del 01/03/2026 al 31/03/2026" otherwise. */
const period = (query: EppRecordsQuery, from: string, to: string) =>
  query.Mes ? ` de ${query.Mes.slice(5)}/${query.Mes.slice(0, 4)}` : ` del ${formatDisplayDate(from)} al ${formatDisplayDate(to)}`;

export async function eppRecords(input: EppInput, query: EppRecordsQuery): Promise<EppRecordsAnswer> {
  const { filters } = input.scope;
  const from = query.Mes ? `${query.Mes}-01` : query.desde || filters.start;
  const to = query.Mes ? `${query.Mes}-31` : query.hasta || filters.end;
  const indicator = query.indicador || null;
  let records: EppDashboardRecord[];
  let state: EppState;
  let subject = '';
  if (indicator === 'vencidos' || indicator === 'pendientes' || indicator === 'capacitados' || indicator === 'cobertura') {
    ({ records, state } = await stateRecords(input, indicator, query, query.hasta || filters.end));
    subject = ` al ${formatDisplayDate(state.corte)}`;
  } else if (indicator === 'no_uso' || indicator === 'no_uso_linea' || indicator === 'no_uso_grafico') {
    const found = await findingsOf(input, from, to);
    state = found.state;
    const findings = found.findings.filter(
      (finding) => (!query.IdEpp || finding.IdEpp === query.IdEpp) && (!query.IdNivel || findingLevel(input, finding) === query.IdNivel),
    );
    records = findings.map((finding) => {
      const observed = finding.Observados.map((id) => state.workers.get(id)).filter((worker): worker is WorkerInfo => worker !== undefined);
      const first = observed[0];
      return {
        Clave: finding.Clave,
        Fecha: finding.Fecha,
        IdPersona: first?.IdPersona ?? null,
        RunPersona: observed.map((worker) => worker.RunPersona).join(', '),
        NombreTrabajador: observed.map((worker) => worker.Nombre).join(', ') || 'Sin trabajador observado',
        ...person(state, first),
        Nivel2: (finding.IdNivel2 && state.levelNames.get(finding.IdNivel2)) || '',
        Nivel3: (finding.IdNivel3 && state.levelNames.get(finding.IdNivel3)) || '',
        IdEpp: finding.IdEpp,
        NombreEpp: state.items.get(finding.IdEpp) ?? '',
        Detalle: `No cumple: ${finding.Enunciado} (${finding.NombreFormulario}, ${FORMULARIO_TYPE_LABELS[finding.Tipo as FormularioTipo] ?? finding.Tipo})`,
        Enlace: { tipo: 'inspeccion', id: finding.IdEvaluacion },
      };
    });
    subject = period(query, from, to);
  } else {
    const found = await linesOf(input, from, to);
    state = found.state;
    const lines = found.lines.filter(
      (line) => (!query.IdEpp || line.IdEpp === query.IdEpp) && (!query.Motivo || line.Motivo === Number(query.Motivo)),
    );
    records = lines.map((line) => {
      const worker = state.workers.get(line.IdPersona);
      return {
        Clave: line.IdLinea,
        Fecha: line.Fecha,
        IdPersona: line.IdPersona,
        RunPersona: line.RunPersona,
        NombreTrabajador: line.NombreTrabajador,
        ...person(state, worker),
        IdEpp: line.IdEpp,
        NombreEpp: line.NombreEpp,
        Detalle: `${MOTIVOS_ENTREGA[line.Motivo as MotivoEntrega]}${line.Talla ? `, talla ${line.Talla}` : ''}, cantidad ${line.Cantidad}`,
        Enlace: { tipo: 'entrega', id: line.IdEntregadosEpp },
      };
    });
    subject = period(query, from, to);
  }
  const item = query.IdEpp ? `: ${state.items.get(query.IdEpp) ?? ''}` : '';
  const reason = query.Motivo ? `: ${MOTIVOS_ENTREGA[Number(query.Motivo) as MotivoEntrega]}` : '';
  const level = query.IdNivel ? `: ${state.levelNames.get(query.IdNivel) ?? ''}` : '';
  const Pagina = query.Pagina ?? 1;
  const PorPagina = query.PorPagina ?? 50;
  return {
    statusCode: 200,
    titulo: `${TITLES[indicator ?? 'entregas']}${item}${reason}${level}${subject}`,
    formula: indicator ? FORMULAS[indicator] : ALL_LINES,
    data: records.slice((Pagina - 1) * PorPagina, Pagina * PorPagina),
    total: records.length,
    Pagina,
    PorPagina,
  };
}
