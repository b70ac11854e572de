import { IonButton, IonIcon } from '@ionic/react';
import { addOutline } from 'ionicons/icons';
import './records.css';

export interface ListTitleRowProps {
  title: string;
  /** The "Nuevo …" button beside the title, for those allowed to create. */
  create?: { href: string; label: string };
}

export function ListTitleRow({ title, create }: ListTitleRowProps) {
  return (
    <div className="list-page__title-row">
      <h1 className="page-title">{title}</h1>
      {create && (
        <IonButton routerLink={create.href} size="small">
          <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
          {create.label}
        </IonButton>
      )}
    </div>
  );
}
