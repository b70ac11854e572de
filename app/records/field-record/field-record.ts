import type { FileRef } from '#sync/records/record-fields.ts';
import type { OutboxEntry } from '#sync/outbox/outbox-entry.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { DraftOf, DraftTableName } from '#app/db/draft-row.ts';
import type { FinishPlan } from '#app/data/drafts.ts';

/** A signature as a field record keeps it: the PNG's hash (its bytes in `archivosDispositivo`) and when it was given. */
export interface GivenSignature {
  Firma: FileRef;
  FirmadoEn: string;
}

/**
 * People of a field record who sign (a crew's workers, a session's participants or presenters): where they are in
 * the draft, and what a signature does to one of them. One signature each; a refused change names its reason.
 */
export interface SignerRole<Draft, Person> {
  of(draft: Draft): Person[];
  id(person: Person): string;
  /** The person is no longer in the draft (another tab took them out). */
  gone: string;
  /** Taken out but kept in the list (a listed participant): they cannot sign. */
  present?(person: Person): boolean;
  signed(person: Person): boolean;
  /** Set when a person who signed can no longer change: why (an EPP worker's acta is sealed by their signature). */
  sealed?: string;
  /** Sets the signature and what it means (attendance: signing is attending). */
  sign?(person: Person, signature: GivenSignature): void;
  /** Takes the signature back with what it meant; absent when a signature cannot be taken back. */
  clear?(person: Person): void;
  /** Takes the person out of the draft; false when they stay (a listed participant). */
  remove?(draft: Draft, person: Person): boolean | void;
}

/** A write the server refused that opens its draft again (from Sincronización, its discard). */
export interface FieldRecordReopen {
  method: OutboxEntry['method'];
  /** Its path, when the record's table has other writes of that method (a session's other PUTs). */
  path?: string;
  /** The record the write made or changed: the entry's `recordKey` names it, and its id is the draft's. */
  table: 'capacitaciones' | 'incidentes';
  /** More device tables `undo` changes, in the same transaction. */
  tables?: readonly string[];
  /**
   * What the refused write left on the device, undone. By default the record is shown again as the server has it
   * (when no other write of it waits); a record the write created leaves instead, with what it created along.
   */
  undo?(db: AppDb, entry: OutboxEntry, id: string): Promise<void>;
  /** The draft's note (`rechazo`): by default the server's message, or `refused` when it said nothing. */
  refusal?(entry: OutboxEntry): unknown;
  refused: string;
}

/**
 * A signed field record, declared once by its module (an EPP crew delivery, a session's attendance) with
 * `defineFieldRecord`: its draft table, its refusal of a blank signature, the people who sign by role (`signers`),
 * how it finishes (the module's pure builder of its record(s) and write(s)) and how a refusal opens it again. The
 * store, finish and reopen of the kit read it.
 */
export interface FieldRecord<T extends DraftTableName, Problem, Context = void> {
  table: T;
  /** A signature pad given blank. */
  blankSignature: string;
  /** What the finish needs from the device besides the draft (the session the attendance realises). */
  prepare?(db: AppDb, draft: DraftOf<T>): Promise<Context>;
  finish(draft: DraftOf<T>, context: Context): FinishPlan<T, Problem>;
  problem(message: string): Problem;
  reopen?: FieldRecordReopen;
}

/** Declares a field record with the people who sign it, by role (a crew's `workers`, a session's `participants`). */
export function defineFieldRecord<
  T extends DraftTableName,
  Problem,
  Context,
  Signers extends Record<string, SignerRole<DraftOf<T>, unknown>>,
>(record: FieldRecord<T, Problem, Context> & { signers: Signers }): FieldRecord<T, Problem, Context> & { signers: Signers } {
  return record;
}
