import { formatDisplayDate } from '#sync/domain/dates.ts';
import { IonButton } from '@ionic/react';
import type { IncidentDraft } from '#app/db/incident-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { formatRecentTime } from '#app/ui/display-format.ts';
import './report-drafts.css';

/** Reports being written on this device: each one's "Continuar". */
export function ReportDrafts({ drafts }: { drafts: readonly IncidentDraft[] }) {
  if (drafts.length === 0) return null;
  return (
    <section className="incident-drafts" aria-labelledby="incident-drafts-title">
      <h2 id="incident-drafts-title">Reportes en curso en este dispositivo</h2>
      <ul>
        {drafts.map((draft) => {
          const titleId = `incident-draft-${draft.IdEvaluacion}`;
          return (
            <li key={draft.IdEvaluacion}>
              <span id={titleId}>
                <strong>{draft.campos.Clasificacion ?? 'Sin clasificar'}</strong>
                <span className="muted">
                  {' '}
                  {[draft.campos.Lugar || 'Sin lugar', formatDisplayDate(draft.campos.FechaOcurrencia), `guardado ${formatRecentTime(new Date(draft.actualizadoEn))}`].join(' · ')}
                </span>
                {draft.rechazo && <span className="badge badge--error">Rechazado por el servidor</span>}
              </span>
              <IonButton size="small" routerLink={paths.incidentes.editar.href(draft.IdEvaluacion)} aria-describedby={titleId}>
                Continuar
              </IonButton>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
