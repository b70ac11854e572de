import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { reviewStage, type ReviewWorkflow } from '#sync/records/review-workflow.ts';
import { transitionRefusal } from '#sync/records/workflow.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { RejectForm, type RejectValues, RespondForm, type RespondValues, type ReviewNoun } from './review-forms.tsx';

interface ReviewPanelProps {
  /** "observación", "medida de control": the forms' and notices' words. */
  noun: ReviewNoun;
  /** The record's cycle as described once for the device and the server (sync/records/review-workflow.ts). */
  workflow: ReviewWorkflow;
  record: { Respondida: 0 | 1; Aprobada: 0 | 1 };
  /** What the person may do (the server decides too: a contractor answers and never reviews). */
  allowed: { respond: boolean; review: boolean; remove: boolean };
  today: string;
  /** "Observación aprobada: el seguimiento está cerrado." */
  closedText: string;
  onRespond(values: RespondValues): Promise<void>;
  onApprove(): Promise<void>;
  onReject(values: RejectValues): Promise<void>;
  onRemove?(): Promise<void>;
}

/**
 * The actions of a record of the review cycle (SPEC OV2): Responder while open and unanswered, Aprobar and Rechazar
 * (with a new deadline) once answered, each step's form in place of the buttons.
 */
export function ReviewPanel(props: ReviewPanelProps) {
  const { noun, workflow, record, allowed, today, closedText, onRespond, onApprove, onReject, onRemove } = props;
  const [form, setForm] = useState<'responder' | 'rechazar' | null>(null);
  const confirm = useConfirm();
  const stage = reviewStage(record);
  const closed = stage === 'cerrada';
  // One answer at a time on screen: a second waits until the first is reviewed (the server would take it).
  const canRespond = allowed.respond && stage === 'abierta';
  const canReview = allowed.review && transitionRefusal(workflow, 'aprobar', record) === null;
  const canRemove = allowed.remove && onRemove !== undefined;

  if (form === 'responder') {
    return (
      <RespondForm
        noun={noun}
        onSubmit={async (values) => {
          await onRespond(values);
          setForm(null);
        }}
        onCancel={() => setForm(null)}
      />
    );
  }
  if (form === 'rechazar') {
    return (
      <RejectForm
        noun={noun}
        today={today}
        onSubmit={async (values) => {
          await onReject(values);
          setForm(null);
        }}
        onCancel={() => setForm(null)}
      />
    );
  }
  const approve = async () => {
    const confirmed = await confirm({ header: `Aprobar ${noun.one}`, message: `¿Aprobar la ${noun.one}? Quedará cerrada con semáforo verde.`, confirmText: 'Aprobar' });
    if (confirmed) await onApprove();
  };
  return (
    <>
      {closed && <p className="notice notice--success">{closedText}</p>}
      {!closed && record.Respondida === 1 && !canReview && <p className="notice notice--info">Respondida: espera la revisión de la empresa.</p>}
      {(canRespond || canReview || canRemove) && (
        <div className="button-row">
          {canRespond && <IonButton onClick={() => setForm('responder')}>Responder</IonButton>}
          {canReview && <IonButton onClick={() => void approve()}>Aprobar</IonButton>}
          {canReview && (
            <IonButton fill="outline" color="dark" onClick={() => setForm('rechazar')}>
              Rechazar
            </IonButton>
          )}
          {canRemove && (
            <IonButton fill="outline" color="danger" onClick={() => void onRemove!()}>
              Eliminar
            </IonButton>
          )}
        </div>
      )}
    </>
  );
}
