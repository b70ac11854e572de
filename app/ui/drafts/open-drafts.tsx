import { IonButton } from '@ionic/react';
import type { ReactNode } from 'react';
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
  if (drafts.length === 0) return null;
  const titleId = `open-drafts-${title.replace(/\W+/g, '-')}`;
  return (
    <section className="open-drafts" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <ul>
        {drafts.map((draft) => (
          <li key={draft.id}>
            <span id={`open-draft-${draft.id}`}>
              <strong>{draft.title}</strong>
              <span className="muted"> {draft.detail}</span>
              {draft.badge}
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
