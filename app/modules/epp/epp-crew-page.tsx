import { MOTIVO_CODES, MOTIVOS_ENTREGA, type MotivoEntrega } from '#sync/domain/epp-delivery.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { IonButton } from '@ionic/react';
import { useEffect, useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { EppDeliveryDraft } from '#app/db/epp-delivery-draft.ts';
import { deleteDraft } from '#app/data/drafts.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDevice } from '#app/sync/use-device.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { FieldRecordPage } from '#app/ui/field-record/field-record-page.tsx';
import { useDraftWrite } from '#app/ui/drafts/use-draft-write.ts';
import { useFieldRecordFinish } from '#app/ui/field-record/use-field-record-finish.ts';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { finishCrew } from './epp-crew-finish.ts';
import { type LineActions, WorkerLines } from './epp-crew-lines.tsx';
import { DelivererSignature, WorkerSignatures } from './epp-crew-signatures.tsx';
import { addLine, removeLine, removeWorker, setLine, setMotivo, signDeliverer, signProblem, signWorker } from './epp-crew-store.ts';
import { type EppLookups, useCrewDraft, useEppLookups } from './epp-queries.ts';
import '#app/ui/records.css';
import './epp-crew.css';

/**
 * SPEC EP2: once the last worker signed, every acta is queued in one local transaction. Also on opening a crew
 * whose last signature was saved but not finished (the tablet died in between): nothing is signed twice.
 */
function useFinishWhenSigned(draft: EppDeliveryDraft) {
  const device = useDevice();
  const showSaved = useSavedToast();
  const allSigned = draft.estado === 'abierta' && draft.trabajadores.length > 0 && draft.trabajadores.every((worker) => worker.acta);
  const count = draft.trabajadores.length;
  const { finish, problems } = useFieldRecordFinish(
    () => finishCrew(draft.IdEntrega, device ?? undefined),
    (alreadyFinished) => {
      if (!alreadyFinished) showSaved(count === 1 ? 'Entrega de EPP registrada correctamente' : `${count} actas de entrega registradas correctamente`);
    },
    'No fue posible registrar la entrega en este dispositivo',
  );
  useEffect(() => {
    if (allSigned) void finish();
  }, [allSigned, finish]);
  return { allSigned, problem: problems?.[0] ?? null, finish };
}

function FinishedCrew({ draft }: { draft: EppDeliveryDraft }) {
  return (
    <CardSection id="epp-crew-done" title="Entrega finalizada">
      <p>
        {draft.trabajadores.length === 1 ? 'Se registró 1 acta' : `Se registraron ${draft.trabajadores.length} actas`}, una por trabajador, selladas en este dispositivo. Se envían al
        servidor al haber conexión.
      </p>
      <ul className="epp-crew-done">
        {draft.trabajadores.map((worker) => (
          <li key={worker.IdPersona}>
            <span>
              {worker.Nombre} ({formatRut(worker.RunPersona)})
            </span>
            {worker.acta && (
              <span className="epp-crew-done__links">
                <Link to={paths.eppEntregados.detalles.href(worker.acta.IdEntregadosEpp)}>Ver acta<span className="visually-hidden"> de {worker.Nombre}</span></Link>
                <Link to={paths.pdf.report.href('epp', draft.IdEmpresa, worker.acta.IdEntregadosEpp)}>PDF<span className="visually-hidden"> del acta de {worker.Nombre}</span></Link>
              </span>
            )}
          </li>
        ))}
      </ul>
    </CardSection>
  );
}

function ReasonPicker({ draft, onChange }: { draft: EppDeliveryDraft; onChange: (motivo: MotivoEntrega) => void }) {
  const id = useId();
  const locked = draft.trabajadores.some((worker) => worker.acta);
  return (
    <div className="select-field epp-crew-reason">
      <label htmlFor={id}>Motivo de la entrega*</label>
      <select id={id} value={draft.Motivo} disabled={locked} onChange={(event) => onChange(Number(event.target.value) as MotivoEntrega)}>
        {MOTIVO_CODES.map((code) => (
          <option key={code} value={code}>
            {MOTIVOS_ENTREGA[code]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A crew nobody signed yet may be dropped; once someone signed, their acta is kept until the crew finishes. */
function DiscardCrew({ draft }: { draft: EppDeliveryDraft }) {
  const db = useDevice()!.db;
  const confirm = useConfirm();
  const navigate = useNavigate();
  const { write } = useDraftWrite();
  if (draft.entregador || draft.trabajadores.some((worker) => worker.acta)) return null;
  const discard = async () => {
    if (!(await confirm({ header: 'Descartar entrega', message: '¿Descartar esta entrega? Nadie ha firmado aún.', confirmText: 'Descartar' }))) return;
    write(deleteDraft(db, 'borradoresEpp', draft.IdEntrega));
    navigate(paths.eppEntregados.list.href, { replace: true });
  };
  return (
    <div className="button-row record-form__actions">
      <IonButton fill="outline" color="danger" onClick={() => void discard()}>
        Descartar entrega
      </IonButton>
    </div>
  );
}

function OpenCrew({ draft, lookups }: { draft: EppDeliveryDraft; lookups: EppLookups }) {
  const session = useRequiredSession();
  const db = useDevice()!.db;
  const { write } = useDraftWrite();
  const { allSigned, problem, finish } = useFinishWhenSigned(draft);
  const id = draft.IdEntrega;
  const signed = draft.trabajadores.filter((worker) => worker.acta).length;
  const next = draft.trabajadores.find((worker) => !worker.acta);
  const actions: LineActions = {
    setLine: (personaId, lineId, patch) => write(setLine(db, id, personaId, lineId, patch)),
    addLine: (personaId, tipo) => write(addLine(db, id, personaId, tipo)),
    removeLine: (personaId, lineId) => write(removeLine(db, id, personaId, lineId)),
    removeWorker: (personaId) => write(removeWorker(db, id, personaId)),
  };

  return (
    <>
      <p className="epp-crew-progress" role="status">
        {signed} de {draft.trabajadores.length} trabajadores firmaron
      </p>
      <CardSection id="epp-crew-items" title="1. Elementos por trabajador">
        <ReasonPicker draft={draft} onChange={(motivo) => write(setMotivo(db, id, motivo))} />
        {draft.trabajadores.map((worker) => (
          <WorkerLines key={worker.IdPersona} worker={worker} tipoById={lookups.tipoById} tipos={lookups.tipos} actions={actions} />
        ))}
      </CardSection>
      <CardSection id="epp-crew-deliverer" title="2. Firma de quien entrega">
        <DelivererSignature draft={draft} user={session.usuario} onSign={(choice, png) => signDeliverer(db, id, choice, png)} />
      </CardSection>
      <CardSection id="epp-crew-workers" title="3. Firma de cada trabajador">
        {!draft.entregador ? (
          <p className="muted">Los trabajadores firman después de quien entrega.</p>
        ) : (
          <WorkerSignatures
            draft={draft}
            problemOf={(worker) => signProblem(draft, worker, lookups.tipoById)}
            onSign={(personaId, png) => signWorker(db, id, personaId, png, lookups.tipoById).then(() => undefined)}
          />
        )}
        {draft.entregador && !next && (
          <p role="status">{allSigned && !problem ? 'Todos firmaron: registrando las actas…' : 'Todos firmaron.'}</p>
        )}
        {problem && (
          <div role="alert" className="notice notice--error">
            <p>{problem}</p>
            <IonButton fill="outline" color="dark" onClick={() => void finish()}>
              Finalizar entrega
            </IonButton>
          </div>
        )}
      </CardSection>
      <DiscardCrew draft={draft} />
    </>
  );
}

/**
 * `/epp/entregados/editar/{id}`: a crew delivery in progress on this device. The items per worker, the deliverer's
 * signature once, then each worker's signature one after another, each sealing their own acta. It is a draft until
 * the last signature: a reload, a crash or a sign-out brings it back exactly where it was.
 */
export function EppCrewPage() {
  const { id } = useParams();
  const session = useRequiredSession();
  const draft = useCrewDraft(id);
  const lookups = useEppLookups();
  const allowed = hasPermission(session, paths.eppEntregados.list.href, 'crear');
  const title = draft?.Corrige ? 'Corrección de acta de EPP' : 'Entrega de EPP';
  return (
    <FieldRecordPage
      heading={<PageHeading parentHref={paths.eppEntregados.list.href} parentLabel="Entregas de EPP" title={title} />}
      notice={allowed ? null : { text: 'No tienes permiso para registrar entregas de EPP.', tone: 'warning' }}
      draft={lookups ? draft : undefined}
      missing={<p className="notice notice--warning">La entrega de EPP en curso no está en este dispositivo.</p>}
    >
      {(crew) => (crew.estado === 'finalizada' ? <FinishedCrew draft={crew} /> : <OpenCrew draft={crew} lookups={lookups!} />)}
    </FieldRecordPage>
  );
}
