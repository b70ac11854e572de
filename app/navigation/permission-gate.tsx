import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { homeOf, useCurrentSystem } from '#app/session/current-system.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { RoleShortcuts } from '#app/ui/shell/role-shortcuts.tsx';
import { navShortcuts } from '#app/ui/shell/side-nav-model.ts';
import { useSideNav } from '#app/ui/shell/use-side-nav.ts';
import { paths } from './paths.ts';

/** A screen the person's role does not open: the menu hides it, and a typed address lands here, never at a dead end. */
export function PermissionGate({ route, children }: { route: string; children: ReactNode }) {
  const session = useRequiredSession();
  if (hasPermission(session, route, 'index')) return children;
  return <NoAccess />;
}

function NoAccess() {
  const session = useRequiredSession();
  const { system } = useCurrentSystem(session);
  const shortcuts = navShortcuts(useSideNav(session), [paths.dashboard.href]);
  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">Sin acceso</h1>
        <p className="notice notice--warning">No tienes permiso para ver esta sección.</p>
        <p>
          <Link className="role-shortcuts__home" to={homeOf(system)}>
            Ir al inicio
          </Link>
        </p>
        <RoleShortcuts id="no-access-shortcuts" title="Lo que puedes abrir" shortcuts={shortcuts} />
      </div>
    </PageContent>
  );
}
