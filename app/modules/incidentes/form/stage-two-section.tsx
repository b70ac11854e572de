import { fieldDisabled, SECTION_TITLES } from '#sync/domain/incident-form.ts';
import { DEFAULT_RISK_MATRIX, riskLevel } from '#sync/domain/risk-matrix.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { choicesOf } from './choices.ts';
import { ChecksGroup, ChoiceSelect, NumberInput, TextInput } from './fields.tsx';
import { fieldAnchor, type IncidentFormBinding } from './incident-form-model.ts';

const weightings = (list: typeof DEFAULT_RISK_MATRIX.Probabilidades) =>
  list.map((weighting) => ({ value: String(weighting.Ponderacion), label: `${weighting.Nombre} (${weighting.Ponderacion})` }));

/** Stage 2, sections 3 and 4: the injury, the equipment, the process, the cost and what happened. */
export function InjurySection({ form }: { form: IncidentFormBinding }) {
  const { fields, set, problems, lookups, textDelay } = form;
  const options = lookups.options;
  return (
    <>
      <CardSection id="incidente-seccion-3" title={SECTION_TITLES[3]}>
        <div className="incident-grid">
          <ChoiceSelect
            id={fieldAnchor('TipoLesion')}
            label="Tipo de lesión"
            value={fields.TipoLesion}
            options={choicesOf(options.tipos_lesion, lookups)}
            onChange={(value) => set({ TipoLesion: value })}
          />
          <ChoiceSelect
            id={fieldAnchor('ParteCuerpo')}
            label="Parte del cuerpo"
            value={fields.ParteCuerpo}
            options={choicesOf(options.partes_cuerpo, lookups)}
            onChange={(value) => set({ ParteCuerpo: value })}
          />
          <ChoiceSelect
            id={fieldAnchor('Equipo')}
            label="Equipo involucrado"
            value={fields.Equipo}
            options={choicesOf(options.items_agente, lookups)}
            onChange={(value) => set({ Equipo: value })}
          />
          <TextInput label="Proceso" value={fields.Proceso} onChange={(value) => set({ Proceso: value })} delay={textDelay} />
          <NumberInput
            id={fieldAnchor('Monto')}
            label="Monto (USD)"
            value={fields.Monto}
            onChange={(value) => set({ Monto: value })}
            delay={textDelay}
            disabled={fieldDisabled('Monto', fields.Clasificacion)}
            problem={problems.get('Monto')}
          />
        </div>
      </CardSection>
      <CardSection id="incidente-seccion-4" title={SECTION_TITLES[4]}>
        <TextInput
          id={fieldAnchor('Descripcion')}
          label="Descripción de lo ocurrido"
          value={fields.Descripcion}
          onChange={(value) => set({ Descripcion: value })}
          delay={textDelay}
          multiline
        />
      </CardSection>
    </>
  );
}

/**
 * Stage 2, sections 5 to 9 and the risk evaluation: the immediate causes (acts and conditions), the factors and
 * basic causes with their items (only those of the causes chosen), the lack of control, and probability x
 * consequence giving the level by the spec's rule.
 */
export function CausesSection({ form }: { form: IncidentFormBinding }) {
  const { fields, set, problems, lookups } = form;
  const options = lookups.options;
  const risk = riskLevel(fields.Probabilidad, fields.Consecuencia);
  const families = new Map(options.familias_riesgo.map((family) => [family.value, family.label]));
  return (
    <>
      <CardSection id="incidente-causas" title="Análisis causal">
        <ChecksGroup
          legend={SECTION_TITLES[5]!}
          values={fields.ActosSubestandar}
          options={choicesOf(options.actos_subestandares, lookups)}
          onChange={(values) => set({ ActosSubestandar: values })}
        />
        <ChecksGroup
          legend={SECTION_TITLES[6]!}
          values={fields.Factores}
          options={choicesOf(options.factores, lookups)}
          onChange={(values) => set({ Factores: values })}
        />
        <ChecksGroup
          legend={SECTION_TITLES[7]!}
          values={fields.CondicionSubestandar}
          options={choicesOf(options.condiciones_subestandares, lookups)}
          onChange={(values) => set({ CondicionSubestandar: values })}
        />
        <ChecksGroup
          legend={SECTION_TITLES[8]!}
          values={fields.CausasBasicas}
          options={choicesOf(options.causas_basicas, lookups, fields.Factores.length > 0 ? fields.Factores : undefined)}
          onChange={(values) => set({ CausasBasicas: values })}
        />
        <ChecksGroup
          legend={SECTION_TITLES[9]!}
          values={fields.ItemCausasBasicas}
          options={choicesOf(options.items_causas_basicas, lookups, fields.CausasBasicas)}
          empty="Elige primero las causas básicas."
          onChange={(values) => set({ ItemCausasBasicas: values })}
        />
        <ChecksGroup
          legend="Falta de control"
          values={fields.FaltaControl}
          options={choicesOf(options.faltas_control, lookups)}
          onChange={(values) => set({ FaltaControl: values })}
        />
      </CardSection>
      <CardSection id="incidente-riesgo" title="Evaluación del riesgo">
        <div className="incident-grid">
          <ChoiceSelect
            id={fieldAnchor('IdRiesgoEspecifico')}
            label="Riesgo específico"
            value={fields.IdRiesgoEspecifico}
            options={options.riesgos_especificos.map((option) => ({
              value: option.value,
              label: option.label,
              group: families.get(option.parent ?? '') ?? '',
            }))}
            onChange={(value) => set({ IdRiesgoEspecifico: value })}
          />
          <ChoiceSelect
            id={fieldAnchor('Probabilidad')}
            label="Probabilidad"
            value={fields.Probabilidad === null ? null : String(fields.Probabilidad)}
            options={weightings(DEFAULT_RISK_MATRIX.Probabilidades)}
            onChange={(value) => set({ Probabilidad: value === null ? null : Number(value) })}
            problem={problems.get('Probabilidad')}
          />
          <ChoiceSelect
            id={fieldAnchor('Consecuencia')}
            label="Consecuencia"
            value={fields.Consecuencia === null ? null : String(fields.Consecuencia)}
            options={weightings(DEFAULT_RISK_MATRIX.Consecuencias)}
            onChange={(value) => set({ Consecuencia: value === null ? null : Number(value) })}
            problem={problems.get('Consecuencia')}
          />
        </div>
        <p className="incident-risk" role="status">
          Nivel de riesgo: <strong>{risk ? `${risk.Nivel} (${risk.Valor})` : 'elige probabilidad y consecuencia'}</strong>
        </p>
      </CardSection>
    </>
  );
}
