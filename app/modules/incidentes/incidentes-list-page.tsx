import { formatDisplayDate } from '#sync/domain/dates.ts';
import { CLASIFICACIONES } from '#sync/domain/incident-form.ts';
import { GRAVEDAD_LABELS } from '#sync/domain/legal-clock.ts';
import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { todayInChile } from '#app/data/follow-up-queries.ts';
import { useQueuedRecordKeys } from '#app/data/reference-queries.ts';
import type { LocalIncidente } from '#app/db/incident-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { FilterPanel, SelectFilter } from '#app/ui/list-filters.tsx';
import { ListPage } from '#app/ui/list-page.tsx';
import {
  type IncidentFilters,
  isPendingCaseFilter,
  NO_INCIDENT_FILTERS,
  PENDING_CASE_FILTERS,
  type PendingCaseFilter,
  useIncidentList,
  useOpenReportDrafts,
} from './incidentes-queries.ts';
import { ReportDrafts } from './report-drafts.tsx';
import './incidentes-list.css';

const ROW_HEIGHT = { narrow: 112, wide: 72 };

function CaseRow({ incident, pending }: { incident: LocalIncidente; pending: boolean }) {
  return (
    <Link className="list-row incident-row" to={paths.incidentes.detalles.href(incident.IdEvaluacion)}>
      <span className="incident-row__title">
        N° {incident.IdAccidente} · {incident.Clasificacion}
      </span>
      <span className="incident-row__meta">
        {[formatDisplayDate(incident.FechaOcurrencia), incident.Lugar, incident.NombreAccidentado].filter(Boolean).join(' · ')}
      </span>
      <span className="incident-row__badges">
        <span className={`badge ${incident.Estado === 2 ? 'badge--success' : 'badge--info'}`}>{incident.Estado === 2 ? 'Cerrado' : 'Abierto'}</span>
        {incident.Gravedad !== 'no_grave' && <span className="badge badge--error">{GRAVEDAD_LABELS[incident.Gravedad]}</span>}
        {pending && <span className="badge badge--pending">Pendiente</span>}
      </span>
    </Link>
  );
}

const filtersAsked = (pendiente: string | null): IncidentFilters => ({ ...NO_INCIDENT_FILTERS, pendiente: isPendingCaseFilter(pendiente) ? pendiente : '' });

/**
 * The cases on this device (a contractor's device holds only its own), with the reports still being written.
 * `?pendiente=diat|medidas` (Inicio's links) opens it filtered to the cases waiting for that.
 */
export function IncidentesListPage() {
  const session = useRequiredSession();
  const [search] = useSearchParams();
  const asked = search.get('pendiente');
  const [filters, setFilters] = useState<IncidentFilters>(() => filtersAsked(asked));
  // A link to the list already open (the outlet keeps its page) applies the filter it asks for again.
  const [askedBefore, setAskedBefore] = useState(asked);
  if (asked !== askedBefore) {
    setAskedBefore(asked);
    if (asked !== null) setFilters(filtersAsked(asked));
  }
  const rows = useIncidentList(filters, todayInChile());
  const drafts = useOpenReportDrafts();
  const queued = useQueuedRecordKeys();
  const canCreate = hasPermission(session, paths.incidentes.list.href, 'crear');
  const onRange = useCallback(() => undefined, []);
  const set = (patch: Partial<IncidentFilters>) => setFilters((current) => ({ ...current, ...patch }));
  const active = [filters.clasificacion, filters.estado, filters.pendiente].filter(Boolean).length;

  return (
    <ListPage
      title="Incidentes"
      create={canCreate ? { href: paths.incidentes.nuevo.href, label: 'Reportar incidente' } : undefined}
      noun={{ one: 'caso', many: 'casos' }}
      ids={rows?.map((row) => row.IdEvaluacion)}
      filtered={filters.search.trim() !== '' || active > 0}
      noMatchMessage="Ningún caso coincide con la búsqueda y los filtros."
      onClearFilters={() => setFilters(NO_INCIDENT_FILTERS)}
      rowHeight={ROW_HEIGHT}
      renderRow={(index) => <CaseRow incident={rows![index]!} pending={queued?.has(recordKeyOf('incidentes', rows![index]!.IdEvaluacion)) ?? false} />}
      onRange={onRange}
    >
      {drafts && <ReportDrafts drafts={drafts} />}
      <div className="record-list__tools">
        <label className="list-page__search">
          <span>Buscar</span>
          <input type="search" value={filters.search} onChange={(event) => set({ search: event.target.value })} placeholder="Folio, lugar o accidentado" />
        </label>
        <FilterPanel id="incidentes-filtros" active={active}>
          <SelectFilter label="Clasificación" emptyLabel="Todas" value={filters.clasificacion} options={CLASIFICACIONES.map((value) => ({ value, label: value }))} onChange={(value) => set({ clasificacion: value as IncidentFilters['clasificacion'] })} />
          <SelectFilter
            label="Estado"
            emptyLabel="Todos"
            value={filters.estado}
            options={[
              { value: '1', label: 'Abierto' },
              { value: '2', label: 'Cerrado' },
            ]}
            onChange={(value) => set({ estado: value as IncidentFilters['estado'] })}
          />
          <SelectFilter
            label="Pendiente"
            emptyLabel="Todos"
            value={filters.pendiente}
            options={Object.entries(PENDING_CASE_FILTERS).map(([value, label]) => ({ value, label }))}
            onChange={(value) => set({ pendiente: value as '' | PendingCaseFilter })}
          />
        </FilterPanel>
      </div>
    </ListPage>
  );
}
