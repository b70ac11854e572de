import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bootstrap } from '#server/bootstrap.ts';
import { parseConfig } from '#server/config.ts';
import { TEST_START } from './test-clock.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder migrated and seeded with the demo companies once for the whole run (see api-harness.ts). */
    seededDataDir: string;
  }
}

/**
 * Vitest's global setup of the API project: migrates and seeds one data folder before any test file runs. Every
 * test copies it instead of seeding its own (the demo is three companies and a year of records: most of a test's
 * time). The seed runs on the tests' fixed clock, so the copy is exactly what seeding in the test would write.
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-api-plantilla-'));
  const started = Date.now();
  const deps = await bootstrap(parseConfig({ DATA_DIR: dataDir }), () => TEST_START);
  // Closing checkpoints the write-ahead log into the file, so the folder is complete as copied.
  await deps.db.destroy();
  console.log(`Base de datos de prueba migrada y sembrada una vez en ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('seededDataDir', dataDir);
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
