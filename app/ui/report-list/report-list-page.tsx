import { toWireDate } from '#sync/domain/dates.ts';
import type { ReportList } from '#sync/records/report-list.ts';
import type { ReportListAnswer } from '#sync/schemas/report-list.schema.ts';
import type { ReactNode } from 'react';
import { apiRequest } from '#app/data/api-client.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { type FilterOptions, ReportFilterBar } from './report-filter-bar.tsx';
import type { RowLink } from './report-table.tsx';
import { ServerReportList } from './server-report-list.tsx';
import { useReportFilters } from './use-report-filters.ts';
import '#app/ui/records.css';

interface ReportListPageProps<Row> {
  list: ReportList<Row>;
  /** The list's call before its company (`/epp/consultas/asignados`): a GET with the filters in its query string. */
  path: string;
  /** The filter panel's id. */
  filtersId: string;
  options?: FilterOptions;
  rowLink?: (row: Row) => RowLink | null;
  /** Said without a connection: the list is the server's. */
  offline: string;
  /** Said instead of the filters and the list to a person who may not read them. */
  denied?: string | null;
  /** Under the title. */
  intro?: ReactNode;
  /** Said when nothing was ever there (no filter given), if it differs from the list's `empty`. */
  emptyUnfiltered?: string;
  /** Around the list (a card). */
  className?: string;
}

/** A report list's page: its title, its filters from the address, and its pages from the server with their CSV. */
export function ReportListPage<Row>(props: ReportListPageProps<Row>) {
  const { list, path, filtersId, options, rowLink, offline, denied, intro, emptyUnfiltered, className } = props;
  const session = useRequiredSession();
  const online = useOnlineStatus();
  const state = useReportFilters(list.filters);
  const company = session.empresa.IdEmpresa;
  const { given } = state;
  const filtered = Object.keys(given).length > 0;
  const report = (
    <ServerReportList
      label={list.label}
      queryKey={['report-list', path, company, given]}
      fetchPage={(page, signal) =>
        apiRequest<ReportListAnswer<Row>>(
          `${path}/${company}?${new URLSearchParams({ ...given, Pagina: String(page.Pagina), PorPagina: String(page.PorPagina) }).toString()}`,
          { signal },
        )
      }
      columns={list.columns}
      rowKey={list.rowKey}
      rowLink={rowLink}
      fileName={`${list.fileName}-${toWireDate(new Date())}`}
      emptyMessage={!filtered && emptyUnfiltered ? emptyUnfiltered : list.empty}
    />
  );
  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">{list.title}</h1>
        {intro}
        {!denied && <ReportFilterBar id={filtersId} filters={list.filters} state={state} options={options} />}
        {denied ? (
          <p className="notice notice--warning" role="alert">
            {denied}
          </p>
        ) : !online ? (
          <p className="notice notice--info">{offline}</p>
        ) : state.reversed ? null : className ? (
          <div className={className}>{report}</div>
        ) : (
          report
        )}
      </div>
    </PageContent>
  );
}
