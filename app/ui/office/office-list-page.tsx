import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import type { OfficeKind } from '#sync/records/office-records.ts';
import { fold } from '#app/db/reference-rows.ts';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { ListTitleRow } from '#app/ui/list-title-row.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PendingOfficeWrites } from './pending-office-writes.tsx';
import '#app/ui/records.css';
import './office.css';

interface OfficeListPageProps<T> {
  title: string;
  noun: { one: string; many: string };
  create?: { href: string; label: string };
  kind: OfficeKind;
  /** The list's query key, read again as this device's queued writes of `kind` reach the server. */
  queryKey: QueryKey;
  query: UseQueryResult<T[]>;
  /** The text the search looks into (any case, any accent). */
  searchText: (item: T) => string;
  keyOf: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** Above the list: actions on a selection. */
  tools?: (shown: T[]) => ReactNode;
}

/** An office list read online (SPEC OF1): search, what this device has not sent yet, and one line per record. */
export function OfficeListPage<T>({
  title,
  noun,
  create,
  kind,
  queryKey,
  query,
  searchText,
  keyOf,
  renderItem,
  tools,
}: OfficeListPageProps<T>) {
  const [search, setSearch] = useState('');
  const filter = useMemo(() => {
    const words = fold(search).split(/\s+/).filter(Boolean);
    return (items: T[]) => items.filter((item) => words.every((word) => fold(searchText(item)).includes(word)));
  }, [search, searchText]);

  return (
    <PageContent>
      <div className="page-body">
        <ListTitleRow title={title} create={create} />
        <PendingOfficeWrites kind={kind} refresh={queryKey} />
        <label className="list-page__search">
          <span>Buscar</span>
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Nombre, correo, RUT…" />
        </label>
        <QueryView query={query}>
          {(items) => {
            const shown = filter(items);
            return (
              <>
                <p className="muted list-page__count" role="status">
                  {shown.length === 1 ? `1 ${noun.one}` : `${shown.length} ${noun.many}`}
                </p>
                {tools?.(shown)}
                {shown.length === 0 ? (
                  <p className="notice notice--info">
                    {items.length === 0 ? `Aún no hay ${noun.many}.` : 'Ningún registro coincide con la búsqueda.'}
                  </p>
                ) : (
                  <section className="card card--flush">
                    <ul className="office-list" aria-label={`Lista de ${noun.many}`}>
                      {shown.map((item) => (
                        <li key={keyOf(item)}>{renderItem(item)}</li>
                      ))}
                    </ul>
                  </section>
                )}
              </>
            );
          }}
        </QueryView>
      </div>
    </PageContent>
  );
}
