import { formatDisplayDate } from '#sync/domain/dates.ts';
import { SECTION_TITLES } from '#sync/domain/incident-form.ts';
import { MEDIDAS_MESSAGES, type MedidaNueva } from '#sync/schemas/medidas-control.schema.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { CardSection } from '#app/ui/card-section.tsx';
import { DateField } from '#app/ui/form/date-field.tsx';
import { TextInput } from './fields.tsx';

export interface MeasuresBinding {
  /** Measures already on the case: followed through their own cycle, shown here only. */
  existing: readonly { IdMedidaControl: string; MedidaControl: string; Plazo: string | null; Responsable: string }[];
  /** Measures this form adds. */
  added: readonly MedidaNueva[];
  onAdd: (measure: Omit<MedidaNueva, 'IdMedidaControl'>) => Promise<void>;
  onRemove: (id: string) => Promise<void>;
  /** The case's date: a deadline before it is refused. */
  from: string;
  problems: ReadonlyMap<string, string>;
}

/** Stage 3, sections 10 and 11: the control measures with their deadline and responsible person. */
export function MeasuresSection({ binding }: { binding: MeasuresBinding }) {
  const [draft, setDraft] = useState({ round: 0, MedidaControl: '', Plazo: '', Responsable: '' });
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    const missing = !draft.MedidaControl.trim()
      ? MEDIDAS_MESSAGES.measureRequired
      : !draft.Plazo
        ? MEDIDAS_MESSAGES.deadlineRequired
        : !draft.Responsable.trim()
          ? MEDIDAS_MESSAGES.responsibleRequired
          : null;
    if (missing) return setError(missing);
    if (binding.from && draft.Plazo < binding.from) return setError(MEDIDAS_MESSAGES.deadlineBeforeDate);
    setError(null);
    await binding.onAdd({
      MedidaControl: draft.MedidaControl.trim(),
      Plazo: draft.Plazo,
      Responsable: draft.Responsable.trim(),
      IdResponsable: null,
    });
    setDraft((current) => ({ round: current.round + 1, MedidaControl: '', Plazo: '', Responsable: '' }));
  };
  const all = [
    ...binding.existing.map((measure) => ({ ...measure, fresh: false })),
    ...binding.added.map((measure) => ({ ...measure, fresh: true })),
  ];
  return (
    <CardSection id="incidente-medidas" title={`${SECTION_TITLES[10]} · ${SECTION_TITLES[11]!.replace(/^11\. /, '')}`}>
      {all.length === 0 ? (
        <p className="muted">Sin medidas de control.</p>
      ) : (
        <ul className="incident-list" aria-label="Medidas de control del caso">
          {all.map((measure) => (
            <li key={measure.IdMedidaControl}>
              <span>
                <strong>{measure.MedidaControl}</strong> · {measure.Responsable} · plazo {formatDisplayDate(measure.Plazo)}
                {binding.problems.get(`MedidasControl:${measure.IdMedidaControl}`) && (
                  <span className="field-error"> {binding.problems.get(`MedidasControl:${measure.IdMedidaControl}`)}</span>
                )}
              </span>
              {measure.fresh && (
                <IonButton
                  fill="clear"
                  color="danger"
                  size="small"
                  onClick={() => void binding.onRemove(measure.IdMedidaControl)}
                  aria-label={`Quitar la medida ${measure.MedidaControl}`}
                >
                  Quitar
                </IonButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <div key={draft.round}>
        <TextInput
          label="Medida de control"
          value={draft.MedidaControl}
          onChange={(MedidaControl) => setDraft((current) => ({ ...current, MedidaControl }))}
          delay={0}
          multiline
        />
        <div className="incident-grid">
          <DateField
            label="Plazo de la medida"
            value={draft.Plazo}
            min={binding.from || undefined}
            onChange={(Plazo) => setDraft((current) => ({ ...current, Plazo }))}
          />
          <TextInput
            label="Responsable de la medida"
            value={draft.Responsable}
            onChange={(Responsable) => setDraft((current) => ({ ...current, Responsable }))}
            delay={0}
          />
        </div>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <IonButton fill="outline" color="dark" onClick={() => void add()}>
        Agregar medida de control
      </IonButton>
    </CardSection>
  );
}
