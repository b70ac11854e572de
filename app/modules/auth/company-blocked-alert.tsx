import type { CompanyStatus } from '#sync/schemas/auth.schema.ts';
import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import { useEffect, useRef } from 'react';
import { presentAlert } from '#app/ui/feedback/present-alert.ts';

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
export function CompanyBlockedAlert({ notice, onDismiss }: { notice: BlockedNotice; onDismiss: () => void }) {
  const dismissed = useRef(onDismiss);
  dismissed.current = onDismiss;

  useEffect(() => {
    const content = CONTENT[notice.kind];
    const shown = presentAlert({
      cssClass: 'blocking-alert',
      backdropDismiss: false,
      header: content.header,
      message: content.text + supportLines(notice.support),
      buttons: [{ text: 'Entendido', role: 'confirm' }],
    });
    let left = false;
    void shown.closed.then(() => {
      if (!left) dismissed.current();
    });
    // Leaving the screen closes it: an alert must not outlive the page that raised it.
    return () => {
      left = true;
      shown.dismiss();
    };
  }, [notice]);

  return null;
}
