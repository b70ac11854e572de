import { IonButton, IonIcon } from '@ionic/react';
import { addOutline } from 'ionicons/icons';
import { memo } from 'react';
import type { DraftObservation } from '#app/db/inspection-rows.ts';
import type { ExtraObservationType, ObservationPatch } from './draft-store.ts';
import { ObservationEditor, type SignedInPerson } from './observation-editor.tsx';

const WORDS: Record<ExtraObservationType, { section: string; one: string; add: string; photos: string }> = {
  General: {
    section: 'Observación general',
    one: 'Observación general',
    add: 'Agregar observación general',
    photos: 'Fotos de la observación general',
  },
  Brechas: { section: 'Brechas', one: 'Brecha', add: 'Agregar brecha', photos: 'Fotos de la brecha' },
};

interface ExtraObservationsProps {
  tipo: ExtraObservationType;
  observations: DraftObservation[];
  fecha: string;
  /** Problem of an observation's text, by IdObservacion. */
  textProblems: ReadonlyMap<string, string>;
  readOnly: boolean;
  me: SignedInPerson;
  onAdd: (tipo: ExtraObservationType) => void;
  onChange: (observationId: string, patch: ObservationPatch) => void;
  onRemove: (observationId: string) => void;
}

/** The general observations or the gaps (Brechas) of the inspection: each with its text and photos. */
export const ExtraObservations = memo(function ExtraObservations({
  tipo,
  observations,
  textProblems,
  readOnly,
  onAdd,
  ...editor
}: ExtraObservationsProps) {
  const words = WORDS[tipo];
  const titleId = `insp-${tipo.toLowerCase()}-title`;
  return (
    <section className="card insp-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{words.section}</h2>
      {observations.length === 0 && (
        <p className="muted">{readOnly ? 'Sin registros.' : 'Opcional. Agrega las que correspondan, con fotos si las hay.'}</p>
      )}
      {observations.map((observation, index) => {
        const numbered = observations.length > 1 || tipo === 'Brechas' ? `${words.one} ${index + 1}` : words.one;
        return (
          <ObservationEditor
            key={observation.IdObservacion}
            observation={observation}
            title={numbered}
            photosLabel={`${words.photos}${observations.length > 1 || tipo === 'Brechas' ? ` ${index + 1}` : ''}`}
            textProblem={textProblems.get(observation.IdObservacion)}
            readOnly={readOnly}
            {...editor}
          />
        );
      })}
      {!readOnly && (
        <div className="button-row">
          <IonButton fill="outline" color="dark" onClick={() => onAdd(tipo)}>
            <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
            {words.add}
          </IonButton>
        </div>
      )}
    </section>
  );
});
