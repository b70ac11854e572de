import { type LevelType, NIVELES_MESSAGES } from '#sync/schemas/niveles.schema.ts';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useNiveles } from '#app/data/reference-queries.ts';
import type { LocalNivel } from '#app/db/reference-rows.ts';
import { LEVEL_PATHS, paths } from '#app/routes/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { CORRECTION_SAVED, CorrectionNotice, isCorrecting, useRefusedWrite } from '#app/ui/records/record-correction.tsx';
import { NivelForm } from './nivel-form.tsx';
import { LEVEL_WRITE_ROUTE, parentType } from './nivel-permissions.ts';
import { createLevel, type NivelFields, nivelFieldsOf, resendLevel, updateLevel } from './nivel-writes.ts';
import '#app/ui/records.css';

/** A refused write may name a parent the server has removed since: the form asks for one again. */
function withKnownParent(fields: NivelFields, parents: LocalNivel[]): NivelFields {
  return parents.some((level) => level.IdNivel === fields.IdNivelPadre) ? fields : { ...fields, IdNivelPadre: null };
}

/** `nuevo`, `editar/{id}`, and `editar/{id}?corregir={key}` to correct a write the server refused (SPEC RP15). */
export function NivelFormPage({ type }: { type: LevelType }) {
  const { id } = useParams();
  const [search] = useSearchParams();
  const correctionKey = search.get('corregir');
  const navigate = useNavigate();
  const session = useRequiredSession();
  const showSaved = useSavedToast();
  const level = useDbQuery(async (db) => (id ? ((await db.niveles.get(id)) ?? null) : null), [id]);
  const refused = useRefusedWrite(correctionKey, 'niveles', id);
  const correcting = isCorrecting(refused);
  const above = parentType(type);
  const parents = useNiveles(above ?? 2);
  const routes = LEVEL_PATHS[type];
  const editing = id !== undefined;
  const title = levelName(session, type);
  const allowed = hasPermission(session, LEVEL_WRITE_ROUTE, editing ? 'editar' : 'crear');

  const submit = async (fields: NivelFields) => {
    if (level && correctionKey && correcting) {
      await resendLevel(correctionKey, level, fields);
      showSaved(CORRECTION_SAVED);
      navigate(paths.sincronizacion.href, { replace: true });
    } else if (level) {
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
          {correctionKey ? 'Corregir' : editing ? 'Editar' : 'Nuevo'}: {title}
        </h1>
        {!allowed ? (
          <p className="notice notice--warning">No tienes permiso para {editing ? 'editar' : 'crear'} niveles.</p>
        ) : level === undefined || refused === undefined || !parents ? (
          <PageLoading />
        ) : editing && (!level || level.TipoNivel !== type) ? (
          <p className="notice notice--warning">{NIVELES_MESSAGES.notFound} en este dispositivo.</p>
        ) : (
          <>
            {correctionKey && <CorrectionNotice refused={refused} />}
            <NivelForm
              type={type}
              // What the server refused, to correct; otherwise the record as the device shows it.
              initial={correcting ? withKnownParent(nivelFieldsOf(refused.record), above ? parents : []) : nivelFieldsOf(level)}
              parents={above ? parents : []}
              parentLabel={above ? levelName(session, above) : null}
              submitLabel={correctionKey ? 'Guardar y reenviar' : 'Guardar'}
              onSubmit={submit}
              onCancel={() => navigate(level ? routes.detalles.href(level.IdNivel) : routes.list.href)}
            />
          </>
        )}
      </div>
    </PageContent>
  );
}
