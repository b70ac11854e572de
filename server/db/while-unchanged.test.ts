import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseVersion, openSqlite, type Db } from './database.ts';
import { whileUnchanged } from './while-unchanged.ts';

let dir: string;
let db: Db;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-unchanged-'));
  db = openSqlite(dir);
  await sql`CREATE TABLE notas (id INTEGER PRIMARY KEY, texto TEXT NOT NULL)`.execute(db);
  await sql`INSERT INTO notas (texto) VALUES ('a'), ('b')`.execute(db);
});
afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const texts = async () => (await sql<{ texto: string }>`SELECT texto FROM notas ORDER BY id`.execute(db)).rows.map((row) => row.texto);

describe('databaseVersion', () => {
  it('moves with every changed row, committed or rolled back, and not with reads', async () => {
    const start = databaseVersion(db)!;
    await texts();
    expect(databaseVersion(db)).toBe(start);
    await sql`UPDATE notas SET texto = texto`.execute(db);
    const updated = databaseVersion(db)!;
    expect(updated).toBeGreaterThan(start);
    await db
      .transaction()
      .execute(async (trx) => {
        expect(databaseVersion(trx)).toBeUndefined();
        await sql`DELETE FROM notas`.execute(trx);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await texts()).toEqual(['a', 'b']);
    expect(databaseVersion(db)).toBeGreaterThan(updated);
  });
});

describe('whileUnchanged', () => {
  it('computes once while no row changes, and again after any change', async () => {
    let runs = 0;
    const read = () => whileUnchanged(db, 'notas', async () => ((runs += 1), await texts()));
    expect(await read()).toEqual(['a', 'b']);
    expect(await read()).toEqual(['a', 'b']);
    expect(runs).toBe(1);
    await sql`INSERT INTO notas (texto) VALUES ('c')`.execute(db);
    expect(await read()).toEqual(['a', 'b', 'c']);
    expect(runs).toBe(2);
  });

  it('keeps each key apart, forgets a value after keepMs, and never keeps a failure', async () => {
    expect(await whileUnchanged(db, 'uno', async () => 1, { now: 0 })).toBe(1);
    expect(await whileUnchanged(db, 'dos', async () => 2, { now: 0 })).toBe(2);
    expect(await whileUnchanged(db, 'uno', async () => 10, { keepMs: 100, now: 50 })).toBe(1);
    expect(await whileUnchanged(db, 'tres', async () => 3, { keepMs: 100, now: 0 })).toBe(3);
    expect(await whileUnchanged(db, 'tres', async () => 30, { keepMs: 100, now: 100 })).toBe(30);

    await expect(whileUnchanged(db, 'falla', async () => Promise.reject(new Error('sin datos')))).rejects.toThrow('sin datos');
    expect(await whileUnchanged(db, 'falla', async () => 'ahora sí')).toBe('ahora sí');
  });

  it('keeps at most 200 values, dropping the oldest, and none of a version once a newer one is seen', async () => {
    let runs = 0;
    const read = (key: string) => whileUnchanged(db, key, async () => ((runs += 1), key));
    for (let i = 0; i <= 200; i += 1) await read(`clave ${i}`);
    expect(runs).toBe(201);
    await read('clave 200');
    await read('clave 1');
    expect(runs).toBe(201);
    await read('clave 0');
    expect(runs).toBe(202);

    await sql`UPDATE notas SET texto = texto`.execute(db);
    await read('clave 200');
    expect(runs).toBe(203);
  });

  it('always computes inside a transaction, whose rows may still roll back', async () => {
    await whileUnchanged(db, 'notas', texts);
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO notas (texto) VALUES ('tentativa')`.execute(trx);
        const inside = await whileUnchanged(trx, 'notas', async () => (await sql<{ texto: string }>`SELECT texto FROM notas ORDER BY id`.execute(trx)).rows.map((row) => row.texto));
        expect(inside).toEqual(['a', 'b', 'tentativa']);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await whileUnchanged(db, 'notas', texts)).toEqual(['a', 'b']);
  });
});
