import { formatDisplayDate } from '#sync/domain/dates.ts';
import { IonButton } from '@ionic/react';
import type { InspectionDraft } from '#app/db/inspection-rows.ts';
import type { LocalNivel } from '#app/db/reference-rows.ts';
import { levelName } from '#app/session/level-names.ts';
import { isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { DraftHeaderForm } from './draft-header-form.tsx';
import { DraftHeaderSummary } from './draft-header-summary.tsx';
import type { DraftHeader } from './draft-store.ts';
import './section-head.css';

function headerOf(draft: InspectionDraft): DraftHeader {
  const { Fecha, Lugar, IdNivel2, IdNivel3, Supervisor, Observados, EquipoTrabajo, RutContratista, IdCliente, Encabezado } = draft;
  return { Fecha, Lugar, IdNivel2, IdNivel3, Supervisor, Observados, EquipoTrabajo, RutContratista, IdCliente, Encabezado };
}

function headerFieldsOf(draft: InspectionDraft) {
  return draft.formulario.Contenido.CamposEncabezado.map((campo) => ({
    id: campo.IdCampo,
    label: campo.Etiqueta,
    value: (campo.Tipo === 'fecha' ? formatDisplayDate(draft.Encabezado[campo.IdCampo]) : draft.Encabezado[campo.IdCampo]) ?? '',
  }));
}

interface FillHeaderSectionProps {
  draft: InspectionDraft;
  levels2: LocalNivel[];
  levels3: LocalNivel[];
  readOnly: boolean;
  editing: boolean;
  /** A problem of the header keeps the form open until it is corrected. */
  hasProblems: boolean;
  problems: ReadonlyMap<string, string>;
  onToggle: () => void;
  onChange: (patch: Partial<DraftHeader>) => unknown;
  onFieldChange: (fieldId: string, value: string) => unknown;
}

/** "Encabezado": the header at a glance, or its form while it is edited. */
export function FillHeaderSection({
  draft,
  levels2,
  levels3,
  readOnly,
  editing,
  hasProblems,
  problems,
  onToggle,
  onChange,
  onFieldChange,
}: FillHeaderSectionProps) {
  const session = useRequiredSession();
  const content = draft.formulario.Contenido;
  const header = headerOf(draft);
  const level2Label = levelName(session, 2);
  const level3Label = levelName(session, 3);
  const open = (editing || hasProblems) && !readOnly;

  return (
    <section className="card insp-section" aria-labelledby="insp-encabezado-title">
      <div className="insp-section__head">
        <h2 id="insp-encabezado-title">Encabezado</h2>
        {!readOnly && !hasProblems && (
          <IonButton fill="clear" color="dark" size="small" aria-expanded={open} onClick={onToggle}>
            {open ? 'Listo' : 'Editar encabezado'}
          </IonButton>
        )}
      </div>
      {open ? (
        <DraftHeaderForm
          header={header}
          campos={content.CamposEncabezado}
          columns={content.ColumnasEncabezado}
          level2Label={level2Label}
          level3Label={level3Label}
          levels2={levels2}
          levels3={levels3}
          contractorFixed={isContractorUser(session) ? session.usuario.IdContratista : null}
          problems={problems}
          onChange={onChange}
          onFieldChange={onFieldChange}
        />
      ) : (
        <DraftHeaderSummary
          header={header}
          fields={headerFieldsOf(draft)}
          level2Label={level2Label}
          level3Label={level3Label}
          levels={[...levels2, ...levels3]}
        />
      )}
    </section>
  );
}
