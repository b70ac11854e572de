import type { AnyEntity, RowOf } from '#sync/records/entity.ts';
import { TIPOS_FLOTA_MESSAGES, tipoEquipoEntity, tipoFlotaProblem, tipoVehiculoEntity } from '#sync/schemas/flota-tipos.schema.ts';
import { HttpError } from '#server/http/http-error.ts';
import { codeOf } from '#server/records/record-registry.ts';
import { recordRoutes } from '#server/records/record-routes.ts';
import type { RecordRules } from '#server/records/record-writes.ts';

/**
 * A type's rules on the kit's writes: its name once among the company's active types of its kind, an interval by
 * reading only with a meter. A type an active asset names cannot be deleted (the asset's reference: 409 `_EN_USO`).
 */
function tipoRules<E extends typeof tipoVehiculoEntity | typeof tipoEquipoEntity>(entity: E & AnyEntity): RecordRules<RowOf<E>> {
  return {
    unique: [{ fields: ['Nombre'], message: TIPOS_FLOTA_MESSAGES.nameDuplicate, code: `${codeOf(entity)}_DUPLICADO` }],
    async check(_ctx, _db, row) {
      const problem = tipoFlotaProblem(row);
      if (problem) throw new HttpError(400, problem, 'VALIDACION');
    },
  };
}

/** Spec "Vehicle and equipment types": GET all/{company}; GET {id}; POST; PUT; DELETE {id}. */
export const tiposVehiculoRoutes = recordRoutes(tipoVehiculoEntity, { rules: tipoRules(tipoVehiculoEntity) });
export const tiposEquipoRoutes = recordRoutes(tipoEquipoEntity, { rules: tipoRules(tipoEquipoEntity) });
