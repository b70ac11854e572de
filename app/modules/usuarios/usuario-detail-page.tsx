import { formatDisplayDate } from '#sync/domain/dates.ts';
import { personName } from '#sync/domain/person-name.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { temporaryPassword } from '#sync/domain/temporary-password.ts';
import { type Usuario, USUARIOS_MESSAGES } from '#sync/schemas/usuarios.schema.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useOfficeAction } from '#app/data/use-office-write.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { AuditHistory } from '#app/ui/office/audit-history.tsx';
import { TemporaryPasswordDialog } from '#app/ui/office/temporary-password-dialog.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { InactiveDaysCard } from './inactive-days-card.tsx';
import { useUser, usuariosCalls, usuariosKeys } from './usuarios-api.ts';
import { kindText } from './usuario-labels.ts';

function Facts({ user }: { user: Usuario }) {
  const facts: [string, string][] = [
    ['RUT', formatRut(user.RunPersona)],
    ['Correo Electrónico', user.CorreoElectronicoPersona],
    ['Nombre de usuario', user.NombreUsuario],
    ['Teléfono', user.TelefonoPersona || '—'],
    ['Fecha de Nacimiento', formatDisplayDate(user.FechaNacimiento) || '—'],
    ['Rol', `${user.NombreRol}${user.Administrador ? ' (administrador)' : ''}`],
    ['Tipo', kindText(user)],
    ['Estado', user.Habilitado ? (user.DebeCambiarContrasena ? 'Habilitado · debe cambiar su contraseña temporal' : 'Habilitado') : 'Deshabilitado'],
  ];
  return (
    <CardSection id="usuario-datos" title="Datos">
      <div className="image-picker">
        <img className="image-picker__image" src={user.Logo} alt={user.LogoPropio ? `Foto de ${personName(user)}` : 'Avatar predeterminado'} />
        <dl className="record-fields">
          {facts.map(([label, value]) => (
            <div key={label} className="record-fields__pair">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </CardSection>
  );
}

/** usuarios/detalles?id= (spec 2.3): the user, enabling and disabling, a new temporary password, deletion. */
export function UsuarioDetailPage() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const navigate = useNavigate();
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const query = useUser(id);
  const run = useOfficeAction();
  const confirm = useConfirm();
  const [handover, setHandover] = useState<{ name: string; email: string; password: string; pending: boolean } | null>(null);
  const can = (action: 'editar' | 'eliminar') => hasPermission(session, paths.usuarios.list.href, action);
  const invalidate = [usuariosKeys.all(company), usuariosKeys.one(company, id)];

  const setEnabled = (user: Usuario, enabled: boolean) =>
    run(
      { kind: 'usuarios', id: user.IdUsuario, request: { method: 'PUT', path: usuariosCalls.enable(company, enabled), body: { IdUsuario: user.IdUsuario } } },
      { success: enabled ? USUARIOS_MESSAGES.enabled : USUARIOS_MESSAGES.disabled, invalidate },
    );
  const resetPassword = async (user: Usuario) => {
    if (!(await confirm({ header: 'Restablecer contraseña', message: `¿Crear una contraseña temporal nueva para ${personName(user)}? La actual deja de servir.`, confirmText: 'Restablecer' }))) return;
    const password = temporaryPassword();
    const [fate] = await run(
      { kind: 'usuarios', id: user.IdUsuario, request: { method: 'POST', path: usuariosCalls.resetPassword(company), body: { IdUsuario: user.IdUsuario, ContrasenaTemporal: password } } },
      { success: USUARIOS_MESSAGES.passwordReset, invalidate },
    );
    if (fate && fate.kind !== 'rechazado' && !session.servidor?.correoSmtp) setHandover({ name: personName(user), email: user.CorreoElectronicoPersona, password, pending: fate.kind === 'pendiente' });
  };
  const remove = async (user: Usuario) => {
    if (!(await confirm({ header: 'Eliminar usuario', message: `¿Eliminar a ${personName(user)}? Ya no podrá iniciar sesión. El historial conserva sus cambios.` }))) return;
    const [fate] = await run({ kind: 'usuarios', id: user.IdUsuario, request: { method: 'DELETE', path: usuariosCalls.remove(user.IdUsuario) } }, { success: USUARIOS_MESSAGES.deleted, invalidate: [usuariosKeys.all(company)] });
    if (fate?.kind !== 'rechazado') navigate(paths.usuarios.list.href, { replace: true });
  };

  return (
    <PageContent>
      <div className="page-body">
        <QueryView query={query}>
          {(user) =>
            !user ? (
              <>
                <PageHeading parentHref={paths.usuarios.list.href} parentLabel="Usuarios" title="Usuario" />
                <p className="notice notice--warning">{USUARIOS_MESSAGES.notFound}</p>
              </>
            ) : (
              <>
                <PageHeading parentHref={paths.usuarios.list.href} parentLabel="Usuarios" title={personName(user)} />
                <Facts user={user} />
                <div className="button-row">
                  {can('editar') && <IonButton routerLink={paths.usuarios.editar.href(id)}>Editar</IonButton>}
                  {can('editar') && user.IdUsuario !== session.usuario.IdUsuario && (
                    <IonButton fill="outline" color="dark" onClick={() => void setEnabled(user, !user.Habilitado)}>
                      {user.Habilitado ? 'Deshabilitar' : 'Habilitar'}
                    </IonButton>
                  )}
                  {can('editar') && (
                    <IonButton fill="outline" color="dark" onClick={() => void resetPassword(user)}>
                      Restablecer contraseña
                    </IonButton>
                  )}
                  {can('eliminar') && user.IdUsuario !== session.usuario.IdUsuario && (
                    <IonButton fill="outline" color="danger" onClick={() => void remove(user)}>
                      Eliminar
                    </IonButton>
                  )}
                </div>
                <InactiveDaysCard userId={user.IdUsuario} canEdit={can('editar')} />
                <AuditHistory entity="usuario" id={id} />
                {handover && <TemporaryPasswordDialog {...handover} onClose={() => setHandover(null)} />}
              </>
            )
          }
        </QueryView>
      </div>
    </PageContent>
  );
}
