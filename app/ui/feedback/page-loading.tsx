import { IonSpinner } from '@ionic/react';

export function PageLoading({ label = 'Cargando…' }: { label?: string }) {
  return (
    <div className="page-loading" role="status">
      <IonSpinner name="crescent" aria-hidden="true" />
      <span className="muted">{label}</span>
    </div>
  );
}
