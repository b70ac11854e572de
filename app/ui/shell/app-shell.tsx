import type { Session } from '#sync/schemas/auth.schema.ts';
import { type ReactNode, useEffect } from 'react';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';
import { useDrawerState } from './use-drawer-state.ts';
import { useSessionExpired } from './use-session-expired.ts';
import { useSideNav } from './use-side-nav.ts';
import './app-shell.css';

export function AppShell({ session, children }: { session: Session; children: ReactNode }) {
  const drawer = useDrawerState();
  const expired = useSessionExpired(session);
  const groups = useSideNav(session);
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
        <SideNav
          groups={groups}
          showRail={drawer.showRail}
          showDrawer={drawer.showDrawer}
          onNavigate={drawer.isPhone ? hide : () => undefined}
        />
        {overlay && <button type="button" className="shell__backdrop" aria-label="Cerrar menú" onClick={hide} />}
        {/* Each screen's IonContent is the main landmark; this is the skip link's target. */}
        <div className="app-main" id="main-content" tabIndex={-1}>
          {children}
        </div>
      </div>
    </div>
  );
}
