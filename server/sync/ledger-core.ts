import { SYNC_ERRORS, SYNC_MESSAGES, syncErrorBody } from '#sync/outbox/sync-protocol.ts';
import type { AppDeps } from '../app-env.ts';
import { reusableQuery, type Db } from '../db/database.ts';
import { engineOf } from '../db/engine.ts';
import { refusal } from '../http/http-error.ts';
import { CONFLICT } from './conflicts.repo.ts';
import { forgetConflict, isStaleWrite, judgeStaleConflict } from './stale-writes.ts';
import { atomically } from './write-transaction.ts';

interface LedgerEntry {
  fingerprint: string;
  status: number;
  body: string;
}

const selectEntry = reusableQuery((db, company: string, key: string) =>
  db.selectFrom('idempotencia').select(['Huella', 'Estado', 'Respuesta']).where('IdEmpresa', '=', company).where('Clave', '=', key),
);

async function findEntry(db: Db, company: string, key: string): Promise<LedgerEntry | undefined> {
  const [row] = await selectEntry(db, company, key);
  return row && { fingerprint: row.Huella, status: row.Estado, body: row.Respuesta };
}

const insertRow = reusableQuery((db, company: string, key: string, fingerprint: string, status: number, body: string, at: string) =>
  db
    .insertInto('idempotencia')
    .values({ IdEmpresa: company, Clave: key, Huella: fingerprint, Estado: status, Respuesta: body, CreadoEn: at }),
);

/**
 * Only answers that changed state are stored (SPEC RP17): a success, and a 409 CONFLICTO (the losing write was
 * kept). A refusal changed nothing and is judged again when retried: a 401 must not outlive the next sign-in,
 * ARCHIVO_PENDIENTE and EN_CURSO must run once the file or the first request is in, and a stored 400 would turn
 * an upgraded body's retry into IDEMPOTENCIA_DISTINTA, which the outbox reads as "already applied" (OB8).
 * The invariant: a ledger row exists exactly when the request's writes committed.
 */
function changedState(status: number, answer: string): boolean {
  if (status >= 200 && status < 300) return true;
  if (status !== 409) return false;
  try {
    return (JSON.parse(answer) as { code?: unknown }).code === CONFLICT.code;
  } catch {
    return false;
  }
}

/**
 * The deps a write's handlers get inside its transaction: `db` and `files` are the transaction. A batch hands
 * every entry the same transaction object, so its entries share one.
 */
const scopedDeps = new WeakMap<Db, { base: AppDeps; scoped: AppDeps }>();

function depsWithin(deps: AppDeps, trx: Db): AppDeps {
  const known = scopedDeps.get(trx);
  if (known?.base === deps) return known.scoped;
  const scoped = { ...deps, db: trx, files: deps.files.withDb(trx) };
  scopedDeps.set(trx, { base: deps, scoped });
  return scoped;
}

/** Rolls a transaction back while keeping the handler's answer as the response. */
class RollBack extends Error {}

/** What the write answered, as the ledger needs it: its status, whether it may be kept, and its text when read. */
export interface ExecutedWrite {
  status: number;
  /** A JSON answer or none at all: the ledger keeps nothing else (its bytes would not survive being read as text). */
  ledgerable: boolean;
  text(): Promise<string>;
}

/**
 * The write's own answer stands; or the ledger answers instead: a stored answer replayed, or a stale write's
 * verdict (RT3) in place of its 409.
 */
export type LedgerOutcome =
  | { kind: 'own' }
  | { kind: 'replayed'; status: number; text: string }
  | { kind: 'verdict'; status: number; body: object };

export interface LedgeredWrite {
  deps: AppDeps;
  company: string;
  key: string;
  fingerprint: string;
  /** The device's clock when it sent the write (RT3), as its header says. */
  sentAt: string | undefined;
  /** The body's text, judged again when a stale write conflicts (made only then: a batch entry's is not text yet). */
  bodyText(): string;
}

/**
 * The idempotency ledger (SPEC RP17) around one write, whatever carried it (a REST call with `Idempotency-Key` or
 * a batch entry): run once in one transaction with its ledger row, or answered from the stored row. The write
 * gets deps whose `db` and `files` are that transaction. Any answer other than a success or a CONFLICTO rolls it
 * back and is not stored. Concurrent writes with the same key in this process are refused with 409 EN_CURSO; on
 * another node (PostgreSQL), the second waits for the company's lock its transaction takes first, then finds the
 * first's row and answers it.
 */
export function createLedger() {
  const executing = new Set<string>();

  return async function applyOnce(write: LedgeredWrite, execute: (deps: AppDeps) => Promise<ExecutedWrite>): Promise<LedgerOutcome> {
    const { deps, company, key, fingerprint } = write;
    // Checked and claimed with no await in between: a second request with this key either sees it executing
    // here or, once it is released, finds the committed ledger row.
    const slot = `${company}\u0000${key}`;
    if (executing.has(slot)) throw refusal(SYNC_ERRORS.inProgress);
    executing.add(slot);
    const replayStored = (stored: LedgerEntry): LedgerOutcome => {
      if (stored.fingerprint !== fingerprint) throw refusal(SYNC_ERRORS.keyReused);
      return { kind: 'replayed', status: stored.status, text: stored.body };
    };
    try {
      const stored = await findEntry(deps.db, company, key);
      if (stored) return replayStored(stored);
      const stale = isStaleWrite(key, write.sentAt, deps.now());
      let committedMeanwhile: LedgerEntry | undefined;
      let outcome: LedgerOutcome = { kind: 'own' };
      try {
        // Its own transaction; inside a batch, a savepoint of the batch's transaction.
        await atomically(deps.db, async (trx) => {
          // On SQLite the look-up above already waited for any transaction holding the one connection. PostgreSQL
          // reads beside it: a write (on any node) may have committed this key since, seen once the company lock is held.
          if (engineOf(trx) === 'postgres' && (committedMeanwhile = await findEntry(trx, company, key))) throw new RollBack();
          const executed = await execute(depsWithin(deps, trx));
          if (!executed.ledgerable) throw new RollBack();
          let status = executed.status;
          let answer = (status >= 200 && status < 300) || status === 409 ? await executed.text() : '';
          const verdict = stale && status === 409 ? judgeStaleConflict(write.bodyText(), answer) : null;
          if (verdict?.kind === 'refused') {
            outcome = { kind: 'verdict', status: SYNC_ERRORS.staleWrite.status, body: syncErrorBody(SYNC_ERRORS.staleWrite) };
            throw new RollBack();
          }
          if (verdict?.kind === 'applied') {
            await forgetConflict(trx, company, key);
            const body = { statusCode: 200, message: SYNC_MESSAGES.alreadyApplied, data: verdict.current };
            outcome = { kind: 'verdict', status: 200, body };
            status = 200;
            answer = JSON.stringify(body);
          }
          if (!changedState(status, answer)) throw new RollBack();
          await insertRow(trx, company, key, fingerprint, status, answer, deps.now().toISOString());
        });
      } catch (error) {
        if (!(error instanceof RollBack)) throw error;
      }
      return committedMeanwhile ? replayStored(committedMeanwhile) : outcome;
    } finally {
      executing.delete(slot);
    }
  };
}

export type Ledger = ReturnType<typeof createLedger>;
