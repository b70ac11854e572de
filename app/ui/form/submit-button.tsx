import { IonButton, IonSpinner } from '@ionic/react';
import type { ReactNode } from 'react';

interface SubmitButtonProps {
  busy: boolean;
  disabled?: boolean;
  expand?: 'block' | 'full';
  children: ReactNode;
}

export function SubmitButton({ busy, disabled = false, expand, children }: SubmitButtonProps) {
  return (
    <IonButton type="submit" expand={expand} disabled={busy || disabled} aria-busy={busy}>
      {busy && <IonSpinner name="crescent" slot="start" aria-hidden="true" />}
      {children}
    </IonButton>
  );
}
