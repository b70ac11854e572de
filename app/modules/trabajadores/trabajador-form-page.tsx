import { TRABAJADORES_MESSAGES } from '#sync/schemas/trabajadores.schema.ts';
import { useCargos, useNiveles } from '#app/data/reference-queries.ts';
import type { LocalTrabajador } from '#app/db/reference-rows.ts';
import { levelName } from '#app/session/level-names.ts';
import { isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery, useDevice } from '#app/sync/use-device.ts';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { TrabajadorForm } from './trabajador-form.tsx';
import { formValuesOf } from './trabajador-form-model.ts';
import { createWorker, resendWorker, updateWorker, type WorkerDraft } from './trabajador-writes.ts';
import { findWorkerByRun } from './trabajadores-queries.ts';
import { trabajadoresView } from './trabajadores-view.ts';
import { useFileUrl, useServerFileUrls } from './use-worker-files.ts';

/** The kit's form page with the worker's own form (files, positions, child lists). */
export function TrabajadorFormPage() {
  const session = useRequiredSession();
  const device = useDevice();
  const cargos = useCargos();
  const levels2 = useNiveles(2);
  const levels3 = useNiveles(3);
  const certificationCatalogue = useDbQuery((db) => db.certificaciones.orderBy('orden').toArray(), []);
  const contractorRut = isContractorUser(session) ? session.usuario.IdContratista : null;

  return (
    <RecordFormPage<'trabajadores', undefined, WorkerDraft>
      view={trabajadoresView}
      custom={{
        ready: Boolean(cargos && levels2 && levels3 && certificationCatalogue),
        create: createWorker,
        update: updateWorker,
        resend: resendWorker,
        render: ({ row, correcting, submitLabel, submit, cancel }) => (
          <WorkerForm
            worker={row}
            filesLocked={correcting}
            submitLabel={submitLabel}
            onSubmit={submit}
            onCancel={cancel}
            checkRun={async (run) =>
              device && (await findWorkerByRun(device.db, run, row?.IdPersona)) ? TRABAJADORES_MESSAGES.rutDuplicate : null
            }
            lists={{
              cargos: cargos!,
              levels2: levels2!,
              levels3: levels3!,
              certificationCatalogue: certificationCatalogue!,
              contractorRut,
              level2Label: levelName(session, 2),
              level3Label: levelName(session, 3),
            }}
          />
        ),
      }}
    />
  );
}

interface WorkerFormProps {
  worker: LocalTrabajador | null;
  filesLocked: boolean;
  submitLabel: string;
  onSubmit: (draft: WorkerDraft) => Promise<void>;
  onCancel: () => void;
  checkRun: (run: string) => Promise<string | null>;
  lists: Pick<
    Parameters<typeof TrabajadorForm>[0],
    'cargos' | 'levels2' | 'levels3' | 'certificationCatalogue' | 'contractorRut' | 'level2Label' | 'level3Label'
  >;
}

/** The worker's form with the signature shown from the device, or from the server when this device lacks it. */
function WorkerForm({ worker, filesLocked, submitLabel, onSubmit, onCancel, checkRun, lists }: WorkerFormProps) {
  const session = useRequiredSession();
  const serverUrls = useServerFileUrls(session.empresa.IdEmpresa, worker?.Firma ? worker : null);
  const signatureUrl = useFileUrl(worker?.Firma, serverUrls);
  return (
    <TrabajadorForm
      {...lists}
      initial={formValuesOf(worker ?? null, lists.contractorRut)}
      current={worker ?? null}
      signatureUrl={signatureUrl}
      filesLocked={filesLocked}
      submitLabel={submitLabel}
      checkRun={checkRun}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}
