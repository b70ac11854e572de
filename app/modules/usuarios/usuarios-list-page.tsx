import { personName } from '#sync/domain/person-name.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { Link } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { OfficeListPage } from '#app/ui/office/office-list-page.tsx';
import { kindText } from './usuario-labels.ts';
import { useUsers, usuariosKeys } from './usuarios-api.ts';

/** The company's users and its contractors' and clients', with search. */
export function UsuariosListPage() {
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  return (
    <OfficeListPage
      title="Usuarios"
      noun={{ one: 'usuario', many: 'usuarios' }}
      create={hasPermission(session, paths.usuarios.list.href, 'crear') ? { href: paths.usuarios.nuevo.href, label: 'Nuevo usuario' } : undefined}
      kind="usuarios"
      queryKey={usuariosKeys.all(company)}
      query={useUsers()}
      searchText={(user) => [personName(user), user.CorreoElectronicoPersona, user.NombreUsuario, user.RunPersona, formatRut(user.RunPersona), user.NombreRol, kindText(user)].join(' ')}
      keyOf={(user) => user.IdUsuario}
      renderItem={(user) => (
        <Link to={paths.usuarios.detalles.href(String(user.IdUsuario))}>
          <img className="office-list__image" src={user.Logo} alt="" />
          <span className="office-list__text">
            <span className="simple-list__main">{personName(user)}</span>
            <span className="simple-list__meta">
              {user.CorreoElectronicoPersona} · {user.NombreRol} · {kindText(user)}
              {!user.Habilitado && (
                <>
                  {' '}
                  <span className="badge badge--error">Deshabilitado</span>
                </>
              )}
            </span>
          </span>
        </Link>
      )}
    />
  );
}
