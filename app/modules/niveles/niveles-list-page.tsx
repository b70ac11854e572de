import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import type { LevelType } from '#sync/schemas/niveles.schema.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { addOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { useNiveles, useNivelNames, useQueuedRecordKeys } from '#app/data/reference-queries.ts';
import { LEVEL_PATHS } from '#app/routes/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { LEVEL_WRITE_ROUTE } from './nivel-permissions.ts';
import '#app/ui/records.css';

export function NivelesListPage({ type }: { type: LevelType }) {
  const session = useRequiredSession();
  const levels = useNiveles(type);
  const names = useNivelNames();
  const queued = useQueuedRecordKeys();
  const routes = LEVEL_PATHS[type];
  const title = levelName(session, type);

  return (
    <PageContent>
      <div className="page-body">
        <div className="list-page__title-row">
          <h1 className="page-title">{title}</h1>
          {hasPermission(session, LEVEL_WRITE_ROUTE, 'crear') && (
            <IonButton routerLink={routes.nuevo.href} size="small">
              <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
              Nuevo
            </IonButton>
          )}
        </div>
        {!levels ? (
          <PageLoading />
        ) : levels.length === 0 ? (
          <p className="notice notice--info">Aún no hay registros de {title} en este dispositivo. Se descargan al sincronizar con conexión.</p>
        ) : (
          <section className="card card--flush">
            <ul className="simple-list" aria-label={`Lista de ${title}`}>
              {levels.map((level) => (
                <li key={level.IdNivel}>
                  <Link to={routes.detalles.href(level.IdNivel)}>
                    <span className="simple-list__main">{level.Nombre}</span>
                    <span className="simple-list__meta">
                      {level.IdNivelPadre ? names?.get(level.IdNivelPadre) : ''}
                      {queued?.has(recordKeyOf('niveles', level.IdNivel)) && (
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
