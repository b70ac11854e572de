import { paths } from '#app/navigation/paths.ts';
import { FileLoadButton } from '#app/ui/records/file-load-button.tsx';
import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import { useCargosView } from './cargos-view.ts';

export const CargosListPage = () => (
  <RecordListPage view={useCargosView()} actions={<FileLoadButton href={paths.cargos.carga.href} permission={paths.cargos.list.href} />} />
);
export const CargoFormPage = () => <RecordFormPage view={useCargosView()} />;
export const CargoDetailPage = () => <RecordDetailPage view={useCargosView()} />;
