import { toWireDate } from '#sync/domain/dates.ts';
import { headerProblems } from '#sync/domain/inspection-rules.ts';
import { FORMULARIO_TYPE_LABELS } from '#sync/schemas/formularios.schema.ts';
import type { Session } from '#sync/schemas/auth.schema.ts';
import { IonButton } from '@ionic/react';
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useNiveles } from '#app/data/reference-queries.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { fullName, hasPermission, isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDevice } from '#app/sync/use-device.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { FormActions } from '#app/ui/form/form-actions.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { problemAnchor, problemsByAnchor } from './draft-fields.tsx';
import { DraftHeaderForm } from './draft-header-form.tsx';
import { useActiveTemplates } from './draft-queries.ts';
import { DraftError } from '#app/data/drafts.ts';
import { createDraft, type DraftHeader } from './draft-store.ts';
import { focusAnchor } from './focus-anchor.ts';
import { statementCount, TemplatePicker } from './template-picker.tsx';
import '#app/ui/records.css';
import './inspeccion-new-page.css';

const NO_PROBLEMS: ReadonlyMap<string, string> = new Map();

function initialHeader(session: Session): DraftHeader {
  const contractor = isContractorUser(session) ? session.usuario.IdContratista : null;
  return {
    Fecha: toWireDate(new Date()),
    Lugar: '',
    IdNivel2: null,
    IdNivel3: null,
    Supervisor: fullName(session),
    Observados: [],
    EquipoTrabajo: '',
    RutContratista: contractor,
    IdCliente: session.usuario.IdCliente ?? null,
    Encabezado: {},
  };
}

/** `/inspecciones/nuevo` (`?formulario={id}` preselects one): choose the template, fill the header, start filling. */
export function InspeccionNewPage() {
  const session = useRequiredSession();
  const db = useDevice()?.db;
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const templates = useActiveTemplates();
  const levels2 = useNiveles(2);
  const levels3 = useNiveles(3);
  const [chosenId, setChosenId] = useState<string | null>(search.get('formulario'));
  const [header, setHeader] = useState<DraftHeader>(() => initialHeader(session));
  const [error, setError] = useState<string | null>(null);
  // Set by the first "Comenzar inspección": from then on the header's problems show beside their fields, live.
  const [headerChecked, setHeaderChecked] = useState(false);
  const [starting, setStarting] = useState(false);
  const allowed = hasPermission(session, paths.inspecciones.list.href, 'crear');
  const chosen = templates?.find((template) => template.IdFormulario === chosenId) ?? null;
  const problems = chosen && headerChecked ? problemsByAnchor(headerProblems(header, chosen.Contenido)) : NO_PROBLEMS;

  const onChange = useCallback((patch: Partial<DraftHeader>) => setHeader((current) => ({ ...current, ...patch })), []);
  const onFieldChange = useCallback(
    (fieldId: string, value: string) => setHeader((current) => ({ ...current, Encabezado: { ...current.Encabezado, [fieldId]: value } })),
    [],
  );

  const start = async () => {
    if (!db || !chosen) return;
    setHeaderChecked(true);
    const [first] = headerProblems(header, chosen.Contenido);
    if (first) {
      // After the messages are on screen, so the focused field is read with its message.
      requestAnimationFrame(() => focusAnchor(problemAnchor(first.target)));
      return;
    }
    setStarting(true);
    setError(null);
    try {
      const id = await createDraft(db, chosen.IdFormulario, header, {
        companyId: session.empresa.IdEmpresa,
        userId: session.usuario.IdUsuario,
      });
      navigate(paths.inspecciones.editar.href(id), { replace: true });
    } catch (failure) {
      setError(failure instanceof DraftError ? failure.message : 'No fue posible iniciar la inspección en este dispositivo');
      setStarting(false);
    }
  };

  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={paths.inspecciones.list.href} parentLabel="Inspecciones" title="Nueva inspección" />
        {!allowed ? (
          <p className="notice notice--warning">No tienes permiso para crear inspecciones.</p>
        ) : !templates || !levels2 || !levels3 ? (
          <PageLoading />
        ) : !chosen ? (
          <CardSection id="insp-new-template" title="1. Elige el formulario">
            <TemplatePicker templates={templates} onPick={(template) => setChosenId(template.IdFormulario)} />
          </CardSection>
        ) : (
          <>
            <CardSection id="insp-new-chosen" title="1. Formulario" className="insp-chosen">
              <p className="insp-chosen__name">{chosen.Nombre}</p>
              <p className="muted">
                {FORMULARIO_TYPE_LABELS[chosen.Tipo]} · {statementCount(chosen)} · versión {chosen.VersionFormulario}
              </p>
              <IonButton fill="outline" color="dark" size="small" onClick={() => setChosenId(null)}>
                Cambiar formulario
              </IonButton>
            </CardSection>
            <CardSection id="insp-new-header" title="2. Encabezado">
              <DraftHeaderForm
                header={header}
                campos={chosen.Contenido.CamposEncabezado}
                columns={chosen.Contenido.ColumnasEncabezado}
                level2Label={levelName(session, 2)}
                level3Label={levelName(session, 3)}
                levels2={levels2}
                levels3={levels3}
                contractorFixed={isContractorUser(session) ? session.usuario.IdContratista : null}
                problems={problems}
                delay={0}
                onChange={onChange}
                onFieldChange={onFieldChange}
              />
            </CardSection>
            <FormActions
              error={error}
              note="Cada respuesta se guarda en este dispositivo al momento; puedes continuar aunque no haya conexión."
              busy={starting || !db}
              onSubmit={() => void start()}
              cancelHref={paths.inspecciones.list.href}
            >
              Comenzar inspección
            </FormActions>
          </>
        )}
      </div>
    </PageContent>
  );
}
