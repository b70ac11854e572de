import { FORMULARIO_TYPES } from '#sync/schemas/formularios.schema.ts';
import { useParams } from 'react-router-dom';
import { certificadoReportSource } from '#app/modules/capacitaciones/certificado-report-source.ts';
import { checklistReportSource } from '#app/modules/inspecciones/checklist-report-source.ts';
import { eppActaReportSource } from '#app/modules/epp/epp-acta-report-source.ts';
import { incidentReportSource } from '#app/modules/incidentes/incident-report-source.ts';
import { PermissionGate } from '#app/navigation/permission-gate.tsx';
import { ReportPdfPage } from '#app/ui/reports/report-pdf-page.tsx';
import type { ReportSource } from '#app/ui/reports/report-source.ts';

/**
 * The print pages of spec 2.4, by the `tipo` of `/pdf/{tipo}/{empresa}/{id}`: each module with a report gives its
 * source, and this composition is the only place that knows them all.
 */
const REPORT_SOURCES: Record<string, ReportSource> = Object.fromEntries([
  ...FORMULARIO_TYPES.map((tipo) => [tipo, checklistReportSource(tipo)] as const),
  ['capacitacion', certificadoReportSource] as const,
  ['epp', eppActaReportSource] as const,
  ['incidentes', incidentReportSource as unknown as ReportSource] as const,
]);

export function ReportPage() {
  const { tipo = '', empresa = '', id = '' } = useParams();
  const source = Object.hasOwn(REPORT_SOURCES, tipo) ? REPORT_SOURCES[tipo]! : null;
  const page = <ReportPdfPage source={source} empresa={empresa} id={id} />;
  return source ? <PermissionGate route={source.permission}>{page}</PermissionGate> : page;
}
