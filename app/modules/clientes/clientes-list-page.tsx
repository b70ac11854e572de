import { formatRut } from '#sync/domain/rut.ts';
import { Link } from 'react-router-dom';
import { paths } from '#app/routes/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { OfficeListPage } from '#app/ui/office/office-list-page.tsx';
import { clientesKeys, useClients } from './clientes-api.ts';

/** Clients, active and inactive, with search. */
export function ClientesListPage() {
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  return (
    <OfficeListPage
      title="Clientes"
      noun={{ one: 'cliente', many: 'clientes' }}
      create={hasPermission(session, paths.clientes.list.href, 'crear') ? { href: paths.clientes.nuevo.href, label: 'Nuevo cliente' } : undefined}
      kind="clientes"
      queryKey={clientesKeys.all(company)}
      query={useClients()}
      searchText={(client) => [client.Nombre, client.RutCliente, formatRut(client.RutCliente), client.Correo].join(' ')}
      keyOf={(client) => client.IdCliente}
      renderItem={(client) => (
        <Link to={paths.clientes.detalles.href(client.IdCliente)}>
          <img className="office-list__image office-list__image--square" src={client.Logo} alt="" />
          <span className="office-list__text">
            <span className="simple-list__main">{client.Nombre}</span>
            <span className="simple-list__meta">
              {[client.RutCliente ? formatRut(client.RutCliente) : '', client.Correo].filter(Boolean).join(' · ')}
              {client.Estado === 2 && (
                <>
                  {' '}
                  <span className="badge badge--error">Inactivo</span>
                </>
              )}
            </span>
          </span>
        </Link>
      )}
    />
  );
}
