import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import { sessionsView } from './sesiones-view.ts';

/** `creadas` (to give) and `realizadas`: the kit's list with search, type filter, CSV export and delete. */
export function SesionesListPage({ realizadas }: { realizadas: boolean }) {
  return <RecordListPage view={sessionsView(realizadas)} />;
}
