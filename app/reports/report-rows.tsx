import { StyleSheet, Text, View } from '@react-pdf/renderer';
import type { ReportImage } from '#sync/records/record-fields.ts';
import { CONTENT_WIDTH, ImageBox, kit, REPORT_COLOURS } from './report-kit.tsx';

/**
 * Rows a report repeats: a table of lines (an acta's items, a worker's deliveries) and a row of signatures (who
 * delivered and who received, a participant and the presenters). Pure @react-pdf, drawn on the device and the server.
 */

/** A column of a PDF table: its header, its share of the page's width, and each row's text. */
export interface PdfColumn<Row> {
  header: string;
  share: number;
  text: (row: Row) => string;
  /** A code (an acta's verification code): monospaced and smaller. */
  code?: boolean;
}

const GAP = 8;

const styles = StyleSheet.create({
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: REPORT_COLOURS.border, paddingVertical: 4 },
  head: { backgroundColor: REPORT_COLOURS.band, fontFamily: 'Helvetica-Bold' },
  cell: { paddingHorizontal: 3 },
  code: { fontFamily: 'Courier', fontSize: 7.5 },
  signatures: { flexDirection: 'row', flexWrap: 'wrap' },
  signature: { alignItems: 'center', marginBottom: 12 },
  signatureLine: { width: '90%', borderTopWidth: 0.5, borderTopColor: REPORT_COLOURS.text, marginTop: 2, marginBottom: 3 },
  centred: { textAlign: 'center' },
});

interface PdfTableProps<Row> {
  columns: readonly PdfColumn<Row>[];
  rows: readonly Row[];
  /** Each row's key; its place in the list when the rows have no id. */
  rowKey?: (row: Row) => string;
}

/** A table whose rows never break across pages, its header band first. */
export function PdfTable<Row>({ columns, rows, rowKey }: PdfTableProps<Row>) {
  const width = (column: PdfColumn<Row>) => ({ width: CONTENT_WIDTH * column.share });
  return (
    <>
      <View style={[styles.row, styles.head]} wrap={false}>
        {columns.map((column) => (
          <Text key={column.header} style={[styles.cell, width(column)]}>
            {column.header}
          </Text>
        ))}
      </View>
      {rows.map((row, index) => (
        <View key={rowKey?.(row) ?? index} style={styles.row} wrap={false}>
          {columns.map((column) => (
            <Text key={column.header} style={column.code ? [styles.cell, styles.code, width(column)] : [styles.cell, width(column)]}>
              {column.text(row)}
            </Text>
          ))}
        </View>
      ))}
    </>
  );
}

/** Who signed: their signature over a line, their name, RUT (as printed) and role. */
export interface PdfSignature {
  image: ReportImage | null;
  name: string;
  rut: string;
  role: string;
}

/** Signatures side by side, `perRow` to a row, kept together on one page. */
export function SignatureRow({ signatures, perRow }: { signatures: readonly PdfSignature[]; perRow: 2 | 3 }) {
  const width = (CONTENT_WIDTH - (perRow - 1) * GAP) / perRow;
  return (
    <View style={styles.signatures} wrap={false}>
      {signatures.map((signature, index) => (
        <View key={`${index}-${signature.name}`} style={[styles.signature, { width, marginRight: index % perRow === perRow - 1 ? 0 : GAP }]}>
          <ImageBox url={signature.image?.Url ?? ''} width={width - 24} height={62} missingLabel="Firma no disponible" />
          <View style={styles.signatureLine} />
          <Text style={[styles.centred, kit.bold]}>{signature.name}</Text>
          {signature.rut ? <Text style={styles.centred}>RUT {signature.rut}</Text> : null}
          <Text style={[styles.centred, kit.muted]}>{signature.role}</Text>
        </View>
      ))}
    </View>
  );
}

/** The height a signature row keeps its title with (SectionTitle's keepWith). */
export const SIGNATURE_ROW_HEIGHT = 120;
