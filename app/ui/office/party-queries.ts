/** What the office pages of a party (a contractor, a client) ask the server, and the delete of several at once. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '#app/data/api-client.ts';
import { useOfficeAction } from '#app/data/use-office-write.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import type { Party } from './party.ts';
import type { PartyModule } from './party-pages.tsx';

const of = encodeURIComponent;

export function partyKeys(module: PartyModule<never>, company: string) {
  return { all: [module.queryName, company] as const, one: (id: string) => [module.queryName, company, id] as const };
}

export function useParties<Row>(module: PartyModule<Row>) {
  const company = useRequiredSession().empresa.IdEmpresa;
  return useQuery({
    queryKey: partyKeys(module as PartyModule<never>, company).all,
    queryFn: ({ signal }) => apiRequest<{ data: Row[] }>(module.reads.all(of(company)), { signal }).then((answer) => answer.data),
  });
}

export function useParty<Row>(module: PartyModule<Row>, id: string) {
  const company = useRequiredSession().empresa.IdEmpresa;
  return useQuery({
    queryKey: partyKeys(module as PartyModule<never>, company).one(id),
    queryFn: ({ signal }) =>
      apiRequest<{ data: Row | null }>(module.reads.one(of(company), of(id)), { signal }).then((answer) => answer.data),
    enabled: id !== '',
  });
}

/**
 * Several parties deleted at once (spec: one DELETE per party), where the module names the notice of that
 * (`messages.deletedMany`): each write's fate is waited for; a refusal of some says so with the spec's notice.
 */
export function useBulkDelete<Row>(module: PartyModule<Row>) {
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const keys = partyKeys(module as PartyModule<never>, company);
  const run = useOfficeAction();
  const confirm = useConfirm();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const deletedMany = module.messages.deletedMany;
  const allowed = deletedMany !== undefined && hasPermission(session, module.permissionRoute, 'eliminar');
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const remove = async (shown: Party[]) => {
    const chosen = shown.filter((party) => selected.has(party.id));
    if (chosen.length === 0 || !deletedMany) return;
    const many = chosen.length > 1;
    const question = many ? `¿Eliminar ${chosen.length} ${module.noun.many}?` : `¿Eliminar ${chosen[0]!.Nombre}?`;
    if (!(await confirm({ header: `Eliminar ${many ? module.noun.many : module.noun.one}`, message: question }))) return;
    // The chosen ones are on their way: a new selection may start while their fate is awaited.
    setSelected(new Set());
    await run(
      chosen.map((party) => ({
        kind: module.kind,
        id: party.id,
        request: { method: 'DELETE' as const, path: module.calls.remove(company, party) },
      })),
      { success: module.messages.deleted, successMany: deletedMany, invalidate: [keys.all] },
    );
  };
  return { allowed, selected, toggle, remove };
}
