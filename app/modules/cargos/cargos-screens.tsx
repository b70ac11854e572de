import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import { useCargosView } from './cargos-view.ts';

export const CargosListPage = () => <RecordListPage view={useCargosView()} />;
export const CargoFormPage = () => <RecordFormPage view={useCargosView()} />;
export const CargoDetailPage = () => <RecordDetailPage view={useCargosView()} />;
