import { fieldDisabled, fieldShown, SECTION_TITLES } from '#sync/domain/incident-form.ts';
import { lostDays } from '#sync/domain/incident-rules.ts';
import { personName } from '#sync/domain/person-name.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { IonButton } from '@ionic/react';
import { useCargos } from '#app/data/reference-queries.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { DateField } from '#app/ui/form/date-field.tsx';
import { WorkerSearch } from '#app/ui/workers/worker-search.tsx';
import { choicesOf } from './choices.ts';
import { ChoiceSelect, NumberInput, TextInput, TimeInput } from './fields.tsx';
import { fieldAnchor, type IncidentFormBinding } from './incident-form-model.ts';

/** Stage 1, section 1: when, where and how (spec: the static form's first section). */
export function EventSection({ form }: { form: IncidentFormBinding }) {
  const { fields, set, problems, lookups, textDelay } = form;
  const clasificacion = fields.Clasificacion;
  const options = lookups.options;
  const levels3 = lookups.levels3.filter((level) => !fields.IdNivel2 || level.IdNivelPadre === fields.IdNivel2);
  return (
    <CardSection id="incidente-seccion-1" title={SECTION_TITLES[1]}>
      <div className="incident-grid">
        <DateField
          id={fieldAnchor('FechaOcurrencia')}
          label="Fecha de ocurrencia*"
          value={fields.FechaOcurrencia}
          onChange={(value) => set({ FechaOcurrencia: value })}
          error={problems.get('FechaOcurrencia')}
          required
        />
        <TimeInput id={fieldAnchor('HoraOcurrencia')} label="Hora de ocurrencia*" value={fields.HoraOcurrencia} onChange={(value) => set({ HoraOcurrencia: value })} problem={problems.get('HoraOcurrencia')} />
        {fieldShown('FechaAlta', clasificacion) && (
          <DateField id={fieldAnchor('FechaAlta')} label="Fecha de alta" value={fields.FechaAlta} min={fields.FechaOcurrencia || undefined} onChange={(value) => set({ FechaAlta: value })} error={problems.get('FechaAlta')} />
        )}
        {fieldShown('DiasPerdidos', clasificacion) && <NumberInput label="Días perdidos" value={lostDays(fields)} onChange={() => undefined} delay={0} disabled={fieldDisabled('DiasPerdidos', clasificacion)} />}
      </div>
      <TextInput id={fieldAnchor('Lugar')} label="Lugar*" value={fields.Lugar} onChange={(value) => set({ Lugar: value })} delay={textDelay} required problem={problems.get('Lugar')} />
      <div className="incident-grid">
        <ChoiceSelect
          id={fieldAnchor('IdNivel2')}
          label={form.levelLabels[2]}
          value={fields.IdNivel2}
          options={lookups.levels2.map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
          onChange={(value) => set({ IdNivel2: value, IdNivel3: null })}
        />
        <ChoiceSelect
          id={fieldAnchor('IdNivel3')}
          label={form.levelLabels[3]}
          value={fields.IdNivel3}
          options={levels3.map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
          onChange={(value) => set({ IdNivel3: value })}
          problem={problems.get('IdNivel3')}
        />
        <TextInput label="Proceso de la faena" value={fields.ProcesoFaena} onChange={(value) => set({ ProcesoFaena: value })} delay={textDelay} />
        <TextInput label="Equipo de trabajo" value={fields.EquipoTrabajo} onChange={(value) => set({ EquipoTrabajo: value })} delay={textDelay} />
        <ChoiceSelect id={fieldAnchor('FuenteEvento')} label="Fuente del evento" value={fields.FuenteEvento} options={choicesOf(options.fuentes_evento, lookups)} onChange={(value) => set({ FuenteEvento: value })} />
        <ChoiceSelect id={fieldAnchor('AgenteEvento')} label="Agente del evento" value={fields.AgenteEvento} options={choicesOf(options.agentes_evento, lookups)} onChange={(value) => set({ AgenteEvento: value })} />
        <ChoiceSelect
          id={fieldAnchor('TipoEvento')}
          label="Tipo de evento*"
          value={fields.TipoEvento}
          options={choicesOf(options.tipos_evento, lookups)}
          onChange={(value) => set({ TipoEvento: value })}
          problem={problems.get('TipoEvento')}
        />
      </div>
    </CardSection>
  );
}

/**
 * Stage 1, section 2: the injured worker, picked from the roster with RUT and cargo, or typed when not in it. The
 * roster holds no birth or hiring date: age and seniority are typed.
 */
export function InjuredSection({ form }: { form: IncidentFormBinding }) {
  const { fields, set, problems, textDelay } = form;
  const cargos = useCargos();
  const cargoNames = new Map((cargos ?? []).map((cargo) => [cargo.IdCargo, cargo.NombreCargo]));
  return (
    <CardSection id="incidente-seccion-2" title={SECTION_TITLES[2]}>
      {fields.IdPersona ? (
        <div className="incident-worker">
          <p>
            <strong>{fields.NombreAccidentado}</strong> · {formatRut(fields.Rut)}
            {fields.RutContratista ? ` · Contratista ${formatRut(fields.RutContratista)}` : ''}
          </p>
          <IonButton fill="outline" color="dark" size="small" onClick={() => set({ IdPersona: null })}>
            Escribir otro trabajador
          </IonButton>
        </div>
      ) : (
        <WorkerSearch
          label="Buscar al accidentado en la nómina"
          onPick={(worker) =>
            set({
              IdPersona: worker.IdPersona,
              NombreAccidentado: personName(worker),
              Rut: worker.RunPersona,
              Cargo: worker.cargos.map((id) => cargoNames.get(id)).find(Boolean) ?? fields.Cargo,
              RutContratista: worker.RutContratista ?? '',
            })
          }
        />
      )}
      <div className="incident-grid">
        {!fields.IdPersona && (
          <>
            <TextInput id={fieldAnchor('NombreAccidentado')} label="Nombre del accidentado" value={fields.NombreAccidentado} onChange={(value) => set({ NombreAccidentado: value })} delay={textDelay} problem={problems.get('NombreAccidentado')} />
            <TextInput id={fieldAnchor('Rut')} label="Rut del accidentado" value={fields.Rut} onChange={(value) => set({ Rut: value })} delay={textDelay} problem={problems.get('Rut')} />
          </>
        )}
        <TextInput label="Cargo" value={fields.Cargo} onChange={(value) => set({ Cargo: value })} delay={textDelay} />
        <NumberInput id={fieldAnchor('Edad')} label="Edad" value={fields.Edad} onChange={(value) => set({ Edad: value })} delay={textDelay} problem={problems.get('Edad')} />
        <TextInput label="Antigüedad en el cargo" value={fields.AntiguedadCargo} onChange={(value) => set({ AntiguedadCargo: value })} delay={textDelay} />
      </div>
    </CardSection>
  );
}
