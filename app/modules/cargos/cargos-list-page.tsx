import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { addOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { useCargos, useNivelNames, useQueuedRecordKeys } from '#app/data/reference-queries.ts';
import { paths } from '#app/routes/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import '#app/ui/records.css';

export function CargosListPage() {
  const session = useRequiredSession();
  const cargos = useCargos();
  const levelNames = useNivelNames();
  const queued = useQueuedRecordKeys();

  return (
    <PageContent>
      <div className="page-body">
        <div className="list-page__title-row">
          <h1 className="page-title">Cargos</h1>
          {hasPermission(session, paths.cargos.list.href, 'crear') && (
            <IonButton routerLink={paths.cargos.nuevo.href} size="small">
              <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
              Nuevo cargo
            </IonButton>
          )}
        </div>
        {!cargos ? (
          <PageLoading />
        ) : cargos.length === 0 ? (
          <p className="notice notice--info">Aún no hay cargos en este dispositivo. Se descargan al sincronizar con conexión.</p>
        ) : (
          <section className="card card--flush">
            <ul className="simple-list" aria-label="Lista de cargos">
              {cargos.map((cargo) => (
                <li key={cargo.IdCargo}>
                  <Link to={paths.cargos.detalles.href(cargo.IdCargo)}>
                    <span className="simple-list__main">{cargo.NombreCargo}</span>
                    <span className="simple-list__meta">
                      {[cargo.IdNivel2, cargo.IdNivel3].map((id) => (id ? levelNames?.get(id) : undefined)).filter(Boolean).join(' · ') || 'Toda la empresa'}
                      {queued?.has(recordKeyOf('cargos', cargo.IdCargo)) && (
                        <>
                          {' '}
                          <span className="badge badge--pending">Pendiente</span>
                        </>
                      )}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </PageContent>
  );
}
