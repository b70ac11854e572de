import { personName } from '#sync/domain/person-name.ts';
import type { Db } from '../db/database.ts';
import type { RecordRegistry } from '../records/record-registry.ts';
import type { WriteContext } from '../records/write-answer.ts';
import { findUser } from '../tenancy/users.repo.ts';
import { viewerOfUser } from '../tenancy/viewer.ts';

/** A demo write made as its user would make it: their name and scope, at `now`, through the company's records. */
export async function demoWriteContext(db: Db, company: string, user: number, now: Date, records: RecordRegistry): Promise<WriteContext> {
  const row = await findUser(db, company, user);
  if (!row) throw new Error(`demo: el usuario ${user} no existe`);
  return { db, company, user, userName: personName(row), viewer: viewerOfUser(row), key: undefined, now, records };
}
