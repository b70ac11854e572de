import { medidaControlWorkflow } from '#sync/schemas/medidas-control.workflow.ts';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { reviewState } from '#sync/domain/review-state.ts';
import { lightOnDay } from '#sync/domain/traffic-light.ts';
import { MEDIDAS_MESSAGES } from '#sync/schemas/medidas-control.schema.ts';
import { Link, useParams } from 'react-router-dom';
import { todayInChile } from '#app/data/follow-up-queries.ts';
import { paths } from '#app/navigation/paths.ts';
import { fullName, hasPermission, isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { RecordMissing, ServerCopyNote } from '#app/ui/records/record-missing.tsx';
import { RecordSyncNotice, useRecordOutbox } from '#app/ui/records/record-sync-notice.tsx';
import { useRecord } from '#app/ui/records/use-record.ts';
import type { RejectValues, RespondValues } from '#app/ui/review/review-forms.tsx';
import { ReviewHistory } from '#app/ui/review/review-history.tsx';
import { ReviewPanel } from '#app/ui/review/review-panel.tsx';
import { ReviewStateChip } from '#app/ui/review/review-state-chip.tsx';
import { TrafficLight } from '#app/ui/traffic-light.tsx';
import { approveMeasure, rejectMeasure, respondMeasure } from './medida-writes.ts';
import { useCaseFileUrls } from './use-case-files.ts';
import '#app/ui/records.css';

/** A control measure and its cycle (SPEC OV2, IC5): the responsible answers with files, the company approves or rejects. */
export function MedidaDetailPage() {
  const { id = '' } = useParams();
  const session = useRequiredSession();
  const showSaved = useSavedToast();
  const today = todayInChile();
  const record = useRecord('medidas_control', id);
  const measure = record.status === 'encontrado' ? record.row : null;
  const caseRecord = useRecord('incidentes', measure?.IdEvaluacion ?? '');
  const incident = caseRecord.status === 'encontrado' ? caseRecord.row : null;
  const { entries, refused } = useRecordOutbox('medidas_control', id);
  const files = measure ? measure.Respuestas.flatMap((step) => step.Archivos) : [];
  const urls = useCaseFileUrls(session.empresa.IdEmpresa, measure?.IdEvaluacion ?? '', files);

  if (record.status === 'cargando') return <PageLoading />;
  const route = paths.incidentes.list.href;
  const user = { IdUsuario: session.usuario.IdUsuario, Usuario: fullName(session) };
  // The server decides too: a contractor answers the measures of its cases and never reviews them.
  const canRespond = hasPermission(session, route, 'editar') && session.usuario.Tipo !== 'cliente';
  const canReview = hasPermission(session, route, 'aprobar') && !isContractorUser(session) && session.usuario.Tipo !== 'cliente';

  const respond = async (values: RespondValues) => {
    if (!measure) return;
    await respondMeasure(measure, values, user);
    showSaved(MEDIDAS_MESSAGES.responseCreated);
  };
  const approve = async () => {
    if (!measure) return;
    await approveMeasure(measure, user);
    showSaved(MEDIDAS_MESSAGES.approved);
  };
  const reject = async (values: RejectValues) => {
    if (!measure) return;
    await rejectMeasure(measure, values, user, today);
    showSaved(MEDIDAS_MESSAGES.rejected);
  };

  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={measure ? paths.incidentes.detalles.href(measure.IdEvaluacion) : route} parentLabel={incident ? `Accidente N° ${incident.IdAccidente}` : 'Incidentes'} title="Medida de control" />
        {!measure ? (
          <RecordMissing table="medidas_control" lookup={record} />
        ) : (
          <>
            {record.status === 'encontrado' && record.source === 'servidor' && <ServerCopyNote table="medidas_control" />}
            <RecordSyncNotice entries={entries} refused={refused} ofWhat="de esta medida de control" />
            <section className="card review-summary" aria-labelledby="measure-text">
              <div className="review-summary__chips">
                <TrafficLight semaforo={lightOnDay(measure, measure.Semaforo, today)} />
                <ReviewStateChip state={reviewState(measure, today)} />
              </div>
              <p id="measure-text" className="review-summary__text">
                {measure.MedidaControl}
              </p>
              <dl className="record-fields">
                <dt>Responsable</dt>
                <dd>{measure.Responsable}</dd>
                <dt>Plazo</dt>
                <dd>{measure.Plazo ? formatDisplayDate(measure.Plazo) : 'Sin plazo'}</dd>
                <dt>Caso</dt>
                <dd>
                  <Link to={paths.incidentes.detalles.href(measure.IdEvaluacion)}>{incident ? `Accidente N° ${incident.IdAccidente} · ${incident.Lugar}` : 'Ver el caso'}</Link>
                </dd>
              </dl>
            </section>
            <CardSection id="measure-history" title="Seguimiento">
              <ReviewHistory steps={measure.Respuestas} urls={urls} />
            </CardSection>
            <ReviewPanel
              workflow={medidaControlWorkflow}
              noun={{ one: 'medida de control' }}
              record={measure}
              allowed={{ respond: canRespond, review: canReview, remove: false }}
              today={today}
              closedText="Medida de control aprobada: el seguimiento está cerrado."
              onRespond={respond}
              onApprove={approve}
              onReject={reject}
            />
          </>
        )}
      </div>
    </PageContent>
  );
}
