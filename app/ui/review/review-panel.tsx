import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { RejectForm, type RejectValues, RespondForm, type RespondValues, type ReviewNoun } from './review-forms.tsx';

interface ReviewPanelProps {
  /** "observación", "medida de control": the forms' and notices' words. */
  noun: ReviewNoun;
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
export function ReviewPanel({ noun, record, allowed, today, closedText, onRespond, onApprove, onReject, onRemove }: ReviewPanelProps) {
  const [form, setForm] = useState<'responder' | 'rechazar' | null>(null);
  const confirm = useConfirm();
  const closed = record.Aprobada === 1;
  const canRespond = allowed.respond && !closed && record.Respondida === 0;
  const canReview = allowed.review && !closed && record.Respondida === 1;
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
