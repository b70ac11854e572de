import { type QueryKey, useQuery } from '@tanstack/react-query';
import type { OfficeKind } from '#sync/records/office-records.ts';
import {
  type EmpresaAsociada,
  type EmpresaAsociadaDetalle,
  EMPRESAS_ASOCIADAS_ROUTE,
  EMPRESAS_MESSAGES,
  isTipoEmpresa,
  TIPO_EMPRESA,
} from '#sync/schemas/contratistas-empresas.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';
import { useOfficeAction } from '#app/data/use-office-write.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';

/**
 * Associated companies are office data the device does not hold (contractor companies and clients, SPEC OF1): read
 * from the server (the last answer stays for offline use) and written through the outbox with /empresa calls.
 */
const BASE = '/gestion-contratista/empresa';
const of = encodeURIComponent;

/** A company's writes are queued as its own kind's: the queue, the pending notices and Sincronización name them so. */
export const KIND_OF_TIPO: Record<EmpresaAsociada['Tipo'], OfficeKind> = {
  [TIPO_EMPRESA.contratista]: 'empresas_contratistas',
  [TIPO_EMPRESA.cliente]: 'clientes',
};

export function empresasKeys(company: string) {
  return {
    all: ['empresas-asociadas', company] as const,
    one: (id: string, tipo: number) => ['empresas-asociadas', company, id, tipo] as const,
  };
}

export function useEmpresas() {
  const company = useRequiredSession().empresa.IdEmpresa;
  return useQuery({
    queryKey: empresasKeys(company).all,
    queryFn: ({ signal }) => apiRequest<{ data: EmpresaAsociada[] }>(`${BASE}/${of(company)}`, { signal }).then((answer) => answer.data),
  });
}

export function useEmpresa(id: string, tipo: number) {
  const company = useRequiredSession().empresa.IdEmpresa;
  return useQuery({
    queryKey: empresasKeys(company).one(id, tipo),
    queryFn: ({ signal }) =>
      apiRequest<{ data: EmpresaAsociadaDetalle | null }>(`${BASE}/${of(id)}/${tipo}/${of(company)}`, { signal }).then((answer) => answer.data),
    enabled: isTipoEmpresa(tipo),
  });
}

/** Activate, deactivate and delete one company, each after the person confirms it; `can` says what the role allows. */
export function useEmpresaActions(empresa: EmpresaAsociada) {
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const run = useOfficeAction();
  const confirm = useConfirm();
  const keys = empresasKeys(company);
  // The type's own screens read the same companies under their own keys: a write here refreshes them too.
  const invalidate: QueryKey[] = [keys.all, keys.one(empresa.Id, empresa.Tipo), ['empresa-contratistas', company], ['clientes', company]];
  const write = (method: 'PUT' | 'DELETE', path: string) => ({ kind: KIND_OF_TIPO[empresa.Tipo], id: empresa.Id, request: { method, path } });
  const path = `/api${BASE}/${of(empresa.Id)}/${empresa.Tipo}/${of(company)}`;
  const active = empresa.Estado === 1;

  const toggleState = async () => {
    const consequence = active
      ? 'Sus usuarios no podrán iniciar sesión hasta que la actives de nuevo.'
      : 'Sus usuarios podrán volver a iniciar sesión.';
    const verb = active ? 'Desactivar' : 'Activar';
    if (!(await confirm({ header: `${verb} empresa`, message: `¿${verb} ${empresa.Nombre}? ${consequence}`, confirmText: verb }))) return;
    const procedure = `/api${BASE}/procedimiento/${active ? 'desactivar' : 'activar'}/${of(empresa.Id)}/${empresa.Tipo}/${of(company)}`;
    await run(write('PUT', procedure), { success: active ? EMPRESAS_MESSAGES.deactivated : EMPRESAS_MESSAGES.activated, invalidate });
  };

  /** True when the delete was not refused (sent, or waiting on this device). */
  const remove = async (): Promise<boolean> => {
    const message = `¿Eliminar ${empresa.Nombre}? También se eliminan las cuentas de sus usuarios.`;
    if (!(await confirm({ header: 'Eliminar empresa', message }))) return false;
    const [fate] = await run(write('DELETE', path), { success: EMPRESAS_MESSAGES.deleted, invalidate });
    return fate !== undefined && fate.kind !== 'rechazado';
  };

  const can = (action: 'editar' | 'eliminar') => hasPermission(session, EMPRESAS_ASOCIADAS_ROUTE, action);
  return { active, toggleState, remove, can };
}
