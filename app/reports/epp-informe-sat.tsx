import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { ComponentProps, ReactElement } from 'react';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { VALIDITY_LABELS } from '#sync/domain/validity.ts';
import type { InformeSatLinea, InformeSatReportData } from '#sync/schemas/epp-consultas.schema.ts';
import { CONTENT_WIDTH, FieldGrid, kit, PageFrame, REPORT_COLOURS, ReportHeading, type ReportSection, ReportSections } from './report-kit.tsx';

/**
 * The informe SAT (spec epp/informe_sat): what one worker holds today, since when and until when, with the acta each
 * item was signed in (its verification code), and every delivery before, annulled ones marked. For an inspector.
 */
export function EppInformeSat({ data }: { data: InformeSatReportData }) {
  const worker = data.Trabajador;
  const sections: ReportSection[] = [
    { title: 'EPP que tiene hoy', keepWith: 40, empty: 'No tiene epp entregado.', body: data.Vigentes.length ? <Lines lines={data.Vigentes} withState /> : null },
    { title: 'Historial de entregas', keepWith: 40, empty: 'No tiene entregas anteriores.', body: data.Historial.length ? <Lines lines={data.Historial} withState={false} /> : null },
  ];
  return (
    <Document title={`Informe SAT · ${worker.Nombre}`} author={data.Empresa.Nombre} subject="Informe SAT de elementos de protección personal" creator="Andes HSE" producer="Andes HSE" language="es-CL">
      <Page size="A4" style={kit.page} wrap>
        <PageFrame headerLeft={data.Empresa.Nombre} headerRight={`Informe SAT ${formatRut(worker.RunPersona)}`} />
        <ReportHeading company={data.Empresa} title="Informe SAT de elementos de protección personal" subtitle={`Estado al ${formatDisplayDate(data.Fecha)}`} />
        <FieldGrid
          columns={2}
          rows={[
            { Etiqueta: 'Trabajador', Valor: worker.Nombre },
            { Etiqueta: 'RUT', Valor: formatRut(worker.RunPersona) },
            { Etiqueta: 'Cargo', Valor: worker.Cargos },
            { Etiqueta: 'Contratista', Valor: worker.RutContratista ? `RUT ${formatRut(worker.RutContratista)}` : 'Personal propio' },
            { Etiqueta: 'Nivel 2', Valor: worker.Nivel2 },
            { Etiqueta: 'Nivel 3', Valor: worker.Nivel3 },
          ]}
        />
        <ReportSections sections={sections} />
      </Page>
    </Document>
  );
}

export function eppInformeSatElement(data: InformeSatReportData): ReactElement<ComponentProps<typeof Document>> {
  return <EppInformeSat data={data} />;
}

const COLUMNS = { epp: 0.3, talla: 0.08, cantidad: 0.08, desde: 0.13, hasta: 0.13, estado: 0.12, acta: 0.16 };
const width = (share: number) => ({ width: CONTENT_WIDTH * share });

function Lines({ lines, withState }: { lines: InformeSatLinea[]; withState: boolean }) {
  return (
    <>
      <View style={[styles.row, styles.head]} wrap={false}>
        <Text style={[styles.cell, width(COLUMNS.epp)]}>EPP</Text>
        <Text style={[styles.cell, width(COLUMNS.talla)]}>Talla</Text>
        <Text style={[styles.cell, width(COLUMNS.cantidad)]}>Cant.</Text>
        <Text style={[styles.cell, width(COLUMNS.desde)]}>Entregado</Text>
        <Text style={[styles.cell, width(COLUMNS.hasta)]}>Vence</Text>
        <Text style={[styles.cell, width(COLUMNS.estado)]}>{withState ? 'Estado' : 'Acta'}</Text>
        <Text style={[styles.cell, width(COLUMNS.acta)]}>Código del acta</Text>
      </View>
      {lines.map((line) => (
        <View key={line.IdLinea} style={styles.row} wrap={false}>
          <Text style={[styles.cell, width(COLUMNS.epp)]}>{line.NombreEpp}</Text>
          <Text style={[styles.cell, width(COLUMNS.talla)]}>{line.Talla || 'Única'}</Text>
          <Text style={[styles.cell, width(COLUMNS.cantidad)]}>{line.Cantidad}</Text>
          <Text style={[styles.cell, width(COLUMNS.desde)]}>{formatDisplayDate(line.Fecha)}</Text>
          <Text style={[styles.cell, width(COLUMNS.hasta)]}>{line.VenceEl ? formatDisplayDate(line.VenceEl) : 'No vence'}</Text>
          <Text style={[styles.cell, width(COLUMNS.estado)]}>{withState ? VALIDITY_LABELS[line.Estado] : line.Anulada ? 'Anulada' : 'Válida'}</Text>
          <Text style={[styles.cell, styles.code, width(COLUMNS.acta)]}>{line.Codigo.slice(0, 12)}</Text>
        </View>
      ))}
    </>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: REPORT_COLOURS.border, paddingVertical: 4 },
  head: { backgroundColor: REPORT_COLOURS.band, fontFamily: 'Helvetica-Bold' },
  cell: { paddingHorizontal: 3 },
  code: { fontFamily: 'Courier', fontSize: 7.5 },
});
