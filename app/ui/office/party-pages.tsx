import { formatRut } from '#sync/domain/rut.ts';
import { temporaryPassword } from '#sync/domain/temporary-password.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { InlineImage } from '#sync/schemas/common.schema.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useOfficeWrite } from '#app/data/use-office-write.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { OfficeListPage } from './office-list-page.tsx';
import { type Party, type PartyView, useAccountRoles } from './party.ts';
import { PartyDetail } from './party-detail.tsx';
import { PartyForm, type PartyFormValues } from './party-form.tsx';
import { RefusedWrite } from './refused-write.tsx';
import { TemporaryPasswordDialog } from './temporary-password-dialog.tsx';
import { partyKeys, useParties, useParty, useBulkDelete } from './party-queries.ts';

/**
 * A kind of party (contractor company, client) as its module describes it once: how it is read, named, listed and
 * written. The list, detail and form pages below are the same for every kind.
 */
export interface PartyModule<Row> extends PartyView {
  /** Its query keys start with this. */
  queryName: string;
  /** The read calls, after /api (spec: all/{company} and one/{company}/{id}, or the module's own). */
  reads: { all: (company: string) => string; one: (company: string, id: string) => string };
  toParty(row: Row): Party;
  /** What its users name it by: a contractor's RUT, a client's id. */
  partyKey(row: Row): string;
  /** The list line under the name. */
  listMeta(row: Row): string;
  inactiveLabel: string;
  /** The list's button to a new one. */
  createLabel: string;
  form: {
    nameLabel: string;
    nameMessage: string;
    rut: { required: boolean; fixed: boolean };
    titles: { nuevo: string; editar: string };
    messages: { created: string; updated: string };
    create: (company: string) => string;
    update: (company: string, id: string) => string;
    /** What a save sends of the form (a create and an edit alike). */
    fields(values: PartyFormValues): Record<string, unknown>;
    /** What only a create sends: the new id and what cannot change afterwards. */
    createOnly(id: string, values: PartyFormValues): Record<string, unknown>;
  };
}

/** The list, active and inactive, with search; deleting several at once where the module names its notice. */
export function PartyListPage<Row>({ module }: { module: PartyModule<Row> }) {
  const session = useRequiredSession();
  const keys = partyKeys(module as PartyModule<never>, session.empresa.IdEmpresa);
  const query = useParties(module);
  const bulk = useBulkDelete(module);
  const create = hasPermission(session, module.permissionRoute, 'crear')
    ? { href: module.routes.nuevo.href, label: module.createLabel }
    : undefined;
  return (
    <OfficeListPage
      title={module.title}
      noun={module.noun}
      create={create}
      kind={module.kind}
      queryKey={keys.all}
      query={query}
      searchText={(row) => {
        const party = module.toParty(row);
        return [party.Nombre, party.rut, party.rut ? formatRut(party.rut) : '', party.Correo].join(' ');
      }}
      keyOf={(row) => module.toParty(row).id}
      tools={(shown) =>
        bulk.allowed &&
        bulk.selected.size > 0 && (
          <div className="button-row">
            <IonButton fill="outline" color="danger" size="small" onClick={() => void bulk.remove(shown.map((row) => module.toParty(row)))}>
              <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
              Eliminar seleccionados ({bulk.selected.size})
            </IonButton>
          </div>
        )
      }
      renderItem={(row) => {
        const party = module.toParty(row);
        const link = (
          <Link to={module.routes.detalles.href(party.id)}>
            <img className="office-list__image office-list__image--square" src={party.Logo} alt="" />
            <span className="office-list__text">
              <span className="simple-list__main">{party.Nombre}</span>
              <span className="simple-list__meta">
                {module.listMeta(row)}
                {party.Estado === 2 && (
                  <>
                    {' '}
                    <span className="badge badge--error">{module.inactiveLabel}</span>
                  </>
                )}
              </span>
            </span>
          </Link>
        );
        if (!bulk.allowed) return link;
        return (
          <div className="office-list__selectable">
            <label className="office-list__check">
              <input
                type="checkbox"
                aria-label={`Seleccionar ${party.Nombre}`}
                checked={bulk.selected.has(party.id)}
                onChange={() => bulk.toggle(party.id)}
              />
            </label>
            {link}
          </div>
        );
      }}
    />
  );
}

/** One party: its data, activation, its account, deletion and its users. */
export function PartyDetailPage<Row>({ module }: { module: PartyModule<Row> }) {
  const { id = '' } = useParams();
  const keys = partyKeys(module as PartyModule<never>, useRequiredSession().empresa.IdEmpresa);
  const query = useParty(module, id);
  const singular = module.noun.one.charAt(0).toUpperCase() + module.noun.one.slice(1);
  return (
    <PageContent>
      <div className="page-body">
        <QueryView query={query}>
          {(row) => (
            <>
              <PageHeading
                parentHref={module.routes.list.href}
                parentLabel={module.title}
                title={row ? module.toParty(row).Nombre : singular}
              />
              {row ? (
                <PartyDetail
                  view={module}
                  party={module.toParty(row)}
                  partyKey={module.partyKey(row)}
                  invalidate={[keys.all, keys.one(id)]}
                />
              ) : (
                <p className="notice notice--warning">{module.messages.notFound}</p>
              )}
            </>
          )}
        </QueryView>
      </div>
    </PageContent>
  );
}

function PartyEditor<Row>({ module, row }: { module: PartyModule<Row>; row: Row | null }) {
  const navigate = useNavigate();
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const { allowed: seesRoles, roles, query: rolesQuery } = useAccountRoles();
  const { save, refused, discard } = useOfficeWrite();
  const existing = row && module.toParty(row);
  const [id] = useState(() => existing?.id ?? uuidV7());
  const [password] = useState(() => temporaryPassword());
  const [handover, setHandover] = useState<{ name: string; email: string; pending: boolean } | null>(null);
  const keys = partyKeys(module as PartyModule<never>, company);
  const done = () => navigate(module.routes.detalles.href(id), { replace: true });

  const submit = async (values: PartyFormValues, logo: InlineImage | undefined) => {
    const fields = { ...module.form.fields(values), ...(logo ? { Logo: logo } : {}) };
    const invalidate = [keys.all, keys.one(id)];
    if (row) {
      const before = row as Record<string, unknown>;
      const changed = Object.fromEntries(Object.entries(fields).filter(([field, value]) => field === 'Logo' || value !== before[field]));
      const request = { method: 'PUT' as const, path: module.form.update(company, id), body: changed };
      const fate = await save({ kind: module.kind, id, request }, { success: module.form.messages.updated, invalidate });
      if (fate.kind !== 'rechazado') done();
      return;
    }
    const account = values.ConCuenta
      ? { Tipo: 2, IdRol: Number(values.IdRol), NombreUsuario: values.NombreUsuario || null, ContrasenaTemporal: password }
      : { Tipo: 1 };
    const body = { ...module.form.createOnly(id, values), ...fields, ...account };
    const fate = await save(
      { kind: module.kind, id, request: { method: 'POST', path: module.form.create(company), body } },
      { success: module.form.messages.created, invalidate },
    );
    if (fate.kind === 'rechazado') return;
    if (!values.ConCuenta || session.servidor?.correoSmtp) return done();
    setHandover({ name: values.Nombre, email: values.Correo.toLowerCase(), pending: fate.kind === 'pendiente' });
  };

  if (seesRoles && rolesQuery.isPending) return <PageLoading />;
  return (
    <>
      <RefusedWrite refused={refused} onDiscard={() => void discard()} />
      <PartyForm
        party={existing}
        nameLabel={module.form.nameLabel}
        nameMessage={module.form.nameMessage}
        rut={module.form.rut}
        roles={roles}
        onSubmit={submit}
        onCancel={() => navigate(row ? module.routes.detalles.href(id) : module.routes.list.href)}
      />
      {handover && <TemporaryPasswordDialog {...handover} password={password} onClose={done} />}
    </>
  );
}

/** nuevo and editar/{id}, with the party's logo, saved through the outbox (SPEC OF1). */
export function PartyFormPage<Row>({ module }: { module: PartyModule<Row> }) {
  const { id = '' } = useParams();
  const session = useRequiredSession();
  const editing = id !== '';
  const query = useParty(module, id);
  const allowed = hasPermission(session, module.permissionRoute, editing ? 'editar' : 'crear');
  return (
    <PageContent>
      <div className="page-body">
        <PageHeading
          parentHref={module.routes.list.href}
          parentLabel={module.title}
          title={editing ? module.form.titles.editar : module.form.titles.nuevo}
        />
        {!allowed ? (
          <p className="notice notice--warning">
            No tienes permiso para {editing ? 'editar' : 'crear'} {module.noun.many}.
          </p>
        ) : editing ? (
          <QueryView query={query}>
            {(found) =>
              found ? <PartyEditor module={module} row={found} /> : <p className="notice notice--warning">{module.messages.notFound}</p>
            }
          </QueryView>
        ) : (
          <PartyEditor module={module} row={null} />
        )}
      </div>
    </PageContent>
  );
}
