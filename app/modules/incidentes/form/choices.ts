import type { CatalogueOption, IncidentLookups } from '../use-incident-lookups.ts';
import type { Choice } from './fields.tsx';

/** A catalogue's records as choices; grouped by their parent's name when they hang from another catalogue. */
export function choicesOf(options: readonly CatalogueOption[], lookups: IncidentLookups, onlyParents?: readonly string[]): Choice[] {
  return options
    .filter((option) => !onlyParents || (option.parent !== null && onlyParents.includes(option.parent)))
    .map((option) => ({ value: option.value, label: option.label, ...(option.parent ? { group: lookups.names.get(option.parent) ?? '' } : {}) }));
}
