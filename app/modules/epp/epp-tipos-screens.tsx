import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import { eppTiposView } from './epp-tipos-view.ts';

export const EppTiposListPage = () => <RecordListPage view={eppTiposView} />;
export const EppTipoFormPage = () => <RecordFormPage view={eppTiposView} />;
export const EppTipoDetailPage = () => <RecordDetailPage view={eppTiposView} />;
