import { IonIcon } from '@ionic/react';
import { alertCircleOutline, checkmarkCircleOutline, cloudOfflineOutline, cloudUploadOutline, syncOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { type SyncStatus as Status, useSyncStatus } from '#app/sync/use-device.ts';
import { formatRecentTime } from '#app/ui/display-format.ts';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { useSyncNow } from './use-sync-now.ts';

type Tone = 'ok' | 'pending' | 'offline' | 'error';

function plural(count: number, one: string, many: string): string {
  return count === 1 ? `1 ${one}` : `${count} ${many}`;
}

/** The one status of SPEC RP14, in words: the most urgent fact first. */
export function describeSync(status: Status, online: boolean): { tone: Tone; summary: string; details: string[] } {
  const details: string[] = [];
  const offline = !online || !status.online;
  if (status.updateRequired) details.push('el servidor pide una versión nueva de la aplicación: actualízala para seguir sincronizando');
  if (status.paused) details.push('sesión expirada: inicia sesión para seguir sincronizando');
  if (status.dead > 0) details.push(plural(status.dead, 'cambio rechazado', 'cambios rechazados'));
  details.push(offline ? 'sin conexión' : 'en línea');
  details.push(status.pending > 0 ? plural(status.pending, 'cambio pendiente', 'cambios pendientes') : 'sin cambios pendientes');
  details.push(status.lastSuccessAt ? `última sincronización ${formatRecentTime(new Date(status.lastSuccessAt))}` : 'aún sin sincronizar');
  if (status.lastError && !status.paused && !status.updateRequired && status.dead === 0 && status.pending > 0)
    details.push(status.lastError.message);

  if (status.updateRequired) return { tone: 'error', summary: 'Actualiza la aplicación', details };
  if (status.paused) return { tone: 'error', summary: 'Sesión expirada', details };
  if (status.dead > 0) return { tone: 'error', summary: plural(status.dead, 'rechazado', 'rechazados'), details };
  if (offline)
    return {
      tone: 'offline',
      summary: status.pending > 0 ? `Sin conexión · ${plural(status.pending, 'pendiente', 'pendientes')}` : 'Sin conexión',
      details,
    };
  if (status.sending) return { tone: 'pending', summary: 'Sincronizando…', details };
  if (status.pending > 0) return { tone: 'pending', summary: plural(status.pending, 'pendiente', 'pendientes'), details };
  if (status.lastSuccessAt === null) return { tone: 'pending', summary: 'Sin sincronizar', details };
  return { tone: 'ok', summary: 'Sincronizado', details };
}

const ICONS: Record<Tone, string> = {
  ok: checkmarkCircleOutline,
  pending: cloudUploadOutline,
  offline: cloudOfflineOutline,
  error: alertCircleOutline,
};

/** Top bar: where the device stands with the server, a link to the details and the "Sincronizar" button. */
export function SyncStatus() {
  const status = useSyncStatus();
  const online = useOnlineStatus();
  const syncNow = useSyncNow();
  if (!status) return null;
  const { tone, summary, details } = describeSync(status, online);
  const last = status.lastSuccessAt ? formatRecentTime(new Date(status.lastSuccessAt)) : null;

  return (
    <div className="sync-status">
      <Link to={paths.sincronizacion.href} className={`sync-status__link sync-status__link--${tone}`}>
        <IonIcon icon={ICONS[tone]} aria-hidden="true" />
        <span className="visually-hidden">Sincronización: </span>
        <span className="sync-status__summary">{summary}</span>
        {last && tone !== 'error' && <span className="sync-status__time"> · {last}</span>}
        <span className="visually-hidden">. {details.join('; ')}</span>
      </Link>
      <button
        type="button"
        className="top-bar__icon-button sync-status__button"
        aria-label="Sincronizar"
        title="Sincronizar"
        disabled={status.sending}
        onClick={syncNow}
      >
        <IonIcon icon={syncOutline} aria-hidden="true" className={status.sending ? 'spin' : undefined} />
      </button>
    </div>
  );
}
