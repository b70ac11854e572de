import { assignmentTargetProblem, EPP_ASIGNACIONES_MESSAGES, type EppAsignacion, eppAsignacionEntity } from '#sync/schemas/epp-asignaciones.schema.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { RecordRules } from '#server/records/record-writes.ts';
import { recordRoutes } from '#server/records/record-routes.ts';

/** Another active assignment of the same position or worker: one assignment per target, edited in place. */
async function targetTaken(db: Db, company: string, row: EppAsignacion): Promise<boolean> {
  let query = db.selectFrom('epp_asignaciones').select('IdAsignacionEpp').where('IdEmpresa', '=', company).where('Estado', '=', 1).where('IdAsignacionEpp', '!=', row.IdAsignacionEpp);
  query = row.IdCargo ? query.where('IdCargo', '=', row.IdCargo) : query.where('IdPersona', '=', row.IdPersona);
  return (await query.executeTakeFirst()) !== undefined;
}

const rules: RecordRules<EppAsignacion> = {
  async check(ctx, db, row) {
    const problem = assignmentTargetProblem(row);
    if (problem) throw new HttpError(400, problem, 'VALIDACION');
    if (await targetTaken(db, ctx.company, row)) {
      throw new HttpError(409, row.IdCargo ? EPP_ASIGNACIONES_MESSAGES.cargoTaken : EPP_ASIGNACIONES_MESSAGES.workerTaken, 'ASIGNACION_DUPLICADA');
    }
  },
  // The list of EPP compared as a set: the same items in another order is no change.
  same: (field, a, b) => (field === 'Epps' ? JSON.stringify([...(a as string[])].sort()) === JSON.stringify([...(b as string[])].sort()) : JSON.stringify(a) === JSON.stringify(b)),
};

/**
 * What each position and each worker must hold (spec "Assignment": GET epp/asignacion/{company}; GET
 * asignacion/datos/{id}/{company}; POST and PUT asignacion; DELETE asignacion/{id}).
 */
export const eppAsignacionRoutes = recordRoutes(eppAsignacionEntity, {
  rules,
  summaries: {
    list: 'Asignaciones de EPP activas, por cargo y por trabajador (epp/asignacion/{company}): { statusCode, data: EppAsignacion[] }',
    create: 'Crea la asignación de EPP de un cargo o de un trabajador (uno de los dos). 409 ASIGNACION_DUPLICADA si ya tiene una',
  },
});
