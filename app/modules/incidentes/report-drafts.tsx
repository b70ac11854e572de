import { formatDisplayDate } from '#sync/domain/dates.ts';
import type { IncidentDraft } from '#app/db/incident-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { formatRecentTime } from '#app/ui/display-format.ts';
import { OpenDrafts } from '#app/ui/drafts/open-drafts.tsx';
import './report-drafts.css';

/** Reports being written on this device: each one's "Continuar". */
export function ReportDrafts({ drafts }: { drafts: readonly IncidentDraft[] }) {
  return (
    <OpenDrafts
      title="Reportes en curso en este dispositivo"
      drafts={drafts.map((draft) => ({
        id: draft.IdEvaluacion,
        title: draft.campos.Clasificacion ?? 'Sin clasificar',
        detail: [draft.campos.Lugar || 'Sin lugar', formatDisplayDate(draft.campos.FechaOcurrencia), `guardado ${formatRecentTime(new Date(draft.actualizadoEn))}`].join(' · '),
        badge: draft.rechazo && <span className="badge badge--error">Rechazado por el servidor</span>,
        href: paths.incidentes.editar.href(draft.IdEvaluacion),
      }))}
    />
  );
}
