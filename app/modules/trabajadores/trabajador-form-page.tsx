import { TRABAJADORES_MESSAGES } from '#sync/schemas/trabajadores.schema.ts';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useCargos, useNiveles } from '#app/data/reference-queries.ts';
import { paths } from '#app/routes/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission, isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery, useDevice } from '#app/sync/use-device.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { formValuesOf, TrabajadorForm } from './trabajador-form.tsx';
import { createWorker, resendWorker, updateWorker, type WorkerDraft } from './trabajador-writes.ts';
import { findWorkerByRun, useWorker } from './trabajadores-queries.ts';
import { useFileUrl, useServerFileUrls } from './use-worker-files.ts';
import '#app/ui/records.css';

/** `nuevo`, `editar/{id}`, and `editar/{id}?corregir={key}` to correct a write the server refused (SPEC RP15). */
export function TrabajadorFormPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const correctionKey = search.get('corregir');
  const navigate = useNavigate();
  const session = useRequiredSession();
  const device = useDevice();
  const showSaved = useSavedToast();
  const worker = useWorker(id);
  const cargos = useCargos();
  const levels2 = useNiveles(2);
  const levels3 = useNiveles(3);
  const refused = useDbQuery(async (db) => (correctionKey ? ((await db.outbox.where('key').equals(correctionKey).first()) ?? null) : null), [correctionKey]);
  const serverUrls = useServerFileUrls(session.empresa.IdEmpresa, worker?.Firma ? worker : null);
  const signatureUrl = useFileUrl(worker?.Firma, serverUrls);
  const contractorRut = isContractorUser(session) ? session.usuario.IdContratista : null;
  const editing = id !== undefined;
  const title = correctionKey ? 'Corregir trabajador' : editing ? 'Editar trabajador' : 'Nuevo trabajador';
  const allowed = hasPermission(session, paths.trabajadores.list.href, editing ? 'editar' : 'crear');

  const loading = (editing && worker === undefined) || !cargos || !levels2 || !levels3 || refused === undefined;

  const submit = async (draft: WorkerDraft) => {
    if (correctionKey && worker && refused?.state === 'dead') {
      await resendWorker(correctionKey, worker, draft);
      showSaved('Corrección guardada: el cambio se enviará nuevamente', 3500);
      navigate(paths.sincronizacion.href, { replace: true });
    } else if (worker) {
      const changed = await updateWorker(worker, draft);
      showSaved(changed ? TRABAJADORES_MESSAGES.updated : 'No hay cambios que guardar', 3500);
      navigate(paths.trabajadores.detalles.href(worker.IdPersona), { replace: true });
    } else {
      const newId = await createWorker(draft);
      showSaved(TRABAJADORES_MESSAGES.created, 3500);
      navigate(paths.trabajadores.detalles.href(newId), { replace: true });
    }
  };

  const checkRun = async (run: string) =>
    device && (await findWorkerByRun(device.db, run, worker?.IdPersona)) ? TRABAJADORES_MESSAGES.rutDuplicate : null;

  return (
    <PageContent>
      <div className="page-body">
        <p className="breadcrumb">
          <Link to={paths.trabajadores.list.href}>Trabajadores</Link>
        </p>
        <h1 className="page-title">{title}</h1>
        {!allowed ? (
          <p className="notice notice--warning">No tienes permiso para {editing ? 'editar' : 'crear'} trabajadores.</p>
        ) : loading ? (
          <PageLoading />
        ) : editing && !worker ? (
          <p className="notice notice--warning">{TRABAJADORES_MESSAGES.notFound} en este dispositivo.</p>
        ) : (
          <>
            {correctionKey && refused?.state === 'dead' && (
              <div className="notice notice--error" role="alert">
                <p>El servidor rechazó este cambio: {refused.lastError?.message}</p>
                <p>Corrige los datos y guárdalos para enviarlo nuevamente.</p>
              </div>
            )}
            {correctionKey && refused?.state !== 'dead' && (
              <p className="notice notice--info">Este cambio ya no está rechazado; los datos se guardarán como una edición nueva.</p>
            )}
            <TrabajadorForm
              initial={formValuesOf(worker ?? null, contractorRut)}
              current={worker ?? null}
              level2Label={levelName(session, 2)}
              level3Label={levelName(session, 3)}
              levels2={levels2}
              levels3={levels3}
              cargos={cargos}
              contractorRut={contractorRut}
              signatureUrl={signatureUrl}
              filesLocked={Boolean(correctionKey && refused?.state === 'dead')}
              submitLabel={correctionKey ? 'Guardar y reenviar' : 'Guardar'}
              checkRun={checkRun}
              onSubmit={submit}
              onCancel={() => navigate(worker ? paths.trabajadores.detalles.href(worker.IdPersona) : paths.trabajadores.list.href)}
            />
          </>
        )}
      </div>
    </PageContent>
  );
}
