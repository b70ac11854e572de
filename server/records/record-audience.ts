import type { AnyEntity } from '#sync/records/entity.ts';
import { type ChangeAudience, chainAudience, partiesAudience } from '../sync/change-log.repo.ts';

const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** Who pulls a change of the record (SPEC PL7): everyone, the company, or its contractor (and those above it) or parties. */
export function audienceOf(entity: AnyEntity, row: Record<string, unknown>): ChangeAudience {
  if (entity.audience === 'todos') return 'todos';
  if (entity.audience === 'partes') return partiesAudience(textOrNull(row.RutContratista), textOrNull(row.IdCliente));
  const contractors = contractorsOf(entity, row);
  if (contractors.length > 1) return chainAudience(contractors);
  return contractors.length === 1 ? `contratista:${contractors[0]}` : 'empresa';
}

/** The contractors that pulled the record under this audience (its own and those above it, or one of the parties). */
export function contractorsOf(entity: AnyEntity, row: Record<string, unknown>): string[] {
  if (entity.audience === 'todos') return [];
  if (entity.audience === 'partes') return [textOrNull(row.RutContratista)].filter((rut) => rut !== null);
  const own = textOrNull(row[entity.audience.contratista]);
  if (!own) return [];
  const above = entity.audience.superiores ? row[entity.audience.superiores] : [];
  return [own, ...(Array.isArray(above) ? above.filter((rut): rut is string => textOrNull(rut) !== null && rut !== own) : [])];
}
