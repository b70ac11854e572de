import { temporaryPassword } from '#sync/domain/temporary-password.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { InlineImage } from '#sync/schemas/common.schema.ts';
import { CONTRATISTAS_MESSAGES, type EmpresaContratista } from '#sync/schemas/empresa-contratistas.schema.ts';
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
import { contratistasCalls, contratistasKeys, toParty, useContractor } from './contratistas-api.ts';

function ContratistaEditor({ contractor }: { contractor: EmpresaContratista | null }) {
  const navigate = useNavigate();
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const { allowed: seesRoles, roles, query: rolesQuery } = useAccountRoles();
  const { save, refused, discard } = useOfficeWrite();
  const [id] = useState(() => contractor?.IdEmpresaContratista ?? uuidV7());
  const [password] = useState(() => temporaryPassword());
  const [handover, setHandover] = useState<{ name: string; email: string; pending: boolean } | null>(null);
  const done = () => navigate(paths.empresaContratistas.detalles.href(id), { replace: true });

  const submit = async (values: PartyFormValues, logo: InlineImage | undefined) => {
    const fields = { Nombre: values.Nombre, Correo: values.Correo, Telefono: values.Telefono, Direccion: values.Direccion, ...(logo ? { Logo: logo } : {}) };
    const invalidate = [contratistasKeys.all(company), contratistasKeys.one(company, id)];
    if (contractor) {
      const changed = Object.fromEntries(Object.entries(fields).filter(([field, value]) => field === 'Logo' || value !== contractor[field as keyof EmpresaContratista]));
      const fate = await save({ kind: 'empresas_contratistas', id, request: { method: 'PUT', path: contratistasCalls.update(company, id), body: changed } }, { success: CONTRATISTAS_MESSAGES.updated, invalidate });
      if (fate.kind !== 'rechazado') done();
      return;
    }
    const account = values.ConCuenta ? { Tipo: 2, IdRol: Number(values.IdRol), NombreUsuario: values.NombreUsuario || null, ContrasenaTemporal: password } : { Tipo: 1 };
    const body = { IdEmpresaContratista: id, RutCompleto: values.Rut, ...fields, ...account };
    const fate = await save({ kind: 'empresas_contratistas', id, request: { method: 'POST', path: contratistasCalls.create(company), body } }, { success: CONTRATISTAS_MESSAGES.created, invalidate });
    if (fate.kind === 'rechazado') return;
    if (!values.ConCuenta || session.servidor?.correoSmtp) return done();
    setHandover({ name: values.Nombre, email: values.Correo.toLowerCase(), pending: fate.kind === 'pendiente' });
  };

  if (seesRoles && rolesQuery.isPending) return <PageLoading />;
  return (
    <>
      <RefusedWrite refused={refused} onDiscard={() => void discard()} />
      <PartyForm
        party={contractor && toParty(contractor)}
        nameLabel="Razón social"
        nameMessage={CONTRATISTAS_MESSAGES.nameRequired}
        rut={{ required: true, fixed: true }}
        roles={roles}
        onSubmit={submit}
        onCancel={() => navigate(contractor ? paths.empresaContratistas.detalles.href(id) : paths.empresaContratistas.list.href)}
      />
      {handover && <TemporaryPasswordDialog {...handover} password={password} onClose={done} />}
    </>
  );
}

/** empresa-contratistas/nuevo and editar/{id}, saved through the outbox (SPEC OF1). */
export function ContratistaFormPage() {
  const { id = '' } = useParams();
  const session = useRequiredSession();
  const editing = id !== '';
  const query = useContractor(id);
  const allowed = hasPermission(session, paths.empresaContratistas.list.href, editing ? 'editar' : 'crear');
  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={paths.empresaContratistas.list.href} parentLabel="Empresas Contratistas" title={editing ? 'Editar empresa contratista' : 'Nueva empresa contratista'} />
        {!allowed ? (
          <p className="notice notice--warning">No tienes permiso para {editing ? 'editar' : 'crear'} empresas contratistas.</p>
        ) : editing ? (
          <QueryView query={query}>{(found) => (found ? <ContratistaEditor contractor={found} /> : <p className="notice notice--warning">{CONTRATISTAS_MESSAGES.notFound}</p>)}</QueryView>
        ) : (
          <ContratistaEditor contractor={null} />
        )}
      </div>
    </PageContent>
  );
}
