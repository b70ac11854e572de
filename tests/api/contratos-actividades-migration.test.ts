import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
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

describe('migration 0031: a contract’s activities by level (CT-ACT3)', () => {
  it('reads each stored activity id as that activity at the contract’s worksite, by none of its workers in particular', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-migracion-actividades-'));
    db = openSqlite(dir);
    await migrateUpTo(db, '0030-contratos-ascendencias');
    await seedCatalogue(db);
    await seedDemo(db, TEST_START, new FileStore(db, new FolderFileBytes(path.join(dir, 'files')), 'secreto-de-prueba'), { moduleSeeds: false });
    const [company] = (await sql<{ IdEmpresa: string }>`SELECT IdEmpresa FROM empresas LIMIT 1`.execute(db)).rows;
    const [first, second] = [uuidV7(), uuidV7()];
    const contract = (Actividades: string) => ({
      IdContrato: uuidV7(),
      IdEmpresa: company!.IdEmpresa,
      Nombre: 'Contrato anterior',
      RutContratista: '78945612-7',
      FechaInicio: '2026-01-01',
      FechaTermino: '2026-12-31',
      IdNivel2: uuidV7(),
      Actividades,
    });
    const [listed, none] = [contract(JSON.stringify([first, second])), contract('[]')];
    await sql`INSERT INTO contratos (IdContrato, IdEmpresa, Nombre, RutContratista, FechaInicio, FechaTermino, IdNivel2, Actividades)
      VALUES ${sql.join([listed, none].map((row) => sql`(${sql.join(Object.values(row))})`))}`.execute(db);
    await migrateToLatest(db);

    const stored = (await sql<{ IdContrato: string; Actividades: string }>`SELECT IdContrato, Actividades FROM contratos`.execute(db)).rows;
    const activities = Object.fromEntries(stored.map((row) => [row.IdContrato, JSON.parse(row.Actividades) as unknown]));
    const at = (IdActividad: string) => ({ IdActividad, IdNivel2: null, IdNivel3: null, Recursos: { Trabajadores: [] } });
    expect(activities).toEqual({ [listed.IdContrato]: [at(first), at(second)], [none.IdContrato]: [] });
  });
});
