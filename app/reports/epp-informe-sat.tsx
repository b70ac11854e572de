import { Document, Page } from '@react-pdf/renderer';
import type { ComponentProps, ReactElement } from 'react';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { cellText } from '#sync/records/report-list-columns.ts';
import { type InformeSatLinea, type InformeSatReportData, informeSatColumns } from '#sync/schemas/epp-consultas.schema.ts';
import { FieldGrid, kit, PageFrame, ReportHeading, type ReportSection, ReportSections } from './report-kit.tsx';
import { type PdfColumn, PdfTable } from './report-rows.tsx';

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

/** The page's shorter headers of the informe's columns (the screen's), and each column's share of its width, the acta's code last. */
const SHORT = ['EPP', 'Talla', 'Cant.', 'Entregado', 'Vence'];
const SHARES = [0.3, 0.08, 0.08, 0.13, 0.13, 0.12, 0.16];

function Lines({ lines, withState }: { lines: InformeSatLinea[]; withState: boolean }) {
  const columns: PdfColumn<InformeSatLinea>[] = [
    ...informeSatColumns(withState).map((column, index) => ({
      header: SHORT[index] ?? String(column.header),
      share: SHARES[index]!,
      text: (line: InformeSatLinea) => cellText(column, line, 'screen'),
    })),
    { header: 'Código del acta', share: SHARES[informeSatColumns(withState).length]!, text: (line) => line.Codigo.slice(0, 12), code: true },
  ];
  return <PdfTable columns={columns} rows={lines} rowKey={(line) => line.IdLinea} />;
}
