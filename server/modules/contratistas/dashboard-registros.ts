import { formatDisplayDate } from '#sync/domain/dates.ts';
import { indicatorOf } from '#sync/records/indicator.ts';
import {
  CONTRATISTAS_DASHBOARD,
  type ContratistasDashboardRecord,
  type ContratistasIndicator,
  type ContratistasRecordsAnswer,
  type ContratistasRecordsQuery,
} from '#sync/schemas/contratistas-dashboard.schema.ts';
import type { IndicatorInput } from '#server/records/indicators/indicator-input.ts';
import { pageOf, recordsRange } from '#server/records/indicators/records-page.ts';
import { contractorName, dashboardFacts } from './dashboard-alcance.ts';
import { documentRecords } from './dashboard-cumplimiento.ts';
import { nonconformityRecords } from './dashboard-inconformidades.ts';
import { inspectionRecords, riskGroupName } from './dashboard-riesgo.ts';

type Input = IndicatorInput<ContratistasRecordsQuery>;
type RecordsOf = (input: Input, from: string, to: string) => Promise<{ records: ContratistasDashboardRecord[]; subject?: string }>;

/** Each indicator's records; the documents say their cut-off day, the others the range. */
const RECORDS: Record<ContratistasIndicator, RecordsOf> = {
  cumplimiento: documentRecords,
  'gestion-inconformidades': nonconformityRecords,
  'nivel-riesgo-cargos': inspectionRecords,
  'nivel-riesgo-operaciones': inspectionRecords,
};

/**
 * GET /api/gestion-contratista/dashboard/registros/{company}: the records behind a figure, as the figure counted them,
 * a page at a time: the documents on the cut-off day, or the nonconformities (also without an indicator) or inspections
 * of the range.
 */
export async function contratistasRecords(input: Input): Promise<ContratistasRecordsAnswer> {
  const { query } = input;
  const facts = await dashboardFacts(input);
  const { from, to } = recordsRange(query, input.scope.filters);
  const name = query.indicador || 'gestion-inconformidades';
  const found = await RECORDS[name](input, from, to);
  const subject = found.subject ?? ` del ${formatDisplayDate(from)} al ${formatDisplayDate(to)}`;
  const point = [query.Contratista ? contractorName(facts, query.Contratista) : '', riskGroupName(facts, query)].filter(Boolean).join(', ');
  const indicator = indicatorOf(CONTRATISTAS_DASHBOARD, name);
  return {
    statusCode: 200,
    titulo: `${indicator.records!.title}${point ? `: ${point}` : ''}${subject}`,
    formula: indicator.formula!,
    ...pageOf(found.records, query),
  };
}
