import { ACTIVIDADES_MESSAGES, actividadEconomicaEntity } from '#sync/schemas/actividades-economicas.schema.ts';
import { recordRoutes } from '#server/records/record-routes.ts';

/** The economic activities catalogue: one record per SII activity code in the company. */
export const actividadesEconomicasRoutes = recordRoutes(actividadEconomicaEntity, {
  rules: { unique: [{ fields: ['Codigo'], message: ACTIVIDADES_MESSAGES.duplicate, code: 'ACTIVIDAD_DUPLICADA' }] },
});
