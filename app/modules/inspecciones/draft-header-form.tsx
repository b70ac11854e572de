import { DATE_PICKER_MIN, isWireDate, toWireDate } from '#sync/domain/dates.ts';
import { personName } from '#sync/domain/person-name.ts';
import { formatRut, rutError } from '#sync/domain/rut.ts';
import type { CampoEncabezado } from '#sync/schemas/formularios.schema.ts';
import { useId } from 'react';
import type { LocalNivel } from '#app/db/reference-rows.ts';
import { DateField } from '#app/ui/form/date-field.tsx';
import { DraftTextInput } from '#app/ui/drafts/draft-text-input.tsx';
import { useWorkersById } from '#app/data/worker-queries.ts';
import { useKnownContractors } from './draft-queries.ts';
import type { DraftHeader } from './draft-store.ts';
import { WorkerSearch } from '#app/ui/workers/worker-search.tsx';
import '#app/ui/drafts/draft-field.css';
import './draft-fields.css';
import './draft-header-form.css';

interface LevelSelectProps {
  id: string;
  label: string;
  value: string | null;
  levels: LocalNivel[];
  disabled?: boolean;
  onChange: (value: string | null) => void;
}

function LevelSelect({ id, label, value, levels, disabled, onChange }: LevelSelectProps) {
  return (
    <div className="select-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} disabled={disabled} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">Sin asignar</option>
        {levels.map((level) => (
          <option key={level.IdNivel} value={level.IdNivel}>
            {level.Nombre}
          </option>
        ))}
      </select>
    </div>
  );
}

interface ObservedWorkersProps {
  ids: string[];
  readOnly?: boolean;
  problem?: string;
  onChange: (ids: string[]) => void;
}

function ObservedWorkers({ ids, readOnly, problem, onChange }: ObservedWorkersProps) {
  const workers = useWorkersById(ids);
  const headingId = useId();
  return (
    <div id="insp-encabezado-Observados" className={`insp-observed${problem ? ' insp-observed--invalid' : ''}`} tabIndex={-1} role="group" aria-labelledby={headingId}>
      <p id={headingId} className="insp-observed__title">
        Trabajadores observados
      </p>
      {ids.length === 0 ? (
        <p className="muted">Ningún trabajador elegido.</p>
      ) : (
        <ul className="insp-chips">
          {ids.map((id) => {
            const worker = workers?.get(id);
            const name = worker ? personName(worker) : 'Trabajador no disponible en este dispositivo';
            return (
              <li key={id} className="insp-chips__chip">
                <span>
                  {name}
                  {worker && <span className="muted"> · {formatRut(worker.RunPersona)}</span>}
                </span>
                {!readOnly && (
                  <button type="button" aria-label={`Quitar a ${name}`} onClick={() => onChange(ids.filter((other) => other !== id))}>
                    ×
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!readOnly && <WorkerSearch label="Agregar trabajador observado" chosen={new Set(ids)} onPick={(worker) => onChange([...ids, worker.IdPersona])} />}
      {problem && <p className="field-error">{problem}</p>}
    </div>
  );
}

export interface DraftHeaderFormProps {
  header: DraftHeader;
  campos: readonly CampoEncabezado[];
  columns: 1 | 2;
  level2Label: string;
  level3Label: string;
  levels2: LocalNivel[];
  levels3: LocalNivel[];
  /** A contractor user's own RUT: their inspections are always theirs. */
  contractorFixed: string | null;
  /** Messages by the id of the field they belong to (problemAnchor). */
  problems: ReadonlyMap<string, string>;
  readOnly?: boolean;
  /** 0 while the header lives in memory (new inspection); the default pause while it lives in a draft. */
  delay?: number;
  onChange: (patch: Partial<DraftHeader>) => unknown;
  onFieldChange: (fieldId: string, value: string) => unknown;
}

/** The inspection's header: date, place, levels, supervisor, who is observed, contractor and the template's own fields. */
export function DraftHeaderForm(props: DraftHeaderFormProps) {
  const { header, readOnly, delay, onChange, problems } = props;
  const contractors = useKnownContractors();
  const listId = useId();
  const today = toWireDate(new Date());
  const levels3 = header.IdNivel2 ? props.levels3.filter((level) => level.IdNivelPadre === header.IdNivel2) : props.levels3;
  const contractorProblem = header.RutContratista?.trim() ? (rutError(header.RutContratista) ?? undefined) : undefined;

  const chooseLevel2 = (IdNivel2: string | null) => {
    const keep = props.levels3.find((level) => level.IdNivel === header.IdNivel3)?.IdNivelPadre === IdNivel2;
    onChange({ IdNivel2, IdNivel3: keep || !IdNivel2 ? header.IdNivel3 : null });
  };

  return (
    <div className="insp-header-form">
      <div className="record-form__grid">
        <DateField
          id="insp-encabezado-Fecha"
          label="Fecha*"
          min={DATE_PICKER_MIN}
          max={today}
          value={header.Fecha}
          onChange={(Fecha) => onChange({ Fecha })}
          error={problems.get('insp-encabezado-Fecha')}
          required
          readOnly={readOnly}
        />
        <DraftTextInput
          id="insp-encabezado-Lugar"
          label="Lugar*"
          stored={header.Lugar}
          delay={delay}
          onSave={(Lugar) => onChange({ Lugar })}
          problem={problems.get('insp-encabezado-Lugar')}
          required
          readOnly={readOnly}
        />
        <LevelSelect id="insp-encabezado-IdNivel2" label={props.level2Label} value={header.IdNivel2} levels={props.levels2} disabled={readOnly} onChange={chooseLevel2} />
        <LevelSelect
          id="insp-encabezado-IdNivel3"
          label={props.level3Label}
          value={header.IdNivel3}
          levels={levels3}
          disabled={readOnly}
          onChange={(IdNivel3) => onChange({ IdNivel3 })}
        />
        <DraftTextInput
          id="insp-encabezado-Supervisor"
          label="Supervisor*"
          stored={header.Supervisor}
          delay={delay}
          onSave={(Supervisor) => onChange({ Supervisor })}
          problem={problems.get('insp-encabezado-Supervisor')}
          required
          readOnly={readOnly}
        />
        {props.contractorFixed ? (
          <div className="draft-field">
            <span className="draft-field__label">Contratista</span>
            <p className="draft-field__fixed">Rut {formatRut(props.contractorFixed)} (tu empresa)</p>
          </div>
        ) : (
          <>
            <DraftTextInput
              id="insp-encabezado-RutContratista"
              label="Rut contratista (12345678-9)"
              stored={header.RutContratista ?? ''}
              delay={delay}
              list={listId}
              onSave={(text) => onChange({ RutContratista: text.trim() ? text.trim() : null })}
              problem={contractorProblem ?? problems.get('insp-encabezado-RutContratista')}
              readOnly={readOnly}
            />
            <datalist id={listId}>
              {contractors?.map((rut) => (
                <option key={rut} value={rut}>
                  {formatRut(rut)}
                </option>
              ))}
            </datalist>
          </>
        )}
      </div>

      <div className="insp-header-form__observed">
        <ObservedWorkers ids={header.Observados} readOnly={readOnly} problem={problems.get('insp-encabezado-Observados')} onChange={(Observados) => onChange({ Observados })} />
        <DraftTextInput
          label="Equipo de trabajo"
          stored={header.EquipoTrabajo}
          delay={delay}
          onSave={(EquipoTrabajo) => onChange({ EquipoTrabajo })}
          readOnly={readOnly}
        />
        <p className="muted insp-help">Indica al menos un trabajador observado o el nombre del equipo.</p>
      </div>

      {props.campos.length > 0 && (
        <div className={`insp-header-form__fields insp-columns-${props.columns}`}>
          {props.campos.map((campo) =>
            campo.Tipo === 'fecha' ? (
              <DateField
                key={campo.IdCampo}
                id={`insp-campo-${campo.IdCampo}`}
                label={`${campo.Etiqueta}${campo.Requerido ? '*' : ''}`}
                min={DATE_PICKER_MIN}
                value={header.Encabezado[campo.IdCampo] ?? ''}
                // The finish rules only ask for a value here: a text that is not a date is not saved.
                onChange={(value) => {
                  if (value === '' || isWireDate(value)) props.onFieldChange(campo.IdCampo, value);
                }}
                error={problems.get(`insp-campo-${campo.IdCampo}`)}
                required={campo.Requerido}
                readOnly={readOnly}
              />
            ) : (
              <DraftTextInput
                key={campo.IdCampo}
                id={`insp-campo-${campo.IdCampo}`}
                label={`${campo.Etiqueta}${campo.Requerido ? '*' : ''}`}
                inputMode={campo.Tipo === 'numero' ? 'decimal' : undefined}
                stored={header.Encabezado[campo.IdCampo] ?? ''}
                delay={delay}
                onSave={(value) => props.onFieldChange(campo.IdCampo, value)}
                problem={problems.get(`insp-campo-${campo.IdCampo}`)}
                required={campo.Requerido}
                readOnly={readOnly}
              />
            ),
          )}
        </div>
      )}
    </div>
  );
}
