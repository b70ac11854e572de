import { paths } from '#app/navigation/paths.ts';
import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import type { RecordView } from '#app/ui/records/record-view.ts';

/** The economic activities catalogue on the kit, by the SII's activity code. */
const actividadesView: RecordView<'actividades_economicas'> = {
  table: 'actividades_economicas',
  routes: paths.actividadesEconomicas,
  title: 'Actividades Económicas',
  labels: {
    create: 'Nueva actividad',
    newTitle: 'Nueva actividad económica',
    editTitle: 'Editar actividad económica',
    correctTitle: 'Corregir actividad económica',
    data: 'Datos de la actividad',
  },
  fields: [
    { name: 'Codigo', label: 'Código SII', required: true, input: { kind: 'text' }, inList: false },
    { name: 'Nombre', label: 'Nombre', required: true, input: { kind: 'text' }, inList: false },
  ],
};

export const ActividadesListPage = () => <RecordListPage view={actividadesView} />;
export const ActividadFormPage = () => <RecordFormPage view={actividadesView} />;
export const ActividadDetailPage = () => <RecordDetailPage view={actividadesView} />;
