/**
 * Issue "Loading what a company already has": a 1,000-row payroll file of workers. On the device side, reading the
 * file (CSV as Excel saves it, and the .xlsx itself) and checking every row (RUT and check digit, names, positions
 * and levels by name, dates, duplicates in the file and against 20,000 workers already there), with the app's own
 * code. On the server side, the same 1,000 creations as the outbox sends them (POST /api/sync/batch, batches of
 * 200) from a process of their own, over HTTP to the real server on a real SQLite file (or PostgreSQL with
 * BENCH_DATABASE_URL): its CPU time is the figure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import writeXlsxFile from 'write-excel-file/node';
import { formatRut, rutCheckDigit } from '#sync/domain/rut.ts';
import { WORKER_LOAD, type WorkerLoadContext } from '#app/modules/trabajadores/trabajadores-carga.ts';
import { checkCsvLoad } from '#app/ui/records/csv-load.ts';
import { parseCsv } from '#app/ui/records/csv-parse.ts';
import { readSheetFile } from '#app/ui/records/sheet-file.ts';
import { createApp } from '#server/app.ts';
import { bootstrap } from '#server/bootstrap.ts';
import { parseConfig } from '#server/config.ts';
import { DEMO_PASSWORD } from '#server/seed/demo-seed.ts';
import { startBatchClient } from './support/batch-client.ts';

const ROWS = 1000;
const ROUNDS = 7;
/** Entries per batch from a device (app/sync/device-sync.ts). */
const DEVICE_BATCH = 200;
const ON_DEVICE = 20_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const rut = (body: number) => `${body}-${rutCheckDigit(String(body))}`;

function deviceContext(): WorkerLoadContext {
  const levels2 = Array.from({ length: 10 }, (_, i) => ({ IdNivel: `nv2-${i}`, Nombre: `Faena ${i}`, IdNivelPadre: null }));
  const levels3 = levels2.flatMap((level, i) =>
    Array.from({ length: 5 }, (_, j) => ({ IdNivel: `nv3-${i}-${j}`, Nombre: `Área ${j}`, IdNivelPadre: level.IdNivel })),
  );
  const cargos = Array.from({ length: 60 }, (_, i) => ({ IdCargo: `cargo-${i}`, NombreCargo: `Cargo ${i}`, IdNivel2: null, IdNivel3: null }));
  const existing = new Set(Array.from({ length: ON_DEVICE }, (_, i) => rut(10_000_000 + i).replace('-', '').toLowerCase()));
  return { levels2, levels3, cargos, levelLabels: ['Faena', 'Área'], existing, ownRut: null };
}

const header = ['Rut Trabajador', 'Nombres', 'Ap. Paterno', 'Ap. Materno', 'Cargo', 'Faena', 'Área', 'Fecha Ficha Medica', 'Sueldo Base'];
const rows = Array.from({ length: ROWS }, (_, i) => [
  formatRut(rut(40_000_000 + i)),
  `Nombre ${i}`,
  'Paterno',
  'Materno',
  `Cargo ${i % 60}`,
  `Faena ${i % 10}`,
  `Área ${i % 5}`,
  '15/03/2026',
  String(800_000 + i),
]);
const csv = `\uFEFF${[header, ...rows].map((row) => row.join(';')).join('\r\n')}\r\n`;
const xlsx = await writeXlsxFile([header, ...rows].map((row) => row.map((value) => ({ value })))).toBuffer();
const context = deviceContext();

const times = { csv: [] as number[], xlsx: [] as number[], check: [] as number[] };
for (let round = 0; round <= ROUNDS; round += 1) {
  let started = performance.now();
  const lines = parseCsv(new TextDecoder().decode(new TextEncoder().encode(csv)));
  const csvMs = performance.now() - started;
  started = performance.now();
  await readSheetFile(new File([new Uint8Array(xlsx)], 'nomina.xlsx'));
  const xlsxMs = performance.now() - started;
  started = performance.now();
  const checked = await checkCsvLoad(lines, WORKER_LOAD, context);
  const checkMs = performance.now() - started;
  if (checked.fields.length !== ROWS) throw new Error(`filas válidas: ${checked.fields.length}; ${JSON.stringify(checked.problems[0])}`);
  // The first round warms the JIT and loads the Excel reader: not counted.
  if (round === 0) continue;
  times.csv.push(csvMs);
  times.xlsx.push(xlsxMs);
  times.check.push(checkMs);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-bench-carga-'));
const deps = await bootstrap(parseConfig({ DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL }));
const server = serve({ fetch: createApp(deps).fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const client = startBatchClient();
try {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ RutEmpresa: '76123456-0', Correo: 'admin@andesdemo.cl', Contrasena: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const load = { baseUrl, token, kind: 'trabajadores' as const, writes: ROWS, batch: DEVICE_BATCH, from: 0, profilePath: '' };
  await client.round(load); // warm-up, not counted
  const cpuBefore = process.cpuUsage();
  const wall = await client.round(load);
  const cpu = process.cpuUsage(cpuBefore);
  const serverCpu = (cpu.user + cpu.system) / 1e6;

  const machine = os.cpus();
  const engine = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(`Máquina: ${machine[0]?.model ?? 'desconocida'} · ${machine.length} núcleos · Node ${process.version} · carga ${os.loadavg()[0]?.toFixed(1)} · ${engine}`);
  console.log(`Carga de un archivo de ${ROWS} trabajadores (mediana de ${ROUNDS}; el código del dispositivo, corrido en Node en esta máquina):`);
  console.log(`  leer el CSV: ${median(times.csv).toFixed(1)} ms · leer el .xlsx: ${median(times.xlsx).toFixed(1)} ms`);
  console.log(`  revisar las ${ROWS} filas (RUT, nombres, cargos y niveles por nombre, fechas, repetidos en el archivo y en ${ON_DEVICE} trabajadores): ${median(times.check).toFixed(1)} ms`);
  console.log(
    `  en el servidor, las ${ROWS} altas en lotes de ${DEVICE_BATCH} como las manda la cola: ${serverCpu.toFixed(2)} s de CPU ` +
      `(${((serverCpu / ROWS) * 1e6).toFixed(0)} µs por trabajador), ${wall.toFixed(2)} s de reloj. El issue no fija objetivo: se imprime la cifra.`,
  );
} finally {
  client.stop();
  await new Promise((resolve) => server.close(resolve));
  await deps.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
