import { usefulLifeText } from '#sync/schemas/epp-tipos.schema.ts';
import { paths } from '#app/navigation/paths.ts';
import type { RecordView } from '#app/ui/records/record-view.ts';
import { type EppLookups, useEppLookups } from './epp-queries.ts';

const SIZES_HINT = 'Separadas por coma: S, M, L, XL. Vacío si es talla única.';

/** The EPP catalogue on the kit: what the company gives, the risk it protects from, its standard, sizes and useful life. */
export const eppTiposView: RecordView<'epp_tipos', EppLookups> = {
  table: 'epp_tipos',
  routes: paths.eppTipos,
  title: 'Tipos de EPP',
  listLabel: 'Catálogo de EPP',
  labels: { create: 'Nuevos EPP', newTitle: 'Nuevos EPP', editTitle: 'Editar EPP', correctTitle: 'Corregir EPP', data: 'Datos del EPP' },
  useLookups: useEppLookups,
  fields: [
    { name: 'NombreEpp', label: 'Nombre del EPP', required: true, input: { kind: 'text' }, inList: false },
    { name: 'Riesgo', label: 'Riesgo del que protege', input: { kind: 'text' } },
    { name: 'Norma', label: 'Certificación o norma', input: { kind: 'text' } },
    { name: 'Tallas', label: 'Tallas', show: (row) => (row.Tallas.length ? row.Tallas.join(', ') : 'Talla única'), input: { kind: 'list', hint: SIZES_HINT } },
    { name: 'VidaUtilMeses', label: 'Vida útil en meses (0: no vence)', show: (row) => usefulLifeText(row.VidaUtilMeses), input: { kind: 'number' }, required: true },
    {
      name: 'actividades',
      label: 'Actividades económicas en que se usa',
      show: (row, { activityNames }) => row.actividades.flatMap((id) => activityNames.get(id) ?? []).join('; ') || 'Todas',
      input: { kind: 'multi', options: ({ activities }) => activities.map((activity) => ({ value: activity.IdActividadEconomica, label: activity.label })) },
      inList: false,
    },
  ],
  defaults: { VidaUtilMeses: 12, Tallas: [], actividades: [] },
  // The server refuses it too (EPP_EN_USO); saying so now spares a write that can only be rejected.
  inUse: (db, row) => db.epp_asignaciones.filter((assignment) => assignment.Epps.includes(row.IdEpp)).count(),
};
