import { MAINTAINER_PATHS } from '#app/navigation/served-routes.ts';
import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import type { RecordView } from '#app/ui/records/record-view.ts';

/** The providers catalogue on the kit: a name, its RUT when known, and what it supplies. */
const proveedoresView: RecordView<'proveedores'> = {
  table: 'proveedores',
  routes: MAINTAINER_PATHS.proveedores!,
  title: 'Proveedores',
  labels: {
    create: 'Nuevo proveedor',
    newTitle: 'Nuevo proveedor',
    editTitle: 'Editar proveedor',
    correctTitle: 'Corregir proveedor',
    data: 'Datos del proveedor',
  },
  fields: [
    { name: 'Nombre', label: 'Nombre o razón social', required: true, input: { kind: 'text' }, inList: false },
    { name: 'RutCompleto', label: 'RUT', input: { kind: 'text' } },
    { name: 'Rubro', label: 'Rubro', input: { kind: 'text' } },
  ],
};

export const ProveedoresListPage = () => <RecordListPage view={proveedoresView} />;
export const ProveedorFormPage = () => <RecordFormPage view={proveedoresView} />;
export const ProveedorDetailPage = () => <RecordDetailPage view={proveedoresView} />;
