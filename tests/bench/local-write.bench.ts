/**
 * The write path a supervisor feels on every "Guardar": one Dexie transaction with the worker row and its outbox
 * entry (SPEC OB1), measured in headless Chromium through the app's own `localWrite` (a hook of the bench build,
 * tests/bench/hooks). The device is offline while measuring, as in the field, so the replayer does not compete for
 * the database, and the page idles 30 ms between saves so the live queries each save wakes (status, counts) are not
 * measured as part of the next one. Then it goes online and the time to drain the queue to the real server is
 * reported too.
 */
import fs from 'node:fs';
import { rutCheckDigit } from '#sync/domain/rut.ts';
import { countLocal, launchChromium, machineLine, newBenchPage, percentile, startServer, submitSignIn, tempDataDir } from '../e2e/support/bench-harness.ts';
import { SUPERVISOR } from '../e2e/support/field-session.ts';

const WRITES = 200;
const WARM_UP = 20;
const TARGET_MEDIAN_MS = 5;
const IDLE_BETWEEN_WRITES_MS = 30;

console.log(machineLine());
const dataDir = tempDataDir('andes-bench-write-');
const server = await startServer(dataDir, { benchHooks: true });
const browser = await launchChromium();

try {
  const { context, page } = await newBenchPage(browser, server.baseUrl);
  await page.goto('/login');
  await submitSignIn(page, SUPERVISOR);
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('banner').getByRole('link', { name: /^Sincronización:.*Sincronizado/ }).waitFor({ timeout: 30_000 });

  const ruts = Array.from({ length: WARM_UP + 3 * WRITES }, (_, i) => {
    const body = String(23_000_000 + i * 131);
    return `${body}-${rutCheckDigit(body)}`;
  });
  await context.setOffline(true);

  const timings = await page.evaluate(
    async ({ ruts, warmUp, writes, idleMs }) => {
      const write = window.__benchLocalWrite;
      if (!write) throw new Error('La página no expone __benchLocalWrite: ¿es la compilación de banco?');
      const company = (JSON.parse(localStorage.getItem('session')!) as { empresa: { IdEmpresa: string } }).empresa.IdEmpresa;
      const uuid = () => crypto.randomUUID();
      // A signature as the pad produces it: a PNG of about 20 KB.
      const png = new Uint8Array(20_000);
      png.set([137, 80, 78, 71, 13, 10, 26, 10]);
      crypto.getRandomValues(png.subarray(8, 8 + 16_384));
      const bytes = png.buffer;
      const sha256 = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

      const one = async (rut: string, withSignature: boolean, idle = idleMs) => {
        // Screens react to every save (counts, lists): let that settle, as it does between two real saves.
        if (idle > 0) await new Promise((resolve) => setTimeout(resolve, idle));
        const id = uuid();
        const firma = withSignature ? { Sha256: sha256, Tipo: 'image/png' as const } : null;
        const body = { IdPersona: id, RunPersona: rut, Nombres: 'Carga', ApellidoPaterno: 'Banco', ApellidoMaterno: 'Prueba', cargos: [], Firma: firma };
        const row = {
          ...body,
          IdEmpresa: company,
          IdNivel2: null,
          IdNivel3: null,
          IdNivel4: null,
          TipoEmpresa: 1 as const,
          RutContratista: null,
          FichaMedica: null,
          FechaFichaMedica: '0000-00-00 00:00:00',
          FichaMedicaAnterior: null,
          FirmaAnterior: null,
          CorreoPersonal: '',
          ConsentimientoCorreo: null,
          licencias: [],
          certificaciones: [],
          evidencias: [],
          Estado: 1 as const,
          Version: 1,
          palabras: [rut.replace('-', '').toLowerCase(), 'carga', 'banco', 'prueba'],
          orden: 'banco prueba carga',
        };
        const started = performance.now();
        await write({
          table: 'trabajadores',
          id,
          row,
          request: { method: 'POST', path: '/api/trabajadores/newtrabajadores2', body },
          ...(withSignature ? { files: [{ sha256, type: 'image/png', bytes }] } : {}),
        });
        return performance.now() - started;
      };

      for (let i = 0; i < warmUp; i++) await one(ruts[i]!, false);
      const plain: number[] = [];
      const signed: number[] = [];
      const burst: number[] = [];
      for (let i = 0; i < writes; i++) plain.push(await one(ruts[warmUp + i]!, false));
      for (let i = 0; i < writes; i++) signed.push(await one(ruts[warmUp + writes + i]!, true));
      for (let i = 0; i < writes; i++) burst.push(await one(ruts[warmUp + 2 * writes + i]!, false, 0));
      return { plain, signed, burst };
    },
    { ruts, warmUp: WARM_UP, writes: WRITES, idleMs: IDLE_BETWEEN_WRITES_MS },
  );

  const report = (label: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const median = percentile(sorted, 50);
    console.log(
      `${label}: mediana ${median.toFixed(2)} ms · p95 ${percentile(sorted, 95).toFixed(2)} ms · máx ${sorted.at(-1)!.toFixed(2)} ms ` +
        `(${values.length} escrituras). Meta: mediana < ${TARGET_MEDIAN_MS} ms → ${median < TARGET_MEDIAN_MS ? 'cumple' : 'NO cumple'}`,
    );
    return median;
  };
  console.log('Escritura local de un trabajador (fila + entrada de la cola confirmadas en una transacción Dexie, Chromium sin conexión):');
  const median = report('  sin archivos', timings.plain);
  report('  con firma PNG de 20 KB', timings.signed);
  report('  en ráfaga, sin pausa entre escrituras (referencia)', timings.burst);
  if (median >= TARGET_MEDIAN_MS) process.exitCode = 1;

  const queued = await countLocal(page, 'outbox');
  const drainStarted = Date.now();
  await context.setOffline(false);
  while ((await countLocal(page, 'outbox')) > 0) {
    if (Date.now() - drainStarted > 120_000) throw new Error('La cola no se vació en 2 minutos');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`Al volver la conexión: ${queued} escrituras enviadas al servidor real en ${((Date.now() - drainStarted) / 1000).toFixed(1)} s (lotes de hasta 100).`);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
