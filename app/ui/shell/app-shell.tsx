import type { Session } from '#sync/schemas/auth.schema.ts';
import { type ReactNode, useEffect, useMemo } from 'react';
import { SIDE_NAV_ROUTES } from '#app/routes/paths.ts';
import { useCurrentSystem } from '#app/session/current-system.ts';
import { buildSideNav } from './side-nav-model.ts';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';
import { useDrawerState } from './use-drawer-state.ts';
import { useSessionExpired } from './use-session-expired.ts';
import './app-shell.css';

const SEDECC_URL: string | null = import.meta.env.VITE_SEDECC_URL || null;

export function AppShell({ session, children }: { session: Session; children: ReactNode }) {
  const drawer = useDrawerState();
  const { system } = useCurrentSystem(session);
  const expired = useSessionExpired(session);
  const groups = useMemo(
    () =>
      buildSideNav(session.permisos, session.mascaras, {
        systemId: system?.IdSistema,
        isAppRoute: (route) => SIDE_NAV_ROUTES.has(route),
        sedeccUrl: SEDECC_URL,
      }),
    [session.permisos, session.mascaras, system?.IdSistema],
  );
  const overlay = drawer.isPhone && drawer.showRail;
  const { hide } = drawer;

  useEffect(() => {
    if (!overlay) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [overlay, hide]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main-content">
        Saltar al contenido
      </a>
      <TopBar session={session} menuExpanded={drawer.showRail} onMenu={drawer.toggle} />
      {expired && (
        <p className="shell__notice" role="status">
          Tu sesión expiró. Puedes seguir viendo los datos guardados; inicia sesión nuevamente cuando vuelvas a tener conexión.
        </p>
      )}
      <div className={`shell__body${overlay ? ' shell__body--overlay' : ''}`}>
        <SideNav groups={groups} showRail={drawer.showRail} showDrawer={drawer.showDrawer} onNavigate={drawer.isPhone ? hide : () => undefined} />
        {overlay && <button type="button" className="shell__backdrop" aria-label="Cerrar menú" onClick={hide} />}
        {/* Each screen's IonContent is the main landmark; this is the skip link's target. */}
        <div className="app-main" id="main-content" tabIndex={-1}>
          {children}
        </div>
      </div>
    </div>
  );
}
