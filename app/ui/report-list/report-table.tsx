import { cellText, type ReportColumn } from '#sync/records/report-list-columns.ts';
import { Link } from 'react-router-dom';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { ScrollTable } from '#app/ui/scroll-table.tsx';
import './server-report-list.css';

/** A column whose text the page computes (a dashboard's records): kept beside the described ones. */
export interface TextColumn<Row> {
  header: string;
  cell: (row: Row) => string;
  wrap?: boolean;
}
export type AnyReportColumn<Row> = ReportColumn<Row> | TextColumn<Row>;

/** A link from a row to what it is about; `more` completes its name for a screen reader only. */
export interface RowLink {
  href: string;
  label: string;
  more?: string;
}

type Levels = Parameters<typeof levelName>[0];

/** A column's header as the company names its levels. */
export const headerOf = (column: AnyReportColumn<never>, session: Levels) =>
  typeof column.header === 'string' ? column.header : levelName(session, column.header.level);

/** A column's text of a row, on screen or in the CSV. */
export const textOf = <Row,>(column: AnyReportColumn<Row>, row: Row, target: 'screen' | 'csv') =>
  'cell' in column ? column.cell(row) : cellText(column, row, target);

interface ReportTableProps<Row> {
  label: string;
  columns: readonly AnyReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** A link from each row, in a last column "Ver" that stays in sight while the table scrolls sideways. */
  rowLink?: (row: Row) => RowLink | null;
}

/** A report's table: its columns' headers and texts, and each row's link. */
export function ReportTable<Row>({ label, columns, rows, rowKey, rowLink }: ReportTableProps<Row>) {
  const session = useRequiredSession();
  const headers = columns.map((column) => headerOf(column as AnyReportColumn<never>, session));
  return (
    <ScrollTable label={label} className="server-report__table">
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
          {rowLink && (
            <th scope="col" className="server-report__link">
              Ver
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const link = rowLink?.(row);
          return (
            <tr key={rowKey(row)}>
              {columns.map((column, index) => (
                <td key={headers[index]} className={column.wrap ? 'server-report__wrap' : undefined}>
                  {textOf(column, row, 'screen')}
                </td>
              ))}
              {rowLink && (
                <td className="server-report__link">
                  {link ? (
                    <Link to={link.href}>
                      {link.label}
                      {link.more && <span className="visually-hidden">{link.more}</span>}
                    </Link>
                  ) : null}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
