import { cellText, type ReportColumn } from '#sync/records/report-list-columns.ts';
import { Link } from 'react-router-dom';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { ScrollTable } from '#app/ui/scroll-table.tsx';
import './server-report-list.css';

/** A link from a row to what it is about; `more` completes its name for a screen reader only. */
export interface RowLink {
  href: string;
  label: string;
  more?: string;
}

type Levels = Parameters<typeof levelName>[0];

/** A column's header as the company names its levels. */
export const headerOf = (column: ReportColumn<never>, session: Levels) =>
  typeof column.header === 'string' ? column.header : levelName(session, column.header.level);


interface ReportTableProps<Row> {
  label: string;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** A link from each row, in a last column "Ver" that stays in sight while the table scrolls sideways. */
  rowLink?: (row: Row) => RowLink | null;
}

/** A report's table: its columns' headers and texts, and each row's link. */
export function ReportTable<Row>({ label, columns, rows, rowKey, rowLink }: ReportTableProps<Row>) {
  const session = useRequiredSession();
  const headers = columns.map((column) => headerOf(column as ReportColumn<never>, session));
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
                  {cellText(column, row, 'screen')}
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
