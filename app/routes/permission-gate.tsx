import type { ReactNode } from 'react';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { PageContent } from '#app/ui/page-content.tsx';

/** A screen the person's role does not open: the menu hides it, and a typed address lands here. */
export function PermissionGate({ route, children }: { route: string; children: ReactNode }) {
  const session = useRequiredSession();
  if (hasPermission(session, route, 'index')) return children;
  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">Sin acceso</h1>
        <p className="notice notice--warning">No tienes permiso para ver esta sección.</p>
      </div>
    </PageContent>
  );
}
