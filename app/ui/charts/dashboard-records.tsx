import type { DashboardDef } from '#sync/records/indicator.ts';
import type { ReportListAnswer } from '#sync/schemas/report-list.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import type { ReportColumn } from '#sync/records/report-list-columns.ts';
import { ServerReportList } from '#app/ui/report-list/server-report-list.tsx';
import { dashboardQueryString } from './dashboard-filters.ts';
import type { DrillDown } from './dashboard-page.tsx';

interface DashboardRecordsProps<Row> {
  dashboard: DashboardDef;
  /** The call under /<base>/dashboard/ that lists them ('registros'). */
  path: string;
  selection: DrillDown;
  /** What the call takes besides the dashboard's filters: the indicator and the point's `registros`. */
  params?: Record<string, string>;
  label: string;
  columns: ReportColumn<Row>[];
  rowKey: (row: Row) => string;
  rowLink?: (row: Row) => { href: string; label: string } | null;
  fileName: string;
  emptyMessage: string;
}

/** The records behind a dashboard's chart or value: the server's list, a page at a time, with its CSV. */
export function DashboardRecords<Row>({ dashboard, path, selection, params = {}, ...list }: DashboardRecordsProps<Row>) {
  const company = useRequiredSession().empresa.IdEmpresa;
  const query = new URLSearchParams(dashboardQueryString(selection.filters));
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const url = `/${dashboard.base}/dashboard/${path}/${company}?${query.toString()}`;
  return (
    <ServerReportList<Row>
      {...list}
      queryKey={[dashboard.base, 'dashboard', path, company, query.toString()]}
      fetchPage={(page, signal) => apiRequest<ReportListAnswer<Row>>(`${url}&Pagina=${page.Pagina}&PorPagina=${page.PorPagina}`, { signal })}
      headed={false}
    />
  );
}
