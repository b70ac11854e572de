import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import type { AccidentCatalogueTable } from '#sync/schemas/incidentes-catalogos.schema.ts';
import { type IndicatorInput, type RangeCase, rangeCases } from './dashboard-figuras.ts';

export interface CategoryChart {
  table: AccidentCatalogueTable;
  /** The registros filter that selects the cases of a bar. */
  filter: string;
  values: (report: RangeCase) => readonly string[];
  /** Only catalogue records of this kind (factors: Personal or Trabajo). */
  tipo?: string;
  formula: string;
}

export const CATEGORY_CHARTS: Record<
  | 'tipo_evento'
  | 'riesgo_especifico'
  | 'accion_subestandar'
  | 'condicion_subestandar'
  | 'factor_personal'
  | 'factor_trabajo'
  | 'falta_control',
  CategoryChart
> = {
  tipo_evento: {
    table: 'tipos_evento',
    filter: 'TipoEvento',
    values: (report) => [report.TipoEvento],
    formula: 'Casos del rango por tipo de evento',
  },
  riesgo_especifico: {
    table: 'riesgos_especificos',
    filter: 'IdRiesgoEspecifico',
    values: (report) => (report.IdRiesgoEspecifico ? [report.IdRiesgoEspecifico] : []),
    formula: 'Casos del rango por riesgo específico (los casos sin riesgo específico no se cuentan)',
  },
  accion_subestandar: {
    table: 'actos_subestandares',
    filter: 'IdActo',
    values: (report) => report.ActosSubestandar,
    formula: 'Casos del rango que señalan cada acción subestándar (un caso puede señalar varias)',
  },
  condicion_subestandar: {
    table: 'condiciones_subestandares',
    filter: 'IdCondicion',
    values: (report) => report.CondicionSubestandar,
    formula: 'Casos del rango que señalan cada condición subestándar (un caso puede señalar varias)',
  },
  factor_personal: {
    table: 'factores',
    filter: 'IdFactor',
    tipo: 'Personal',
    values: (report) => report.Factores,
    formula: 'Casos del rango que señalan cada factor personal',
  },
  factor_trabajo: {
    table: 'factores',
    filter: 'IdFactor',
    tipo: 'Trabajo',
    values: (report) => report.Factores,
    formula: 'Casos del rango que señalan cada factor del trabajo',
  },
  falta_control: {
    table: 'faltas_control',
    filter: 'IdFaltaControl',
    values: (report) => report.FaltaControl,
    formula: 'Casos del rango que señalan cada falta de control (un caso puede señalar varias)',
  },
};

/** Names (and kinds) of a catalogue's records, deleted ones too: an old case keeps naming what it named. */
export async function catalogueNames(
  input: IndicatorInput,
  table: AccidentCatalogueTable,
): Promise<Map<string, { Info: string; Tipo: string; Estado: number }>> {
  const rows = await input.deps.db
    .selectFrom(table)
    .select(['Id', 'Info', 'Tipo', 'Estado'])
    .where('IdEmpresa', '=', input.scope.company)
    .execute();
  return new Map(rows.map((row) => [row.Id, { Info: row.Info, Tipo: row.Tipo, Estado: Number(row.Estado) }]));
}

export function categoryIndicator(chart: CategoryChart) {
  return async (input: IndicatorInput): Promise<DashboardAnswer> => {
    const [cases, names] = await Promise.all([rangeCases(input), catalogueNames(input, chart.table)]);
    const counts = new Map<string, number>();
    let counted = 0;
    for (const report of cases) {
      const values = [...new Set(chart.values(report))].filter((id) => !chart.tipo || names.get(id)?.Tipo === chart.tipo);
      if (values.length > 0) counted += 1;
      for (const id of values) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const data = [...counts]
      .map(([id, count]) => ({
        Nombre: names.get(id)?.Info ?? 'Registro eliminado del catálogo',
        Valor: count,
        registros: { [chart.filter]: id },
      }))
      .sort((a, b) => b.Valor - a.Valor || a.Nombre.localeCompare(b.Nombre, 'es'));
    return { statusCode: 200, total: counted, unidad: 'casos', data, formula: chart.formula };
  };
}
