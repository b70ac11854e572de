import type { ContenidoFormulario, Rango } from '../schemas/formularios.schema.ts';
import { formatGrade } from './number-format.ts';

/** An answer as the compliance reads it: the statement and 1 Cumple / 2 No cumple / other No aplica. */
export interface StatementAnswer {
  IdEnunciado: string;
  Respuesta: number;
}

export interface Compliance {
  /** Weighted percentage of compliant statements among those that apply, one decimal; null when none applies yet. */
  Porcentaje: number | null;
  /** Grade of the template's scale for that percentage; null with no percentage. */
  Nota: number | null;
  Total: number;
  Respondidos: number;
  Cumple: number;
  NoCumple: number;
  NoAplica: number;
}

/** The grade for a percentage: the range with Desde <= p < Hasta, and 100 falls in the range ending at 100. */
export function gradeFor(rangos: readonly Rango[], porcentaje: number): number | null {
  const range = rangos.find((r) => porcentaje >= r.Desde && (porcentaje < r.Hasta || (r.Hasta === 100 && porcentaje === 100)));
  return range ? range.Nota : null;
}

/**
 * THE compliance rule, used by the filling screen, the server (which stores its own result, never the device's)
 * and the report: Σ weight of answers 1 ÷ Σ weight of answers 1 or 2. No aplica and unanswered statements are out.
 */
export function computeCompliance(content: Pick<ContenidoFormulario, 'Items' | 'Rangos'>, answers: Iterable<StatementAnswer>): Compliance {
  const byStatement = new Map<string, number>();
  for (const answer of answers) byStatement.set(answer.IdEnunciado, answer.Respuesta);
  let total = 0;
  let answered = 0;
  let compliant = 0;
  let failed = 0;
  let notApplicable = 0;
  let weightCompliant = 0;
  let weightApplicable = 0;
  for (const item of content.Items) {
    for (const statement of item.Enunciados) {
      total += 1;
      const answer = byStatement.get(statement.IdEnunciado);
      if (answer === undefined) continue;
      answered += 1;
      if (answer === 1) {
        compliant += 1;
        weightCompliant += statement.Ponderacion;
        weightApplicable += statement.Ponderacion;
      } else if (answer === 2) {
        failed += 1;
        weightApplicable += statement.Ponderacion;
      } else notApplicable += 1;
    }
  }
  const porcentaje = weightApplicable === 0 ? null : Math.round((1000 * weightCompliant) / weightApplicable) / 10;
  return {
    Porcentaje: porcentaje,
    Nota: porcentaje === null ? null : gradeFor(content.Rangos, porcentaje),
    Total: total,
    Respondidos: answered,
    Cumple: compliant,
    NoCumple: failed,
    NoAplica: notApplicable,
  };
}

/** "83,3 %" and "6,0" as screens and reports print them; a dash when there is nothing to grade yet. */
export function complianceLabels(compliance: Pick<Compliance, 'Porcentaje' | 'Nota'>): { porcentaje: string; nota: string } {
  return {
    porcentaje: compliance.Porcentaje === null ? '—' : `${formatGrade(compliance.Porcentaje)} %`,
    nota: compliance.Nota === null ? '—' : formatGrade(compliance.Nota),
  };
}

/** The usual Chilean scale with 60 % required for a 4,0, the default for a new template. */
export const DEFAULT_RANGOS: Rango[] = [
  { Desde: 0, Hasta: 20, Nota: 1.5 },
  { Desde: 20, Hasta: 40, Nota: 2.5 },
  { Desde: 40, Hasta: 60, Nota: 3.3 },
  { Desde: 60, Hasta: 70, Nota: 4 },
  { Desde: 70, Hasta: 80, Nota: 4.8 },
  { Desde: 80, Hasta: 90, Nota: 5.5 },
  { Desde: 90, Hasta: 95, Nota: 6.2 },
  { Desde: 95, Hasta: 100, Nota: 7 },
];
