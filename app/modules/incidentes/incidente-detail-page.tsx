import { formatDisplayDate } from '#sync/domain/dates.ts';
import { GRAVEDAD_LABELS } from '#sync/domain/legal-clock.ts';
import { reviewState } from '#sync/domain/review-state.ts';
import { lightOnDay } from '#sync/domain/traffic-light.ts';
import { INCIDENTES_MESSAGES } from '#sync/schemas/incidentes.schema.ts';
import { IonButton } from '@ionic/react';
import { Link, useParams } from 'react-router-dom';
import { todayInChile } from '#app/data/follow-up-queries.ts';
import type { LocalIncidente, LocalMedida } from '#app/db/incident-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission, isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useNotice } from '#app/ui/feedback/use-notice.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { correctionHref } from '#app/ui/records/record-correction.tsx';
import { RecordMissing, ServerCopyNote } from '#app/ui/records/record-missing.tsx';
import { RecordSyncNotice, useRecordOutbox } from '#app/ui/records/record-sync-notice.tsx';
import { useRecord } from '#app/ui/records/use-record.ts';
import { useRemoveRecord } from '#app/ui/records/use-remove-record.ts';
import { ReviewStateChip } from '#app/ui/review/review-state-chip.tsx';
import { TrafficLight } from '#app/ui/traffic-light.tsx';
import { CaseSummary } from './incidente-summary.tsx';
import { CloseRefused, deleteIncident, setIncidentState } from './incidente-writes.ts';
import { useCaseMeasures } from './incidentes-queries.ts';
import { DiatCard, GraveCard } from './legal-card.tsx';
import { useIncidentLookups } from './use-incident-lookups.ts';
import '#app/ui/records.css';
import './incidente-detail.css';

function Measures({ measures, today }: { measures: readonly LocalMedida[]; today: string }) {
  if (measures.length === 0) return <p className="muted">Sin medidas de control.</p>;
  return (
    <ul className="incident-measures" aria-label="Medidas de control">
      {measures.map((measure) => (
        <li key={measure.IdMedidaControl}>
          <span className="incident-measures__status">
            <TrafficLight semaforo={lightOnDay(measure, measure.Semaforo, today)} />
            <ReviewStateChip state={reviewState(measure, today)} />
          </span>
          <Link to={paths.incidentes.medida.href(measure.IdMedidaControl)}>{measure.MedidaControl}</Link>
          <span className="muted">
            {measure.Responsable} · plazo {formatDisplayDate(measure.Plazo)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Actions({ incident }: { incident: LocalIncidente }) {
  const session = useRequiredSession();
  const notify = useNotice();
  const showSaved = useSavedToast();
  const removeRecord = useRemoveRecord();
  const route = paths.incidentes.list.href;
  const company = !isContractorUser(session) && session.usuario.Tipo !== 'cliente';
  const canEdit = company && hasPermission(session, route, 'editar') && incident.Estado === 1;
  const canClose = company && hasPermission(session, route, 'cerrar');
  const canDelete = company && hasPermission(session, route, 'eliminar');
  const open = incident.Estado === 1;

  const changeState = async () => {
    try {
      await setIncidentState(incident, open ? 2 : 1);
      showSaved(open ? INCIDENTES_MESSAGES.closed : INCIDENTES_MESSAGES.opened);
    } catch (error) {
      if (!(error instanceof CloseRefused)) throw error;
      notify({ message: error.message, tone: 'error' });
    }
  };
  const remove = () =>
    removeRecord({
      confirmation: { header: 'Eliminar accidente', message: `¿Eliminar el accidente N° ${incident.IdAccidente} y sus medidas de control?` },
      write: () => deleteIncident(incident),
      saved: INCIDENTES_MESSAGES.deleted,
      listHref: route,
    });

  return (
    <div className="button-row incident-actions">
      {canEdit && <IonButton routerLink={paths.incidentes.editar.href(incident.IdEvaluacion)}>Completar investigación</IonButton>}
      <IonButton fill="outline" color="dark" routerLink={paths.pdf.report.href('incidentes', incident.IdEmpresa, incident.IdEvaluacion)}>
        Ver PDF
      </IonButton>
      <IonButton fill="outline" color="dark" routerLink={paths.incidentes.diat.href(incident.IdEvaluacion)}>
        Borrador DIAT
      </IonButton>
      {canClose && (
        <IonButton fill="outline" color="dark" onClick={() => void changeState()}>
          {open ? 'Cerrar incidente' : 'Reabrir incidente'}
        </IonButton>
      )}
      {canDelete && (
        <IonButton fill="outline" color="danger" onClick={() => void remove()}>
          Eliminar
        </IonButton>
      )}
    </div>
  );
}

/** A case: its legal clock and acts first, then what was reported and investigated, its measures and its actions. */
export function IncidenteDetailPage() {
  const { id = '' } = useParams();
  const session = useRequiredSession();
  const record = useRecord('incidentes', id);
  const incident = record.status === 'encontrado' ? record.row : null;
  const measures = useCaseMeasures(id);
  const lookups = useIncidentLookups();
  const { entries, refused } = useRecordOutbox('incidentes', id);
  const today = todayInChile();

  if (record.status === 'cargando') return <PageLoading />;
  const canAct = !isContractorUser(session) && session.usuario.Tipo !== 'cliente' && hasPermission(session, paths.incidentes.list.href, 'editar') && incident?.Estado === 1;

  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={paths.incidentes.list.href} parentLabel="Incidentes" title={incident ? `Accidente N° ${incident.IdAccidente}` : 'Accidente'} />
        {!incident ? (
          <RecordMissing table="incidentes" lookup={record} />
        ) : (
          <>
            {record.status === 'encontrado' && record.source === 'servidor' && <ServerCopyNote table="incidentes" />}
            <RecordSyncNotice entries={entries} refused={refused} ofWhat="de este accidente" correctHref={refused && correctionHref(session, refused, incident)} />
            <p className="incident-chips">
              <span className="badge">{incident.Clasificacion}</span>
              {incident.Gravedad !== 'no_grave' && <span className="badge badge--error">{GRAVEDAD_LABELS[incident.Gravedad]}</span>}
              <span className="badge">{incident.Estado === 2 ? 'Cerrado' : 'Abierto'}</span>
            </p>
            <DiatCard incident={incident} canAct={canAct} />
            <GraveCard incident={incident} canAct={canAct} names={lookups?.names ?? new Map()} />
            <CaseSummary incident={incident} names={lookups?.names ?? new Map()} />
            <CardSection id="incidente-medidas-lista" title="Medidas de control">
              {measures ? <Measures measures={measures} today={today} /> : <PageLoading />}
            </CardSection>
            <Actions incident={incident} />
          </>
        )}
      </div>
    </PageContent>
  );
}

