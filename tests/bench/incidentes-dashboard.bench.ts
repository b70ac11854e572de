/**
 * Issue "Accident rates the official way": the incidents dashboard's rates over 50,000 cases and five years of
 * monthly headcount, answered by the server in under 300 ms. Real server over a real SQLite file: 50,000 cases of
 * every classification spread over the last five years across the demo levels and contractor (a sixth lost-time,
 * some still without discharge), and 60 months × 4 rows of headcount and hours (inserted with SQL, for speed). A
 * dashboard look is the four rate indicators asked together, as the page sends them, plus the records behind one
 * rate's rolling year; timed from the first request to the last answer over the last twelve months. Before each round
 * an office user edits a headcount row, so no round reuses figures an earlier one computed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rollingTwelve } from '#sync/domain/accident-rates.ts';
import { toWireDate } from '#sync/domain/dates.ts';
import { CLASIFICACIONES } from '#sync/domain/incident-form.ts';
import { ACCIDENT_RATES } from '#sync/schemas/accidentes-dashboard.schema.ts';
import { createApp } from '#server/app.ts';
import { bootstrap } from '#server/bootstrap.ts';
import { parseConfig } from '#server/config.ts';
import { DEMO_PASSWORD, seedId } from '#server/seed/demo-seed.ts';

const TARGET_MS = 300;
const CASES = 50_000;
const YEARS = 5;
const ROUNDS = 9;
const COMPANY = '76123456';
const CONTRACTOR = '78945612-7';
const DAY = 86_400_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-bench-incidentes-'));
const deps = await bootstrap(parseConfig({ DATA_DIR: dataDir }));
const app = createApp(deps);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function insertData(): Promise<void> {
  const now = Date.now();
  const levels = [
    [seedId(COMPANY, 'nv2', 1), seedId(COMPANY, 'nv3', 1)],
    [seedId(COMPANY, 'nv2', 1), seedId(COMPANY, 'nv3', 2)],
    [seedId(COMPANY, 'nv2', 2), seedId(COMPANY, 'nv3', 3)],
  ] as const;
  const tipo = (await deps.db.selectFrom('tipos_evento').select('Id').where('IdEmpresa', '=', COMPANY).executeTakeFirstOrThrow()).Id;
  await deps.db.transaction().execute(async (trx) => {
    const batch: Record<string, unknown>[] = [];
    const flush = async () => {
      if (batch.length) await trx.insertInto('incidentes').values(batch as never).execute();
      batch.length = 0;
    };
    for (let n = 0; n < CASES; n += 1) {
      const at = new Date(now - Math.floor((n / CASES) * YEARS * 365) * DAY);
      const fecha = toWireDate(at);
      // One case in six lost time; one of those in ten is still open.
      const Clasificacion = n % 6 === 0 ? 'Accidente con tiempo perdido' : CLASIFICACIONES[n % CLASIFICACIONES.length]!;
      const open = n % 60 === 0;
      const alta = Clasificacion === 'Accidente con tiempo perdido' && !open ? toWireDate(new Date(at.getTime() + (1 + (n % 30)) * DAY)) : '';
      const [IdNivel2, IdNivel3] = levels[n % 3]!;
      batch.push({
        IdEvaluacion: seedId(COMPANY, 'bench-incidente', n),
        IdEmpresa: COMPANY,
        IdAccidente: `B${n}`,
        Estado: n % 97 === 0 ? 0 : 1,
        Clasificacion,
        FechaOcurrencia: fecha,
        HoraOcurrencia: '10:00',
        FechaAlta: alta,
        Lugar: 'Faena',
        IdNivel2,
        IdNivel3,
        TipoEvento: tipo,
        NombreAccidentado: `Trabajador ${n}`,
        Rut: `${30_000_000 + n}-0`,
        RutContratista: n % 4 === 0 ? CONTRACTOR : null,
        NombreInformador: 'Bench',
        FechaConocimiento: at.toISOString(),
        FechaEvaluacion: fecha,
        IdUsuario: 1,
        CreadoEn: at.toISOString(),
      });
      if (batch.length === 500) await flush();
    }
    await flush();
    const months = Array.from({ length: YEARS }, (_, y) => rollingTwelve(toWireDate(new Date(now - y * 365 * DAY)).slice(0, 7))).flat();
    const rows = [...new Set(months)].flatMap((Mes, m) =>
      [...levels.map(([IdNivel2, IdNivel3]) => [IdNivel2, IdNivel3, ''] as const), [levels[0][0], levels[0][1], CONTRACTOR] as const].map(([IdNivel2, IdNivel3, RutContratista], s) => ({
        IdDotacion: seedId(COMPANY, 'bench-dotacion', m, s),
        IdEmpresa: COMPANY,
        Mes,
        IdNivel2,
        IdNivel3,
        RutContratista,
        Dotacion: 300 + ((m + s) % 40),
        HorasHombre: (300 + ((m + s) % 40)) * 180,
      })),
    );
    await trx.deleteFrom('dotaciones').where('IdEmpresa', '=', COMPANY).execute();
    await trx.insertInto('dotaciones').values(rows).execute();
  });
}

try {
  await insertData();
  const [cases, months] = await Promise.all([
    deps.db.selectFrom('incidentes').select((eb) => eb.fn.countAll<number>().as('n')).where('IdEmpresa', '=', COMPANY).executeTakeFirstOrThrow(),
    deps.db.selectFrom('dotaciones').select((eb) => eb.fn.countAll<number>().as('n')).where('IdEmpresa', '=', COMPANY).executeTakeFirstOrThrow(),
  ]);
  const login = await app.request('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ RutEmpresa: '76123456-0', Correo: 'admin@andesdemo.cl', Contrasena: DEMO_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };
  const row = await deps.db.selectFrom('dotaciones').select(['IdDotacion', 'Version']).where('IdEmpresa', '=', COMPANY).orderBy('Mes', 'desc').executeTakeFirstOrThrow();
  let edits = 0;
  /** A write of the company between two looks at the dashboard: the next look computes its figures again. */
  const write = async () => {
    edits += 1;
    const response = await app.request(`/api/accidentes/dotacion/${COMPANY}`, { method: 'PUT', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ IdDotacion: row.IdDotacion, Version: row.Version + edits - 1, Dotacion: 500 + edits }) });
    if (response.status !== 200) throw new Error(`edición: ${response.status} ${await response.text()}`);
  };
  const ask = async (url: string): Promise<number> => {
    const started = performance.now();
    const response = await app.request(url, { headers: { Authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    await response.json();
    return performance.now() - started;
  };
  const today = toWireDate(new Date());
  const yearAgo = `${rollingTwelve(today.slice(0, 7))[0]}-01`;
  const query = `start=${yearAgo}&end=${today}`;
  const urls = [...ACCIDENT_RATES.map((name) => `/api/accidentes/dashboard/${name}/${COMPANY}?${query}`), `/api/accidentes/dashboard/registros/${COMPANY}?${query}&indicador=tasa_siniestralidad&desde=${yearAgo}&hasta=${today}`];

  const cpu = os.cpus();
  console.log(`Máquina: ${cpu[0]?.model ?? 'desconocida'} · ${cpu.length} núcleos · Node ${process.version} · carga ${os.loadavg()[0]?.toFixed(1)}`);
  console.log(`Dashboard de incidentes sobre ${Number(cases.n).toLocaleString('es-CL')} casos y ${Number(months.n).toLocaleString('es-CL')} filas de dotación (5 años): las 4 tasas y los registros de una, últimos 12 meses`);
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
  console.log(`  mediana ${median.toFixed(0)} ms · p95 ${percentile(sorted, 95).toFixed(0)} ms (${ROUNDS} rondas)`);
  console.log(`  cada llamada sola: ${[...alone].map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(' · ')} ms`);
  console.log(`  Meta del issue: las tasas sobre 50.000 casos y 5 años de dotación en menos de ${TARGET_MS} ms → ${median < TARGET_MS ? 'cumple' : 'NO cumple'} (mediana ${median.toFixed(0)} ms)`);
  if (median >= TARGET_MS) process.exitCode = 1;
} finally {
  await deps.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
