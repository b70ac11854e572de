import { formatNumber } from '#sync/domain/number-format.ts';
import { Link } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import type { SyncStatus } from '#app/sync/use-device.ts';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';

function pendingText(pending: number): string {
  if (pending === 0) return 'No hay cambios pendientes de sincronizar.';
  return pending === 1 ? '1 cambio pendiente de sincronizar.' : `${formatNumber(pending)} cambios pendientes de sincronizar.`;
}

/** What this device still has to send, and whether it can now; the details are on the Sincronización page. */
export function HomeSyncCard({ status }: { status: SyncStatus }) {
  const online = useOnlineStatus();

  return (
    <section className="card" aria-labelledby="home-sync-title">
      <h2 id="home-sync-title">Sincronización</h2>
      <p className={`connection-state connection-state--${online ? 'online' : 'offline'}`} role="status">
        <span className="connection-state__dot" aria-hidden="true" />
        {online ? 'En línea' : 'Sin conexión'}
      </p>
      <p className="home-sync__pending" role="status">
        {pendingText(status.pending)}
        {status.dead > 0 && ` ${status.dead === 1 ? '1 cambio rechazado' : `${formatNumber(status.dead)} cambios rechazados`} por el servidor.`}
      </p>
      <p className="muted">
        {online
          ? 'Lo que guardas queda en este dispositivo y se envía al servidor de inmediato.'
          : 'Puedes seguir trabajando: lo que guardes queda en este dispositivo y se enviará al volver la conexión.'}
      </p>
      <p>
        <Link to={paths.sincronizacion.href}>Ver sincronización</Link>
      </p>
    </section>
  );
}
