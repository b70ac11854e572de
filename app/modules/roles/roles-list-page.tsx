import { ROLES_MESSAGES, type Rol } from '#sync/schemas/roles.schema.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useOfficeAction } from '#app/data/use-office-write.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { OfficeListPage } from '#app/ui/office/office-list-page.tsx';
import { rolesCalls, rolesKeys, useRoles } from './roles-api.ts';

function summary(role: Rol): string {
  const users = role.Usuarios === 1 ? '1 usuario' : `${role.Usuarios} usuarios`;
  return [users, `${role.Permisos.length} módulos`, role.Administrador ? 'Administrador' : ''].filter(Boolean).join(' · ');
}

/** Roles of the company: search, and delete one or many at once (spec notices). */
export function RolesListPage() {
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const query = useRoles();
  const run = useOfficeAction();
  const confirm = useConfirm();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const canDelete = hasPermission(session, paths.roles.list.href, 'eliminar');

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const removeSelected = async (shown: Rol[]) => {
    const chosen = shown.filter((role) => selected.has(role.IdRol));
    const many = chosen.length > 1;
    const question = many ? `¿Eliminar ${chosen.length} roles?` : `¿Eliminar el rol ${chosen[0]?.NombreRol}?`;
    if (chosen.length === 0 || !(await confirm({ header: many ? 'Eliminar roles' : 'Eliminar rol', message: question }))) return;
    await run(
      chosen.map((role) => ({ kind: 'roles' as const, id: role.IdRol, request: { method: 'DELETE' as const, path: rolesCalls.remove(company, role.IdRol) } })),
      { success: ROLES_MESSAGES.deleted, successMany: ROLES_MESSAGES.deletedMany, invalidate: [rolesKeys.all(company)] },
    );
    setSelected(new Set());
  };

  return (
    <OfficeListPage
      title="Roles"
      noun={{ one: 'rol', many: 'roles' }}
      create={hasPermission(session, paths.roles.list.href, 'crear') ? { href: paths.roles.nuevo.href, label: 'Nuevo rol' } : undefined}
      kind="roles"
      queryKey={rolesKeys.all(company)}
      query={query}
      searchText={(role) => role.NombreRol}
      keyOf={(role) => role.IdRol}
      tools={(shown) =>
        canDelete &&
        selected.size > 0 && (
          <div className="button-row">
            <IonButton fill="outline" color="danger" size="small" onClick={() => void removeSelected(shown)}>
              <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
              Eliminar seleccionados ({selected.size})
            </IonButton>
          </div>
        )
      }
      renderItem={(role) => (
        <div className="record-row">
          {canDelete && <input type="checkbox" className="record-row__check" aria-label={`Seleccionar ${role.NombreRol}`} checked={selected.has(role.IdRol)} onChange={() => toggle(role.IdRol)} />}
          <Link className="record-row__link office-list__link" to={paths.roles.detalles.href(String(role.IdRol))}>
            <span className="simple-list__main">{role.NombreRol}</span>
            <span className="simple-list__meta">{summary(role)}</span>
          </Link>
        </div>
      )}
    />
  );
}
