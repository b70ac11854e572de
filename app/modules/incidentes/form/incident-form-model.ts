import type { ReportProblem } from '#sync/domain/incident-rules.ts';
import type { IncidentFields } from '#app/db/incident-rows.ts';
import type { IncidentLookups } from '../use-incident-lookups.ts';

/**
 * What the report's sections edit, whoever keeps it: the draft page writes every change to the device at once
 * (SPEC IC1), the edit page of a case keeps the changes until the person saves them (one PUT, CF2).
 */
export interface IncidentFormBinding {
  fields: IncidentFields;
  set: (patch: Partial<IncidentFields>) => void;
  /** Typing pauses this long before a text is handed over: the draft's; 0 for a form kept in memory. */
  textDelay: number;
  /** The report's rules' problems by field (the spec's Campo). */
  problems: ReadonlyMap<string, string>;
  lookups: IncidentLookups;
  /** The company's names for levels 2 and 3. */
  levelLabels: { 2: string; 3: string };
}

/** Messages by the field they belong to; two problems of one field read as one text. */
export function problemsByField(problems: readonly ReportProblem[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const problem of problems) map.set(problem.field, map.has(problem.field) ? `${map.get(problem.field)} ${problem.message}` : problem.message);
  return map;
}

/** The element a problem's field is drawn in, to scroll to it. */
export function fieldAnchor(field: string): string {
  return `incidente-${field.replace(/[^A-Za-z0-9]/g, '-')}`;
}
