import { CLASIFICACIONES, type Clasificacion, involvesInjury } from '#sync/domain/incident-form.ts';
import { CRITERIO_KEYS, type CriterioGravedad, CRITERIOS_GRAVEDAD, gravityOf, needsProof } from '#sync/domain/legal-clock.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { ChecksGroup, InstantInput, TextInput } from './fields.tsx';
import { fieldAnchor, type IncidentFormBinding } from './incident-form-model.ts';

const CRITERIA = CRITERIO_KEYS.map((key) => ({ value: key, label: CRITERIOS_GRAVEDAD[key] }));

/**
 * What happened, in the law's terms: the classification (it decides which fields appear), whether it is grave or
 * fatal by SUSESO's criteria, when the company learned of it (the DIAT's 24 hours run from then) and, for a
 * trayecto accident, its proof.
 */
export function ClassificationSection({ form }: { form: IncidentFormBinding }) {
  const { fields, set, problems } = form;
  const clasificacion = fields.Clasificacion;
  const injury = clasificacion !== null && involvesInjury(clasificacion);
  const gravity = gravityOf({ Clasificacion: clasificacion, CriteriosGravedad: fields.CriteriosGravedad });
  return (
    <CardSection id="incidente-clasificacion" title="Clasificación">
      <fieldset className="incident-choice" id={fieldAnchor('Clasificacion')}>
        <legend>Tipo de accidente*</legend>
        {CLASIFICACIONES.map((option) => (
          <label key={option} className="incident-choice__option">
            <input type="radio" name="Clasificacion" checked={clasificacion === option} onChange={() => set({ Clasificacion: option as Clasificacion })} />
            {option}
          </label>
        ))}
        {problems.get('Clasificacion') && <p className="field-error">{problems.get('Clasificacion')}</p>}
      </fieldset>
      {injury && (
        <ChecksGroup
          legend="Criterios de accidente grave (SUSESO)"
          values={fields.CriteriosGravedad}
          options={CRITERIA}
          onChange={(values) => set({ CriteriosGravedad: values as CriterioGravedad[] })}
        />
      )}
      {gravity !== 'no_grave' && (
        <p className="notice notice--error" role="status">
          Accidente {gravity === 'fatal' ? 'fatal' : 'grave'}: suspende de inmediato la faena afectada y avisa a la Inspección del Trabajo y a la SEREMI de Salud (Ley 16.744, art. 76).
        </p>
      )}
      {injury && (
        <div className="incident-grid">
          <InstantInput
            id={fieldAnchor('FechaConocimiento')}
            label="La empresa supo del accidente el*"
            value={fields.FechaConocimiento}
            onChange={(value) => set({ FechaConocimiento: value })}
            problem={problems.get('FechaConocimiento')}
          />
        </div>
      )}
      {needsProof(clasificacion) && (
        <TextInput
          id={fieldAnchor('MedioPrueba')}
          label="Medio de prueba del accidente de trayecto (parte policial, constancia, atención de urgencia, testigos)"
          value={fields.MedioPrueba}
          onChange={(value) => set({ MedioPrueba: value })}
          delay={form.textDelay}
          multiline
          problem={problems.get('MedioPrueba')}
        />
      )}
    </CardSection>
  );
}
