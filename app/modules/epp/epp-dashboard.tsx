import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import {
  EPP_RECORD_DATE_HEADERS,
  type EppDashboardRecord,
  type EppIndicator,
  type EppRecordsAnswer,
} from '#sync/schemas/epp-dashboard.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#app/data/api-client.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { dashboardQueryString, type ExtraDashboardFilter } from '#app/ui/charts/dashboard-filters.ts';
import { type DashboardIndicator, DashboardPage, type DrillDown } from '#app/ui/charts/dashboard-page.tsx';
import { type ReportColumn, ServerReportList } from '#app/ui/report-list/server-report-list.tsx';

/**
 * Every indicator of the spec's EPP dashboard (part 2, "EPP", Dashboard), in the order a prevention expert reads
 * them: what is missing today, how much is covered, then what inspections found and what was delivered.
 */
const INDICATORS: (DashboardIndicator & { name: EppIndicator })[] = [
  { name: 'cobertura', title: 'Cobertura de EPP (%)', kind: 'barras-horizontales' },
  { name: 'pendientes', title: 'Trabajadores con EPP pendiente de entrega', kind: 'barras-horizontales' },
  { name: 'vencidos', title: 'Trabajadores con EPP vencido', kind: 'barras-horizontales' },
  { name: 'capacitados', title: 'Capacitados en el uso del EPP', kind: 'barras-horizontales' },
  { name: 'no_uso', title: 'No uso de EPP por elemento', kind: 'barras-horizontales' },
  { name: 'no_uso_linea', title: 'No uso de EPP por mes', kind: 'lineas' },
  { name: 'no_uso_grafico', title: 'No uso de EPP por nivel', kind: 'torta' },
  { name: 'motivo_entrega', title: 'EPP entregados por motivo', kind: 'barras' },
];

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

/** The records behind a chart or a value: a server list, a page at a time, with its CSV. */
function EppDashboardRecords({ selection }: { selection: DrillDown }) {
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const query = new URLSearchParams(dashboardQueryString(selection.filters));
  query.set('indicador', selection.indicator.name);
  for (const [name, value] of Object.entries(selection.registros)) if (value) query.set(name, value);
  const columns: ReportColumn<EppDashboardRecord>[] = [
    {
      header: EPP_RECORD_DATE_HEADERS[selection.indicator.name as EppIndicator],
      cell: (row) => (row.Fecha ? formatDisplayDate(row.Fecha) : ''),
    },
    { header: 'Trabajador', cell: (row) => row.NombreTrabajador, wrap: true },
    { header: 'RUT', cell: (row) => row.RunPersona.split(', ').filter(Boolean).map(formatRut).join(', ') },
    { header: 'Cargo', cell: (row) => row.Cargos, wrap: true },
    { header: levelName(session, 2), cell: (row) => row.Nivel2, wrap: true },
    { header: levelName(session, 3), cell: (row) => row.Nivel3, wrap: true },
    { header: 'EPP', cell: (row) => row.NombreEpp, wrap: true },
    { header: 'Detalle', cell: (row) => row.Detalle, wrap: true },
  ];
  return (
    <ServerReportList<EppDashboardRecord>
      label={`Registros de ${selection.indicator.title.toLocaleLowerCase('es')}${selection.point ? `: ${selection.point.Nombre}` : ''}`}
      queryKey={['epp-dashboard-registros', company, query.toString()]}
      fetchPage={(page, signal) =>
        apiRequest<EppRecordsAnswer>(
          `/epp/dashboard/registros/${company}?${query.toString()}&Pagina=${page.Pagina}&PorPagina=${page.PorPagina}`,
          { signal },
        )
      }
      columns={columns}
      rowKey={(row) => row.Clave}
      rowLink={(row) =>
        row.Enlace?.tipo === 'entrega'
          ? { href: paths.eppEntregados.detalles.href(row.Enlace.id), label: 'Ver acta' }
          : row.Enlace?.tipo === 'inspeccion'
            ? { href: paths.inspecciones.detalles.href(row.Enlace.id), label: 'Ver inspección' }
            : null
      }
      fileName={`epp-${selection.indicator.name}`}
      emptyMessage="Ningún registro respalda esta cifra con los filtros elegidos."
      headed={false}
    />
  );
}

/** `/dashboard/epp`: the EPP dashboard on the shared chart kit, with the spec's Cargo filter; each figure opens its records. */
export function EppDashboardPage() {
  const company = useRequiredSession().empresa.IdEmpresa;
  const extraFilters = useCargoFilter(company);
  return (
    <DashboardPage
      title="Dashboard de EPP"
      queryKey="epp"
      indicators={INDICATORS}
      extraFilters={extraFilters}
      load={(name, filters, signal) =>
        apiRequest<DashboardAnswer>(`/epp/dashboard/${name}/${company}?${dashboardQueryString(filters)}`, { signal })
      }
      records={(selection) => (
        <EppDashboardRecords key={JSON.stringify([selection.indicator.name, selection.registros])} selection={selection} />
      )}
    />
  );
}
