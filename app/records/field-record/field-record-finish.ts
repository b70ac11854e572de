import type { DraftTableName } from '#app/db/draft-row.ts';
import { type FinishResult, finishDraft } from '#app/data/drafts.ts';
import type { localWrite } from '#app/data/local-write.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import type { FieldRecord } from './field-record.ts';

type FinishDevice = NonNullable<Parameters<typeof localWrite>[1]>;

/**
 * Finishes a field record (SPEC DR, DR7): what the module's `prepare` reads from the device first, then its pure
 * `finish` builds the record(s) and write(s), queued with the locked draft in one transaction by the drafts kit.
 */
export async function finishFieldRecord<T extends DraftTableName, Problem, Context>(
  record: FieldRecord<T, Problem, Context>,
  id: string,
  device: FinishDevice = requireDevice(),
): Promise<FinishResult<Problem>> {
  const draft = record.prepare ? await device.db.table(record.table).get(id) : undefined;
  const context = (draft && record.prepare ? await record.prepare(device.db, draft) : undefined) as Context;
  return finishDraft(record.table, id, (current) => record.finish(current, context), record.problem, device);
}
