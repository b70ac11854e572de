import { formatDisplayDate } from '#sync/domain/dates.ts';
import type { ReviewStepRow } from '#sync/records/review-step.ts';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { PhotoThumbnails } from '#app/ui/photo-thumbnails.tsx';
import './review.css';

const STEP_LABELS: Record<ReviewStepRow['Tipo'], string> = { respuesta: 'Respuesta', aprobacion: 'Aprobación', rechazo: 'Rechazo' };
const STEP_PHOTOS: Record<ReviewStepRow['Tipo'], string> = { respuesta: 'Fotos de la respuesta', aprobacion: 'Fotos de la aprobación', rechazo: 'Fotos del rechazo' };

function instantLabel(value: string): string {
  const instant = new Date(value);
  return value.length > 10 && !Number.isNaN(instant.getTime()) ? formatDisplayDateTime(instant) : formatDisplayDate(value);
}

/** The steps of a record's cycle, oldest first: who answered, approved or rejected, when, and with which photos. */
export function ReviewHistory({ steps, urls }: { steps: readonly ReviewStepRow[]; urls: Record<string, string> }) {
  if (steps.length === 0) return <p className="muted">Aún no hay respuestas.</p>;
  return (
    <ol className="review-history">
      {steps.map((step) => (
        <li key={step.IdRespuesta} className={`review-history__step review-history__step--${step.Tipo}`}>
          <p className="review-history__head">
            <strong>{STEP_LABELS[step.Tipo]}</strong> · {step.Usuario || 'Usuario'} · {instantLabel(step.Fecha)}
          </p>
          {step.Texto && <p className="review-history__text">{step.Texto}</p>}
          {step.Plazo && <p>Nuevo plazo: {formatDisplayDate(step.Plazo)}</p>}
          <PhotoThumbnails refs={step.Archivos} urls={urls} label={STEP_PHOTOS[step.Tipo]} />
        </li>
      ))}
    </ol>
  );
}
