import { IonIcon } from '@ionic/react';
import { addOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import type { IncidentDraft } from '#app/db/incident-rows.ts';
import { ReportDrafts } from './report-drafts.tsx';

/**
 * The home's door to incident reports: "Reportar incidente" for who may report, and the reports still being
 * written on this device (`useOpenReportDrafts`). Not shown to who may do neither.
 */
export function OpenReportsCard({ drafts }: { drafts: IncidentDraft[] }) {
  const session = useRequiredSession();
  const canCreate = hasPermission(session, paths.incidentes.list.href, 'crear');
  if (drafts.length === 0 && !canCreate) return null;
  return (
    <section className="card" aria-labelledby="home-reports-title">
      <h2 id="home-reports-title">Incidentes</h2>
      {canCreate && (
        <Link className="home-report-action" to={paths.incidentes.nuevo.href}>
          <IonIcon icon={addOutline} aria-hidden="true" />
          Reportar incidente
        </Link>
      )}
      <ReportDrafts drafts={drafts} />
    </section>
  );
}
