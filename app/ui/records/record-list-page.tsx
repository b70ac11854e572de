import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { entityOf, type EntityTable } from '#sync/records/entities.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { downloadOutline, trashOutline } from 'ionicons/icons';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueuedRecordKeys } from '#app/data/reference-queries.ts';
import type { LocalRows } from '#app/db/reference-rows.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { FilterPanel, SelectFilter } from '#app/ui/list-filters.tsx';
import { ListPage } from '#app/ui/list-page.tsx';
import { downloadCsv, toCsv } from './record-csv.ts';
import type { RecordView } from './record-view.ts';
import { useDeleteRecords } from './use-delete-records.ts';
import { fieldText, matching, rowName, useRecordRows } from './use-record-rows.ts';
import './record-list.css';

const ROW_HEIGHT = 64;

/** "Toda la empresa · Obras civiles": what a row says under its name. */
function summaryOf<T extends EntityTable, Lookups>(view: RecordView<T, Lookups>, row: LocalRows[T], lookups: Lookups): string {
  if (view.summary) return view.summary(row, lookups);
  return view.fields
    .filter((field) => field.inList !== false)
    .map((field) => fieldText(field, row, lookups))
    .filter(Boolean)
    .join(' · ');
}

/**
 * The kit's list of a described record: search, virtual scrolling, CSV export of what is shown, and for those who
 * may delete, a selection to delete one or many at once. `actions` adds the module's own buttons next to the export
 * (a CSV load).
 */
export function RecordListPage<T extends EntityTable, Lookups>({
  view,
  actions,
  children,
}: {
  view: RecordView<T, Lookups>;
  actions?: ReactNode;
  /** Above the search: what the module adds to its list (the deliveries still being signed here). */
  children?: ReactNode;
}) {
  const session = useRequiredSession();
  const entity = entityOf(view.table);
  const lookups = view.useLookups?.();
  const rows = useRecordRows(view);
  const queued = useQueuedRecordKeys();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Readonly<Record<string, string>>>({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const deleteRecords = useDeleteRecords(view, lookups);
  const canCreate = hasPermission(session, entity.permission, 'crear');
  const canDelete = view.deletable !== false && hasPermission(session, entity.permission, 'eliminar');
  const ready = rows && (view.useLookups === undefined || lookups !== undefined) ? rows : undefined;
  const shown = useMemo(() => {
    if (!ready) return undefined;
    const filtered = ready.filter((row) =>
      (view.filters ?? []).every((filter) => !chosen[filter.name] || filter.matches(row, chosen[filter.name]!)),
    );
    return matching(view, filtered, lookups as Lookups, search);
  }, [ready, view, lookups, search, chosen]);
  const activeFilters = Object.values(chosen).filter(Boolean).length;
  const idOf = useCallback((row: LocalRows[T]) => String((row as Record<string, unknown>)[entity.id]), [entity.id]);
  const onRange = useCallback(() => undefined, []);

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const exportCsv = () => {
    if (!shown) return;
    const header = view.fields.map((field) => field.label);
    const lines = shown.map((row) => view.fields.map((field) => fieldText(field, row, lookups as Lookups)));
    downloadCsv(`${view.title.toLocaleLowerCase('es').replace(/\s+/g, '-')}.csv`, toCsv(header, lines));
  };
  const removeSelected = async () => {
    const chosen = (shown ?? []).filter((row) => selected.has(idOf(row)));
    if ((await deleteRecords(chosen)) > 0) setSelected(new Set());
  };

  const renderRow = (index: number) => {
    const row = shown![index]!;
    const id = idOf(row);
    const name = rowName(view, row, lookups as Lookups);
    return (
      <div className="record-row">
        {canDelete && (
          <input
            type="checkbox"
            className="record-row__check"
            aria-label={`Seleccionar ${name}`}
            checked={selected.has(id)}
            onChange={() => toggle(id)}
          />
        )}
        <Link className="list-row record-row__link" to={view.routes.detalles.href(id)}>
          <span className="simple-list__main">{name}</span>{' '}
          <span className="simple-list__meta">
            {summaryOf(view, row, lookups as Lookups)}
            {view.badge?.(row)}
            {queued?.has(recordKeyOf(view.table, id)) && (
              <>
                {' '}
                <span className="badge badge--pending">Pendiente</span>
              </>
            )}
          </span>
        </Link>
      </div>
    );
  };

  return (
    <ListPage
      title={view.title}
      create={canCreate ? { href: view.routes.nuevo.href, label: view.labels.create } : undefined}
      noun={entity.noun}
      ids={shown?.map(idOf)}
      filtered={search.trim() !== '' || activeFilters > 0}
      noMatchMessage="Ningún registro coincide con la búsqueda y los filtros."
      onClearFilters={() => {
        setSearch('');
        setChosen({});
      }}
      rowHeight={ROW_HEIGHT}
      renderRow={renderRow}
      onRange={onRange}
      listLabel={view.listLabel}
    >
      {children}
      <div className="record-list__tools">
        <label className="list-page__search">
          <span>Buscar</span>
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Nombre u otro dato" />
        </label>
        {view.filters && lookups !== undefined && (
          <FilterPanel id={`${view.table}-filtros`} active={activeFilters}>
            {view.filters.map((filter) => (
              <SelectFilter
                key={filter.name}
                label={filter.label}
                emptyLabel={filter.emptyLabel}
                value={chosen[filter.name] ?? ''}
                options={filter.options(lookups)}
                onChange={(value) => setChosen((current) => ({ ...current, [filter.name]: value }))}
              />
            ))}
          </FilterPanel>
        )}
        <div className="record-list__actions">
          {actions}
          <IonButton fill="outline" color="dark" size="small" onClick={exportCsv} disabled={!shown?.length}>
            <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
            Exportar CSV
          </IonButton>
          {canDelete && selected.size > 0 && (
            <IonButton fill="outline" color="danger" size="small" onClick={() => void removeSelected()}>
              <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
              Eliminar seleccionados ({selected.size})
            </IonButton>
          )}
        </div>
      </div>
    </ListPage>
  );
}
