import { toWireDate } from '#sync/domain/dates.ts';
import type { ReportProblem } from '#sync/domain/incident-rules.ts';
import { IonButton } from '@ionic/react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { deleteDraft } from '#app/data/drafts.ts';
import type { IncidentDraft, IncidentFields } from '#app/db/incident-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { settleDraftWrites, TEXT_SAVE_DELAY_MS } from '#app/ui/drafts/use-draft-text.ts';
import { useDraftWrite } from '#app/ui/drafts/use-draft-write.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { useDeviceFileUrls } from '#app/data/inspection-files.ts';
import { draftProblems, finishIncidentDraft } from './draft-finish.ts';
import * as store from './draft-store.ts';
import { ClassificationSection } from './form/classification-section.tsx';
import { EvidenceSection } from './form/evidence-section.tsx';
import { fieldAnchor, type IncidentFormBinding, problemsByField } from './form/incident-form-model.ts';
import { MeasuresSection } from './form/measures-section.tsx';
import { SignaturesSection } from './form/signatures-section.tsx';
import { EventSection, InjuredSection } from './form/stage-one-section.tsx';
import { CausesSection, InjurySection } from './form/stage-two-section.tsx';
import type { IncidentLookups } from './use-incident-lookups.ts';
import './form/incident-form.css';

/**
 * A report being written (SPEC IC1): every field, photo and signature goes to the device the moment it is given.
 * Stage 1 is enough to send it; stages 2 and 3 may be written now or later. "Enviar reporte" checks it with the
 * server's rules and queues it as ONE write.
 */
export function ReportDraftForm({ draft, lookups }: { draft: IncidentDraft; lookups: IncidentLookups }) {
  const session = useRequiredSession();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const showSaved = useSavedToast();
  const { write } = useDraftWrite();
  const [attempted, setAttempted] = useState<ReportProblem[] | null>(null);
  const [sending, setSending] = useState(false);
  const db = requireDevice().db;
  const id = draft.IdEvaluacion;
  const live = useMemo(() => (attempted ? draftProblems(draft, toWireDate(new Date())) : []), [attempted, draft]);
  const problems = problemsByField(live);
  const signatureUrls = useDeviceFileUrls(draft.campos.FirmaInformador ? [draft.campos.FirmaInformador] : []);

  const form: IncidentFormBinding = {
    fields: draft.campos,
    set: (patch: Partial<IncidentFields>) => void write(store.setFields(db, id, patch)),
    textDelay: TEXT_SAVE_DELAY_MS,
    problems,
    lookups,
    levelLabels: { 2: levelName(session, 2), 3: levelName(session, 3) },
  };
  const removable = () => true;

  const send = async () => {
    setSending(true);
    try {
      await settleDraftWrites();
      const result = await finishIncidentDraft(id);
      if (!result.ok) {
        setAttempted(result.problems);
        document.getElementById(fieldAnchor(result.problems[0]?.field ?? 'general'))?.scrollIntoView({ block: 'center' });
        return;
      }
      showSaved('Reporte guardado: se enviará al servidor con conexión');
      navigate(paths.incidentes.detalles.href(id), { replace: true });
    } finally {
      setSending(false);
    }
  };

  const discard = async () => {
    if (!(await confirm({ header: 'Eliminar reporte', message: '¿Eliminar este reporte en curso con sus fotos y firmas?' }))) return;
    await deleteDraft(db, 'borradores_incidentes', id);
    navigate(paths.incidentes.list.href, { replace: true });
  };

  return (
    <>
      {draft.rechazo && (
        <div className="notice notice--error" role="alert">
          <p>El servidor rechazó este reporte: {draft.rechazo.mensaje}</p>
          <p>Corrígelo y envíalo de nuevo.</p>
        </div>
      )}
      <ClassificationSection form={form} />
      <EventSection form={form} />
      <InjuredSection form={form} />
      <EvidenceSection
        binding={{
          evidences: draft.Evidencias,
          declarations: draft.Declaraciones,
          removable,
          onPhotos: (photos) => write(store.setEvidencePhotos(db, id, photos)).then(() => undefined),
          onFile: (file, name) => write(store.addEvidenceFile(db, id, file, name)).then(() => undefined),
          onRemoveEvidence: (evidenceId) => write(store.removeEvidence(db, id, evidenceId)).then(() => undefined),
          onDeclaration: (declaration) => write(store.addDeclaration(db, id, declaration)).then(() => undefined),
          onRemoveDeclaration: (declarationId) => write(store.removeDeclaration(db, id, declarationId)).then(() => undefined),
        }}
      />
      <details className="incident-stage">
        <summary>Etapa 2: la investigación (se puede completar después)</summary>
        <InjurySection form={form} />
        <CausesSection form={form} />
      </details>
      <details className="incident-stage">
        <summary>Etapa 3: medidas de control (se pueden agregar después)</summary>
        <MeasuresSection
          binding={{
            existing: [],
            added: draft.MedidasControl,
            onAdd: (measure) => write(store.addMeasure(db, id, measure)).then(() => undefined),
            onRemove: (measureId) => write(store.removeMeasure(db, id, measureId)).then(() => undefined),
            from: draft.campos.FechaOcurrencia,
            problems,
          }}
        />
      </details>
      <SignaturesSection
        form={form}
        binding={{
          investigators: draft.Investigadores,
          removable,
          onInvestigator: (person, png) => store.addInvestigator(db, id, person, png),
          onRemoveInvestigator: (investigatorId) => write(store.removeInvestigator(db, id, investigatorId)).then(() => undefined),
          onReporterSignature: (png) => write(store.saveReporterSignature(db, id, png)).then(() => undefined),
          reporterSignatureUrl: draft.campos.FirmaInformador ? (signatureUrls?.[draft.campos.FirmaInformador.Sha256] ?? null) : null,
        }}
      />
      {/* What is missing is listed where the form ends; the bar that stays on screen only counts it and keeps its buttons. */}
      <div id={fieldAnchor('general')}>
        {live.length > 0 && (
          <div className="notice notice--error incident-problems" role="alert">
            <p>Antes de enviar el reporte:</p>
            <ul>
              {live.map((problem) => (
                <li key={`${problem.field}-${problem.message}`}>{problem.message}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="incident-send" role="group" aria-label="Enviar o eliminar el reporte">
        {live.length > 0 && (
          <p className="incident-send__missing">
            {live.length === 1
              ? 'Falta 1 dato para enviar: revisa el formulario.'
              : `Faltan ${live.length} datos para enviar: revisa el formulario.`}
          </p>
        )}
        <div className="button-row incident-send__buttons">
          <IonButton onClick={() => void send()} disabled={sending}>
            {sending ? 'Enviando…' : 'Enviar reporte'}
          </IonButton>
          <IonButton fill="outline" color="danger" onClick={() => void discard()}>
            Eliminar reporte
          </IonButton>
        </div>
      </div>
    </>
  );
}
