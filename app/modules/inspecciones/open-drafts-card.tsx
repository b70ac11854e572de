import { Link } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { formatRecentTime } from '#app/ui/display-format.ts';
import type { OpenDraftSummary } from './draft-queries.ts';
import '#app/ui/records.css';
import './section-head.css';
import './draft-progress-track.css';
import './open-drafts-card.css';

/**
 * "Inspecciones en curso" on the home screen: every draft still open on this device (`useOpenDrafts`), the last one
 * changed first, with its progress and a "Continuar" link to where it was left. Inicio starts a new one; with no
 * drafts the card is shown only to who may create inspections.
 */
export function OpenDraftsCard({ drafts }: { drafts: OpenDraftSummary[] }) {
  const session = useRequiredSession();
  const canCreate = hasPermission(session, paths.inspecciones.list.href, 'crear');
  if (drafts.length === 0 && !canCreate) return null;

  return (
    <section className="card insp-open-drafts" aria-labelledby="insp-open-drafts-title">
      <div className="insp-section__head">
        <h2 id="insp-open-drafts-title">Inspecciones en curso</h2>
      </div>
      {drafts.length === 0 ? (
        <p className="muted">No tienes inspecciones en curso en este dispositivo.</p>
      ) : (
        <ul className="insp-open-drafts__list">
          {drafts.map((draft) => {
            const titleId = `insp-draft-${draft.id}`;
            return (
              <li key={draft.id} className="insp-open-drafts__item" aria-labelledby={titleId}>
                <div className="insp-open-drafts__text">
                  <p id={titleId} className="insp-open-drafts__name">
                    {draft.templateName}
                  </p>
                  {draft.refused && <span className="badge badge--error">Rechazada por el servidor</span>}
                  <p className="muted">
                    {draft.place.trim() || 'Sin lugar'} · {draft.answered} de {draft.total} respondidas · modificada {formatRecentTime(new Date(draft.updatedAt))}
                  </p>
                  <div className="insp-open-drafts__track" aria-hidden="true">
                    <div style={{ width: `${draft.total ? (100 * draft.answered) / draft.total : 0}%` }} />
                  </div>
                </div>
                <Link className="insp-button-link" to={paths.inspecciones.editar.href(draft.id)} aria-describedby={titleId}>
                  Continuar
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
