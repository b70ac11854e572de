import type { JSX } from 'react';
import { formatRut } from '#sync/domain/rut.ts';
import type { ReportColumn } from '#sync/records/report-list-columns.ts';
import {
  CONTRATISTAS_DASHBOARD,
  type ContratistasIndicator,
  type DocumentoRecord,
  type InconformidadRecord,
  type InspeccionRecord,
} from '#sync/schemas/contratistas-dashboard.schema.ts';
import { paths } from '#app/navigation/paths.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { DashboardRecords } from '#app/ui/charts/dashboard-records.tsx';
import type { ExtraDashboardFilter } from '#app/ui/charts/dashboard-filters.ts';
import type { DrillDown } from '#app/ui/charts/dashboard-page.tsx';
import { IndicatorDashboard } from '#app/ui/charts/indicator-dashboard.tsx';
import { contractorOption, useContractorCompanies } from './use-contractor-companies.ts';

const company = (row: { Contratista: string; RutContratista: string }) =>
  row.Contratista === row.RutContratista ? formatRut(row.RutContratista) : row.Contratista;

const DOCUMENTS: ReportColumn<DocumentoRecord>[] = [
  { header: 'Requisito', value: (row) => row.Requisito, wrap: true },
  { header: 'Empresa', value: company, wrap: true },
  { header: 'Trabajador, vehículo o equipo', value: (row) => row.Trabajador, empty: '—', wrap: true },
  { header: 'Estado', value: (row) => row.Estado },
  { header: 'Vence', value: (row) => row.Vence, format: 'date', empty: '—' },
];

const NONCONFORMITIES: ReportColumn<InconformidadRecord>[] = [
  { header: 'Fecha', value: (row) => row.Fecha, format: 'date' },
  { header: 'Contratista', value: company, wrap: true },
  { header: 'Observación', value: (row) => row.Observacion, wrap: true },
  { header: 'Responsable', value: (row) => row.Responsable, empty: '—', wrap: true },
  { header: 'Plazo', value: (row) => row.Plazo, format: 'date', empty: 'Sin plazo' },
  { header: 'Estado', value: (row) => row.Estado },
];

const INSPECTIONS: ReportColumn<InspeccionRecord>[] = [
  { header: 'Fecha', value: (row) => row.Fecha, format: 'date' },
  { header: 'Formulario', value: (row) => row.Formulario, wrap: true },
  { header: 'Contratista', value: company, wrap: true },
  { header: 'Cumple', value: (row) => row.Cumple, format: 'number' },
  { header: 'No cumple', value: (row) => row.NoCumple, format: 'number' },
  { header: 'Nivel de riesgo (%)', value: (row) => row.NivelRiesgo, format: 'number' },
];

interface ListProps {
  dashboard: typeof CONTRATISTAS_DASHBOARD;
  path: string;
  selection: DrillDown;
  params: Record<string, string>;
  label: string;
  rowKey: (row: { Clave: string }) => string;
  fileName: string;
  emptyMessage: string;
}

const inspections = (list: ListProps) => (
  <DashboardRecords<InspeccionRecord>
    {...list}
    columns={INSPECTIONS}
    rowLink={(row) => ({ href: paths.inspecciones.detalles.href(row.Clave), label: 'Ver inspección' })}
  />
);

/** Each indicator's records: the documents on the cut-off day, the nonconformities or the inspections of the range. */
const LISTS: Record<ContratistasIndicator, (list: ListProps) => JSX.Element> = {
  cumplimiento: (list) => <DashboardRecords<DocumentoRecord> {...list} columns={DOCUMENTS} />,
  'gestion-inconformidades': (list) => (
    <DashboardRecords<InconformidadRecord>
      {...list}
      columns={NONCONFORMITIES}
      rowLink={(row) => ({ href: paths.observaciones.detalles.href(row.Clave), label: 'Ver observación' })}
    />
  ),
  'nivel-riesgo-cargos': inspections,
  'nivel-riesgo-operaciones': inspections,
};

function ContratistasRecords({ selection }: { selection: DrillDown }) {
  const name = selection.indicator.name as ContratistasIndicator;
  return LISTS[name]({
    dashboard: CONTRATISTAS_DASHBOARD,
    path: 'registros',
    selection,
    params: { indicador: name, ...selection.registros },
    label: `Registros de ${selection.indicator.title.toLocaleLowerCase('es')}${selection.point ? `: ${selection.point.Nombre}` : ''}`,
    rowKey: (row) => row.Clave,
    fileName: `contratistas-${name}`,
    emptyMessage: 'Ningún registro respalda esta cifra con los filtros elegidos.',
  });
}

/** A company user may look at one contractor; a contractor user sees its own and its subcontractors' (the server limits it). */
function useContractorFilter(): ExtraDashboardFilter[] {
  const companyUser = useRequiredSession().usuario.Tipo === 'empresa';
  const contractors = useContractorCompanies();
  if (!companyUser) return [];
  return [{ name: 'RutContratista', label: 'Contratista', emptyLabel: 'Todas', options: (contractors ?? []).map(contractorOption) }];
}

/** `/dashboard/contratistas`: requirement compliance, nonconformities and risk by position and operation; each figure opens its records. */
export function ContratistasDashboardPage() {
  const extraFilters = useContractorFilter();
  return (
    <IndicatorDashboard
      dashboard={CONTRATISTAS_DASHBOARD}
      extraFilters={extraFilters}
      records={(selection) => (
        <ContratistasRecords key={JSON.stringify([selection.indicator.name, selection.registros])} selection={selection} />
      )}
    />
  );
}
