import { indicatorOf } from '#sync/records/indicator.ts';
import { isOverdue } from '#sync/domain/review-state.ts';
import { CONTRATISTAS_DASHBOARD, type ContratistasRecordsQuery, type InconformidadRecord } from '#sync/schemas/contratistas-dashboard.schema.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import { countBy, indicatorAnswer } from '#server/records/indicators/indicator-figures.ts';
import type { IndicatorInput } from '#server/records/indicators/indicator-input.ts';
import { byName, type ContratistasInput, contractorName, dashboardFacts, dashboardFigures, partyConditions } from './dashboard-alcance.ts';

/**
 * Gestión de inconformidades: the observations of the period's inspections to a contractor (copied from their
 * inspection: date, levels, contractor, client), closed once approved and open until then.
 */

async function computeNonconformities(input: ContratistasInput, from: string, to: string) {
  const { ruts } = await dashboardFacts(input);
  let query = input.deps.db
    .selectFrom('observaciones')
    .select(['IdObservacion', 'IdEvaluacion', 'Fecha', 'RutContratista', 'Observacion', 'Responsable', 'Plazo', 'Aprobada', 'Estado'])
    .where('IdEmpresa', '=', input.scope.company)
    .where('Estado', '=', 1)
    .where('RutContratista', 'is not', null)
    .where('RutContratista', '<>', '')
    .where('Fecha', '>=', from)
    .where('Fecha', '<=', `${to}\uffff`);
  for (const [column, value] of partyConditions(input)) query = query.where(column, '=', value);
  if (ruts) query = query.where('RutContratista', 'in', ruts);
  const rows = await query.orderBy('Fecha').orderBy('IdObservacion').execute();
  return rows.map((row) => ({ ...row, RutContratista: row.RutContratista!, Aprobada: row.Aprobada === 1 ? (1 as const) : (0 as const) }));
}

const nonconformities = (input: ContratistasInput, from = input.scope.filters.start, to = input.scope.filters.end) =>
  dashboardFigures(input, ['contratistas-inconformidades', from, to], () => computeNonconformities(input, from, to));

const formula = indicatorOf(CONTRATISTAS_DASHBOARD, 'gestion-inconformidades').formula!;

export async function gestionInconformidades(input: ContratistasInput): Promise<DashboardAnswer> {
  const [facts, rows] = await Promise.all([dashboardFacts(input), nonconformities(input)]);
  const closedRows = rows.filter((row) => row.Aprobada === 1);
  const closed = countBy(closedRows.map((row) => row.RutContratista));
  const data = [...countBy(rows.map((row) => row.RutContratista))]
    .map(([rut, total]) => {
      const done = closed.get(rut) ?? 0;
      return { Nombre: contractorName(facts, rut), Valor: done, Valor2: total - done, registros: { Contratista: rut } };
    })
    .sort(byName);
  return indicatorAnswer(rows.length, 'inconformidades', data, {
    series: ['Cerradas', 'Abiertas'],
    formula: `${formula}: ${closedRows.length} de ${rows.length} cerradas`,
  });
}

/** The nonconformities behind a contractor's bars (or all of them), closed, open or overdue today. */
export async function nonconformityRecords(input: IndicatorInput<ContratistasRecordsQuery>, from: string, to: string) {
  const [facts, rows] = await Promise.all([dashboardFacts(input), nonconformities(input, from, to)]);
  const today = input.scope.today;
  const records = rows
    .filter((row) => !input.query.Contratista || row.RutContratista === input.query.Contratista)
    .map(
      (row): InconformidadRecord => ({
        Tipo: 'inconformidad',
        Clave: row.IdObservacion,
        IdEvaluacion: row.IdEvaluacion,
        Fecha: row.Fecha.slice(0, 10),
        RutContratista: row.RutContratista,
        Contratista: contractorName(facts, row.RutContratista),
        Observacion: row.Observacion,
        Responsable: row.Responsable,
        Plazo: row.Plazo,
        Estado: row.Aprobada === 1 ? 'Cerrada' : isOverdue({ ...row, Estado: 1 }, today) ? 'Vencida' : 'Abierta',
      }),
    );
  return { records };
}
