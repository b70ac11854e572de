import { personName } from '#sync/domain/person-name.ts';
import { reviewState } from '#sync/domain/review-state.ts';
import {
  LIGHT_HEX,
  SEMAFORO_LABELS,
  SEMAFOROS,
  type Semaforo,
  semaforoColour,
  SEVERITIES,
  type Severidad,
  severityColour,
} from '#sync/domain/traffic-light.ts';
import { IonButton } from '@ionic/react';
import { memo, useState } from 'react';
import { todayInChile } from '#app/data/follow-up-queries.ts';
import type { DraftObservation } from '#app/db/inspection-rows.ts';
import { DateField } from '#app/ui/form/date-field.tsx';
import { PhotoField } from '#app/ui/form/photo-field.tsx';
import { type Choice, ChoiceButtons } from './choice-buttons.tsx';
import { DraftTextInput } from '#app/ui/drafts/draft-text-input.tsx';
import type { ObservationPatch } from './draft-store.ts';
import { ReviewStateChip } from '#app/ui/review/review-state-chip.tsx';
import { WorkerSearch } from '#app/ui/workers/worker-search.tsx';
import './draft-fields.css';
import './link-button.css';
import './observation-editor.css';

const SEMAFORO_CHOICES: Choice<Semaforo>[] = SEMAFOROS.map((value) => ({
  value,
  label: SEMAFORO_LABELS[value],
  colour: LIGHT_HEX[semaforoColour(value)],
}));
const SEVERITY_CHOICES: Choice<Severidad>[] = SEVERITIES.map((value) => ({
  value,
  label: value,
  colour: LIGHT_HEX[severityColour(value)],
}));
const DEADLINE_SHORTCUTS = [7, 15, 30];
const MAX_PHOTOS = 20;

/** YYYY-MM-DD plus some days, on the calendar (no time zone involved). */
function addDays(wireDate: string, days: number): string {
  const [year, month, day] = wireDate.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

export interface SignedInPerson {
  id: number;
  name: string;
}

interface ObservationEditorProps {
  observation: DraftObservation;
  /** "Observación", "Observación general 2", "Brecha 1": also the start of every field's name. */
  title: string;
  photosLabel: string;
  /** The inspection's date: the deadline cannot be earlier. */
  fecha: string;
  textProblem?: string;
  responsibleProblem?: string;
  deadlineProblem?: string;
  readOnly: boolean;
  me: SignedInPerson;
  onChange: (observationId: string, patch: ObservationPatch) => void;
  /** General observations and gaps can be removed; a Checklist one goes by changing the answer. */
  onRemove?: (observationId: string) => void;
}

/**
 * An observation being written: text and photos for every kind, and for a statement that does not comply also
 * the responsible person, the deadline, the traffic light and the severity (spec 4.4).
 */
export const ObservationEditor = memo(function ObservationEditor(props: ObservationEditorProps) {
  const { observation, title, fecha, readOnly, me, onChange } = props;
  const id = observation.IdObservacion;
  const checklist = observation.TipoObs === 'Checklist';
  const [searching, setSearching] = useState(false);
  const change = (patch: ObservationPatch) => onChange(id, patch);

  return (
    <div className={`insp-observation${checklist ? ' insp-observation--checklist' : ''}`} role="group" aria-label={title}>
      <DraftTextInput
        id={`insp-obs-${id}-Observacion`}
        label={`${title}*`}
        multiline
        stored={observation.Observacion}
        onSave={(text) => change({ Observacion: text })}
        problem={props.textProblem}
        readOnly={readOnly}
      />
      {checklist && (
        <>
          <div className="insp-observation__grid">
            <div>
              <DraftTextInput
                id={`insp-obs-${id}-Responsable`}
                label="Responsable*"
                stored={observation.Responsable}
                onSave={(text) => change({ Responsable: text, IdResponsable: text === me.name ? observation.IdResponsable : null })}
                problem={props.responsibleProblem}
                readOnly={readOnly}
              />
              {!readOnly && (
                <div className="insp-inline-actions">
                  <button type="button" className="insp-link-button" onClick={() => change({ Responsable: me.name, IdResponsable: me.id })}>
                    Asignarme
                  </button>
                  <button
                    type="button"
                    className="insp-link-button"
                    aria-expanded={searching}
                    onClick={() => setSearching((open) => !open)}
                  >
                    Elegir trabajador
                  </button>
                </div>
              )}
              {searching && !readOnly && (
                <WorkerSearch
                  label="Buscar responsable"
                  onPick={(worker) => {
                    change({ Responsable: personName(worker), IdResponsable: null });
                    setSearching(false);
                  }}
                />
              )}
            </div>
            <div>
              <DateField
                id={`insp-obs-${id}-Plazo`}
                label="Plazo*"
                min={fecha}
                value={observation.Plazo ?? ''}
                onChange={(text) => change({ Plazo: text || null })}
                error={props.deadlineProblem}
                readOnly={readOnly}
              />
              {!readOnly && /^\d{4}-\d{2}-\d{2}$/.test(fecha) && (
                <div className="insp-inline-actions" role="group" aria-label="Plazos rápidos">
                  {DEADLINE_SHORTCUTS.map((days) => (
                    <button key={days} type="button" className="insp-chip" onClick={() => change({ Plazo: addDays(fecha, days) })}>
                      {days} días
                    </button>
                  ))}
                </div>
              )}
            </div>
          </div>
          <div className="insp-observation__grid">
            <div className="insp-choice-field">
              <span className="insp-choice-field__label" aria-hidden="true">
                Semáforo
              </span>
              <ChoiceButtons
                label="Semáforo"
                size="small"
                choices={SEMAFORO_CHOICES}
                value={observation.SemaforoObs}
                onChoose={(value) => change({ SemaforoObs: value })}
                disabled={readOnly}
              />
              <span className="insp-choice-field__state">
                {/* Not in the cycle yet: the state it starts with once the inspection is finished. */}
                <ReviewStateChip state={reviewState({ ...observation, Aprobada: 0, Respondida: 0, Respuestas: [] }, todayInChile())} />
              </span>
            </div>
            <div className="insp-choice-field">
              <span className="insp-choice-field__label" aria-hidden="true">
                Gravedad
              </span>
              <ChoiceButtons
                label="Gravedad"
                size="small"
                choices={SEVERITY_CHOICES}
                value={observation.Severidad}
                onChoose={(value) => change({ Severidad: value })}
                disabled={readOnly}
              />
            </div>
          </div>
        </>
      )}
      <PhotoField
        label={props.photosLabel}
        value={observation.Archivos}
        onChange={(next) => change({ Archivos: next })}
        disabled={readOnly}
        max={MAX_PHOTOS}
      />
      {props.onRemove && !readOnly && (
        <div className="button-row">
          <IonButton fill="outline" color="danger" size="small" onClick={() => props.onRemove?.(id)}>
            Eliminar {title.toLocaleLowerCase('es')}
          </IonButton>
        </div>
      )}
    </div>
  );
});
