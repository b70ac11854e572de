import type { AnyEntity } from '#sync/records/entity.ts';
import { type ChangeAudience, partiesAudience } from '../sync/change-log.repo.ts';

const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** Who pulls a change of the record (SPEC PL7): everyone, the company, or its contractor or parties. */
export function audienceOf(entity: AnyEntity, row: Record<string, unknown>): ChangeAudience {
  if (entity.audience === 'todos') return 'todos';
  if (entity.audience === 'partes') return partiesAudience(textOrNull(row.RutContratista), textOrNull(row.IdCliente));
  const rut = textOrNull(row[entity.audience.contratista]);
  return rut ? `contratista:${rut}` : 'empresa';
}

/** The contractor that pulled the record under this audience (its own, or one of the parties), if any. */
export function contractorOf(entity: AnyEntity, row: Record<string, unknown>): string | null {
  if (entity.audience === 'todos') return null;
  return textOrNull(row[entity.audience === 'partes' ? 'RutContratista' : entity.audience.contratista]);
}
