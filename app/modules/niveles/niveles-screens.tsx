import { LEVEL_PATHS } from '#app/navigation/paths.ts';
import { FileLoadButton } from '#app/ui/records/file-load-button.tsx';
import type { LevelType } from '#sync/schemas/niveles.schema.ts';
import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import { useNivelesView } from './niveles-view.ts';

export const NivelesListPage = ({ type }: { type: LevelType }) => (
  <RecordListPage
    view={useNivelesView(type)}
    actions={<FileLoadButton href={LEVEL_PATHS[type].carga.href} permission={LEVEL_PATHS[type].list.href} />}
  />
);
export const NivelFormPage = ({ type }: { type: LevelType }) => <RecordFormPage view={useNivelesView(type)} />;
export const NivelDetailPage = ({ type }: { type: LevelType }) => <RecordDetailPage view={useNivelesView(type)} />;
