import { paths } from '#app/navigation/paths.ts';
import type { RecordView } from '#app/ui/records/record-view.ts';

/**
 * Workers on the kit: their list, detail and form are their own (search of thousands, files, child lists), the
 * form page, the delete and the notices are the kit's. Spec: worker notices stay 3500 ms.
 */
export const trabajadoresView: RecordView<'trabajadores'> = {
  table: 'trabajadores',
  routes: paths.trabajadores,
  title: 'Trabajadores',
  labels: { create: 'Nuevo trabajador', newTitle: 'Nuevo trabajador', editTitle: 'Editar trabajador', correctTitle: 'Corregir trabajador', data: 'Datos del trabajador' },
  fields: [],
  noticeDuration: 3500,
};
