import { DOTACION_ROUTE } from '#sync/schemas/dotaciones.schema.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { cloudUploadOutline } from 'ionicons/icons';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import { useDotacionView } from './dotacion-view.ts';

/** `/incidentes/dotacion`: the months entered, and for those who may create, the CSV load. */
export function DotacionListPage() {
  const session = useRequiredSession();
  const load = hasPermission(session, DOTACION_ROUTE, 'crear') && (
    <IonButton fill="outline" color="dark" size="small" routerLink={paths.incidentes.dotacionCarga.href}>
      <IonIcon slot="start" icon={cloudUploadOutline} aria-hidden="true" />
      Cargar CSV
    </IonButton>
  );
  return <RecordListPage view={useDotacionView()} actions={load} />;
}

export const DotacionFormPage = () => <RecordFormPage view={useDotacionView()} />;
export const DotacionDetailPage = () => <RecordDetailPage view={useDotacionView()} />;
