import * as v from 'valibot';
import { isWireDate } from '../domain/dates.ts';
import { CLASIFICACIONES } from '../domain/incident-form.ts';
import { INCIDENTES_MESSAGES as M } from './incidentes.schema.ts';
import { DeviceScopeQueryEntries } from '../records/worksites.ts';

const FilterDate = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.check((value) => value === '' || isWireDate(value), M.dateRequired),
  ),
);

/** Filters of the cases list (query string); a contractor user is limited by the server anyway. */
export const IncidentesQuerySchema = v.object({
  desde: FilterDate,
  hasta: FilterDate,
  Clasificacion: v.optional(v.picklist(CLASIFICACIONES, M.classificationRequired)),
  Estado: v.optional(v.picklist(['1', '2'])),
  nv2: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase())),
  nv3: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase())),
  ...DeviceScopeQueryEntries,
});
export type IncidentesQuery = v.InferOutput<typeof IncidentesQuerySchema>;
