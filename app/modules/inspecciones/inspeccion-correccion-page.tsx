import type { InspectionProblem } from '#sync/domain/inspection-rules.ts';
import { CORRECCION_MESSAGES } from '#sync/schemas/inspecciones-correccion.schema.ts';
import { IonButton } from '@ionic/react';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTemplateVersion } from '#app/data/template-version.ts';
import type { LocalInspeccion, LocalObservacion } from '#app/db/inspection-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { fullName, hasPermission, isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useNotice } from '#app/ui/feedback/use-notice.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { FieldShell } from '#app/ui/form/field-shell.tsx';
import { TextField } from '#app/ui/form/text-field.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { RecordMissing } from '#app/ui/records/record-missing.tsx';
import { useRecord } from '#app/ui/records/use-record.ts';
import { CorrectionAnswers } from './correccion-answers.tsx';
import { type CorrectionForm, correctionFormOf, correctionOf, generalLock, withAnswer } from './correccion-form.ts';
import { correctInspection } from './correccion-write.ts';
import { useInspectionObservations } from './use-inspection-observations.ts';
import '#app/ui/records.css';
import './inspeccion-detail.css';

/** The problem of a header field (Lugar, a template field…) once the person tried to save, under its field. */
function HeaderProblem({ problems, field }: { problems: readonly InspectionProblem[]; field: string }) {
  const problem = problems.find(({ target }) => (target.kind === 'encabezado' && target.field === field) || (target.kind === 'campo' && target.id === field));
  return problem ? <p className="field-error">{problem.message}</p> : null;
}

/** `/inspecciones/corregir/{id}`: an office user corrects a finished inspection (the spec's PUT of an evaluation). */
export function InspeccionCorreccionPage() {
  const { id = '' } = useParams();
  const session = useRequiredSession();
  const record = useRecord('inspecciones', id);
  const inspection = record.status === 'encontrado' ? record.row : null;
  const observations = useInspectionObservations(id, record.status === 'encontrado' && record.source === 'servidor');
  const detailHref = paths.inspecciones.detalles.href(id);
  const allowed = hasPermission(session, paths.inspecciones.list.href, 'editar') && !isContractorUser(session);

  if (record.status === 'cargando' || (inspection && observations === undefined)) return <PageLoading />;
  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={detailHref} parentLabel="Inspección" title="Corregir inspección" />
        {!inspection ? (
          <RecordMissing table="inspecciones" lookup={record} />
        ) : !allowed ? (
          <p className="notice notice--warning" role="status">
            Tu rol no permite corregir inspecciones.
          </p>
        ) : (
          <CorrectionEditor key={`${inspection.IdEvaluacion}:${inspection.Version}`} inspection={inspection} observations={observations ?? []} />
        )}
      </div>
    </PageContent>
  );
}

function CorrectionEditor({ inspection, observations }: { inspection: LocalInspeccion; observations: LocalObservacion[] }) {
  const session = useRequiredSession();
  const navigate = useNavigate();
  const notify = useNotice();
  const showSaved = useSavedToast();
  const version = useTemplateVersion(inspection);
  const [form, setForm] = useState<CorrectionForm>(() => correctionFormOf(inspection, observations));
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const me = useMemo(() => ({ id: session.usuario.IdUsuario, name: fullName(session) }), [session]);

  if (version.status === 'loading') return <PageLoading label="Cargando el formulario…" />;
  if (version.status === 'unavailable') {
    return (
      <p className="notice notice--warning" role="status">
        {version.message}
      </p>
    );
  }
  const content = version.template.Contenido;
  const { body, problems } = correctionOf(inspection, observations, content, form);
  const shown = tried ? problems : [];
  const general = generalLock(observations);
  const set = (patch: Partial<CorrectionForm>) => setForm((current) => ({ ...current, ...patch }));

  const save = async () => {
    setTried(true);
    if (!body) {
      notify({ message: CORRECCION_MESSAGES.unchanged, tone: 'info' });
      return;
    }
    if (problems.length > 0) {
      notify({ message: problems[0]!.message, tone: 'error' });
      return;
    }
    setSaving(true);
    try {
      await correctInspection(inspection, observations, content, body, { ...me, now: new Date() });
      showSaved(CORRECCION_MESSAGES.corrected);
      navigate(paths.inspecciones.detalles.href(inspection.IdEvaluacion), { replace: true });
    } catch (error) {
      notify({ message: (error as Error).message, tone: 'error' });
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="muted">
        Lo que cambies queda en el historial de la inspección junto con lo que decía antes, y su informe PDF dirá que fue corregida.
      </p>
      <CardSection id="correccion-datos" title="Datos">
        <TextField label="Lugar*" value={form.Lugar} onChange={(Lugar) => set({ Lugar })} maxLength={200} />
        <HeaderProblem problems={shown} field="Lugar" />
        <TextField label="Supervisor*" value={form.Supervisor} onChange={(Supervisor) => set({ Supervisor })} maxLength={150} />
        <HeaderProblem problems={shown} field="Supervisor" />
        <TextField label="Equipo de trabajo" value={form.EquipoTrabajo} onChange={(EquipoTrabajo) => set({ EquipoTrabajo })} maxLength={150} />
        <HeaderProblem problems={shown} field="Observados" />
        {content.CamposEncabezado.map((campo) => (
          <div key={campo.IdCampo}>
            <TextField
              label={`${campo.Etiqueta}${campo.Requerido ? '*' : ''}`}
              value={form.Encabezado[campo.IdCampo] ?? ''}
              onChange={(value) => set({ Encabezado: { ...form.Encabezado, [campo.IdCampo]: value } })}
              maxLength={300}
            />
            <HeaderProblem problems={shown} field={campo.IdCampo} />
          </div>
        ))}
      </CardSection>
      <CardSection id="correccion-respuestas" title="Respuestas">
        <CorrectionAnswers
          content={content}
          form={form}
          observations={observations}
          problems={shown}
          fecha={inspection.Fecha}
          me={me}
          onAnswer={(statement, answer) => setForm((current) => withAnswer(current, observations, statement, answer))}
          onObservation={(statement, patch) =>
            setForm((current) => {
              const added = current.added[statement];
              return added ? { ...current, added: { ...current.added, [statement]: { ...added, ...patch } } } : current;
            })
          }
        />
      </CardSection>
      <CardSection id="correccion-general" title="Observación general">
        <FieldShell id="correccion-observacion-general" label="Observación general">
          <textarea
            id="correccion-observacion-general"
            value={form.general}
            onChange={(event) => set({ general: event.target.value })}
            readOnly={general !== null}
            maxLength={2000}
            rows={3}
            {...(general ? { 'aria-describedby': 'correccion-general-lock' } : {})}
          />
        </FieldShell>
        {general && (
          <p id="correccion-general-lock" className="muted">
            No se puede corregir: ya fue {general}.
          </p>
        )}
      </CardSection>
      <div className="button-row">
        <IonButton type="submit" disabled={saving}>
          {saving ? 'Guardando…' : 'Guardar corrección'}
        </IonButton>
        <IonButton fill="outline" color="dark" routerLink={paths.inspecciones.detalles.href(inspection.IdEvaluacion)} routerDirection="back">
          Cancelar
        </IonButton>
      </div>
    </form>
  );
}
