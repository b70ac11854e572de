import type { CompanyProfileBody, UserProfileBody } from '#sync/schemas/perfil.schema.ts';
import { useMemo, useState } from 'react';
import type { OfficeWriteFate } from '#app/data/office-write-fate.ts';
import { useOfficeWrite } from '#app/data/use-office-write.ts';
import { useNotice } from '#app/ui/feedback/use-notice.ts';
import { useQueuedWrites } from '#app/ui/office/use-queued-writes.ts';
import { type ProfileTarget, profileWrite, storedRefusal, targetRecordKey } from './profile-writes.ts';

/** Said when the write could not even be put in this device's queue (its database failed). */
const NOT_QUEUED = 'No se pudo guardar el cambio en este dispositivo. Inténtalo nuevamente.';

/**
 * A profile screen's saves (SPEC OF1-OF2): the PUT goes through the outbox and the screen waits for its entry, says
 * the spec's `success` once the server took it (then `refresh` reads the profile again), the server's refusal to
 * correct or discard, or that it stays on this device until the connection returns. A refusal met before a reload
 * is found in the queue.
 */
export function useProfileWrites(target: ProfileTarget, success: string, refresh: () => Promise<void>) {
  const notify = useNotice();
  const entries = useQueuedWrites({ recordKey: targetRecordKey(target) }, () => void refresh());
  const stored = useMemo(() => storedRefusal(target, entries ?? []), [target, entries]);
  const { save, refused, discard } = useOfficeWrite(stored);
  const [saving, setSaving] = useState(false);

  const submit = async (body: UserProfileBody | CompanyProfileBody): Promise<OfficeWriteFate | undefined> => {
    setSaving(true);
    try {
      const fate = await save(profileWrite(target, body), { success, invalidate: [] });
      if (fate.kind === 'enviado') await refresh();
      return fate;
    } catch {
      notify({ message: NOT_QUEUED, tone: 'error' });
      return undefined;
    } finally {
      setSaving(false);
    }
  };

  return { entries: entries ?? [], refused, discard, submit, saving };
}
