import { formatRut } from '#sync/domain/rut.ts';
import { Link } from 'react-router-dom';
import { paths } from '#app/routes/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { OfficeListPage } from '#app/ui/office/office-list-page.tsx';
import { contratistasKeys, useContractors } from './contratistas-api.ts';

/** Contractor companies, active and deactivated, with search. */
export function ContratistasListPage() {
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  return (
    <OfficeListPage
      title="Empresas Contratistas"
      noun={{ one: 'empresa contratista', many: 'empresas contratistas' }}
      create={hasPermission(session, paths.empresaContratistas.list.href, 'crear') ? { href: paths.empresaContratistas.nuevo.href, label: 'Nueva empresa' } : undefined}
      kind="empresas_contratistas"
      queryKey={contratistasKeys.all(company)}
      query={useContractors()}
      searchText={(contractor) => [contractor.Nombre, contractor.RutCompleto, formatRut(contractor.RutCompleto), contractor.Correo].join(' ')}
      keyOf={(contractor) => contractor.IdEmpresaContratista}
      renderItem={(contractor) => (
        <Link to={paths.empresaContratistas.detalles.href(contractor.IdEmpresaContratista)}>
          <img className="office-list__image office-list__image--square" src={contractor.Logo} alt="" />
          <span className="office-list__text">
            <span className="simple-list__main">{contractor.Nombre}</span>
            <span className="simple-list__meta">
              {formatRut(contractor.RutCompleto)} · {contractor.Usuarios.length === 1 ? '1 usuario' : `${contractor.Usuarios.length} usuarios`}
              {contractor.Estado === 2 && (
                <>
                  {' '}
                  <span className="badge badge--error">Desactivada</span>
                </>
              )}
            </span>
          </span>
        </Link>
      )}
    />
  );
}
