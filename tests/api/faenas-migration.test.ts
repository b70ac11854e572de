import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from '#server/db/database.ts';
import { migrateToLatest, migrateUpTo } from '#server/db/migrate.ts';
import { FileStore } from '#server/files/file-store.ts';
import { FolderFileBytes } from '#server/files/folder-file-bytes.ts';
import { seedCatalogue } from '#server/seed/catalogue-seed.ts';
import { seedDemo } from '#server/seed/demo-seed.ts';
import { TEST_START } from './support/test-clock.ts';

let dir: string;
let db: Db;
afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The level 2 each logged change of `table` is stamped with, and the one its record has now, by record. */
async function stamps(table: string, levelOf: string) {
  const rows = await sql<{ IdRegistro: string; Nivel2: string | null; Actual: string | null }>`
    SELECT c.IdRegistro, c.Nivel2, (${sql.raw(levelOf)}) AS Actual FROM cambios c
    WHERE c.Tabla = ${table} AND c.Operacion = 'upsert'`.execute(db);
  return rows.rows;
}

describe('migration 0026: the changes already logged carry their worksite', () => {
  it('stamps inspections, incidents, trainings and actas with their record’s level 2 (an acta with its worker’s)', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-migracion-faenas-'));
    db = openSqlite(dir);
    await migrateUpTo(db, '0025-faenas-usuarios');
    await seedCatalogue(db);
    const files = new FileStore(db, new FolderFileBytes(path.join(dir, 'files')), 'secreto-de-prueba');
    await seedDemo(db, TEST_START, files, { moduleSeeds: false });
    // As a data folder written before 0026 left them: no change of these records carries a worksite.
    await db.updateTable('cambios').set({ Nivel2: null, Nivel3: null }).execute();
    await migrateToLatest(db);

    const expected = {
      inspecciones: 'SELECT e.IdNivel2 FROM evaluaciones e WHERE e.IdEvaluacion = c.IdRegistro',
      incidentes: 'SELECT i.IdNivel2 FROM incidentes i WHERE i.IdEvaluacion = c.IdRegistro',
      capacitaciones: 'SELECT k.IdNivel2 FROM capacitaciones k WHERE k.IdCapacitacion = c.IdRegistro',
      epp_entregas: 'SELECT t.IdNivel2 FROM epp_entregas a JOIN trabajadores t ON t.IdPersona = a.IdPersona WHERE a.IdEntregadosEpp = c.IdRegistro',
    };
    for (const [table, levelOf] of Object.entries(expected)) {
      const rows = await stamps(table, levelOf);
      expect(rows.length, table).toBeGreaterThan(0);
      expect(rows.some((row) => row.Nivel2 !== null), table).toBe(true);
      expect(rows.filter((row) => row.Nivel2 !== row.Actual), table).toEqual([]);
    }
  });
});
