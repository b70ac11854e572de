import http from 'node:http';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { bootstrap } from './bootstrap.ts';
import { ConfigError, parseConfig } from './config.ts';
import { PostgresSetupError } from './db/postgres.ts';
import { mailboxNotice } from './mail/mailbox-notice.ts';
import { OVERDUE_RULES } from './app-modules.ts';
import { startOverdueJobs } from './records/overdue-lights.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-seed.ts';
import { DEMO_INSPECTOR } from './seed/demo-fiscalizador.ts';
import { startRetentionJob } from './sync/retention.ts';
import { startActaCopyJob } from './modules/epp/acta-copia.ts';
import { startMonthlyDocumentsJob } from './modules/contratistas/monthly-documents.ts';
import { startFleetRemindersJob } from './modules/flota/recordatorios-flota.ts';

const distDir = path.resolve('dist');

/** False when the build failed (Vite has printed why). */
function ensureBuilt(): boolean {
  if (fs.existsSync(path.join(distDir, 'index.html'))) return true;
  console.log('Compilando la aplicación (primera vez, ~1 minuto)...');
  try {
    execSync('npx vite build', { stdio: 'inherit' });
    return true;
  } catch {
    console.error('No se pudo compilar la aplicación: el error de Vite está arriba.');
    return false;
  }
}

async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
  if (process.argv.includes('--build-if-missing') && !ensureBuilt()) {
    process.exitCode = 1;
    return;
  }
  let deps;
  try {
    deps = await bootstrap(config);
  } catch (error) {
    if (!(error instanceof PostgresSetupError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
    return;
  }
  // SPEC OV1: overdue observations and control measures turn red at start and every 10 minutes (lists apply it first).
  const overdue = startOverdueJobs(deps.db, deps.now, OVERDUE_RULES);
  await overdue.ready;
  // SPEC RT2: the idempotency ledger and the change log keep 90 days; pruned at start and every hour.
  const retention = startRetentionJob(deps.db, deps.now);
  // The workers' own copies of their signed actas, drawn and mailed outside the sync batch that stored them.
  const actaCopies = startActaCopyJob(deps);
  // Ley 20.123: a new month asks each contract in force its monthly F30-1 again.
  const monthlyDocuments = startMonthlyDocumentsJob(deps);
  // Issue 38: each fleet certificate's responsible is reminded 30, 15 and 7 days before it expires.
  const fleetReminders = startFleetRemindersJob(deps);
  const app = createApp(deps, { distDir: fs.existsSync(distDir) ? distDir : undefined });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
    const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
    const address = `http://${shownHost}:${config.port}`;
    console.log(`\nAndes HSE escuchando en ${address}`);
    const database = config.databaseUrl ? `PostgreSQL (${new URL(config.databaseUrl).pathname.slice(1)})` : 'SQLite';
    console.log(`Datos en ${config.dataDir}, base ${database}${deps.demoCreated ? ' (empresas demo creadas)' : ''}`);
    const mail = mailboxNotice(config, address);
    for (const line of mail.info) console.log(line);
    if (mail.warnings.length) console.warn(`\n${'!'.repeat(100)}\n${mail.warnings.join('\n')}\n${'!'.repeat(100)}\n`);
    console.log(`Referencia de la API: ${address}/api/docs`);
    if (config.demoSeed) {
      console.log(`\nCuentas demo (contraseña ${DEMO_PASSWORD}):`);
      for (const account of DEMO_ACCOUNTS) console.log(`  Rut Empresa ${account.rutEmpresa}  ${account.correo.padEnd(26)} ${account.rol}`);
      console.log('  Rut Empresa 15876543-8  (no registrada: muestra el aviso de empresa no registrada)');
      console.log(`  Fiscalizador: ${address}/fiscales/login  ${DEMO_INSPECTOR.correo} / ${DEMO_PASSWORD}`);
    }
  });
  // Clients that reuse connections (a proxy, a device's fetch) must not send into one the server is closing: keep
  // idle connections longer than Node's 5 s default, and the header timeout above that, as proxies expect.
  if (server instanceof http.Server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  // Closing the server and the database leaves nothing pending, so the process ends by itself.
  const stop = () => {
    overdue.stop();
    retention.stop();
    actaCopies.stop();
    monthlyDocuments.stop();
    fleetReminders.stop();
    server.close(() => void deps.db.destroy());
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
