/**
 * The real server (server/main.ts) serving the bench build: it serves the `dist/` of its working folder, so it
 * starts in the folder tests/e2e/support/bench-harness.ts built the bench app into (BENCH_APP_ROOT). Everything
 * else is the server as `npm start` runs it; the data folder comes as an absolute DATA_DIR.
 */
import process from 'node:process';

const root = process.env.BENCH_APP_ROOT;
if (!root) throw new Error('Falta BENCH_APP_ROOT: la carpeta con el dist/ de la compilación de banco');
process.chdir(root);
await import('#server/main.ts');
