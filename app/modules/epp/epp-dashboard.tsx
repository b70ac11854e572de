import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { indicatorOf, workerRecordColumns } from '#sync/records/indicator.ts';
import { EPP_DASHBOARD, type EppDashboardRecord, type EppIndicator } from '#sync/schemas/epp-dashboard.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#app/data/api-client.ts';
import { paths } from '#app/navigation/paths.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { DashboardRecords } from '#app/ui/charts/dashboard-records.tsx';
import type { ExtraDashboardFilter } from '#app/ui/charts/dashboard-filters.ts';
import type { DrillDown } from '#app/ui/charts/dashboard-page.tsx';
import { IndicatorDashboard } from '#app/ui/charts/indicator-dashboard.tsx';
import type { ReportColumn } from '#sync/records/report-list-columns.ts';

interface Filtros {
  data: { cargos: { IdCargo: string; NombreCargo: string }[] };
}

/** The spec's Cargo filter: the company's positions, asked to the server (a device may not keep them). */
function useCargoFilter(company: string): ExtraDashboardFilter[] {
  const answer = useQuery({
    queryKey: ['epp-dashboard-filtros', company],
    queryFn: ({ signal }) => apiRequest<Filtros>(`/epp/dashboard/filtros/${company}`, { signal }),
    staleTime: 5 * 60_000,
  });
  const options = (answer.data?.data.cargos ?? []).map((cargo) => ({ value: cargo.IdCargo, label: cargo.NombreCargo }));
  return [{ name: 'IdCargo', label: 'Cargo', emptyLabel: 'Todos', options }];
}

const LINKS = { entrega: ['Ver acta', paths.eppEntregados], inspeccion: ['Ver inspección', paths.inspecciones] } as const;

/** The records behind a chart or a value, as the figure counted them. */
function EppDashboardRecords({ selection }: { selection: DrillDown }) {
  const name = selection.indicator.name as EppIndicator;
  const columns: ReportColumn<EppDashboardRecord>[] = [
    { header: indicatorOf(EPP_DASHBOARD, name).records!.dateHeader!, value: (row) => (row.Fecha ? formatDisplayDate(row.Fecha) : '') },
    { header: 'Trabajador', value: (row) => row.NombreTrabajador, wrap: true },
    { header: 'RUT', value: (row) => row.RunPersona.split(', ').filter(Boolean).map(formatRut).join(', ') },
    ...workerRecordColumns<EppDashboardRecord>(),
    { header: 'EPP', value: (row) => row.NombreEpp, wrap: true },
    { header: 'Detalle', value: (row) => row.Detalle, wrap: true },
  ];
  return (
    <DashboardRecords<EppDashboardRecord>
      dashboard={EPP_DASHBOARD}
      path="registros"
      selection={selection}
      params={{ indicador: name, ...selection.registros }}
      label={`Registros de ${selection.indicator.title.toLocaleLowerCase('es')}${selection.point ? `: ${selection.point.Nombre}` : ''}`}
      columns={columns}
      rowKey={(row) => row.Clave}
      rowLink={(row) => {
        const [label, path] = row.Enlace ? LINKS[row.Enlace.tipo] : [];
        return row.Enlace && path ? { href: path.detalles.href(row.Enlace.id), label: label! } : null;
      }}
      fileName={`epp-${name}`}
      emptyMessage="Ningún registro respalda esta cifra con los filtros elegidos."
    />
  );
}

/** `/dashboard/epp`: the EPP dashboard from its description, with the spec's Cargo filter; each figure opens its records. */
export function EppDashboardPage() {
  const extraFilters = useCargoFilter(useRequiredSession().empresa.IdEmpresa);
  return (
    <IndicatorDashboard
      dashboard={EPP_DASHBOARD}
      extraFilters={extraFilters}
      records={(selection) => (
        <EppDashboardRecords key={JSON.stringify([selection.indicator.name, selection.registros])} selection={selection} />
      )}
    />
  );
}
