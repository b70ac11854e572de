/**
 * Issue #16: the EPP dashboard over 20,000 deliveries answered by the server in under 300 ms. Real server over a real
 * SQLite file: 2,000 workers (one position, its required items) and 20,000 sealed actas of 1 to 3 lines over the last
 * three years (one in 50 annulled), plus 2,000 finished inspections of the demo conducta template (whose EPP
 * statements are linked to the catalogue) with a No cumple on one of them, inserted with SQL. A dashboard look is the
 * eight indicators asked together, as the page sends them, over the last twelve months; timed from the first request
 * to the last answer. Before each round an office user edits an EPP item, so no round reuses figures an earlier one
 * computed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toWireDate } from '#sync/domain/dates.ts';
import { EPP_INDICATORS } from '#sync/schemas/epp-dashboard.schema.ts';
import { createApp } from '#server/app.ts';
import { bootstrap } from '#server/bootstrap.ts';
import { parseConfig } from '#server/config.ts';
import { DEMO_PASSWORD, seedId } from '#server/seed/demo-seed.ts';
import { LINES_SUMMARY, rawLinesByReason } from '#server/modules/epp/dashboard-lineas.ts';
import { summedOverRange } from '#server/records/indicators/monthly-summary.ts';
import { insertBenchDeliveries } from './support/bench-epp-deliveries.ts';
import { insertBenchWorkers } from './support/bench-workers.ts';

const TARGET_MS = 300;
const DELIVERIES = 20_000;
const WORKERS = 2_000;
const INSPECTIONS = 2_000;
const ROUNDS = 11;
const COMPANY = '76123456';
const DAY = 86_400_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-bench-epp-dashboard-'));
const deps = await bootstrap(parseConfig({ DATA_DIR: dataDir }));
const app = createApp(deps);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Inspections of the demo conducta template: statements e1–e4 check the helmet, glasses, gloves and shoes. */
async function insertInspections(now: Date): Promise<void> {
  const template = seedId(COMPANY, 'formulario', 'conducta');
  const level2 = [seedId(COMPANY, 'nv2', 1), seedId(COMPANY, 'nv2', 2)];
  await deps.db.transaction().execute(async (trx) => {
    for (let start = 0; start < INSPECTIONS; start += 250) {
      const rows = Array.from({ length: Math.min(250, INSPECTIONS - start) }, (_, offset) => {
        const n = start + offset;
        const fecha = toWireDate(new Date(now.getTime() - ((n * 13) % 365) * DAY));
        const respuestas = Array.from({ length: 15 }, (_, s) => ({ IdEnunciado: `e${s + 1}`, Respuesta: s === n % 4 ? 2 : 1, Subrespuestas: {} }));
        return {
          IdEvaluacion: seedId(COMPANY, 'bench-inspeccion', n),
          IdEmpresa: COMPANY,
          IdFormulario: template,
          VersionFormulario: 1,
          NombreFormulario: 'Observación de conducta',
          Tipo: 'observacion' as const,
          Fecha: fecha,
          Lugar: 'Faena',
          IdNivel2: level2[n % 2]!,
          IdNivel3: null,
          IdSupervisor: 1,
          Supervisor: 'Bench',
          Observados: JSON.stringify([seedId(COMPANY, 'bench', n % WORKERS)]),
          EquipoTrabajo: '',
          RutContratista: null,
          IdCliente: null,
          Encabezado: '{}',
          Respuestas: JSON.stringify(respuestas),
          Firmas: '[]',
          Porcentaje: 90,
          Nota: 6,
          IniciadaEn: `${fecha}T12:00:00.000Z`,
          FinalizadaEn: `${fecha}T13:00:00.000Z`,
          CreadoEn: `${fecha}T13:00:00.000Z`,
        };
      });
      await trx.insertInto('evaluaciones').values(rows).execute();
    }
  });
}

try {
  const now = new Date();
  await insertBenchWorkers(deps.db, COMPANY, WORKERS);
  const lines = await insertBenchDeliveries(deps.db, COMPANY, DELIVERIES, WORKERS, now);
  await insertInspections(now);
  const login = await app.request('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ RutEmpresa: '76123456-0', Correo: 'admin@andesdemo.cl', Contrasena: DEMO_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const item = seedId(COMPANY, 'epp', 'legionario');
  let edits = 0;
  /** A write of the company between two looks at the dashboard: the next look computes its figures again. */
  const write = async () => {
    edits += 1;
    const { Version } = await deps.db.selectFrom('epp_tipos').select('Version').where('IdEpp', '=', item).executeTakeFirstOrThrow();
    const response = await app.request('/api/epp', { method: 'PUT', headers, body: JSON.stringify({ IdEpp: item, Version, Riesgo: `Radiación UV solar (${edits})` }) });
    if (response.status !== 200) throw new Error(`edición: ${response.status} ${await response.text()}`);
  };
  const totals = new Map<string, number>();
  const ask = async (url: string): Promise<number> => {
    const started = performance.now();
    const response = await app.request(url, { headers });
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { total: number };
    totals.set(url.split('/')[4]!, body.total);
    return performance.now() - started;
  };
  const today = toWireDate(now);
  const yearAgo = toWireDate(new Date(now.getTime() - 364 * DAY));
  const query = `start=${yearAgo}&end=${today}`;
  const urls = EPP_INDICATORS.map((name) => `/api/epp/dashboard/${name}/${COMPANY}?${query}`);

  const cpu = os.cpus();
  console.log(`Máquina: ${cpu[0]?.model ?? 'desconocida'} · ${cpu.length} núcleos · Node ${process.version} · carga ${os.loadavg()[0]?.toFixed(1)}`);
  console.log(
    `Dashboard de EPP sobre ${DELIVERIES.toLocaleString('es-CL')} entregas (${lines.toLocaleString('es-CL')} líneas) de ${WORKERS.toLocaleString('es-CL')} trabajadores y ${INSPECTIONS.toLocaleString('es-CL')} inspecciones: los 8 indicadores juntos, últimos 12 meses`,
  );
  await write();
  await Promise.all(urls.map(ask));
  const walls: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await write();
    const started = performance.now();
    await Promise.all(urls.map(ask));
    walls.push(performance.now() - started);
  }
  const alone = new Map<string, number>();
  for (const url of urls) {
    await write();
    alone.set(url.split('/')[4]!, await ask(url));
  }
  const sorted = [...walls].sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  console.log(`  cifras: ${[...totals].map(([name, total]) => `${name} ${total}`).join(' · ')}`);
  console.log(`  mediana ${median.toFixed(0)} ms · p95 ${percentile(sorted, 95).toFixed(0)} ms (${ROUNDS} rondas)`);
  console.log(`  cada llamada sola: ${[...alone].map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(' · ')} ms`);
  // Delivered lines by reason over the twelve months, once from the actas and once from the monthly summary rows.
  const filters = { nv2: null, nv3: null, start: yearAgo, end: today, month: today.slice(0, 7), rutContratista: null, rutCliente: null };
  const input = { deps, scope: { company: COMPANY, filters, contractor: null, client: null, today }, query: {}, viewer: { kind: 'empresa' as const } };
  const time = async (read: () => Promise<unknown>) => {
    const started = performance.now();
    await read();
    return performance.now() - started;
  };
  const read = { company: COMPANY, indicator: LINES_SUMMARY, where: {}, by: 'Dimension1' as const };
  const fromActas = (first: string, last: string) => rawLinesByReason(input, first, last);
  const summed = (from: string, to: string) => summedOverRange(deps.db, read, from, to, fromActas);
  // The whole months only (the summary alone), then the dashboard's range (the summary and the days of this month from the actas).
  const months = { from: `${yearAgo.slice(0, 7)}-01`, to: toWireDate(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))) };
  const [rawMs, wholeMs, summaryMs]: [number[], number[], number[]] = [[], [], []];
  for (let round = 0; round < 5; round += 1) {
    rawMs.push(await time(() => rawLinesByReason(input, yearAgo, today)));
    wholeMs.push(await time(() => summed(months.from, months.to)));
    summaryMs.push(await time(() => summed(yearAgo, today)));
  }
  const middle = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50).toFixed(1);
  const figures =
    `desde las actas ${middle(rawMs)} ms · desde el resumen: meses completos ${middle(wholeMs)} ms, ` +
    `con los días de los extremos ${middle(summaryMs)} ms`;
  console.log(`  líneas por motivo, 12 meses: ${figures} (meta ${TARGET_MS} ms)`);
  console.log(`  Meta del issue: el dashboard sobre ${DELIVERIES.toLocaleString('es-CL')} entregas en menos de ${TARGET_MS} ms → ${median < TARGET_MS ? 'cumple' : 'NO cumple'} (mediana ${median.toFixed(0)} ms)`);
  if (median >= TARGET_MS) process.exitCode = 1;
} finally {
  await deps.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
