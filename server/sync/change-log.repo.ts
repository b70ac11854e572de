import { sql } from 'kysely';
import type { Change, ChangesAnswer } from '#sync/outbox/sync-protocol.ts';
import { reusableInsert, reusableQuery, type Db } from '../db/database.ts';
import { lastIssuedKey } from '../db/portable-sql.ts';
import type { Viewer } from '../tenancy/viewer.ts';
import type { ChangeOperation } from '../db/schema.ts';
import { inWriteTransaction } from './write-transaction.ts';
import { engineOf } from '../db/engine.ts';
import { companyLock } from '../db/postgres.ts';
import { currentWriteScope, readingOnly } from '../db/write-scope.ts';
import { inWorksitesSql } from '../tenancy/worksites.ts';
import { worksiteOfChange } from '../tenancy/record-worksites.ts';

/**
 * Who may pull a change (migration 0006). Contractor users must not receive other contractors' records.
 * `partes:<contractor>:<client>` (each part URI-encoded, either may be empty) is a record of the inspections module:
 * company users, that contractor and that client pull it; nobody else does (client users included).
 */
export type ChangeAudience =
  | 'todos'
  | 'empresa'
  | `contratista:${string}`
  | `revocar:${string}`
  | `partes:${string}:${string}`
  | `${typeof CHAIN}${string}`;

/** The worksite levels of a record that carries them (SPEC PL13): only devices scoped to one of them pull it. */
export interface ChangeWorksite {
  nivel2: string | null;
  nivel3: string | null;
}

/** An upsert carries the row as clients should store it (an object); a delete travels as a tombstone. */
export type ChangeInput = { company: string; table: string; id: string | number; audience?: ChangeAudience; worksite?: ChangeWorksite } & (
  { op: 'upsert'; row: object } | { op: 'delete' }
);

/** The audience of a record that belongs to a contractor (its RUT) or to the company itself (null). */
export function contractorAudience(rutContratista: string | null): ChangeAudience {
  return rutContratista ? `contratista:${rutContratista}` : 'empresa';
}

const PARTIES = 'partes:';
const CHAIN = 'cadena:';

/** The audience of a record of a contractor that the companies above it in a chain see too: `cadena:,A,B,`. */
export function chainAudience(ruts: readonly string[]): ChangeAudience {
  return `${CHAIN},${ruts.join(',')},`;
}

/** The audience of an inspection or observation: company users, plus the contractor and the client it names. */
export function partiesAudience(rutContratista: string | null, idCliente: string | null): ChangeAudience {
  return `${PARTIES}${encodeURIComponent(rutContratista ?? '')}:${encodeURIComponent(idCliente ?? '')}`;
}

/**
 * A page of the protocol's changes call (PL2) as the server answers it: `more` when changes follow the cursor (ask
 * again at once); `reset` when the cursor is older than what the server keeps, or newer than it ever issued
 * (refetch, then pull from `cursor`, PL5).
 */
export type ChangePage = ChangesAnswer & { cursor: number; more: boolean };

const insertChange = reusableInsert(
  'Seq',
  (
    db,
    company: string,
    table: string,
    id: string,
    op: ChangeOperation,
    row: string | null,
    at: string,
    audience: ChangeAudience,
    nivel2: string | null,
    nivel3: string | null,
  ) =>
    db.insertInto('cambios').values({
      IdEmpresa: company,
      Tabla: table,
      IdRegistro: id,
      Operacion: op,
      Fila: row,
      CreadoEn: at,
      Audiencia: audience,
      Nivel2: nivel2,
      Nivel3: nivel3,
    }),
);

/**
 * Call inside the same transaction as the write it describes, so the log never disagrees with the rows. On
 * PostgreSQL a change of another company than the one the transaction locked takes that company's lock first.
 */
export async function recordChange(db: Db, change: ChangeInput, now: Date = new Date()): Promise<number> {
  const scope = currentWriteScope();
  if (scope?.kind === 'empresa' && scope.company !== change.company && engineOf(db) === 'postgres') {
    await db.executeQuery(companyLock(change.company, false));
  }
  const row = change.op === 'delete' ? null : JSON.stringify(change.row);
  // PL13: an upsert of a record that carries a worksite is stamped with it unless the caller says where it was.
  const worksite = change.worksite ?? (change.op === 'upsert' ? await worksiteOfChange(db, change.company, change.table, change.row) : undefined);
  const { nivel2 = null, nivel3 = null } = worksite ?? {};
  const at = now.toISOString();
  return insertChange(db, change.company, change.table, String(change.id), change.op, row, at, change.audience ?? 'todos', nivel2, nivel3);
}

async function retentionHorizon(db: Db): Promise<number> {
  const row = await db.selectFrom('retencion_cambios').select('DesdeSeq').where('Id', '=', 1).executeTakeFirst();
  return row?.DesdeSeq ?? 0;
}

/** The last seq ever issued, even when pruning removed it (AUTOINCREMENT keeps it). */
const lastIssuedSeq = (db: Db) => lastIssuedKey(db, 'cambios');

/** Forgets every change with a seq below `before`; clients behind it are told to refetch. */
export async function pruneChanges(db: Db, before: number): Promise<void> {
  await inWriteTransaction(db, async (trx) => {
    // Never past the next seq to be issued, or a cursor at the newest change would be told to reset forever.
    before = Math.min(before, (await lastIssuedSeq(trx)) + 1);
    await trx.deleteFrom('cambios').where('Seq', '<', before).execute();
    await trx
      .updateTable('retencion_cambios')
      .set({ DesdeSeq: sql<number>`CASE WHEN "DesdeSeq" > ${before} THEN "DesdeSeq" ELSE ${before} END` })
      .where('Id', '=', 1)
      .execute();
  });
}

/**
 * Who pulls (SPEC PL7, PL10, PL11): what of the company they may see, the tables their role lets them read, and the
 * seq of the last change of those (their role's grants, their role, contractor or client).
 */
export interface ChangeReader {
  viewer: Viewer;
  tables: readonly string[];
  readsChangedAt: number;
  /** The worksites the user works in (SPEC PL13); null for the whole company. */
  worksites: readonly string[] | null;
  /** The last widening of those (SPEC PL15); absent or at 0 for none. */
  widening?: { at: number; before: readonly string[] };
}

/**
 * The change-log row that dates a change of what some users may read (SPEC PL11): its seq is stored on the role or
 * user, and a device whose cursor is older is told to download its tables again. No device pulls it (its table
 * is no entity's).
 */
export const READS_CHANGED_TABLE = '_permisos';

export function recordReadsChanged(db: Db, company: string, subject: string, now: Date): Promise<number> {
  return recordChange(db, { company, table: READS_CHANGED_TABLE, id: subject, op: 'upsert', row: {}, audience: 'empresa' }, now);
}

/** The newest change of `company` this transaction sees committed (0 before its first). */
const companyNewestSeq = reusableQuery((db, company: string) =>
  db.selectFrom('cambios').select((eb) => eb.fn.max('Seq').as('seq')).where('IdEmpresa', '=', company),
);

/**
 * The company's changes after `since`, in seq order, up to the company's newest committed change. Never past it:
 * on PostgreSQL another transaction of the company may hold a later `Seq` and commit after this read, and every
 * `Seq` of the company below its newest committed one is committed (each company's writes hold its lock while
 * they take a `Seq`, server/db/postgres.ts). Other companies' numbers may be in flight below it; they are not
 * this company's to pull.
 */
export function readChanges(db: Db, company: string, reader: ChangeReader, since: number, limit: number): Promise<ChangePage> {
  // One read transaction: the horizon, the newest seq and the rows come from the same snapshot.
  const read = (trx: Db) => readPage(trx, company, reader, since, limit);
  if (db.isTransaction) return read(db);
  if (engineOf(db) === 'sqlite') return db.transaction().execute(read);
  return readingOnly(() => db.transaction().setIsolationLevel('repeatable read').execute(read));
}

async function readPage(db: Db, company: string, reader: ChangeReader, since: number, limit: number): Promise<ChangePage> {
  const horizon = await retentionHorizon(db);
  const issued = await lastIssuedSeq(db);
  const [newestRow] = await companyNewestSeq(db, company);
  // A cursor a reset hands out: the device downloads its tables again, then pulls what committed after it.
  const newest = Math.max(Number(newestRow?.seq ?? 0), horizon - 1);
  if (since + 1 < horizon || since > issued) return { changes: [], cursor: newest, more: false, reset: true };
  // PL11: what the user may read changed after this device's cursor; a first pull (since 0) has nothing to redo.
  if (since > 0 && since < reader.readsChangedAt) {
    return { changes: [], cursor: Math.max(newest, reader.readsChangedAt), more: false, reset: true };
  }
  // PL15: the user's worksites were widened after this cursor: the device downloads only what it lacks.
  const widening = reader.widening;
  if (since > 0 && widening && since < widening.at) {
    return { changes: [], cursor: Math.max(newest, widening.at), more: false, reset: true, antes: [...widening.before] };
  }
  const { viewer, tables } = reader;
  const rows = await db
    .selectFrom('cambios')
    .select(['Seq', 'Tabla', 'IdRegistro', 'Operacion', 'Fila'])
    .where('IdEmpresa', '=', company)
    .where('Seq', '>', since)
    .where('Seq', '<=', newest)
    // PL10: only the tables the user's role lets them read.
    .where((eb) => (tables.length === 0 ? eb.val(false) : eb('Tabla', 'in', [...tables])))
    .where((eb) => {
      if (viewer.kind === 'contratista') {
        const own = eb('Audiencia', 'in', ['todos', `contratista:${viewer.rut}`, `revocar:${viewer.rut}`]);
        if (viewer.rut === '') return own;
        // Exact prefix, not LIKE: the encoded parts hold no ':' and no wildcard is involved.
        const prefix = `${PARTIES}${encodeURIComponent(viewer.rut)}:`;
        // A RUT holds digits, '-' and 'K': no LIKE wildcard.
        const inChain = eb.and([eb(sql<string>`substr("Audiencia", 1, ${CHAIN.length})`, '=', CHAIN), eb('Audiencia', 'like', `%,${viewer.rut},%`)]);
        return eb.or([own, eb(sql<string>`substr("Audiencia", 1, ${prefix.length})`, '=', prefix), inChain]);
      }
      if (viewer.kind === 'empresa') return eb('Audiencia', 'not like', 'revocar:%');
      // A client pulls shared reference data and the records that name it; the company's and contractors' own
      // records (workers) are not a client's.
      const shared = eb('Audiencia', '=', 'todos');
      if (viewer.id === '') return shared;
      const suffix = `:${encodeURIComponent(viewer.id)}`;
      const ownParties = eb.and([
        eb('Audiencia', 'like', `${PARTIES}%`),
        eb(sql<string>`substr("Audiencia", length("Audiencia") - ${suffix.length - 1})`, '=', suffix),
      ]);
      return eb.or([shared, ownParties]);
    })
    // PL13: a scoped user pulls the changes of records of their worksites, and those that carry none.
    .$if(reader.worksites !== null, (query) => query.where(inWorksitesSql('Nivel2', 'Nivel3', reader.worksites!)))
    .orderBy('Seq')
    .limit(limit)
    .execute();
  const changes = rows.map(
    (row) =>
      ({
        seq: row.Seq,
        table: row.Tabla,
        id: row.IdRegistro,
        op: row.Operacion,
        row: row.Fila === null ? null : JSON.parse(row.Fila),
      }) as Change,
  );
  const last = changes.at(-1);
  const more = changes.length === limit && last !== undefined;
  return { changes, cursor: more ? last.seq : Math.max(since, newest), more };
}
