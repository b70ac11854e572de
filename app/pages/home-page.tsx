import { IonIcon } from '@ionic/react';
import { addOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { OpenDraftsCard } from '#app/modules/inspecciones/open-drafts-card.tsx';
import { OpenReportsCard } from '#app/modules/incidentes/open-reports-card.tsx';
import { paths } from '#app/routes/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { HomeDiatCard } from './home-diat-card.tsx';
import { HomeObservationsCard } from './home-observations-card.tsx';
import { HomeSyncCard } from './home-sync-card.tsx';
import './home-page.css';

/**
 * The HSE home (/dashboard) until the main dashboard exists: it leads to the work. The DIAT clocks that run,
 * starting an inspection, the person's unfinished ones, reporting an incident and the reports being written, their
 * open observations and what the device still has to send.
 */
export function HomePage() {
  const session = useRequiredSession();
  const canCreateInspection = hasPermission(session, paths.inspecciones.list.href, 'crear');
  const followsObservations = hasPermission(session, paths.observaciones.list.href, 'index');

  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">Inicio</h1>
        <p className="home-greeting">Hola, {session.usuario.Nombres}.</p>
        <HomeDiatCard />
        {canCreateInspection && (
          <Link className="home-primary-action" to={paths.inspecciones.nuevo.href}>
            <IonIcon icon={addOutline} aria-hidden="true" />
            Nueva inspección
          </Link>
        )}
        <OpenDraftsCard />
        <OpenReportsCard />
        <div className="home-grid">
          {followsObservations && <HomeObservationsCard userId={session.usuario.IdUsuario} />}
          <HomeSyncCard />
        </div>
      </div>
    </PageContent>
  );
}
