import { paths } from '#app/navigation/paths.ts';
import { FileLoadButton } from '#app/ui/records/file-load-button.tsx';
import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import { eppTiposView } from './epp-tipos-view.ts';

export const EppTiposListPage = () => (
  <RecordListPage view={eppTiposView} actions={<FileLoadButton href={paths.eppTipos.carga.href} permission={paths.eppTipos.list.href} />} />
);
export const EppTipoFormPage = () => <RecordFormPage view={eppTiposView} />;
export const EppTipoDetailPage = () => <RecordDetailPage view={eppTiposView} />;
