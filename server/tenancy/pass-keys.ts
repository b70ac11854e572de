import { generatePassKeys, importPassPrivateKey, type PassPublicKey, passPublicKey } from '#sync/domain/day-pass.ts';
import type { Db } from '../db/database.ts';

/** A row of `llaves_pase` (migration 0036), typed beside the only code that reads and writes it. */
interface LlavesPaseTable {
  IdEmpresa: string;
  Privada: string;
  Publica: string;
  CreadoEn: string;
}

const keysTable = (db: Db) => db.withTables<{ llaves_pase: LlavesPaseTable }>();

/**
 * The company's day-pass key pair (issue 39), made once: the first node that asks makes a pair and offers it; the
 * offer kept first is the one every node reads back, so two nodes starting together sign with the same key.
 */
async function companyKeyRow(db: Db, company: string, now: Date): Promise<LlavesPaseTable> {
  const read = () => keysTable(db).selectFrom('llaves_pase').selectAll().where('IdEmpresa', '=', company).executeTakeFirst();
  const stored = await read();
  if (stored) return stored;
  const pair = await generatePassKeys();
  const [privada, publica] = await Promise.all([crypto.subtle.exportKey('jwk', pair.privateKey), crypto.subtle.exportKey('jwk', pair.publicKey)]);
  await keysTable(db)
    .insertInto('llaves_pase')
    .values({ IdEmpresa: company, Privada: JSON.stringify(privada), Publica: JSON.stringify(publica), CreadoEn: now.toISOString() })
    .onConflict((conflict) => conflict.column('IdEmpresa').doNothing())
    .execute();
  return (await read())!;
}

/** The public half, as JWK: what every device of the company receives with its session to verify passes offline. */
export async function companyPassPublicKey(db: Db, company: string, now: Date): Promise<PassPublicKey> {
  return passPublicKey(JSON.parse((await companyKeyRow(db, company, now)).Publica) as JsonWebKey);
}

/** The private half, which signs the company's day passes and never leaves the server. */
export async function companyPassSigningKey(db: Db, company: string, now: Date): Promise<CryptoKey> {
  return importPassPrivateKey(JSON.parse((await companyKeyRow(db, company, now)).Privada) as JsonWebKey);
}
