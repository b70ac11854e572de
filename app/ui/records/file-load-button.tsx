import { IonButton, IonIcon } from '@ionic/react';
import { cloudUploadOutline } from 'ionicons/icons';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';

/** A list's way to its file load, for those who may create its records. */
export function FileLoadButton({ href, permission }: { href: string; permission: string }) {
  const session = useRequiredSession();
  if (!hasPermission(session, permission, 'crear')) return null;
  return (
    <IonButton fill="outline" color="dark" size="small" routerLink={href}>
      <IonIcon slot="start" icon={cloudUploadOutline} aria-hidden="true" />
      Cargar archivo
    </IonButton>
  );
}
