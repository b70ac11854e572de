import { useQuery } from '@tanstack/react-query';
import type { AuditEntity, UsuarioListas } from '#sync/schemas/usuarios.schema.ts';
import type { OfficeKind } from '#sync/records/office-records.ts';
import type { PartyRecord } from '#sync/schemas/party.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';
import type { RecordPaths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';

/** What a contractor company's and a client's screens share: the stored party, by its id and RUT. */
export interface Party extends Omit<PartyRecord, 'CreadoEn'> {
  id: string;
  rut: string;
}

/** How one kind of party is shown and written: its module gives this, the shared screens do the rest. */
export interface PartyView {
  kind: OfficeKind;
  auditEntity: AuditEntity;
  /** "empresa contratista", feminine; "cliente". */
  noun: { one: string; many: string; feminine?: boolean };
  title: string;
  routes: RecordPaths;
  permissionRoute: string;
  /** The kind of its users' accounts, and how a new user names it (`/usuarios/nuevo?tipo=…`). */
  userKind: 'contratista' | 'cliente';
  messages: {
    activated: string;
    deactivated: string;
    passwordReset: string;
    deleted: string;
    /** Several deleted at once; with it the list offers deleting a selection. */
    deletedMany?: string;
    notFound: string;
  };
  calls: {
    state: (company: string, active: boolean) => string;
    stateBody: (party: Party) => object;
    resetPassword: (company: string) => string;
    resetBody: (party: Party, password: string) => object;
    remove: (company: string, party: Party) => string;
  };
}

/** The roles an account may get: the users screen's list (its permission decides whether the form offers them). */
export function useAccountRoles() {
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const allowed = hasPermission(session, '/usuarios', 'index');
  const query = useQuery({
    queryKey: ['usuarios-listas', company],
    queryFn: ({ signal }) => apiRequest<{ data: UsuarioListas }>(`/usuarios/listas/${encodeURIComponent(company)}`, { signal }).then((answer) => answer.data),
    enabled: allowed,
  });
  return { allowed, roles: query.data?.roles, query };
}
