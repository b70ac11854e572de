import { type LevelType, NIVELES_MESSAGES } from '#sync/schemas/niveles.schema.ts';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useNiveles } from '#app/data/reference-queries.ts';
import { LEVEL_PATHS } from '#app/routes/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { NivelForm } from './nivel-form.tsx';
import { LEVEL_WRITE_ROUTE, parentType } from './nivel-permissions.ts';
import { createLevel, type NivelFields, updateLevel } from './nivel-writes.ts';
import '#app/ui/records.css';

export function NivelFormPage({ type }: { type: LevelType }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const session = useRequiredSession();
  const showSaved = useSavedToast();
  const level = useDbQuery(async (db) => (id ? ((await db.niveles.get(id)) ?? null) : null), [id]);
  const above = parentType(type);
  const parents = useNiveles(above ?? 2);
  const routes = LEVEL_PATHS[type];
  const editing = id !== undefined;
  const title = levelName(session, type);
  const allowed = hasPermission(session, LEVEL_WRITE_ROUTE, editing ? 'editar' : 'crear');

  const submit = async (fields: NivelFields) => {
    if (level) {
      const changed = await updateLevel(level, fields);
      showSaved(changed ? NIVELES_MESSAGES.updated : 'No hay cambios que guardar');
      navigate(routes.detalles.href(level.IdNivel), { replace: true });
    } else {
      const newId = await createLevel(type, fields);
      showSaved(NIVELES_MESSAGES.created);
      navigate(routes.detalles.href(newId), { replace: true });
    }
  };

  return (
    <PageContent>
      <div className="page-body">
        <p className="breadcrumb">
          <Link to={routes.list.href}>{title}</Link>
        </p>
        <h1 className="page-title">
          {editing ? 'Editar' : 'Nuevo'}: {title}
        </h1>
        {!allowed ? (
          <p className="notice notice--warning">No tienes permiso para {editing ? 'editar' : 'crear'} niveles.</p>
        ) : level === undefined || !parents ? (
          <PageLoading />
        ) : editing && (!level || level.TipoNivel !== type) ? (
          <p className="notice notice--warning">{NIVELES_MESSAGES.notFound} en este dispositivo.</p>
        ) : (
          <NivelForm
            type={type}
            initial={{ Nombre: level?.Nombre ?? '', IdNivelPadre: level?.IdNivelPadre ?? null, RutNivel: level?.RutNivel ?? '' }}
            parents={above ? parents : []}
            parentLabel={above ? levelName(session, above) : null}
            onSubmit={submit}
            onCancel={() => navigate(level ? routes.detalles.href(level.IdNivel) : routes.list.href)}
          />
        )}
      </div>
    </PageContent>
  );
}
