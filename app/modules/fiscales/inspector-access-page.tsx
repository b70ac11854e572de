import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import type { InspectorAccessRow } from '#sync/schemas/fiscales.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '#app/routes/paths.ts';
import { canSeeCompanyProfile } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { CARDS } from './inspector-cards.ts';
import { fetchInspectorAccesses } from './fiscales-api.ts';
import './inspector.css';
import { ScrollTable } from '#app/ui/scroll-table.tsx';
import '#app/ui/records.css';

function what(row: InspectorAccessRow): string {
  if (row.Accion === 'pdf' && row.TipoRegistro) return `Abrió el PDF de ${CARDS[row.TipoRegistro].title}`;
  if (row.Accion === 'nomina') {
    const shown = `${row.Resultados} ${row.Resultados === 1 ? 'trabajador' : 'trabajadores'}`;
    return row.Busqueda ? `Buscó «${row.Busqueda}» en la nómina: vio ${shown}` : `Listó la nómina: vio ${shown}`;
  }
  return `Buscó registros del ${formatDisplayDate(row.Desde)} al ${formatDisplayDate(row.Hasta)}`;
}

/**
 * /perfil/empresa/fiscalizaciones: every roster listing, search and PDF an inspector made of this company's records,
 * newest first.
 */
export function InspectorAccessPage() {
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const allowed = canSeeCompanyProfile(session);
  const query = useQuery({
    queryKey: ['fiscales', 'accesos', company],
    queryFn: () => fetchInspectorAccesses(company),
    enabled: allowed,
  });
  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">Consultas de fiscalizadores</h1>
        <p className="muted">
          Los fiscalizadores de la Dirección del Trabajo tienen acceso permanente a los registros de los trabajadores. Aquí queda cada vez que vieron la nómina,
          cada búsqueda y cada documento que abrieron. <Link to={paths.perfil.empresa.href}>Volver a Perfil Empresa</Link>
        </p>
        <QueryView query={query}>
          {(rows) =>
            rows.length === 0 ? (
              <p className="muted">Ningún fiscalizador ha consultado los registros de la empresa.</p>
            ) : (
              <div className="card inspector-card">
                <ScrollTable label="Consultas de fiscalizadores, la más reciente primero">
                  <thead>
                    <tr>
                      <th scope="col">Fecha y hora</th>
                      <th scope="col">Fiscalizador</th>
                      <th scope="col">Trabajador</th>
                      <th scope="col">Consulta</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.IdAcceso}>
                        <td>{formatDisplayDateTime(new Date(row.En))}</td>
                        <td>{row.Correo}</td>
                        <td>{row.RutTrabajador ? `${row.NombreTrabajador} (${formatRut(row.RutTrabajador)})` : '—'}</td>
                        <td>{what(row)}</td>
                      </tr>
                    ))}
                  </tbody>
                </ScrollTable>
              </div>
            )
          }
        </QueryView>
      </div>
    </PageContent>
  );
}
