import { toWireMonth } from '#sync/domain/dates.ts';
import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import { type Dotacion, DOTACIONES_MESSAGES, dotacionEntity } from '#sync/schemas/dotaciones.schema.ts';
import { HttpError } from '#server/http/http-error.ts';
import { canSeeContractorRows } from '#server/tenancy/viewer.ts';
import { recordRoutes } from '#server/records/record-routes.ts';
import type { RecordRules } from '#server/records/record-writes.ts';

const invalid = (message: string) => new HttpError(400, message, 'VALIDACION');

/**
 * Headcount and hours of a month: one active row per month, levels and contractor (also kept by the partial unique
 * index of migration 0013); the level 3 hangs from the level 2; a month that has not started yet (Chile) is refused;
 * a contractor user writes only its own contractor's rows.
 */
export const dotacionRules: RecordRules<Dotacion> = {
  // A contractor user reaches only its own contractor's rows; company users every row.
  visible: canSeeContractorRows,
  unique: [{ fields: ['Mes', 'IdNivel2', 'IdNivel3', 'RutContratista'], message: DOTACIONES_MESSAGES.duplicate, code: 'DOTACION_DUPLICADA' }],
  async check(ctx, db, row) {
    if (!canSeeContractorRows(ctx.viewer, row)) throw new HttpError(403, AUTH_MESSAGES.forbiddenAction, 'SIN_PERMISO');
    if (row.Mes > toWireMonth(ctx.now)) throw invalid(DOTACIONES_MESSAGES.future);
    const level3 = row.IdNivel3 ? (await ctx.records.niveles.load(db, ctx.company, row.IdNivel3))?.row : undefined;
    if (level3 && level3.IdNivelPadre !== row.IdNivel2) throw invalid(DOTACIONES_MESSAGES.levelMismatch);
  },
};

/** GET/POST/PUT/DELETE /api/accidentes/dotacion/...: the kit's calls on the entity's templates. */
export const dotacionesRoutes = recordRoutes(dotacionEntity, { rules: dotacionRules });
