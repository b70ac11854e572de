import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { useCargos, useNivelNames, useQueuedRecordKeys } from '#app/data/reference-queries.ts';
import { paths } from '#app/routes/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { ListTitleRow } from '#app/ui/list-title-row.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { SimpleList, SimpleListItem } from '#app/ui/simple-list.tsx';
import '#app/ui/records.css';

export function CargosListPage() {
  const session = useRequiredSession();
  const cargos = useCargos();
  const levelNames = useNivelNames();
  const queued = useQueuedRecordKeys();
  const canCreate = hasPermission(session, paths.cargos.list.href, 'crear');

  return (
    <PageContent>
      <div className="page-body">
        <ListTitleRow title="Cargos" create={canCreate ? { href: paths.cargos.nuevo.href, label: 'Nuevo cargo' } : undefined} />
        <SimpleList
          items={cargos}
          label="Lista de cargos"
          emptyMessage="Aún no hay cargos en este dispositivo. Se descargan al sincronizar con conexión."
          renderItem={(cargo) => (
            <SimpleListItem
              key={cargo.IdCargo}
              to={paths.cargos.detalles.href(cargo.IdCargo)}
              title={cargo.NombreCargo}
              pending={queued?.has(recordKeyOf('cargos', cargo.IdCargo))}
            >
              {[cargo.IdNivel2, cargo.IdNivel3].map((id) => (id ? levelNames?.get(id) : undefined)).filter(Boolean).join(' · ') || 'Toda la empresa'}
            </SimpleListItem>
          )}
        />
      </div>
    </PageContent>
  );
}
