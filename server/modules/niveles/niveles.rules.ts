import { type LevelType, type Nivel, NIVELES_MESSAGES } from '#sync/schemas/niveles.schema.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { RecordRules } from '#server/records/record-writes.ts';

/** A level 2 hangs from nothing; a level 3 from an active level 2, a level 4 from an active level 3. */
export const nivelRules: RecordRules<Nivel> = {
  async check(ctx, db, level, current) {
    if (current && level.IdNivelPadre === current.IdNivelPadre) return;
    if (level.TipoNivel === 2) {
      if (level.IdNivelPadre !== null) throw new HttpError(400, NIVELES_MESSAGES.parentForbidden, 'VALIDACION');
      return;
    }
    const parent = level.IdNivelPadre
      ? (await ctx.records.niveles.activeIds(db, ctx.company, [level.IdNivelPadre], { TipoNivel: (level.TipoNivel - 1) as LevelType })).size
      : 0;
    if (!parent) throw new HttpError(400, NIVELES_MESSAGES.parentInvalid, 'VALIDACION');
  },
};
