import { temporaryPassword } from '#sync/domain/temporary-password.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { InlineImage } from '#sync/schemas/common.schema.ts';
import { type Usuario, USUARIOS_MESSAGES } from '#sync/schemas/usuarios.schema.ts';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useOfficeWrite } from '#app/data/use-office-write.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { RefusedWrite } from '#app/ui/office/refused-write.tsx';
import { TemporaryPasswordDialog } from '#app/ui/office/temporary-password-dialog.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { changedFields, initialValues, reservedProblems, type UsuarioFormValues } from './usuario-form-model.ts';
import { UsuarioForm } from './usuario-form.tsx';
import { useReservedNames, useUser, useUserLists, usuariosCalls, usuariosKeys } from './usuarios-api.ts';

interface Handover {
  name: string;
  email: string;
  pending: boolean;
}

function UsuarioEditor({ user }: { user: Usuario | null }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const lists = useUserLists();
  const reserved = useReservedNames();
  const { save, refused, discard } = useOfficeWrite();
  // Made once for this form: a correction of a refused creation resends the same password (SPEC OF3).
  const [password] = useState(() => temporaryPassword());
  const [draftId] = useState(() => uuidV7());
  const [handover, setHandover] = useState<Handover | null>(null);
  const done = (id?: number) => navigate(id ? paths.usuarios.detalles.href(String(id)) : paths.usuarios.list.href, { replace: true });

  const submit = async (values: UsuarioFormValues, avatar: InlineImage | undefined) => {
    const problems = reservedProblems(values, reserved.data ?? { Correos: [], NombresUsuario: [] }, user ?? undefined);
    if (problems.length) return problems;
    const invalidate = [
      usuariosKeys.all(company),
      usuariosKeys.reserved(company),
      ...(user ? [usuariosKeys.one(company, String(user.IdUsuario))] : []),
    ];
    const avatarField = avatar ? { Avatar: avatar } : {};
    if (user) {
      const body = { IdUsuario: user.IdUsuario, ...changedFields(user, values), ...avatarField };
      const fate = await save(
        { kind: 'usuarios', id: user.IdUsuario, request: { method: 'PUT', path: usuariosCalls.update, body } },
        { success: USUARIOS_MESSAGES.updated, invalidate },
      );
      if (fate.kind !== 'rechazado') done(user.IdUsuario);
      return;
    }
    const body = { ...values, ...avatarField, ContrasenaTemporal: password };
    const fate = await save(
      { kind: 'usuarios', id: draftId, request: { method: 'POST', path: usuariosCalls.create, body } },
      { success: USUARIOS_MESSAGES.created, invalidate },
    );
    if (fate.kind === 'rechazado') return;
    if (session.servidor?.correoSmtp) return done();
    setHandover({
      name: `${values.Nombres} ${values.ApellidoPaterno}`,
      email: values.CorreoElectronicoPersona,
      pending: fate.kind === 'pendiente',
    });
  };

  return (
    <QueryView query={lists}>
      {(choices) => (
        <>
          <RefusedWrite refused={refused} onDiscard={() => void discard()} />
          <UsuarioForm
            user={user}
            initial={initialValues(user, {
              tipo: search.get('tipo'),
              contratista: search.get('contratista'),
              cliente: search.get('cliente'),
            })}
            lists={choices}
            onSubmit={submit}
            onCancel={() => navigate(user ? paths.usuarios.detalles.href(String(user.IdUsuario)) : paths.usuarios.list.href)}
          />
          {handover && <TemporaryPasswordDialog {...handover} password={password} onClose={() => done()} />}
        </>
      )}
    </QueryView>
  );
}

/** usuarios/nuevo and usuarios/editar?id= (spec 2.3: editar without an id in the path). */
export function UsuarioFormPage() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const session = useRequiredSession();
  const editing = id !== '';
  const user = useUser(id);
  const allowed = hasPermission(session, paths.usuarios.list.href, editing ? 'editar' : 'crear');
  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={paths.usuarios.list.href} parentLabel="Usuarios" title={editing ? 'Editar usuario' : 'Nuevo usuario'} />
        {!allowed ? (
          <p className="notice notice--warning">No tienes permiso para {editing ? 'editar' : 'crear'} usuarios.</p>
        ) : editing ? (
          <QueryView query={user}>
            {(found) => (found ? <UsuarioEditor user={found} /> : <p className="notice notice--warning">{USUARIOS_MESSAGES.notFound}</p>)}
          </QueryView>
        ) : (
          <UsuarioEditor user={null} />
        )}
      </div>
    </PageContent>
  );
}
