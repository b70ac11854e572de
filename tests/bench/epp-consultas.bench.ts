/**
 * Issue #16: the EPP consultas vencidos and pendientes_entrega over 20,000 deliveries, answered by the server in
 * under 200 ms. Real server over a real SQLite file: 2,000 workers (one position, five required items) and 20,000
 * sealed actas of 1 to 3 lines over the last three years (one in 50 annulled), inserted with SQL. Each call is the
 * page a screen asks (page 1 of 50, the total counted), unfiltered and by level 3; the other consultas are printed too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '#server/app.ts';
import { bootstrap } from '#server/bootstrap.ts';
import { parseConfig } from '#server/config.ts';
import { DEMO_PASSWORD, seedId } from '#server/seed/demo-seed.ts';
import { insertBenchDeliveries } from './support/bench-epp-deliveries.ts';
import { insertBenchWorkers } from './support/bench-workers.ts';

const TARGET_MS = 200;
const DELIVERIES = 20_000;
const WORKERS = 2_000;
const ROUNDS = 15;
const COMPANY = '76123456';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-bench-epp-consultas-'));
const deps = await bootstrap(parseConfig({ DATA_DIR: dataDir }));
const app = createApp(deps);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

try {
  await insertBenchWorkers(deps.db, COMPANY, WORKERS);
  const lines = await insertBenchDeliveries(deps.db, COMPANY, DELIVERIES, WORKERS);
  const login = await app.request('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ RutEmpresa: '76123456-0', Correo: 'admin@andesdemo.cl', Contrasena: DEMO_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };
  const ask = async (name: string, query: string): Promise<{ ms: number; total: number }> => {
    const started = performance.now();
    const response = await app.request(`/api/epp/consultas/${name}/${COMPANY}?${query}`, { headers: { Authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`${name}: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { total: number };
    return { ms: performance.now() - started, total: body.total };
  };
  const cpu = os.cpus();
  console.log(`Máquina: ${cpu[0]?.model ?? 'desconocida'} · ${cpu.length} núcleos · Node ${process.version} · carga ${os.loadavg()[0]?.toFixed(1)}`);
  console.log(`Consultas de EPP sobre ${DELIVERIES.toLocaleString('es-CL')} entregas (${lines.toLocaleString('es-CL')} líneas) de ${WORKERS.toLocaleString('es-CL')} trabajadores, página 1 de 50 filas con su total:`);
  const scenarios = [
    ['sin filtros', 'PorPagina=50'],
    ['por nivel 3', `PorPagina=50&nv3=${seedId(COMPANY, 'nv3', 1)}`],
  ] as const;
  let worst = 0;
  for (const name of ['vencidos', 'pendientes_entrega', 'epp_vencidos', 'entregados', 'asignados']) {
    for (const [label, query] of scenarios) {
      await ask(name, query);
      const times: number[] = [];
      let total = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const answer = await ask(name, query);
        times.push(answer.ms);
        total = answer.total;
      }
      const sorted = times.sort((a, b) => a - b);
      const median = percentile(sorted, 50);
      const counted = name === 'vencidos' || name === 'pendientes_entrega';
      if (counted) worst = Math.max(worst, median);
      console.log(`  ${name} (${label}, ${total.toLocaleString('es-CL')} filas): mediana ${median.toFixed(0)} ms · p95 ${percentile(sorted, 95).toFixed(0)} ms${counted ? ` → ${median < TARGET_MS ? 'cumple' : 'NO cumple'} la meta de ${TARGET_MS} ms` : ''}`);
    }
  }
  console.log(`  Meta del issue: vencidos y pendientes sobre ${DELIVERIES.toLocaleString('es-CL')} entregas en menos de ${TARGET_MS} ms → ${worst < TARGET_MS ? 'cumple' : 'NO cumple'} (peor mediana ${worst.toFixed(0)} ms)`);
  if (worst >= TARGET_MS) process.exitCode = 1;
} finally {
  await deps.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
