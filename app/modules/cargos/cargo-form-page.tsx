import { CARGOS_MESSAGES } from '#sync/schemas/cargos.schema.ts';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useNiveles } from '#app/data/reference-queries.ts';
import type { LocalNivel } from '#app/db/reference-rows.ts';
import { paths } from '#app/routes/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { CORRECTION_SAVED, CorrectionNotice, isCorrecting, useRefusedWrite } from '#app/ui/records/record-correction.tsx';
import { CargoForm } from './cargo-form.tsx';
import { type CargoFields, cargoFieldsOf, createCargo, resendCargo, updateCargo } from './cargo-writes.ts';
import '#app/ui/records.css';

/** A refused write may name a level the server has removed since: the form shows it unset, as its select does. */
function withKnownLevels(fields: CargoFields, levels2: LocalNivel[], levels3: LocalNivel[]): CargoFields {
  const known = (id: string | null, levels: LocalNivel[]) => (id && levels.some((level) => level.IdNivel === id) ? id : null);
  return { ...fields, IdNivel2: known(fields.IdNivel2, levels2), IdNivel3: known(fields.IdNivel3, levels3) };
}

/** `nuevo`, `editar/{id}`, and `editar/{id}?corregir={key}` to correct a write the server refused (SPEC RP15). */
export function CargoFormPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const correctionKey = search.get('corregir');
  const navigate = useNavigate();
  const session = useRequiredSession();
  const showSaved = useSavedToast();
  const cargo = useDbQuery(async (db) => (id ? ((await db.cargos.get(id)) ?? null) : null), [id]);
  const refused = useRefusedWrite(correctionKey, 'cargos', id);
  const levels2 = useNiveles(2);
  const levels3 = useNiveles(3);
  const editing = id !== undefined;
  const correcting = isCorrecting(refused);
  const title = correctionKey ? 'Corregir cargo' : editing ? 'Editar cargo' : 'Nuevo cargo';
  const allowed = hasPermission(session, paths.cargos.list.href, editing ? 'editar' : 'crear');

  const submit = async (fields: CargoFields) => {
    if (cargo && correctionKey && correcting) {
      await resendCargo(correctionKey, cargo, fields);
      showSaved(CORRECTION_SAVED);
      navigate(paths.sincronizacion.href, { replace: true });
    } else if (cargo) {
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
        <h1 className="page-title">{title}</h1>
        {!allowed ? (
          <p className="notice notice--warning">No tienes permiso para {editing ? 'editar' : 'crear'} cargos.</p>
        ) : cargo === undefined || refused === undefined || !levels2 || !levels3 ? (
          <PageLoading />
        ) : editing && !cargo ? (
          <p className="notice notice--warning">{CARGOS_MESSAGES.notFound} en este dispositivo.</p>
        ) : (
          <>
            {correctionKey && <CorrectionNotice refused={refused} />}
            <CargoForm
              // What the server refused, to correct; otherwise the record as the device shows it.
              initial={correcting ? withKnownLevels(cargoFieldsOf(refused.record), levels2, levels3) : cargoFieldsOf(cargo)}
              levels2={levels2}
              levels3={levels3}
              level2Label={levelName(session, 2)}
              level3Label={levelName(session, 3)}
              submitLabel={correctionKey ? 'Guardar y reenviar' : 'Guardar'}
              onSubmit={submit}
              onCancel={() => navigate(cargo ? paths.cargos.detalles.href(cargo.IdCargo) : paths.cargos.list.href)}
            />
          </>
        )}
      </div>
    </PageContent>
  );
}
