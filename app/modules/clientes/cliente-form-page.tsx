import { temporaryPassword } from '#sync/domain/temporary-password.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { type Cliente, CLIENTES_MESSAGES } from '#sync/schemas/clientes.schema.ts';
import type { InlineImage } from '#sync/schemas/common.schema.ts';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useOfficeWrite } from '#app/data/use-office-write.ts';
import { paths } from '#app/routes/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { useAccountRoles } from '#app/ui/office/party.ts';
import { PartyForm, type PartyFormValues } from '#app/ui/office/party-form.tsx';
import { RefusedWrite } from '#app/ui/office/refused-write.tsx';
import { TemporaryPasswordDialog } from '#app/ui/office/temporary-password-dialog.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { clientesCalls, clientesKeys, toParty, useClient } from './clientes-api.ts';

function ClienteEditor({ client }: { client: Cliente | null }) {
  const navigate = useNavigate();
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const { allowed: seesRoles, roles, query: rolesQuery } = useAccountRoles();
  const { save, refused, discard } = useOfficeWrite();
  const [id] = useState(() => client?.IdCliente ?? uuidV7());
  const [password] = useState(() => temporaryPassword());
  const [handover, setHandover] = useState<{ name: string; email: string; pending: boolean } | null>(null);
  const done = () => navigate(paths.clientes.detalles.href(id), { replace: true });

  const submit = async (values: PartyFormValues, logo: InlineImage | undefined) => {
    const fields = { Nombre: values.Nombre, RutCliente: values.Rut, Correo: values.Correo, Telefono: values.Telefono, Direccion: values.Direccion, ...(logo ? { Logo: logo } : {}) };
    const invalidate = [clientesKeys.all(company), clientesKeys.one(company, id)];
    if (client) {
      const changed = Object.fromEntries(Object.entries(fields).filter(([field, value]) => field === 'Logo' || value !== client[field as keyof Cliente]));
      const fate = await save({ kind: 'clientes', id, request: { method: 'PUT', path: clientesCalls.update(company, id), body: changed } }, { success: CLIENTES_MESSAGES.updated, invalidate });
      if (fate.kind !== 'rechazado') done();
      return;
    }
    const account = values.ConCuenta ? { Tipo: 2, IdRol: Number(values.IdRol), NombreUsuario: values.NombreUsuario || null, ContrasenaTemporal: password } : { Tipo: 1 };
    const fate = await save({ kind: 'clientes', id, request: { method: 'POST', path: clientesCalls.create(company), body: { IdCliente: id, ...fields, ...account } } }, { success: CLIENTES_MESSAGES.created, invalidate });
    if (fate.kind === 'rechazado') return;
    if (!values.ConCuenta || session.servidor?.correoSmtp) return done();
    setHandover({ name: values.Nombre, email: values.Correo.toLowerCase(), pending: fate.kind === 'pendiente' });
  };

  if (seesRoles && rolesQuery.isPending) return <PageLoading />;
  return (
    <>
      <RefusedWrite refused={refused} onDiscard={() => void discard()} />
      <PartyForm
        party={client && toParty(client)}
        nameLabel="Nombre"
        nameMessage={CLIENTES_MESSAGES.nameRequired}
        rut={{ required: false, fixed: false }}
        roles={roles}
        onSubmit={submit}
        onCancel={() => navigate(client ? paths.clientes.detalles.href(id) : paths.clientes.list.href)}
      />
      {handover && <TemporaryPasswordDialog {...handover} password={password} onClose={done} />}
    </>
  );
}

/** clientes/nuevo and editar/{id} with the client's logo, saved through the outbox (SPEC OF1). */
export function ClienteFormPage() {
  const { id = '' } = useParams();
  const session = useRequiredSession();
  const editing = id !== '';
  const query = useClient(id);
  const allowed = hasPermission(session, paths.clientes.list.href, editing ? 'editar' : 'crear');
  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={paths.clientes.list.href} parentLabel="Clientes" title={editing ? 'Editar cliente' : 'Nuevo cliente'} />
        {!allowed ? (
          <p className="notice notice--warning">No tienes permiso para {editing ? 'editar' : 'crear'} clientes.</p>
        ) : editing ? (
          <QueryView query={query}>{(found) => (found ? <ClienteEditor client={found} /> : <p className="notice notice--warning">{CLIENTES_MESSAGES.notFound}</p>)}</QueryView>
        ) : (
          <ClienteEditor client={null} />
        )}
      </div>
    </PageContent>
  );
}
