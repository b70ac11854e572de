import { DOTACION_ROUTE } from '#sync/schemas/dotaciones.schema.ts';
import { paths } from '#app/navigation/paths.ts';
import { FileLoadButton } from '#app/ui/records/file-load-button.tsx';
import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import { useDotacionView } from './dotacion-view.ts';

/** `/incidentes/dotacion`: the months entered, and for those who may create, the file load. */
export function DotacionListPage() {
  const load = <FileLoadButton href={paths.incidentes.dotacionCarga.href} permission={DOTACION_ROUTE} />;
  return <RecordListPage view={useDotacionView()} actions={load} />;
}
export const DotacionFormPage = () => <RecordFormPage view={useDotacionView()} />;
export const DotacionDetailPage = () => <RecordDetailPage view={useDotacionView()} />;
