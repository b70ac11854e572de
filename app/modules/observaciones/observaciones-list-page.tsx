import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatNumber } from '#sync/domain/number-format.ts';
import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { IonContent } from '@ionic/react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  type FollowUpFilters,
  hasFilters,
  isOverdue,
  NO_FOLLOW_UP_FILTERS,
  OBSERVATION_STATE_LABELS,
  observationLight,
  observationState,
  todayInChile,
  useContractorRutsOfInspections,
  useTemplateOptions,
} from '#app/data/follow-up-queries.ts';
import { useNiveles, useQueuedRecordKeys } from '#app/data/reference-queries.ts';
import type { LocalObservacion } from '#app/db/inspection-rows.ts';
import { paths } from '#app/routes/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { FollowUpFilterBar } from '#app/ui/follow-up-filters.tsx';
import { TrafficLight } from '#app/ui/traffic-light.tsx';
import { VirtualList } from '#app/ui/virtual-list.tsx';
import { alignedWindow, useObservationList, useObservationWindow } from './use-observaciones-list.ts';
import '#app/ui/records.css';
import './observaciones.css';

const ROW_HEIGHT = 84;

function ObservationRow({ observation, today, pending }: { observation: LocalObservacion; today: string; pending: boolean }) {
  const overdue = isOverdue(observation, today);
  return (
    <Link className="observation-row" to={paths.observaciones.detalles.href(observation.IdObservacion)}>
      <span className="observation-row__light">
        <TrafficLight semaforo={observationLight(observation, today)} />
      </span>
      <span className="observation-row__text">{observation.Observacion}</span>
      <span className="observation-row__statement">{observation.Enunciado ?? (observation.TipoObs === 'General' ? 'Observación general' : observation.TipoObs)}</span>
      <span className="observation-row__responsible">
        <span className="visually-hidden">Responsable: </span>
        {observation.Responsable || 'Sin responsable'}
      </span>
      <span className="observation-row__deadline">
        {observation.Plazo ? `Plazo ${formatDisplayDate(observation.Plazo)}` : 'Sin plazo'}
        {overdue && <span className="badge badge--error">Vencida</span>}
      </span>
      <span className="observation-row__state">
        <span className="badge">{OBSERVATION_STATE_LABELS[observationState(observation)]}</span>
        {pending && <span className="badge badge--pending">Pendiente de envío</span>}
      </span>
    </Link>
  );
}

export function ObservacionesListPage() {
  const session = useRequiredSession();
  const today = todayInChile();
  const [filters, setFilters] = useState<FollowUpFilters>(NO_FOLLOW_UP_FILTERS);
  const [range, setRange] = useState(() => alignedWindow(0, 0));
  const list = useObservationList(filters, today);
  const ids = list?.ids;
  const block = useObservationWindow(ids, range.start, range.end);
  const templates = useTemplateOptions();
  const levels2 = useNiveles(2);
  const levels3 = useNiveles(3);
  const contractors = useContractorRutsOfInspections();
  const queued = useQueuedRecordKeys();
  const filtered = hasFilters(filters);

  const onRange = useCallback(
    (start: number, end: number) =>
      setRange((current) => {
        const next = alignedWindow(start, end);
        return next.start === current.start && next.end === current.end ? current : next;
      }),
    [],
  );

  const renderRow = (index: number) => {
    const head = list?.head;
    const visible = head && index < head.rows.length ? head : block && index >= block.start && index < block.start + block.rows.length ? block : undefined;
    const observation = visible?.rows[index - visible.start];
    if (!observation || observation.IdObservacion !== ids?.[index]) return <div className="observation-row observation-row--loading" aria-hidden="true" />;
    return <ObservationRow observation={observation} today={today} pending={queued?.has(recordKeyOf('observaciones', observation.IdObservacion)) ?? false} />;
  };

  return (
    <IonContent scrollY={false}>
      <div className="list-page">
        <div className="list-page__head">
          <div className="list-page__title-row">
            <h1 className="page-title">Observaciones</h1>
          </div>
          <FollowUpFilterBar
            id="observation-filters"
            filters={filters}
            onChange={setFilters}
            options={{ templates, levels2, levels3, contractors: isContractorUser(session) ? undefined : contractors }}
            level2Label={levelName(session, 2)}
            level3Label={levelName(session, 3)}
            today={today}
            withState
          />
          <p className="muted list-page__count" role="status">
            {ids === undefined ? 'Cargando observaciones…' : ids.length === 1 ? '1 observación' : `${formatNumber(ids.length)} observaciones`}
          </p>
        </div>
        {ids === undefined ? (
          <PageLoading label="Cargando observaciones…" />
        ) : ids.length === 0 ? (
          <div className="list-page__empty">
            <p className="notice notice--info">
              {filtered ? 'Ninguna observación coincide con los filtros.' : 'Aún no hay observaciones en este dispositivo. Se descargan al sincronizar con conexión.'}
            </p>
          </div>
        ) : (
          <VirtualList count={ids.length} rowHeight={ROW_HEIGHT} label="Lista de observaciones" renderRow={renderRow} onRange={onRange} />
        )}
      </div>
    </IonContent>
  );
}
