import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { failureNoticeOf, manyDeletesFailedOf } from '#sync/records/office-records.ts';
import { discardLocalWrite, type OfficeWrite, queueOfficeWrite } from '#app/data/local-write.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { useNotice } from '#app/ui/feedback/use-notice.ts';
import { entryFate, type OfficeWriteFate } from './office-write-fate.ts';

export const SAVED_ON_DEVICE = 'Guardado en este dispositivo: se enviará al servidor cuando vuelva la conexión.';

/** Every office write is audited: the audit queries (app/ui/office/audit-history.tsx) start with this key. */
export const AUDIT_QUERY_ROOT = 'auditoria';

/** What a write the server took changes: the screen's data and every audit history on screen. */
function refreshAfterWrite(queryClient: QueryClient, invalidate: QueryKey[]) {
  return Promise.all([...invalidate, [AUDIT_QUERY_ROOT]].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export interface OfficeWriteOptions {
  /** The spec's success notice ("Rol creado con éxito"). */
  success: string;
  /** The online screens' data that the write changes, read again once the server took it. */
  invalidate: QueryKey[];
}

/** A refused office write as the screen keeps it: the server's reason and the spec's notice of its kind, if any. */
export interface OfficeRefusal {
  key: string;
  message: string;
  /** "No se pudo crear el rol" (spec section 8), said before the reason. */
  notice?: string;
}

/** The reason after the spec's notice, when the write's kind has one. */
export function refusalLine(refusal: Pick<OfficeRefusal, 'message' | 'notice'>): string {
  return refusal.notice ? `${refusal.notice}: ${refusal.message}` : refusal.message;
}

/**
 * SPEC OF1-OF2 for one form or action: queue the write, wait for the server's word, tell the person, and keep a
 * refusal so the next save corrects it (RP15: the same place in the queue, a new key) or the person discards it.
 * `stored` is a refusal of this form's record the screen found in the outbox (one met before a reload), used while
 * the form has met none of its own.
 */
export function useOfficeWrite(stored?: OfficeRefusal | null) {
  const queryClient = useQueryClient();
  const notify = useNotice();
  const [own, setRefused] = useState<OfficeRefusal | null>(null);
  const refused = own ?? stored ?? null;

  const save = useCallback(
    async (write: OfficeWrite, options: OfficeWriteOptions): Promise<OfficeWriteFate> => {
      const device = requireDevice();
      let key: string | undefined;
      if (refused) key = await device.replayer.resend(refused.key, write.request.body).catch(() => undefined);
      key ??= (await queueOfficeWrite(write, device)).key;
      const fate = await entryFate(device.db, key);
      if (fate.kind === 'rechazado') {
        const refusal = { key: fate.key, message: fate.message, notice: failureNoticeOf(write.kind, write.request) };
        setRefused(refusal);
        notify({ message: refusalLine(refusal), tone: 'error' });
        return fate;
      }
      setRefused(null);
      if (fate.kind === 'enviado') {
        notify({ message: options.success, tone: 'success' });
        await refreshAfterWrite(queryClient, options.invalidate);
      } else {
        notify({ message: `${options.success.replace(/\.$/, '')}. ${SAVED_ON_DEVICE}`, tone: 'info', duration: 3500 });
      }
      return fate;
    },
    [refused, notify, queryClient],
  );

  /** RP16: the person drops the refused write on purpose. */
  const discard = useCallback(async () => {
    if (!refused) return;
    await discardLocalWrite(refused.key);
    setRefused(null);
  }, [refused]);

  return { save, refused, discard };
}

/**
 * A button's office writes (enable, disable, delete one or many): like `save`, but a refusal is not corrected in a
 * form. The person reads it and chooses to drop the refused writes (RP16) or to leave them in Sincronización.
 */
export function useOfficeAction() {
  const queryClient = useQueryClient();
  const notify = useNotice();
  const confirm = useConfirm();
  return useCallback(
    async (writes: OfficeWrite | OfficeWrite[], options: OfficeWriteOptions & { successMany?: string }): Promise<OfficeWriteFate[]> => {
      const device = requireDevice();
      const all = Array.isArray(writes) ? writes : [writes];
      const entries = [];
      for (const write of all) entries.push(await queueOfficeWrite(write, device));
      const fates = await Promise.all(entries.map((entry) => entryFate(device.db, entry.key)));
      const refused = fates.filter((fate) => fate.kind === 'rechazado');
      const success = all.length > 1 && options.successMany ? options.successMany : options.success;
      if (fates.some((fate) => fate.kind === 'enviado')) await refreshAfterWrite(queryClient, options.invalidate);
      if (refused.length > 0) {
        const message = `${refused[0]!.message}${refused.length > 1 ? ` (y ${refused.length - 1} más)` : ''} ¿Descartas ${refused.length > 1 ? 'estos cambios' : 'este cambio'}? Si no, ${refused.length > 1 ? 'quedan' : 'queda'} en Sincronización.`;
        const header = refusalHeader(all, fates);
        if (await confirm({ header, message, confirmText: 'Descartar' })) for (const fate of refused) await discardLocalWrite(fate.key);
      } else if (fates.every((fate) => fate.kind === 'enviado')) {
        notify({ message: success, tone: 'success' });
      } else {
        notify({ message: `${success.replace(/\.$/, '')}. ${SAVED_ON_DEVICE}`, tone: 'info', duration: 3500 });
      }
      return fates;
    },
    [confirm, notify, queryClient],
  );
}

/**
 * The title of the refusal a button's writes met: the spec's notice of several deletes of a kind refused among many
 * ("Error al eliminar algunas empresas"), else the notice of the first refused write's kind ("No se pudo eliminar el
 * rol"), else the plain «Cambio rechazado».
 */
function refusalHeader(writes: readonly OfficeWrite[], fates: readonly OfficeWriteFate[]): string {
  const refused = writes.filter((_write, index) => fates[index]?.kind === 'rechazado');
  const first = refused[0];
  if (!first) return 'Cambio rechazado';
  const manyDeletes = writes.length > 1 && writes.every((write) => write.kind === first.kind && write.request.method === 'DELETE');
  return (manyDeletes ? manyDeletesFailedOf(first.kind) : undefined) ?? failureNoticeOf(first.kind, first.request) ?? 'Cambio rechazado';
}
