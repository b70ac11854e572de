import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import type { LevelType } from '#sync/schemas/niveles.schema.ts';
import { useNiveles, useNivelNames, useQueuedRecordKeys } from '#app/data/reference-queries.ts';
import { LEVEL_PATHS } from '#app/routes/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { ListTitleRow } from '#app/ui/list-title-row.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { SimpleList, SimpleListItem } from '#app/ui/simple-list.tsx';
import { LEVEL_WRITE_ROUTE } from './nivel-permissions.ts';
import '#app/ui/records.css';

export function NivelesListPage({ type }: { type: LevelType }) {
  const session = useRequiredSession();
  const levels = useNiveles(type);
  const names = useNivelNames();
  const queued = useQueuedRecordKeys();
  const routes = LEVEL_PATHS[type];
  const title = levelName(session, type);
  const canCreate = hasPermission(session, LEVEL_WRITE_ROUTE, 'crear');

  return (
    <PageContent>
      <div className="page-body">
        <ListTitleRow title={title} create={canCreate ? { href: routes.nuevo.href, label: 'Nuevo' } : undefined} />
        <SimpleList
          items={levels}
          label={`Lista de ${title}`}
          emptyMessage={`Aún no hay registros de ${title} en este dispositivo. Se descargan al sincronizar con conexión.`}
          renderItem={(level) => (
            <SimpleListItem key={level.IdNivel} to={routes.detalles.href(level.IdNivel)} title={level.Nombre} pending={queued?.has(recordKeyOf('niveles', level.IdNivel))}>
              {level.IdNivelPadre ? names?.get(level.IdNivelPadre) : ''}
            </SimpleListItem>
          )}
        />
      </div>
    </PageContent>
  );
}
