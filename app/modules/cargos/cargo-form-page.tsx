import { CARGOS_MESSAGES } from '#sync/schemas/cargos.schema.ts';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useNiveles } from '#app/data/reference-queries.ts';
import { paths } from '#app/routes/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { CargoForm } from './cargo-form.tsx';
import { type CargoFields, createCargo, updateCargo } from './cargo-writes.ts';
import '#app/ui/records.css';

export function CargoFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const session = useRequiredSession();
  const showSaved = useSavedToast();
  const cargo = useDbQuery(async (db) => (id ? ((await db.cargos.get(id)) ?? null) : null), [id]);
  const levels2 = useNiveles(2);
  const levels3 = useNiveles(3);
  const editing = id !== undefined;
  const allowed = hasPermission(session, paths.cargos.list.href, editing ? 'editar' : 'crear');

  const submit = async (fields: CargoFields) => {
    if (cargo) {
      const changed = await updateCargo(cargo, fields);
      showSaved(changed ? CARGOS_MESSAGES.updated : 'No hay cambios que guardar');
      navigate(paths.cargos.detalles.href(cargo.IdCargo), { replace: true });
    } else {
      const newId = await createCargo(fields);
      showSaved(CARGOS_MESSAGES.created);
      navigate(paths.cargos.detalles.href(newId), { replace: true });
    }
  };

  return (
    <PageContent>
      <div className="page-body">
        <p className="breadcrumb">
          <Link to={paths.cargos.list.href}>Cargos</Link>
        </p>
        <h1 className="page-title">{editing ? 'Editar cargo' : 'Nuevo cargo'}</h1>
        {!allowed ? (
          <p className="notice notice--warning">No tienes permiso para {editing ? 'editar' : 'crear'} cargos.</p>
        ) : cargo === undefined || !levels2 || !levels3 ? (
          <PageLoading />
        ) : editing && !cargo ? (
          <p className="notice notice--warning">{CARGOS_MESSAGES.notFound} en este dispositivo.</p>
        ) : (
          <CargoForm
            initial={{ NombreCargo: cargo?.NombreCargo ?? '', IdNivel2: cargo?.IdNivel2 ?? null, IdNivel3: cargo?.IdNivel3 ?? null }}
            levels2={levels2}
            levels3={levels3}
            level2Label={levelName(session, 2)}
            level3Label={levelName(session, 3)}
            onSubmit={submit}
            onCancel={() => navigate(cargo ? paths.cargos.detalles.href(cargo.IdCargo) : paths.cargos.list.href)}
          />
        )}
      </div>
    </PageContent>
  );
}
