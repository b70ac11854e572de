/**
 * 1,000 queued worker writes (creates, edits, RUT changes, signatures, deletes, as the chaos test makes them)
 * drained by the real engine (Replayer + MemoryOutboxStore + FetchTransport) into the real server running as a
 * child process (`npx tsx server/main.ts`, its own SQLite folder). Once straight to the server (target < 3 s),
 * once through a proxy that adds 150 ms each way to every request, a 300 ms round trip and no drops (target
 * < 3 s, from the speed issue). The same runs without signatures show what the record batches alone cost.
 * Beside each, the way ODK Collect and Enketo send submissions: one record per request, waiting for each
 * answer (its signature in a request before it); 100 records, extrapolated to 1,000, and the ratio.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FetchTransport } from '#sync/outbox/fetch-transport.ts';
import { MemoryOutboxStore } from '#sync/outbox/memory-outbox-store.ts';
import { Replayer } from '#sync/outbox/replayer.ts';
import { createUuidV7Generator } from '#sync/outbox/uuid-v7.ts';
import { NO_FAULTS } from '../chaos/support/chaos-faults.ts';
import { ChaosProxy } from '../chaos/support/chaos-proxy.ts';
import { DEVICE_USER } from '../chaos/support/chaos-run.ts';
import { DEFAULT_MIX, Device, RECORDS_ONLY_MIX, type WriteMix } from '../chaos/support/device.ts';
import { DirectApi } from '../chaos/support/direct-api.ts';
import { ObservedTransport, type TransportCounts, type TransportTimes } from '../chaos/support/observed-transport.ts';
import { createRandom, randomBytes } from '../chaos/support/prng.ts';
import { freePort, ServerProcess } from '../chaos/support/server-process.ts';

const WRITES = 1_000;
const TARGET_LOCAL_SECONDS = 3;
const TARGET_SLOW_SECONDS = 3;
const ONE_BY_ONE_SAMPLE = 100;
const ROUND_TRIP_MS = 300;
const SEED = 20_261_121;

interface Drained {
  seconds: number;
  counts: TransportCounts;
  times: TransportTimes;
  files: number;
}

const cpu = os.cpus();
console.log(
  `Máquina: ${cpu[0]?.model ?? 'desconocida'} · ${cpu.length} núcleos · Node ${process.version} · carga ${os.loadavg()[0]?.toFixed(1)}`,
);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-bench-drain-'));
const port = await freePort();
const server = new ServerProcess({ port, dataDir });
let slowLink: ChaosProxy | null = null;
let exitCode = 1;
try {
  await server.start();
  const api = new DirectApi(server.url);
  await api.login(DEVICE_USER);
  const cargos = await api.cargos();
  const random = createRandom(SEED);
  const newId = createUuidV7Generator({ randomBytes: (length) => randomBytes(random, length) });
  let rutBase = 40_000_000;

  /** Queues `writes` writes offline, then drains them to `baseUrl` with the engine's default settings (or one per request). */
  async function drain(baseUrl: string, writes: number, mix: WriteMix, oneByOne = false): Promise<Drained> {
    const store = new MemoryOutboxStore();
    const device = new Device({ store, random, newId, userId: api.userId, cargos, mix, rutBase });
    rutBase += 1_000_000;
    await device.writeMany(writes);
    const transport = new ObservedTransport(new FetchTransport({ baseUrl, getToken: () => api.token }), device.expected);
    const replayer = new Replayer({ store, transport, ...(oneByOne && { batchSize: 1, fileBatch: { maxFiles: 1 } }) });
    const started = process.hrtime.bigint();
    for (let round = 0; round < 1_000 && (await store.counts()).queued > 0; round += 1) {
      await replayer.requestSync();
      const error = replayer.getState().lastError;
      if (error) throw new Error(`the drain failed: ${JSON.stringify(error)}`);
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    replayer.dispose();
    const { queued, dead } = await store.counts();
    if (queued !== 0 || dead !== 0 || transport.confirmed.size !== writes || transport.mismatches.length > 0) {
      throw new Error(
        `not every write was applied once: ${queued} queued, ${dead} dead, ${transport.confirmed.size} confirmed, ` +
          `${transport.mismatches.slice(0, 3).join('; ')}`,
      );
    }
    return { seconds, counts: transport.counts, times: transport.times, files: device.signatures.size };
  }

  const trips = (d: Drained) => d.counts.batches + d.counts.singles + d.counts.heads + d.counts.uploads + d.counts.fileBatches;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const describe = (d: Drained) =>
    `${d.seconds.toFixed(2)} s (${Math.round(WRITES / d.seconds)} escrituras/s; ${trips(d)} idas y vueltas: ${d.counts.batches} lotes en ${s(d.times.batches)}, ` +
    `${d.counts.singles} llamadas sueltas en ${s(d.times.singles)}, ${d.counts.heads} HEAD en ${s(d.times.heads)}, ${d.counts.uploads} subidas sueltas en ${s(d.times.uploads)} y ` +
    `${d.counts.fileBatches} lotes de archivos en ${s(d.times.fileBatches)} de ${d.files} firmas)`;
  const verdict = (seconds: number, target: number) => `Meta: < ${target} s → ${seconds < target ? 'cumple' : 'NO cumple'}`;

  await drain(server.url, 200, DEFAULT_MIX); // warm-up of both processes (JIT, statement cache), not counted

  /** Seconds for all the writes sent one record per request, from a sample. */
  const oneByOne = async (baseUrl: string) =>
    ((await drain(baseUrl, ONE_BY_ONE_SAMPLE, DEFAULT_MIX, true)).seconds * WRITES) / ONE_BY_ONE_SAMPLE;
  const compared = (seconds: number, batched: Drained) =>
    `  un registro por solicitud, esperando cada respuesta (como ODK Collect y Enketo; ${ONE_BY_ONE_SAMPLE} extrapolados a ${WRITES}): ${seconds.toFixed(2)} s, ${(seconds / batched.seconds).toFixed(1)} veces más`;

  const local = await drain(server.url, WRITES, DEFAULT_MIX);
  const localRecords = await drain(server.url, WRITES, RECORDS_ONLY_MIX);
  console.log(`Vaciar ${WRITES} escrituras en cola al servidor local: ${describe(local)}. ${verdict(local.seconds, TARGET_LOCAL_SECONDS)}`);
  console.log(`  sin firmas (solo lotes de registros): ${describe(localRecords)}. ${verdict(localRecords.seconds, TARGET_LOCAL_SECONDS)}`);
  console.log(compared(await oneByOne(server.url), local));

  slowLink = new ChaosProxy({ upstream: port, random, rates: NO_FAULTS, latencyMs: ROUND_TRIP_MS / 2 });
  await slowLink.start();
  const slow = await drain(slowLink.url, WRITES, DEFAULT_MIX);
  const slowRecords = await drain(slowLink.url, WRITES, RECORDS_ONLY_MIX);
  const floor = (d: Drained) => ((trips(d) * ROUND_TRIP_MS) / 1000).toFixed(1);
  console.log(
    `Igual con ${ROUND_TRIP_MS} ms más por ida y vuelta: ${describe(slow)}; solo la latencia suma ${floor(slow)} s. ` +
      `${verdict(slow.seconds, TARGET_SLOW_SECONDS)}`,
  );
  console.log(
    `  sin firmas (solo lotes de registros): ${describe(slowRecords)}; latencia ${floor(slowRecords)} s. ${verdict(slowRecords.seconds, TARGET_SLOW_SECONDS)}`,
  );
  console.log(compared(await oneByOne(slowLink.url), slow));
  exitCode = local.seconds < TARGET_LOCAL_SECONDS && slow.seconds < TARGET_SLOW_SECONDS ? 0 : 1;
} catch (error) {
  console.error(error);
  console.error(server.tail());
} finally {
  await slowLink?.stop();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = exitCode;
