import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bootstrap } from '#server/bootstrap.ts';
import { parseConfig } from '#server/config.ts';
import { adminQuery, startPostgresCluster } from '#tests/support/postgres-cluster.ts';
import { TEST_START } from './test-clock.ts';

/** Where the API project's tests run: the SQLite file of a data folder, or a database of a throwaway cluster. */
export interface TestDatabase {
  engine: 'sqlite' | 'postgres';
  /** Postgres only: the cluster's address of a database name, as a template `postgres://…/{name}`. */
  urlTemplate?: string;
  /** Postgres only: the migrated and seeded database each test's database is created from. */
  template?: string;
  /** Postgres only: the same database migrated, never seeded (for tests that ask for no demo). */
  emptyTemplate?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder migrated and seeded with the demo companies once for the whole run (see api-harness.ts). */
    seededDataDir: string;
    testDatabase: TestDatabase;
  }
}

const SEEDED = 'andes_plantilla';
const EMPTY = 'andes_plantilla_vacia';

/**
 * Vitest's global setup of the API projects: migrates and seeds one database before any test file runs, on the
 * engine the project names (`TEST_ENGINE`). Every test copies it instead of seeding its own (the demo is three
 * companies and a year of records: most of a test's time): the SQLite data folder by copying files, a PostgreSQL
 * database by `CREATE DATABASE … TEMPLATE`. The seed runs on the tests' fixed clock, so the copy is exactly what
 * seeding in the test would write.
 */
export default async function setup(project: TestProject) {
  const engine = project.config.env?.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-api-plantilla-'));
  const started = Date.now();
  const cluster = engine === 'postgres' ? await startPostgresCluster('api') : undefined;
  try {
    if (cluster) {
      await adminQuery(cluster, `create database ${SEEDED}`);
      await adminQuery(cluster, `create database ${EMPTY}`);
      const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-api-vacia-'));
      const empty = await bootstrap(parseConfig({ DATA_DIR: emptyDir, DEMO_SEED: '0', DATABASE_URL: cluster.url(EMPTY) }));
      await empty.db.destroy();
      fs.rmSync(emptyDir, { recursive: true, force: true });
    }
    const deps = await bootstrap(parseConfig({ DATA_DIR: dataDir, DATABASE_URL: cluster?.url(SEEDED) }), () => TEST_START);
    // Closing checkpoints SQLite's write-ahead log into the file, so the folder is complete as copied.
    await deps.db.destroy();
  } catch (error) {
    cluster?.stop();
    throw error;
  }
  console.log(`Base de datos de prueba (${engine}) migrada y sembrada una vez en ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('seededDataDir', dataDir);
  project.provide('testDatabase', cluster ? { engine, urlTemplate: cluster.url('{name}'), template: SEEDED, emptyTemplate: EMPTY } : { engine });
  return () => {
    cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
