import type { Session } from '#sync/schemas/auth.schema.ts';
import { todayInChile } from '#app/data/follow-up-queries.ts';
import { OpenReportsCard } from '#app/modules/incidentes/open-reports-card.tsx';
import { useOpenReportDrafts } from '#app/modules/incidentes/incidentes-queries.ts';
import { useOpenDrafts } from '#app/modules/inspecciones/draft-queries.ts';
import { OpenDraftsCard } from '#app/modules/inspecciones/open-drafts-card.tsx';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useSyncStatus } from '#app/sync/use-device.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { RoleShortcuts } from '#app/ui/shell/role-shortcuts.tsx';
import { navShortcuts } from '#app/ui/shell/side-nav-model.ts';
import { useSideNav } from '#app/ui/shell/use-side-nav.ts';
import { useDeviceSettled } from './home-device-settled.ts';
import { HomeDiatCard } from './home-diat-card.tsx';
import { usePendingDiats } from './home-diat-clocks.ts';
import { HomeInboxCard } from './home-inbox-card.tsx';
import { inboxItems } from './home-inbox.ts';
import { HomeObservationsCard } from './home-observations-card.tsx';
import { usePersonOpenObservations } from './home-observations.ts';
import { HomeQuickStarts, quickStarts } from './home-quick-starts.tsx';
import { HomeSyncCard } from './home-sync-card.tsx';
import './home-page.css';

/** A role with this many screens or fewer finds them on Inicio too; a wider one has the menu. */
const NARROW_ROLE_SCREENS = 8;

/**
 * The HSE home (/dashboard) until the main dashboard exists: it leads to the work. What the role starts (an
 * inspection, an EPP delivery, an attendance) and what waits for its decisions come first, known from the role
 * before anything is read; then what the device holds: the DIAT clocks that run, the person's unfinished
 * inspections and reports, their open observations and what is still to send.
 */
export function HomePage() {
  const session = useRequiredSession();
  const today = todayInChile();
  const starts = quickStarts(session);
  const inbox = inboxItems(session);
  const shortcuts = navShortcuts(useSideNav(session), [paths.dashboard.href]);

  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">Inicio</h1>
        <p className="home-greeting">Hola, {session.usuario.Nombres}.</p>
        <HomeQuickStarts starts={starts} />
        {inbox.length > 0 && <HomeInboxCard items={inbox} today={today} />}
        {shortcuts.length <= NARROW_ROLE_SCREENS && <RoleShortcuts id="home-shortcuts" title="Tus accesos" shortcuts={shortcuts} />}
        <HomeDeviceCards session={session} />
      </div>
    </PageContent>
  );
}

/**
 * The cards read from the device, laid out together once every one is read and the device has synced (or cannot
 * now): until then one placeholder holds their place, so no card appears above another that is already shown.
 */
function HomeDeviceCards({ session }: { session: Session }) {
  const followsObservations = hasPermission(session, paths.observaciones.list.href, 'index');
  const status = useSyncStatus();
  const settled = useDeviceSettled(status);
  const diats = usePendingDiats();
  const drafts = useOpenDrafts();
  const reports = useOpenReportDrafts();
  const observations = usePersonOpenObservations(session.usuario.IdUsuario);

  if (!settled || !status || !diats || !drafts || !reports || (followsObservations && !observations)) {
    return (
      <div className="home-device-placeholder">
        <PageLoading label="Cargando lo guardado en este dispositivo…" />
      </div>
    );
  }
  return (
    <>
      <HomeDiatCard pending={diats} />
      <OpenDraftsCard drafts={drafts} />
      <OpenReportsCard drafts={reports} />
      <div className="home-grid">
        {followsObservations && observations && <HomeObservationsCard observations={observations} />}
        <HomeSyncCard status={status} />
      </div>
    </>
  );
}
