import { MAX_REPORT_PAGE, type ReportListAnswer } from '#sync/schemas/report-list.schema.ts';
import { formatNumber } from '#sync/domain/number-format.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadOutline } from 'ionicons/icons';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { errorMessage } from '#app/data/api-error.ts';
import { ErrorState } from '#app/ui/feedback/error-state.tsx';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useNotice } from '#app/ui/feedback/use-notice.ts';
import { downloadCsv, toCsv } from '#app/ui/records/record-csv.ts';
import './server-report-list.css';
import { useRequiredSession } from '#app/session/use-session.ts';
import { cellText, type ReportColumn } from '#sync/records/report-list-columns.ts';
import { headerOf, ReportTable, type RowLink } from './report-table.tsx';

export interface ServerReportListProps<Row> {
  /** Names the table (its caption) and the region around it. */
  label: string;
  /** Identifies the filters: a new key asks page 1 again. */
  queryKey: readonly unknown[];
  /** One page of rows from the server, with the total that match. */
  fetchPage: (page: { Pagina: number; PorPagina: number }, signal?: AbortSignal) => Promise<ReportListAnswer<Row>>;
  columns: readonly ReportColumn<Row>[];
  rowKey: (row: Row) => string;
  /** A link from a row to what it is about (a certificate, a record), in a last column. */
  rowLink?: (row: Row) => RowLink | null;
  /** The CSV's file name, without ".csv". */
  fileName: string;
  pageSize?: number;
  /** False while the filters are not valid: nothing is asked. */
  enabled?: boolean;
  /** Said when nothing matches. */
  emptyMessage?: string;
  /** Between the count and the table (the page's own actions). */
  children?: ReactNode;
  /**
   * False under a heading that already names the list (a dashboard's records panel): the label then names the
   * region without being written a second time.
   */
  headed?: boolean;
}

/**
 * A list too big for the device (reports, "consultas"): asked to the server a page at a time with the page's
 * filters, and exported whole to CSV for Excel in Chile (every page; UTF-8 with BOM, `;` separators, CRLF: `toCsv`).
 */
export function ServerReportList<Row>({
  label,
  queryKey,
  fetchPage,
  columns,
  rowKey,
  rowLink,
  fileName,
  pageSize = 50,
  enabled = true,
  emptyMessage = 'Ningún registro coincide con los filtros.',
  children,
  headed = true,
}: ServerReportListProps<Row>) {
  const id = useId();
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const notify = useNotice();
  const session = useRequiredSession();
  const key = JSON.stringify(queryKey);
  useEffect(() => setPage(1), [key]);
  const query = useQuery({
    queryKey: ['informe', ...queryKey, page, pageSize],
    queryFn: ({ signal }) => fetchPage({ Pagina: page, PorPagina: pageSize }, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: Row[] = [];
      for (let next = 1; next === 1 || rows.length < total; next += 1) {
        const answer = await fetchPage({ Pagina: next, PorPagina: MAX_REPORT_PAGE });
        rows.push(...answer.data);
        if (answer.data.length < MAX_REPORT_PAGE) break;
      }
      const headers = columns.map((column) => headerOf(column as ReportColumn<never>, session));
      downloadCsv(`${fileName}.csv`, toCsv(headers, rows.map((row) => columns.map((column) => cellText(column, row, 'csv')))));
    } catch (error) {
      notify({ message: errorMessage(error), tone: 'error' });
    } finally {
      setExporting(false);
    }
  };

  if (!enabled) return null;
  if (query.isPending) return <PageLoading label="Consultando el informe…" />;
  if (query.isError && !query.data)
    return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const rows = query.data?.data ?? [];
  return (
    <section
      className="server-report"
      {...(headed ? { 'aria-labelledby': `${id}-title` } : { 'aria-label': label })}
      aria-busy={query.isFetching}
    >
      <div className="server-report__head">
        {headed && (
          <h2 id={`${id}-title`} className="server-report__title">
            {label}
          </h2>
        )}
        <p className="muted server-report__count" role="status">
          {total === 1 ? '1 registro' : `${formatNumber(total)} registros`}
        </p>
        <IonButton fill="outline" color="dark" size="small" onClick={() => void exportCsv()} disabled={total === 0 || exporting}>
          <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
          {exporting ? 'Exportando…' : 'Exportar CSV'}
        </IonButton>
      </div>
      {children}
      {rows.length === 0 ? (
        <p className="notice notice--info">{emptyMessage}</p>
      ) : (
        <ReportTable label={label} columns={columns} rows={rows} rowKey={rowKey} rowLink={rowLink} />
      )}
      {pages > 1 && (
        <nav className="server-report__pages" aria-label={`Páginas de ${label.toLocaleLowerCase('es')}`}>
          <IonButton fill="outline" color="dark" size="small" disabled={page <= 1 || query.isFetching} onClick={() => setPage(page - 1)}>
            Anterior
          </IonButton>
          <span className="muted">{`Página ${page} de ${pages}`}</span>
          <IonButton
            fill="outline"
            color="dark"
            size="small"
            disabled={page >= pages || query.isFetching}
            onClick={() => setPage(page + 1)}
          >
            Siguiente
          </IonButton>
        </nav>
      )}
    </section>
  );
}
