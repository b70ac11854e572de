import { derivedIncidentFields } from '#sync/domain/incident-rules.ts';
import type { LocalIncidente } from './incident-rows.ts';

/** A case as the device shows it: what nobody types (lost days, gravity, risk level) from the shared rules. */
export function withIncidentDerived(row: LocalIncidente): LocalIncidente {
  return { ...row, ...derivedIncidentFields(row) };
}
