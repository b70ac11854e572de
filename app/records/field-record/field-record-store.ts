import type { FileRef } from '#sync/records/record-fields.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { DraftOf, DraftTableName } from '#app/db/draft-row.ts';
import { changeDraft, DraftError } from '#app/data/drafts.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import type { FieldRecord, GivenSignature, SignerRole } from './field-record.ts';

/**
 * The changes every signed field record makes to its draft (SPEC DR1): each its own transaction through the drafts
 * kit, a signature's PNG stored in the same one, so a reload, a crash or a sign-out keeps the draft as it was.
 */

type Table = Pick<FieldRecord<DraftTableName, unknown, unknown>, 'table' | 'blankSignature'>;

/** Starts the draft once: an open one of the same id is kept as it is. `tables`: what `build` reads. */
export async function startFieldRecord<T extends DraftTableName>(
  db: AppDb,
  record: { table: T },
  id: string,
  build: () => Promise<DraftOf<T>>,
  tables: string[] = [],
): Promise<void> {
  await db.transaction('rw', [record.table, ...tables], async () => {
    const drafts = db.table<DraftOf<T>, string>(record.table);
    const existing = await drafts.get(id);
    if (existing && existing.estado === 'abierta') return;
    await drafts.put(await build());
  });
}

/** A signature given on the pad, or the record's refusal of a blank one. */
function signatureOf(record: Table, png: LocalFile | null): { file: LocalFile; given: GivenSignature } {
  if (!png) throw new DraftError(record.blankSignature);
  return {
    file: { ...png, type: 'image/png' },
    given: { Firma: { Sha256: png.sha256, Tipo: 'image/png' }, FirmadoEn: new Date().toISOString() },
  };
}

/** A signature that is the draft's own (who delivers, once for a whole crew): `apply` sets it, its PNG stored with it. */
export async function signFieldRecord<T extends DraftTableName>(
  db: AppDb,
  record: Table & { table: T },
  id: string,
  png: LocalFile | null,
  apply: (draft: DraftOf<T>, signature: GivenSignature) => void,
): Promise<void> {
  const { file, given } = signatureOf(record, png);
  await changeDraft(db, record.table, id, (draft) => apply(draft, given), [file]);
}

/** The person `personId` of `role` in the draft; `present`: not one taken out but kept in the list. */
function findPerson<Draft, Person>(role: SignerRole<Draft, Person>, draft: Draft, personId: string, present: boolean): Person | undefined {
  return role.of(draft).find((candidate) => role.id(candidate) === personId && (!present || (role.present?.(candidate) ?? true)));
}

/** The person `personId` of `role` who may still change: refused when gone, taken out or sealed. */
function personOf<Draft, Person>(role: SignerRole<Draft, Person>, draft: Draft, personId: string): Person {
  const person = findPerson(role, draft, personId, true);
  if (!person) throw new DraftError(role.gone);
  if (role.sealed && role.signed(person)) throw new DraftError(role.sealed);
  return person;
}

/** A change of one person of the draft; `change` returns false when nothing changed. */
export function changePerson<T extends DraftTableName, Person>(
  db: AppDb,
  record: { table: T },
  role: SignerRole<DraftOf<T>, Person>,
  id: string,
  personId: string,
  change: (person: Person, draft: DraftOf<T>) => boolean | void,
): Promise<void> {
  return changeDraft(db, record.table, id, (draft) => change(personOf(role, draft, personId), draft));
}

/**
 * A person signs: the role sets the signature (and what it means); `also` adds what this signing carries (the name
 * a presenter signs with, a worker's sealed acta), and may refuse it.
 */
export async function signPerson<T extends DraftTableName, Person>(
  db: AppDb,
  record: Table & { table: T },
  role: SignerRole<DraftOf<T>, Person>,
  id: string,
  personId: string,
  png: LocalFile | null,
  also?: (person: Person, draft: DraftOf<T>, signature: GivenSignature) => void,
): Promise<void> {
  const { file, given } = signatureOf(record, png);
  await changeDraft(
    db,
    record.table,
    id,
    (draft) => {
      const person = personOf(role, draft, personId);
      role.sign?.(person, given);
      also?.(person, draft, given);
    },
    [file],
  );
}

/** Takes a person's signature back (the bytes stay until the draft is deleted). */
export function clearSignature<T extends DraftTableName, Person>(
  db: AppDb,
  record: { table: T },
  role: SignerRole<DraftOf<T>, Person>,
  id: string,
  personId: string,
): Promise<void> {
  return changeDraft(db, record.table, id, (draft) => {
    const person = findPerson(role, draft, personId, false);
    if (!person || !role.signed(person) || !role.clear) return false;
    role.clear(person);
  });
}

/** Takes a person out of the draft; nothing changes for one who is gone already or stays. */
export function removePerson<T extends DraftTableName, Person>(
  db: AppDb,
  record: { table: T },
  role: SignerRole<DraftOf<T>, Person>,
  id: string,
  personId: string,
): Promise<void> {
  return changeDraft(db, record.table, id, (draft) => {
    const person = findPerson(role, draft, personId, true);
    if (!person || !role.remove) return false;
    if (role.sealed && role.signed(person)) throw new DraftError(role.sealed);
    return role.remove(draft, person);
  });
}

/** Sets one field of the draft; nothing is written when it holds that value already. */
export function setField<T extends DraftTableName, K extends keyof DraftOf<T>>(
  db: AppDb,
  record: { table: T },
  id: string,
  field: K,
  value: DraftOf<T>[K],
  allowed?: (draft: DraftOf<T>) => void,
): Promise<void> {
  return changeDraft(db, record.table, id, (draft) => {
    if (draft[field] === value) return false;
    allowed?.(draft);
    draft[field] = value;
  });
}

/**
 * Sets the draft's photos or files to `files` (their bytes already stored by the photo field): kept ones keep their
 * entry, new ones get one from `entry`, and nothing is written when the set is the same.
 */
export function setFiles<T extends DraftTableName, Entry>(
  db: AppDb,
  record: { table: T },
  id: string,
  files: readonly FileRef[],
  list: {
    get(draft: DraftOf<T>): Entry[];
    set(draft: DraftOf<T>, entries: Entry[]): void;
    file(entry: Entry): FileRef;
    entry(file: FileRef): Entry;
  },
): Promise<void> {
  return changeDraft(db, record.table, id, (draft) => {
    const current = list.get(draft);
    const kept = current.filter((entry) => files.some((file) => file.Sha256 === list.file(entry).Sha256));
    const added = files.filter((file) => !current.some((entry) => list.file(entry).Sha256 === file.Sha256)).map(list.entry);
    if (added.length === 0 && kept.length === current.length) return false;
    list.set(draft, [...kept, ...added]);
  });
}
