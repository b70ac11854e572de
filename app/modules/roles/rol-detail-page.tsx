import { ROLES_MESSAGES } from '#sync/schemas/roles.schema.ts';
import { useNavigate, useParams } from 'react-router-dom';
import { useOfficeAction } from '#app/data/use-office-write.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { AuditHistory } from '#app/ui/office/audit-history.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { RecordActions } from '#app/ui/records/record-actions.tsx';
import { matrixOf } from './rol-matrix-model.ts';
import { RolMatrix } from './rol-matrix.tsx';
import { rolesCalls, rolesKeys, useCatalogue, useRole } from './roles-api.ts';

/** A role: its users, whether it administers, its matrix read only, and its history. */
export function RolDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const role = useRole(id);
  const catalogue = useCatalogue();
  const run = useOfficeAction();
  const confirm = useConfirm();

  return (
    <PageContent>
      <div className="page-body">
        <QueryView query={role}>
          {(found) =>
            !found ? (
              <>
                <PageHeading parentHref={paths.roles.list.href} parentLabel="Roles" title="Rol" />
                <p className="notice notice--warning">{ROLES_MESSAGES.notFound}</p>
              </>
            ) : (
              <>
                <PageHeading parentHref={paths.roles.list.href} parentLabel="Roles" title={found.NombreRol} />
                <CardSection id="rol-resumen" title="Resumen">
                  <p>
                    {found.Usuarios === 1 ? '1 usuario tiene este rol.' : `${found.Usuarios} usuarios tienen este rol.`}{' '}
                    {found.Administrador ? 'Es un rol administrador: puede ver y cambiar lo que pueden hacer los roles.' : ''}
                  </p>
                </CardSection>
                <RecordActions
                  editHref={paths.roles.editar.href(id)}
                  canEdit={hasPermission(session, paths.roles.list.href, 'editar')}
                  canDelete={hasPermission(session, paths.roles.list.href, 'eliminar')}
                  onDelete={() =>
                    void (async () => {
                      if (!(await confirm({ header: 'Eliminar rol', message: `¿Eliminar el rol ${found.NombreRol}?` }))) return;
                      const [fate] = await run(
                        { kind: 'roles', id: found.IdRol, request: { method: 'DELETE', path: rolesCalls.remove(company, found.IdRol) } },
                        { success: ROLES_MESSAGES.deleted, invalidate: [rolesKeys.all(company)] },
                      );
                      if (fate?.kind !== 'rechazado') navigate(paths.roles.list.href, { replace: true });
                    })()
                  }
                />
                <QueryView query={catalogue}>{(groups) => <RolMatrix catalogue={groups} matrix={matrixOf(found.Permisos)} />}</QueryView>
                <AuditHistory entity="rol" id={id} />
              </>
            )
          }
        </QueryView>
      </div>
    </PageContent>
  );
}
