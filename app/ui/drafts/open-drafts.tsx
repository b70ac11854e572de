import { IonButton } from '@ionic/react';
import { type ReactNode, useId } from 'react';
import './open-drafts.css';

export interface OpenDraft {
  id: string;
  /** What the draft is: its worker, its crew, its classification. */
  title: ReactNode;
  /** Under or beside the title, muted: where, when, how far along. */
  detail: string;
  /** A mark after the detail (refused by the server). */
  badge?: ReactNode;
  href: string;
}

/**
 * Records being written on this device, each with its «Continuar»: above a module's list and on the home screen, so
 * a draft left open (a reload, a crash, the next day) is found where its records are.
 */
export function OpenDrafts({ title, drafts }: { title: string; drafts: readonly OpenDraft[] }) {
  const titleId = useId();
  if (drafts.length === 0) return null;
  return (
    <section className="open-drafts" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <ul>
        {drafts.map((draft) => (
          <li key={draft.id}>
            <span id={`open-draft-${draft.id}`} className="open-drafts__title">
              <strong>{draft.title}</strong>
              <span className="muted">
                {draft.detail}
                {draft.badge}
              </span>
            </span>
            <IonButton size="small" routerLink={draft.href} aria-describedby={`open-draft-${draft.id}`}>
              Continuar
            </IonButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
