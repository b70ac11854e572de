import { Document, Page, Path, Rect, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import type { ComponentProps, ReactElement } from 'react';
import { formatDisplayDate, TIME_ZONE, toWireDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import type { EppActaReportData } from '#sync/schemas/epp-entregas.schema.ts';
import { qrPath } from './qr-path.ts';
import { FieldGrid, kit, PageFrame, REPORT_COLOURS, ReportHeading, SectionTitle } from './report-kit.tsx';
import { type PdfColumn, PdfTable, SIGNATURE_ROW_HEIGHT, SignatureRow } from './report-rows.tsx';

/**
 * The EPP delivery acta (spec 2.4): company, worker with RUT, the items with size, quantity, reason and date, both
 * signatures, the seal, and a QR code with the verification link. One per worker: a crew delivery prints one acta for
 * each, never one sheet for everyone. Image URLs must be drawable already (report-images.ts).
 */
export function EppActaReport({ data }: { data: EppActaReportData }) {
  const title = `Acta de entrega de EPP · ${data.Trabajador.Nombre}`;
  return (
    <Document
      title={title}
      author={data.Empresa.Nombre}
      subject="Acta de entrega de elementos de protección personal"
      creator="Andes HSE"
      producer="Andes HSE"
      language="es-CL"
    >
      <Page size="A4" style={kit.page} wrap>
        <PageFrame
          headerLeft={data.Empresa.Nombre}
          headerRight={`Acta ${formatRut(data.Trabajador.Rut)} · ${formatDisplayDate(data.Fecha)}`}
        />
        <ReportHeading
          company={data.Empresa}
          title="Acta de entrega de elementos de protección personal"
          subtitle="Registro firmado electrónicamente por el trabajador y por quien entrega"
        />
        {data.Anulada ? (
          <Text style={styles.annulled}>
            ACTA ANULADA el {displayInstant(data.Anulada.En)}
            {data.Anulada.Por ? ` por ${data.Anulada.Por}` : ''}. Se conserva con su sello; no acredita la entrega.
          </Text>
        ) : null}
        <FieldGrid
          columns={2}
          rows={[
            { Etiqueta: 'Trabajador', Valor: data.Trabajador.Nombre },
            { Etiqueta: 'RUT', Valor: formatRut(data.Trabajador.Rut) },
            { Etiqueta: 'Fecha de entrega', Valor: formatDisplayDate(data.Fecha) },
            { Etiqueta: 'Motivo de entrega', Valor: data.Motivo },
            { Etiqueta: 'Entregado por', Valor: data.Entregador.Nombre },
            { Etiqueta: 'RUT de quien entrega', Valor: formatRut(data.Entregador.Rut) },
            ...(data.Corrige ? [{ Etiqueta: 'Corrige el acta', Valor: data.Corrige }] : []),
          ]}
        />
        <SectionTitle keepWith={40}>Elementos entregados</SectionTitle>
        <PdfTable columns={ITEM_COLUMNS} rows={data.Items} />
        <Text style={styles.declaration}>
          El trabajador declara haber recibido gratuitamente y en buen estado los elementos de protección personal indicados, y haber sido
          instruido en su uso correcto y en su obligación de usarlos (Ley 16.744, art. 68; DS 594, art. 53).
        </Text>
        <View wrap={false}>
          <SectionTitle keepWith={SIGNATURE_ROW_HEIGHT}>Firmas</SectionTitle>
          <SignatureRow
            perRow={2}
            signatures={[
              { image: data.Entregador.Firma, name: data.Entregador.Nombre, rut: formatRut(data.Entregador.Rut), role: 'Entrega' },
              {
                image: data.FirmaTrabajador,
                name: data.Trabajador.Nombre,
                rut: formatRut(data.Trabajador.Rut),
                role: `Recibe · firmado el ${displayInstant(data.FirmadoEn)}`,
              },
            ]}
          />
        </View>
        <SealBlock data={data} />
      </Page>
    </Document>
  );
}

/** The acta as the element `pdf()` and `renderToBuffer()` take. */
export function eppActaReportElement(data: EppActaReportData): ReactElement<ComponentProps<typeof Document>> {
  return <EppActaReport data={data} />;
}

const QR_SIZE = 96;

/** The acta's lines: what was handed over, in which size, how many, and until when. */
const ITEM_COLUMNS: PdfColumn<EppActaReportData['Items'][number]>[] = [
  { header: 'EPP', share: 0.52, text: (item) => item.NombreEpp },
  { header: 'Talla', share: 0.14, text: (item) => item.Talla || 'Única' },
  { header: 'Cantidad', share: 0.12, text: (item) => String(item.Cantidad) },
  { header: 'Vence', share: 0.22, text: (item) => (item.VenceEl ? formatDisplayDate(item.VenceEl) : 'No vence') },
];

const styles = StyleSheet.create({
  annulled: { borderWidth: 1.5, borderColor: '#a5281b', color: '#a5281b', fontFamily: 'Helvetica-Bold', padding: 6, marginBottom: 10 },
  declaration: { marginTop: 10, color: REPORT_COLOURS.muted },
  seal: { flexDirection: 'row', marginTop: 14, borderWidth: 0.5, borderColor: REPORT_COLOURS.border, padding: 8 },
  sealText: { flex: 1, paddingRight: 10 },
  sealCode: { fontFamily: 'Courier', fontSize: 8, marginVertical: 3 },
  small: { fontSize: 7.5, color: REPORT_COLOURS.muted },
});

const timeFormat = new Intl.DateTimeFormat('es-CL', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });

/** "21/11/2026 12:04 (hora de Chile)". */
function displayInstant(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return `${formatDisplayDate(toWireDate(date))} ${timeFormat.format(date)} (hora de Chile)`;
}

function SealBlock({ data }: { data: EppActaReportData }) {
  return (
    <View style={styles.seal} wrap={false}>
      <View style={styles.sealText}>
        <Text style={kit.bold}>Sello del acta (SHA-256)</Text>
        <Text style={styles.sealCode}>{data.Sello}</Text>
        <Text style={styles.small}>
          Calculado en el dispositivo al firmar el trabajador ({data.FirmadoEn}) sobre la empresa, el RUT del trabajador, los elementos, sus
          tallas y cantidades, el motivo, las huellas de ambas firmas, el identificador de la entrega y la hora del dispositivo.
          {data.RecibidoEn ? ` Recibida por el servidor el ${displayInstant(data.RecibidoEn)}.` : ' Aún no recibida por el servidor.'}
        </Text>
        <Text style={[styles.small, { marginTop: 4 }]}>Verifique esta acta en:</Text>
        <Text style={styles.small}>{data.UrlVerificacion}</Text>
      </View>
      <QrCode text={data.UrlVerificacion} />
    </View>
  );
}

/** The verification link as a QR code, drawn as vector squares (no image, no canvas: the server draws it too). */
function QrCode({ text }: { text: string }) {
  const { path, side } = qrPath(text);
  return (
    <Svg width={QR_SIZE} height={QR_SIZE} viewBox={`0 0 ${side} ${side}`}>
      <Rect x={0} y={0} width={side} height={side} fill="#ffffff" />
      <Path d={path} fill="#000000" />
    </Svg>
  );
}
