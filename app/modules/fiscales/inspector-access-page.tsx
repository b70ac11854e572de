import { formatDisplayDate } from '#sync/domain/dates.ts';
import type { ReportList } from '#sync/records/report-list.ts';
import { ACCESS_LOG_FILTERS } from '#sync/schemas/fiscales-accesos.schema.ts';
import type { InspectorAccessRow } from '#sync/schemas/fiscales.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { canSeeCompanyProfile } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { ReportListPage } from '#app/ui/report-list/report-list-page.tsx';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { CARDS } from './inspector-cards.ts';
import { fetchAccessInspectors } from './fiscales-api.ts';
import './inspector.css';

function what(row: InspectorAccessRow): string {
  if (row.Accion === 'pdf' && row.TipoRegistro) return `Abrió el PDF de ${CARDS[row.TipoRegistro].title}`;
  if (row.Accion === 'nomina') {
    const shown = `${row.Resultados} ${row.Resultados === 1 ? 'trabajador' : 'trabajadores'}`;
    return row.Busqueda ? `Buscó «${row.Busqueda}» en la nómina: vio ${shown}` : `Listó la nómina: vio ${shown}`;
  }
  return `Buscó registros del ${formatDisplayDate(row.Desde)} al ${formatDisplayDate(row.Hasta)}`;
}

const LIST: ReportList<InspectorAccessRow> = {
  title: 'Consultas de fiscalizadores',
  label: 'Consultas de fiscalizadores, la más reciente primero',
  fileName: 'consultas-fiscalizadores',
  empty: 'Ninguna consulta coincide con los filtros.',
  filters: ACCESS_LOG_FILTERS,
  columns: [
    { header: 'Fecha y hora', value: (row) => formatDisplayDateTime(new Date(row.En)) },
    { header: 'Fiscalizador', value: (row) => row.Correo },
    { header: 'Trabajador', value: (row) => row.NombreTrabajador, empty: '—', wrap: true },
    { header: 'RUT del trabajador', value: (row) => row.RutTrabajador, format: 'rut', empty: '—' },
    { header: 'Consulta', value: what, wrap: true },
  ],
  rowKey: (row) => String(row.IdAcceso),
};

/**
 * /perfil/empresa/fiscalizaciones: every roster listing, search and PDF an inspector made of this company's records,
 * newest first, a report list filtered by inspector, worker and days (the log grows with every search).
 */
export function InspectorAccessPage() {
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const allowed = canSeeCompanyProfile(session);
  const online = useOnlineStatus();
  const inspectors = useQuery({
    queryKey: ['fiscales', 'accesos', 'fiscalizadores', company],
    queryFn: ({ signal }) => fetchAccessInspectors(company, signal),
    enabled: allowed && online,
  });
  const choices = (inspectors.data ?? []).map(({ IdFiscalizador, Correo }) => ({ value: String(IdFiscalizador), label: Correo }));
  return (
    <ReportListPage
      list={LIST}
      path="/perfil/accesos-fiscalizadores"
      filtersId="fiscalizaciones-filtros"
      options={{ IdFiscalizador: choices }}
      offline="Las consultas de fiscalizadores se piden al servidor: vuelve a intentarlo con conexión."
      denied={allowed ? null : 'No tienes permiso para ver los datos de la empresa.'}
      intro={
        <p className="muted">
          Los fiscalizadores de la Dirección del Trabajo tienen acceso permanente a los registros de los trabajadores. Aquí queda cada vez
          que vieron la nómina, cada búsqueda y cada documento que abrieron.{' '}
          <Link to={paths.perfil.empresa.href}>Volver a Perfil Empresa</Link>
        </p>
      }
      emptyUnfiltered="Ningún fiscalizador ha consultado los registros de la empresa."
      className="card inspector-card"
    />
  );
}
