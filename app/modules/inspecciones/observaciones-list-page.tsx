import { formatDisplayDate } from '#sync/domain/dates.ts';
import { reviewState } from '#sync/domain/review-state.ts';
import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { Link } from 'react-router-dom';
import { observationLight } from '#app/data/follow-up-queries.ts';
import { useQueuedRecordKeys } from '#app/data/reference-queries.ts';
import { useFollowUpList } from '#app/data/use-follow-up-list.ts';
import type { LocalObservacion } from '#app/db/inspection-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { FollowUpFilterBar } from '#app/ui/follow-up-filters.tsx';
import { ListPage } from '#app/ui/list-page.tsx';
import { TrafficLight } from '#app/ui/traffic-light.tsx';
import { ReviewStateChip } from '#app/ui/review/review-state-chip.tsx';
import { useObservationList, useObservationWindow } from './use-observaciones-list.ts';
import '#app/ui/records.css';
import './observaciones.css';

const ROW_HEIGHT = 92;

function ObservationRow({ observation, today, pending }: { observation: LocalObservacion; today: string; pending: boolean }) {
  return (
    <Link className="list-row observation-row" to={paths.observaciones.detalles.href(observation.IdObservacion)}>
      <span className="observation-row__status">
        <TrafficLight semaforo={observationLight(observation, today)} />
        <ReviewStateChip state={reviewState(observation, today)} />
      </span>
      <span className="observation-row__text">{observation.Observacion}</span>
      <span className="observation-row__statement">{observation.Enunciado ?? (observation.TipoObs === 'General' ? 'Observación general' : observation.TipoObs)}</span>
      <span className="observation-row__responsible">
        <span className="visually-hidden">Responsable: </span>
        {observation.Responsable || 'Sin responsable'}
      </span>
      <span className="observation-row__deadline">
        {observation.Plazo ? `Plazo ${formatDisplayDate(observation.Plazo)}` : 'Sin plazo'}
      </span>
      <span className="observation-row__pending">{pending && <span className="badge badge--pending">Pendiente de envío</span>}</span>
    </Link>
  );
}

export function ObservacionesListPage() {
  const { today, filtered, ids, windowAt, onRange, filterBar } = useFollowUpList(useObservationList, useObservationWindow);
  const queued = useQueuedRecordKeys();

  const renderRow = (index: number) => {
    const visible = windowAt(index);
    const observation = visible?.rows[index - visible.start];
    if (!observation || observation.IdObservacion !== ids?.[index]) return <div className="list-row list-row--loading" aria-hidden="true" />;
    return <ObservationRow observation={observation} today={today} pending={queued?.has(recordKeyOf('observaciones', observation.IdObservacion)) ?? false} />;
  };

  return (
    <ListPage
      title="Observaciones"
      noun={{ one: 'observación', many: 'observaciones' }}
      ids={ids}
      filtered={filtered}
      noMatchMessage="Ninguna observación coincide con los filtros."
      rowHeight={ROW_HEIGHT}
      renderRow={renderRow}
      onRange={onRange}
    >
      <FollowUpFilterBar id="observation-filters" {...filterBar} withState />
    </ListPage>
  );
}
