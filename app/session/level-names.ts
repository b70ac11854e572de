import type { LevelType } from '#sync/schemas/niveles.schema.ts';
import type { Session } from '#sync/schemas/auth.schema.ts';

/** The company's own name for a level (its mask, spec 2.6), e.g. "Faena" for level 2. */
export function levelName(session: Pick<Session, 'mascaras'>, type: LevelType): string {
  return session.mascaras.find((mask) => mask.TipoNv === type)?.Nombre ?? `Nivel ${type}`;
}
