import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { ComponentProps, ReactElement } from 'react';
import type { DashboardReportChart, DashboardReportData } from './dashboard-report-data.ts';
import { CONTENT_WIDTH, FieldGrid, ImageBox, kit, PageFrame, REPORT_COLOURS, ReportHeading } from './report-kit.tsx';

/**
 * A dashboard as a PDF (issue 28, for the monthly committee report): the company, the dashboard's title and its
 * filters, then each chart under its title and figure, with its formula and what it could not count. A chart never
 * splits across pages.
 */
export function DashboardReport({ data }: { data: DashboardReportData }) {
  return (
    <Document
      title={data.Titulo}
      author={data.Empresa.Nombre}
      subject={`${data.Titulo}: ${data.Filtros.map((filtro) => `${filtro.Etiqueta} ${filtro.Valor}`).join(', ')}`}
      creator="Andes HSE"
      producer="Andes HSE"
      language="es-CL"
    >
      <Page size="A4" style={kit.page} wrap>
        <PageFrame headerLeft={data.Empresa.Nombre} headerRight={data.Titulo} />
        <ReportHeading company={data.Empresa} title={data.Titulo} subtitle={`Generado el ${data.Generado}`} />
        <FieldGrid columns={2} rows={data.Filtros} />
        {data.Graficos.map((chart) => (
          <Chart key={chart.Titulo} chart={chart} />
        ))}
      </Page>
    </Document>
  );
}

function Chart({ chart }: { chart: DashboardReportChart }) {
  const height = Math.min(CONTENT_WIDTH * chart.Proporcion, 520);
  return (
    <View style={styles.chart} wrap={false}>
      <View style={styles.head}>
        <Text style={styles.title}>{chart.Titulo}</Text>
        {chart.Total !== null ? <Text style={styles.total}>{chart.Total}</Text> : null}
      </View>
      {chart.Imagen ? (
        <ImageBox url={chart.Imagen.Url} width={CONTENT_WIDTH} height={height} missingLabel="Gráfico no disponible" />
      ) : (
        <Text style={kit.muted}>{chart.SinImagen ?? 'Sin datos en el período.'}</Text>
      )}
      {chart.Imagen ? <Text style={styles.values}>{chart.Valores}</Text> : null}
      {chart.Formula ? <Text style={styles.formula}>Fórmula: {chart.Formula}</Text> : null}
      {chart.Avisos.map((aviso) => (
        <Text key={aviso} style={styles.notice}>
          Aviso: {aviso}
        </Text>
      ))}
    </View>
  );
}

export function dashboardReportElement(data: DashboardReportData): ReactElement<ComponentProps<typeof Document>> {
  return <DashboardReport data={data} />;
}

const styles = StyleSheet.create({
  chart: { marginTop: 14, paddingTop: 6, borderTopWidth: 0.5, borderTopColor: REPORT_COLOURS.border },
  head: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'baseline', marginBottom: 4 },
  title: { fontFamily: 'Helvetica-Bold', fontSize: 11, maxWidth: CONTENT_WIDTH * 0.75 },
  total: { fontFamily: 'Helvetica-Bold', fontSize: 13 },
  values: { marginTop: 4, color: REPORT_COLOURS.muted, fontSize: 7.5 },
  formula: { marginTop: 4 },
  notice: { marginTop: 2, color: REPORT_COLOURS.muted },
});
