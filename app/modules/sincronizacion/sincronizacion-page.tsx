import type { OutboxEntry } from '#sync/outbox/outbox-entry.ts';
import { IonButton } from '@ionic/react';
import { Link } from 'react-router-dom';
import { discardLocalWrite } from '#app/data/local-write.ts';
import { describeEntry, ENTRY_STATE_LABELS, idOfEntry, manyRefusedDeletes, refusalOfEntry, tableOfEntry } from '#app/data/outbox-labels.ts';
import type { LocalRow } from '#app/db/reference-rows.ts';
import { updateApp } from '#app/pwa/app-update.ts';
import { paths } from '#app/navigation/paths.ts';
import { endInvalidSession } from '#app/session/sign-out.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery, useSyncStatus } from '#app/sync/use-device.ts';
import { DeviceCard } from '#app/ui/device/device-card.tsx';
import { formatDisplayDateTime, formatRecentTime } from '#app/ui/display-format.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { correctionHref } from '#app/ui/records/record-correction.tsx';
import { describeSync } from '#app/ui/shell/sync-status.tsx';
import { useSyncNow } from '#app/ui/shell/use-sync-now.ts';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import '#app/ui/records.css';
import './sincronizacion.css';

const SHOWN_ENTRIES = 500;

interface ListedEntry {
  entry: OutboxEntry;
  label: string;
  /** The record the entry writes, as the device has it (or its server copy). */
  row: LocalRow | null | undefined;
}

/** Entries in device order with a readable label; the record's row (or its server copy) names deleted ones. */
function useListedEntries(): ListedEntry[] | undefined {
  return useDbQuery(async (db) => {
    const entries = await db.outbox.orderBy('seq').limit(SHOWN_ENTRIES).toArray();
    return Promise.all(
      entries.map(async (entry) => {
        const table = tableOfEntry(entry);
        const id = idOfEntry(entry);
        let row: LocalRow | null | undefined;
        if (table && id && db.tables.some((candidate) => candidate.name === table)) {
          row = (await db.table<LocalRow, string>(table).get(id)) ?? (await db.serverRows.get(entry.recordKey ?? ''))?.row;
        }
        return { entry, label: describeEntry(entry, row), row };
      }),
    );
  }, []);
}

export function SincronizacionPage() {
  const session = useRequiredSession();
  const status = useSyncStatus();
  const online = useOnlineStatus();
  const confirm = useConfirm();
  const listed = useListedEntries();
  const syncNow = useSyncNow();

  if (!status) return <PageLoading />;
  const { details } = describeSync(status, online);
  const dead = listed?.filter(({ entry }) => entry.state === 'dead') ?? [];
  const queued = listed?.filter(({ entry }) => entry.state !== 'dead') ?? [];

  const discard = async ({ entry, label }: ListedEntry) => {
    const confirmed = await confirm({
      header: 'Descartar cambio',
      message:
        tableOfEntry(entry) === 'inspecciones' && entry.method === 'POST'
          ? `«${label}» no se enviará: la inspección vuelve a quedar en curso en este dispositivo, con todo lo registrado, para corregirla y finalizarla de nuevo.`
          : `«${label}» no se enviará y este dispositivo volverá a mostrar los datos del servidor. Esta acción no se puede deshacer.`,
      confirmText: 'Descartar',
    });
    if (confirmed) await discardLocalWrite(entry.key);
  };

  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">Sincronización</h1>

        <section className="card" aria-labelledby="sync-state-title">
          <h2 id="sync-state-title">Estado</h2>
          <ul className="sync-facts">
            {details.map((detail) => (
              <li key={detail}>{detail.charAt(0).toUpperCase() + detail.slice(1)}.</li>
            ))}
          </ul>
          {status.updateRequired && (
            <div className="notice notice--error" role="alert">
              <p>
                El servidor ya usa una versión más nueva de la sincronización. Actualiza la aplicación: los cambios pendientes siguen
                guardados en este dispositivo y se enviarán después.
              </p>
              <IonButton color="dark" onClick={() => void updateApp()}>
                Actualizar la aplicación
              </IonButton>
            </div>
          )}
          {status.paused && (
            <div className="notice notice--error" role="alert">
              <p>Tu sesión expiró. Los cambios siguen guardados en este dispositivo y se enviarán cuando vuelvas a iniciar sesión.</p>
              <IonButton color="dark" onClick={() => void endInvalidSession()}>
                Iniciar sesión de nuevo
              </IonButton>
            </div>
          )}
          <div className="button-row">
            <IonButton onClick={syncNow} disabled={status.sending}>
              {status.sending ? 'Sincronizando…' : 'Sincronizar'}
            </IonButton>
          </div>
        </section>

        <section className="card" aria-labelledby="sync-dead-title">
          <h2 id="sync-dead-title">Cambios rechazados</h2>
          {dead.length === 0 ? (
            <p className="muted">El servidor no ha rechazado ningún cambio.</p>
          ) : (
            <>
              <p>
                El servidor no aceptó estos cambios. Corrígelos y vuelve a enviarlos, o descártalos: ningún cambio se pierde sin que lo
                decidas.
              </p>
              {manyRefusedDeletes(dead.map(({ entry }) => entry)).map((notice) => (
                <p key={notice} className="notice notice--error">
                  {notice}
                </p>
              ))}
              <ul className="entry-list" aria-label="Cambios rechazados">
                {dead.map((item) => {
                  const fixHref = correctionHref(session, item.entry, item.row);
                  return (
                    <li key={item.entry.key} className="entry-list__item entry-list__item--dead">
                      <p className="entry-list__label">{item.label}</p>
                      <p className="entry-list__error" role="note">
                        {refusalOfEntry(item.entry)}
                      </p>
                      <p className="muted">Guardado el {formatDisplayDateTime(new Date(item.entry.createdAt))}</p>
                      <div className="button-row">
                        {fixHref && (
                          <IonButton size="small" routerLink={fixHref}>
                            Corregir y reenviar
                          </IonButton>
                        )}
                        <IonButton size="small" fill="outline" color="danger" onClick={() => void discard(item)}>
                          Descartar
                        </IonButton>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </section>

        <section className="card" aria-labelledby="sync-queue-title">
          <h2 id="sync-queue-title">Cambios pendientes</h2>
          {!listed ? (
            <PageLoading />
          ) : queued.length === 0 ? (
            <p className="muted">
              Todo lo guardado en este dispositivo ya está en el servidor
              {status.lastSuccessAt ? ` (última sincronización ${formatRecentTime(new Date(status.lastSuccessAt))})` : ''}.
            </p>
          ) : (
            <ul className="entry-list" aria-label="Cambios pendientes">
              {queued.map(({ entry, label }) => (
                <li key={entry.key} className="entry-list__item">
                  <p className="entry-list__label">{label}</p>
                  <p className="muted">
                    {ENTRY_STATE_LABELS[entry.state]} · guardado el {formatDisplayDateTime(new Date(entry.createdAt))}
                    {entry.attempts > 0 && ` · ${entry.attempts === 1 ? '1 intento' : `${entry.attempts} intentos`}`}
                  </p>
                  {entry.lastError && entry.state === 'failed-retrying' && <p className="muted">{entry.lastError.message}</p>}
                </li>
              ))}
            </ul>
          )}
          {status.pending > SHOWN_ENTRIES && (
            <p className="muted">Se muestran los primeros {SHOWN_ENTRIES} cambios, en el orden en que se guardaron.</p>
          )}
        </section>

        <DeviceCard />
        <p>
          <Link to={paths.inicio.href}>Volver al inicio</Link>
        </p>
      </div>
    </PageContent>
  );
}
