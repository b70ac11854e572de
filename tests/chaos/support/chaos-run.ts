import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BackoffPolicy } from '#sync/outbox/backoff.ts';
import { FetchTransport } from '#sync/outbox/fetch-transport.ts';
import { MemoryOutboxStore } from '#sync/outbox/memory-outbox-store.ts';
import { Replayer } from '#sync/outbox/replayer.ts';
import type { Transport } from '#sync/outbox/transport.ts';
import { createUuidV7Generator } from '#sync/outbox/uuid-v7.ts';
import {
  ChaosProxy,
  DEFAULT_FAULTS,
  type FaultRates,
  type ForwardedRequest,
  type OutgoingRequest,
  type ProxyStats,
} from './chaos-proxy.ts';
import { Device, type WriteKind, type WriteMix } from './device.ts';
import { DirectApi } from './direct-api.ts';
import { ObservedTransport, type TransportCounts } from './observed-transport.ts';
import { between, createRandom, deriveSeed, randomBytes, sleep } from './prng.ts';
import { freePort, ServerProcess } from './server-process.ts';
import { verifyAgainstServer, type Verification } from './verify.ts';

/**
 * The supervisor's role has no `eliminar` on /trabajadores (server/seed/module-catalogue.ts: FIELD), and the mix
 * deletes workers, so the device signs in as the company administrator (a company user, not a contractor).
 */
export const DEVICE_USER = 'admin@andesdemo.cl';

/**
 * RP3's shape (exponential, full jitter) with the times compressed: production waits 1 s to 5 min, which would
 * turn a few hundred injected failures into hours. What is under test is that retries keep key and order.
 */
export const CHAOS_BACKOFF: BackoffPolicy = { baseMs: 50, capMs: 1_000 };
/** Entries per record batch and files per bulk upload in a chaos run (see the Replayer below). */
export const CHAOS_BATCH_ENTRIES = 25;
export const CHAOS_BATCH_FILES = 8;

export interface ChaosRunOptions {
  seed: number;
  writes: number;
  /** SIGKILLs of the server mid-drain, each followed by a restart on the same port and data folder. */
  kills: number;
  timeoutMs: number;
  rates?: FaultRates;
  log?: (line: string) => void;
  /** Who the device signs in as (default DEVICE_USER); a user without `eliminar` needs a mix without deletes. */
  user?: string;
  mix?: WriteMix;
  /** Wraps the engine's transport: the harness's self-test breaks the client on purpose to prove the oracle sees it. */
  wrapTransport?: (transport: Transport) => Transport;
  /** The server's PostgreSQL database (empty: the server migrates and seeds it); without it, SQLite in the data folder. */
  databaseUrl?: string;
}

export interface ChaosReport {
  seed: number;
  writes: number;
  /** From the first write to an empty queue. */
  seconds: number;
  written: Record<WriteKind, number>;
  alive: number;
  deleted: number;
  signatures: number;
  proxy: ProxyStats;
  transport: TransportCounts;
  /** Wall time the engine spent waiting on round trips (injected delays included); the rest is mostly backoff. */
  transportSeconds: number;
  kills: number;
  /** Kills that landed before the server had answered the request that triggered them. */
  killsMidRequest: number;
  /** Kills that left a batch half applied: some of its entries committed, the rest not. */
  killsPartial: number;
  /** Kills between the commit of a whole record write and its answer: the retry must get the stored answer. */
  killsCommittedUnanswered: number;
  plannedKills: number;
  restartMs: number[];
  /** Entries still queued when the time ran out (not dead). */
  queuedLeft: number;
  dead: string[];
  answerMismatches: string[];
  verification: Verification;
  dataDir: string;
}

type KillTarget = 'record' | 'file';
const targetOf = (method: string, url: string): KillTarget | null =>
  method === 'GET' || method === 'HEAD' ? null : url.startsWith('/api/files/') ? 'file' : 'record';

/**
 * One chaos run: the real server as a child process, the chaos proxy in front of it, and the real engine
 * (Replayer + MemoryOutboxStore + FetchTransport) draining a device's writes through the proxy while the network
 * fails, answers are lost after commit, and the server is SIGKILLed and restarted. Then the server is read back
 * around the proxy and compared with the device.
 */
export async function runChaos(options: ChaosRunOptions): Promise<ChaosReport> {
  const log = options.log ?? (() => undefined);
  const { seed } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-chaos-'));
  const port = await freePort();
  const server = new ServerProcess({ port, dataDir, databaseUrl: options.databaseUrl });
  let proxy: ChaosProxy | null = null;
  let replayer: Replayer | null = null;
  let restarting: Promise<void> | null = null;
  let keepData = false;
  try {
    await server.start();
    const api = new DirectApi(server.url);
    await api.login(options.user ?? DEVICE_USER);
    const cargos = await api.cargos();
    const seeded = await api.listAllWorkers();

    const idRandom = createRandom(deriveSeed(seed, 'ids'));
    const newId = createUuidV7Generator({ randomBytes: (length) => randomBytes(idRandom, length) });
    const store = new MemoryOutboxStore();
    const device = new Device({
      store,
      random: createRandom(deriveSeed(seed, 'writes')),
      newId,
      userId: api.userId,
      cargos,
      ...(options.mix ? { mix: options.mix } : {}),
    });

    // Each kill waits for a share of the writes to be confirmed (spread over 5-80 % of the run, so it lands while
    // the drain is busy and writes remain), then hits the next record write (a batch or a single call; every third
    // kill a file upload) soon after it is forwarded: usually while the server is applying it, some entries
    // committed and some not.
    const killRandom = createRandom(deriveSeed(seed, 'kills'));
    const slot = 0.75 / Math.max(1, options.kills);
    const killPlan = Array.from({ length: options.kills }, (_, k) => ({
      afterConfirmed: Math.floor(options.writes * (0.05 + slot * (k + killRandom()))),
      target: (k % 3 === 2 ? 'file' : 'record') as KillTarget,
    }));
    let confirmed = () => 0;
    const restartErrors: unknown[] = [];
    let killsMidRequest = 0;
    let killsPartial = 0;
    let killsCommittedUnanswered = 0;
    /** A kill decided before its request went out, with the change-log seq read just then. */
    let armed: { request: OutgoingRequest; seqBefore: number } | null = null;
    const beforeForward = async (request: OutgoingRequest) => {
      const next = killPlan[0];
      if (
        next === undefined ||
        armed ||
        restarting ||
        !server.running ||
        targetOf(request.method, request.path) !== next.target ||
        confirmed() < next.afterConfirmed
      )
        return;
      killPlan.shift();
      armed = { request, seqBefore: await api.lastSeq() };
    };
    const onForward = (forwarded: ForwardedRequest) => {
      const kill = armed;
      if (!kill || kill.request.path !== forwarded.path || kill.request.method !== forwarded.method) return;
      armed = null;
      const { method, path: url, entries, answered } = forwarded;
      // A batch takes a few ms to arrive and start, then roughly 0.5-1 ms per entry: aim inside that window.
      const killDelay = between(killRandom, 2, 3 + Math.floor(entries * 0.8));
      const downtime = between(killRandom, 100, 600);
      restarting = (async () => {
        await sleep(killDelay);
        await server.kill();
        const midRequest = !(await answered);
        if (midRequest) killsMidRequest += 1;
        await sleep(downtime);
        await server.start();
        // Each worker write adds one change: the seq moved by the writes of this request that committed.
        const committed = targetOf(method, url) === 'record' ? (await api.lastSeq()) - kill.seqBefore : 0;
        if (committed > 0 && committed < entries) killsPartial += 1;
        if (midRequest && committed > 0 && committed === entries) killsCommittedUnanswered += 1;
        log(
          `chaos: SIGKILL #${server.kills} ${killDelay} ms after forwarding ${method} ${url}${entries > 1 ? ` (${entries} entries, ${committed} committed)` : ''}, ` +
            `${midRequest ? 'before its answer' : 'after its answer'}; down ${downtime} ms, back after a ${server.startTimes.at(-1)} ms start`,
        );
      })()
        .catch((error: unknown) => {
          restartErrors.push(error);
        })
        .finally(() => {
          restarting = null;
        });
    };

    proxy = new ChaosProxy({
      upstreamPort: port,
      random: createRandom(deriveSeed(seed, 'proxy')),
      rates: options.rates ?? DEFAULT_FAULTS,
      guaranteeFaults: options.rates === undefined,
      beforeForward,
      onForward,
    });
    await proxy.start();
    const token = api.token;
    const wire = new FetchTransport({ baseUrl: proxy.url, getToken: () => token, timeoutMs: 10_000, uploadTimeoutMs: 20_000 });
    const transport = new ObservedTransport(options.wrapTransport ? options.wrapTransport(wire) : wire, device.expected);
    confirmed = () => transport.confirmed.size;
    replayer = new Replayer({
      store,
      transport,
      random: createRandom(deriveSeed(seed, 'jitter')),
      newKey: newId,
      backoff: CHAOS_BACKOFF,
      lockName: 'outbox:chaos',
      // Smaller than production (100 entries, 100 files), same code: since files travel in bulk (FL8) a 300-write run
      // at full size is a dozen requests, too few for the proxy's per-request faults to land on the answered ones.
      batchSize: CHAOS_BATCH_ENTRIES,
      fileBatch: { maxFiles: CHAOS_BATCH_FILES },
    });

    const pace = createRandom(deriveSeed(seed, 'pace'));
    const began = Date.now();
    const deadline = began + options.timeoutMs;
    let lastProgress = began;
    let lastConfirmed = 0;
    let lastConfirmedAt = began;
    // A third of the writes were made offline before the first sync; the rest arrive while the queue drains.
    await device.writeMany(Math.ceil(options.writes / 3));
    const reserve = Math.max(2, Math.ceil(options.writes * 0.05));
    let drained = false;
    while (Date.now() < deadline) {
      if (restartErrors.length > 0) throw restartErrors[0];
      const remaining = options.writes - device.writes;
      // A few writes are held back until every planned kill happened, so a kill can never miss the drain (a last
      // batch that confirms everything at once): when the queue runs dry first, they trickle out one by one.
      const held = killPlan.length > 0 ? Math.min(remaining, reserve) : 0;
      if (remaining - held > 0) await device.writeMany(Math.min(remaining - held, between(pace, 5, 30)));
      else if (held > 0 && !restarting && (await store.counts()).queued === 0) await device.writeMany(1);
      // The "Sincronizar" button now and then (RP13); otherwise the app's triggers, which respect the backoff.
      const syncing = replayer.requestSync({ ignoreBackoff: pace() < 0.15 });
      if (remaining <= 0) {
        await syncing;
        if (replayer.getState().paused)
          throw new Error(`the queue paused on a 401 (session lost across a restart?): ${JSON.stringify(replayer.getState().lastError)}`);
        const counts = await store.counts();
        if (counts.queued === 0 && !restarting) {
          drained = true;
          break;
        }
      }
      // Entries behind a dead one wait for a person (RP11): with dead letters and no progress for a while, the
      // run is over (it has failed already).
      if (transport.confirmed.size !== lastConfirmed) [lastConfirmed, lastConfirmedAt] = [transport.confirmed.size, Date.now()];
      if (Date.now() - lastConfirmedAt > 5_000 && (await store.counts()).dead > 0) break;
      if (Date.now() - lastProgress > 5_000) {
        lastProgress = Date.now();
        const counts = await store.counts();
        log(
          `chaos: ${((Date.now() - began) / 1000).toFixed(1)} s, ${device.writes}/${options.writes} written, ${transport.confirmed.size} confirmed, ` +
            `${counts.queued} queued, ${counts.dead} dead, ${server.kills} kills`,
        );
      }
      await sleep(between(pace, 10, 60));
    }
    const seconds = (Date.now() - began) / 1000;
    replayer.dispose();
    // The server must be up for the read-back, whatever the drain left it in.
    while (restarting) await restarting;
    if (restartErrors.length > 0) throw restartErrors[0];
    if (!server.running) await server.start();

    const counts = await store.counts();
    const dead = (await store.listDead()).map(
      (entry) =>
        `${entry.method} ${entry.path} (key ${entry.key}): ${entry.lastError?.status} ${entry.lastError?.code ?? ''} ${entry.lastError?.message ?? ''}`,
    );
    if (!drained) log(`chaos: time out with ${counts.queued} entries still queued`);
    const verification = await verifyAgainstServer(api, device, seeded);
    const alive = device.alive().length;
    const report: ChaosReport = {
      seed,
      writes: device.writes,
      seconds,
      written: { ...device.written },
      alive,
      deleted: device.workers.size - alive,
      signatures: device.signatures.size,
      proxy: { ...proxy.stats, statuses: { ...proxy.stats.statuses } },
      transport: { ...transport.counts },
      transportSeconds: Object.values(transport.times).reduce((sum, ms) => sum + ms, 0) / 1000,
      kills: server.kills,
      killsMidRequest,
      killsPartial,
      killsCommittedUnanswered,
      plannedKills: options.kills,
      restartMs: server.startTimes.slice(1),
      queuedLeft: counts.queued,
      dead,
      answerMismatches: [...transport.mismatches],
      verification,
      dataDir,
    };
    keepData = process.env.CHAOS_KEEP_DATA === '1' && !chaosPassed(report);
    if (keepData) log(`chaos: data folder kept in ${dataDir} (server log: start it with DATA_DIR=${dataDir})`);
    return report;
  } finally {
    replayer?.dispose();
    while (restarting) await restarting;
    await proxy?.stop();
    await server.stop();
    if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function chaosPassed(report: ChaosReport): boolean {
  const v = report.verification;
  return (
    v.lost + v.duplicated + v.diverged + v.resurrected + v.fileMismatches + v.changeLogMismatches + v.conflicts === 0 &&
    v.serverActive === v.expectedActive &&
    report.queuedLeft === 0 &&
    report.dead.length === 0 &&
    report.answerMismatches.length === 0 &&
    report.kills >= report.plannedKills
  );
}

export function formatReport(report: ChaosReport): string {
  const v = report.verification;
  const p = report.proxy;
  const t = report.transport;
  const w = report.written;
  return [
    `chaos seed=${report.seed} (replay: CHAOS_SEED=${report.seed}) · ${report.writes} writes drained in ${report.seconds.toFixed(1)} s`,
    `  writes: ${w.create + w.createSigned} creates (${w.createSigned} signed), ${w.edit} edits, ${w.changeRut} RUT changes, ${w.sign} signatures, ${w.remove} deletes → ${report.alive} active, ${report.deleted} deleted, ${report.signatures} distinct files`,
    `  lost=${v.lost} duplicated=${v.duplicated} diverged=${v.diverged} resurrected=${v.resurrected} fileMismatches=${v.fileMismatches}/${v.filesChecked} changeLog=${v.changeLogMismatches} conflicts=${v.conflicts} active ${v.serverActive}/${v.expectedActive}`,
    `  outbox: ${report.queuedLeft} queued, ${report.dead.length} dead · answers checked: ${report.answerMismatches.length} mismatches`,
    `  server: ${report.kills}/${report.plannedKills} SIGKILLs (${report.killsMidRequest} before the server answered the write in flight: ${report.killsCommittedUnanswered} after it committed, ${report.killsPartial} with a batch half applied), restarts ${report.restartMs.map((ms) => `${ms} ms`).join(', ') || 'none'}`,
    `  proxy: ${p.requests} requests, ${p.forwarded} forwarded, ${p.refused} refused (${p.outages} outages), ${p.lostResponses} answers lost after commit (${p.lostCreates} of a batch that created), ${p.cutInFlight} cut in flight, ${p.truncated} truncated, ${p.duplicated} sent twice, ${p.delayed} delayed (${(p.delayMs / 1000).toFixed(1)} s in all), ${p.upstreamErrors} 502 (server down)`,
    `  server answers by status: ${Object.entries(p.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ')}`,
    `  engine round trips: ${t.batches} batches, ${t.singles} single calls, ${t.heads} HEAD, ${t.uploads} uploads, ${t.fileBatches} bulk uploads; ${report.transportSeconds.toFixed(1)} s of the drain waiting on them, the rest backing off, polling and down`,
    ...report.dead.slice(0, 10).map((line) => `  dead: ${line}`),
    ...report.answerMismatches.slice(0, 10).map((line) => `  answer: ${line}`),
    ...v.problems.slice(0, 20).map((line) => `  problem: ${line}`),
  ].join('\n');
}
