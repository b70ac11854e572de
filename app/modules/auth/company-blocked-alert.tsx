import type { CompanyStatus } from '#sync/schemas/auth.schema.ts';
import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import { IonAlert } from '@ionic/react';

export interface BlockedNotice {
  kind: 'notRegistered' | 'suspended';
  support: CompanyStatus['Soporte'] | null;
}

const CONTENT = {
  notRegistered: { header: 'Atención !', text: AUTH_MESSAGES.companyNotRegistered },
  suspended: { header: 'Cuenta suspendida', text: AUTH_MESSAGES.companySuspended },
} as const;

function supportLines(support: BlockedNotice['support']): string {
  if (!support) return '';
  return `\n\nSoporte\nCorreo: ${support.Correo}\nTeléfono: ${support.Telefono}`;
}

/** Blocking popups of spec 4.1 and 8: a company that cannot sign in, with the support contact. */
export function CompanyBlockedAlert({ notice, onDismiss }: { notice: BlockedNotice | null; onDismiss: () => void }) {
  if (!notice) return null;
  const content = CONTENT[notice.kind];
  // Mounted only while shown: a closed inline overlay leaves stray ARIA attributes in the page.
  return (
    <IonAlert
      isOpen
      cssClass="blocking-alert"
      backdropDismiss={false}
      header={content.header}
      message={content.text + supportLines(notice.support)}
      buttons={[{ text: 'Entendido', role: 'confirm' }]}
      onDidDismiss={onDismiss}
    />
  );
}
