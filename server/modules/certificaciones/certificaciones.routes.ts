import { CERTIFICACIONES_MESSAGES, certificacionEntity, validityProblem } from '#sync/schemas/certificaciones.schema.ts';
import { HttpError } from '#server/http/http-error.ts';
import { recordRoutes } from '#server/records/record-routes.ts';

/** The certifications catalogue: a name unique in the company, and a validity that agrees with whether it expires. */
export const certificacionesRoutes = recordRoutes(certificacionEntity, {
  rules: {
    unique: [{ fields: ['Nombre'], message: CERTIFICACIONES_MESSAGES.duplicate, code: 'CERTIFICACION_DUPLICADA' }],
    async check(_ctx, _db, row) {
      const problem = validityProblem(row);
      if (problem) throw new HttpError(400, problem, 'VALIDACION');
    },
  },
});
