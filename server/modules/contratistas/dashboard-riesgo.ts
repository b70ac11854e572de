import { ANSWERS } from '#sync/domain/traffic-light.ts';
import { indicatorOf } from '#sync/records/indicator.ts';
import {
  CONTRATISTAS_DASHBOARD,
  type ContratistasIndicator,
  type ContratistasRecordsQuery,
  type InspeccionRecord,
  NONE,
} from '#sync/schemas/contratistas-dashboard.schema.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import type { RespuestaEnunciado } from '#sync/schemas/inspecciones.schema.ts';
import { stringsOf } from '#server/db/json-strings.ts';
import { barsById, indicatorAnswer, percent, sum } from '#server/records/indicators/indicator-figures.ts';
import type { IndicatorInput } from '#server/records/indicators/indicator-input.ts';
import {
  type ContratistasInput,
  contractorName,
  type DashboardFacts,
  dashboardFacts,
  dashboardFigures,
  partyConditions,
} from './dashboard-alcance.ts';

/**
 * Nivel de riesgo: of the answers Cumple and No cumple of the period's inspections to a contractor, the share of No
 * cumple, by the positions of the workers observed and by the inspection's worksite (level 2).
 */

export interface RiskInspection {
  IdEvaluacion: string;
  Fecha: string;
  Formulario: string;
  RutContratista: string;
  IdNivel2: string | null;
  cumple: number;
  noCumple: number;
  /** The positions held today by the workers it observed, each once. */
  cargos: string[];
}

async function computeInspections(input: ContratistasInput, from: string, to: string): Promise<RiskInspection[]> {
  const { db } = input.deps;
  const { company } = input.scope;
  const { ruts } = await dashboardFacts(input);
  let query = db
    .selectFrom('evaluaciones')
    .select(['IdEvaluacion', 'Fecha', 'NombreFormulario', 'RutContratista', 'IdNivel2', 'Observados', 'Respuestas'])
    .where('IdEmpresa', '=', company)
    .where('Estado', '=', 1)
    .where('RutContratista', 'is not', null)
    .where('RutContratista', '<>', '')
    .where('Fecha', '>=', from)
    .where('Fecha', '<=', `${to}\uffff`);
  for (const [column, value] of partyConditions(input)) query = query.where(column, '=', value);
  if (ruts) query = query.where('RutContratista', 'in', ruts);
  const rows = await query.orderBy('Fecha').orderBy('IdEvaluacion').execute();
  const observed = new Set(rows.flatMap((row) => stringsOf(row.Observados)));
  const links =
    observed.size === 0
      ? []
      : await db.selectFrom('trabajador_cargos').select(['IdPersona', 'IdCargo']).where('IdEmpresa', '=', company).execute();
  const positions = new Map<string, string[]>();
  for (const link of links) {
    if (observed.has(link.IdPersona)) positions.set(link.IdPersona, [...(positions.get(link.IdPersona) ?? []), link.IdCargo]);
  }
  return rows.map((row) => {
    // Respuestas is JSON text on both engines: one answer per statement of the template's version.
    const answers = (JSON.parse(row.Respuestas) as RespuestaEnunciado[]).map((answer) => answer.Respuesta);
    return {
      IdEvaluacion: row.IdEvaluacion,
      Fecha: row.Fecha.slice(0, 10),
      Formulario: row.NombreFormulario,
      RutContratista: row.RutContratista!,
      IdNivel2: row.IdNivel2,
      cumple: answers.filter((answer) => answer === ANSWERS.cumple).length,
      noCumple: answers.filter((answer) => answer === ANSWERS.noCumple).length,
      cargos: [...new Set(stringsOf(row.Observados).flatMap((id) => positions.get(id) ?? []))],
    };
  });
}

export const riskInspections = (input: ContratistasInput, from = input.scope.filters.start, to = input.scope.filters.end) =>
  dashboardFigures(input, ['contratistas-inspecciones', from, to], () => computeInspections(input, from, to));

type RiskIndicator = Extract<ContratistasIndicator, `nivel-riesgo-${string}`>;

/** How an indicator groups the inspections: the bar ids of one (NONE for the bar without), their names and the records' key. */
interface Grouping {
  of: (inspection: RiskInspection) => string[];
  name: (facts: DashboardFacts, id: string) => string;
  key: string;
}

const GROUPS: Record<RiskIndicator, Grouping> = {
  'nivel-riesgo-cargos': {
    of: (inspection) => (inspection.cargos.length > 0 ? inspection.cargos : [NONE]),
    name: (facts, id) => (id === NONE ? '(sin cargo)' : (facts.cargoNames.get(id) ?? id)),
    key: 'IdCargo',
  },
  'nivel-riesgo-operaciones': {
    of: (inspection) => [inspection.IdNivel2 ?? NONE],
    name: (facts, id) => (id === NONE ? '(sin faena)' : (facts.levelNames.get(id) ?? id)),
    key: 'Faena',
  },
};

/** The name of the bar a drill-down opened (its position or worksite), or ''. */
export function riskGroupName(facts: DashboardFacts, query: ContratistasRecordsQuery): string {
  if (query.IdCargo) return GROUPS['nivel-riesgo-cargos'].name(facts, query.IdCargo);
  if (query.Faena) return GROUPS['nivel-riesgo-operaciones'].name(facts, query.Faena);
  return '';
}

const riskOf = (inspections: readonly RiskInspection[]) => {
  const noCumple = sum(inspections.map((inspection) => inspection.noCumple));
  return { noCumple, answered: noCumple + sum(inspections.map((inspection) => inspection.cumple)) };
};

export const riskIndicator =
  (name: RiskIndicator) =>
  async (input: ContratistasInput): Promise<DashboardAnswer> => {
    const group = GROUPS[name];
    const [facts, inspections] = await Promise.all([dashboardFacts(input), riskInspections(input)]);
    const members = new Map<string, RiskInspection[]>();
    for (const inspection of inspections) for (const id of group.of(inspection)) members.set(id, [...(members.get(id) ?? []), inspection]);
    const levels = [...members].map(([id, of]): [string, number] => {
      const risk = riskOf(of);
      return [id, percent(risk.noCumple, risk.answered)];
    });
    const all = riskOf(inspections);
    return indicatorAnswer(percent(all.noCumple, all.answered), '%', barsById(levels, (id) => group.name(facts, id), group.key, true), {
      formula: `${indicatorOf(CONTRATISTAS_DASHBOARD, name).formula!}: ${all.noCumple} No cumple de ${all.answered} respuestas`,
    });
  };

/** The inspections behind a bar (a position, a worksite, a contractor) or all of them, each with its own risk level. */
export async function inspectionRecords(input: IndicatorInput<ContratistasRecordsQuery>, from: string, to: string) {
  const [facts, inspections] = await Promise.all([dashboardFacts(input), riskInspections(input, from, to)]);
  const { Contratista, IdCargo, Faena } = input.query;
  const records = inspections
    .filter((inspection) => !Contratista || inspection.RutContratista === Contratista)
    .filter((inspection) => !IdCargo || GROUPS['nivel-riesgo-cargos'].of(inspection).includes(IdCargo))
    .filter((inspection) => !Faena || GROUPS['nivel-riesgo-operaciones'].of(inspection).includes(Faena))
    .map(
      (inspection): InspeccionRecord => ({
        Tipo: 'inspeccion',
        Clave: inspection.IdEvaluacion,
        Fecha: inspection.Fecha,
        Formulario: inspection.Formulario,
        RutContratista: inspection.RutContratista,
        Contratista: contractorName(facts, inspection.RutContratista),
        Cumple: inspection.cumple,
        NoCumple: inspection.noCumple,
        NivelRiesgo: percent(inspection.noCumple, inspection.cumple + inspection.noCumple),
      }),
    );
  return { records };
}
