import { formatRut } from '#sync/domain/rut.ts';
import type { UserKind } from '#sync/schemas/auth.schema.ts';
import { isSessionExpired } from '#app/session/session-store.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { DeviceCard } from '#app/ui/device/device-card.tsx';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { OpenDraftsCard } from '#app/modules/inspecciones/open-drafts-card.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import './home-page.css';

const USER_KINDS: Record<UserKind, string> = {
  empresa: 'Usuario de la empresa',
  contratista: 'Usuario de empresa contratista',
  cliente: 'Usuario cliente',
  fiscalizador: 'Fiscalizador',
};

/** The HSE home (/dashboard): composes what each module offers the person at sign-in; the main dashboard comes later. */
export function HomePage() {
  const session = useRequiredSession();
  const online = useOnlineStatus();
  const { usuario, empresa } = session;
  const expiresAt = new Date(session.expiraEn);
  const expired = isSessionExpired(session);

  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">Inicio</h1>
        <p className="dashboard-greeting">Hola, {usuario.Nombres}.</p>
        <OpenDraftsCard />
        <div className="dashboard-grid">
          <section className="card" aria-labelledby="connection-title">
            <h2 id="connection-title">Conexión</h2>
            <p className={`connection-state connection-state--${online ? 'online' : 'offline'}`} role="status">
              <span className="connection-state__dot" aria-hidden="true" />
              {online ? 'En línea' : 'Sin conexión'}
            </p>
            <p className="muted">
              {online
                ? 'Lo que guardas queda en este dispositivo y se envía al servidor de inmediato.'
                : 'Puedes seguir trabajando: lo que guardes queda en este dispositivo y se enviará al volver la conexión.'}
            </p>
          </section>
          <section className="card" aria-labelledby="company-title">
            <h2 id="company-title">Empresa</h2>
            <p className="dashboard-strong">{empresa.NombreEmpresa}</p>
            <p className="muted">Rut {formatRut(empresa.RutEmpresa)}</p>
            <p className="muted">{USER_KINDS[usuario.Tipo]}</p>
          </section>
          <section className="card" aria-labelledby="session-title">
            <h2 id="session-title">Sesión</h2>
            <p>{usuario.CorreoElectronicoPersona}</p>
            {Number.isNaN(expiresAt.getTime()) ? null : expired ? (
              <p className="notice notice--warning">Tu sesión venció el {formatDisplayDateTime(expiresAt)}. Inicia sesión nuevamente cuando tengas conexión.</p>
            ) : (
              <p className="muted">Tu sesión vence el {formatDisplayDateTime(expiresAt)}.</p>
            )}
          </section>
        </div>
        <DeviceCard />
      </div>
    </PageContent>
  );
}
