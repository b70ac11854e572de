import type { BackoffPolicy } from '#sync/outbox/backoff.ts';
import { FetchTransport } from '#sync/outbox/fetch-transport.ts';
import { MemoryOutboxStore } from '#sync/outbox/memory-outbox-store.ts';
import { Replayer } from '#sync/outbox/replayer.ts';
import type { Transport } from '#sync/outbox/transport.ts';
import { createUuidV7Generator } from '#sync/outbox/uuid-v7.ts';
import { DEFAULT_FAULTS, type FaultRates } from './chaos-faults.ts';
import { ChaosProxy } from './chaos-proxy.ts';
import { chaosPassed, type ChaosReport } from './chaos-report.ts';
import { Device, type WriteMix } from './device.ts';
import { DirectApi } from './direct-api.ts';
import { ObservedTransport } from './observed-transport.ts';
import { between, createRandom, deriveSeed, randomBytes, sleep } from './prng.ts';
import { NodeKiller, ServerNodes } from './server-nodes.ts';
import { verifyAgainstServer, worstOf } from './verify.ts';

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
  /** SIGKILLs of a server mid-drain, each followed by a restart on the same port and data folder (see NodeKiller). */
  kills: number;
  /**
   * API nodes (default 1). Two need `databaseUrl`: two processes with their own data folder and port, nothing in
   * common but the database, and the proxy sends each request to one of them at random.
   */
  nodes?: 1 | 2;
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

/**
 * One chaos run: the real server as a child process (or two API nodes on one database), the chaos proxy in front,
 * and the real engine (Replayer + MemoryOutboxStore + FetchTransport) draining a device's writes through the proxy
 * while the network fails, answers are lost after commit, and servers are SIGKILLed mid-write. Then every node is
 * read back around the proxy and compared with the device.
 */
export async function runChaos(options: ChaosRunOptions): Promise<ChaosReport> {
  const log = options.log ?? (() => undefined);
  const { seed } = options;
  const nodes = await ServerNodes.create(options.nodes ?? 1, options.databaseUrl);
  let proxy: ChaosProxy | null = null;
  let replayer: Replayer | null = null;
  let killer: NodeKiller | null = null;
  let keepData = false;
  try {
    await nodes.startAll();
    const [first, ...others] = nodes.servers.map((server) => server.url);
    const api = new DirectApi(first!);
    await api.login(options.user ?? DEVICE_USER);
    // The session of node 1 on every node: the read-back goes through each, and kills read the seq on one that is up.
    const apis = [api, ...others.map((url) => api.at(url))];
    const liveApi = () => apis[nodes.live()[0] ?? 0]!;
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

    let confirmed = () => 0;
    const kills = new NodeKiller({
      nodes,
      api: liveApi,
      random: createRandom(deriveSeed(seed, 'kills')),
      writes: options.writes,
      kills: options.kills,
      confirmed: () => confirmed(),
      log,
    });
    killer = kills;
    proxy = new ChaosProxy({
      upstream: nodes.router(createRandom(deriveSeed(seed, 'route'))),
      random: createRandom(deriveSeed(seed, 'proxy')),
      rates: options.rates ?? DEFAULT_FAULTS,
      guaranteeFaults: options.rates === undefined,
      beforeForward: kills.beforeForward,
      onForward: kills.onForward,
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
      if (kills.errors.length > 0) throw kills.errors[0];
      const remaining = options.writes - device.writes;
      // A few writes are held back until every planned kill happened, so a kill can never miss the drain (a last
      // batch that confirms everything at once): when the queue runs dry first, they trickle out one by one.
      const held = kills.pending > 0 ? Math.min(remaining, reserve) : 0;
      if (remaining - held > 0) await device.writeMany(Math.min(remaining - held, between(pace, 5, 30)));
      else if (held > 0 && !kills.busy && (await store.counts()).queued === 0) await device.writeMany(1);
      // The "Sincronizar" button now and then (RP13); otherwise the app's triggers, which respect the backoff.
      const syncing = replayer.requestSync({ ignoreBackoff: pace() < 0.15 });
      if (remaining <= 0) {
        await syncing;
        if (replayer.getState().paused)
          throw new Error(`the queue paused on a 401 (session lost across a restart?): ${JSON.stringify(replayer.getState().lastError)}`);
        const counts = await store.counts();
        if (counts.queued === 0 && !kills.busy) {
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
            `${counts.queued} queued, ${counts.dead} dead, ${nodes.kills} kills`,
        );
      }
      await sleep(between(pace, 10, 60));
    }
    const seconds = (Date.now() - began) / 1000;
    replayer.dispose();
    // Every node must be up for the read-back, whatever the drain left them in, and none killed during it.
    kills.stop();
    await kills.settle();
    await nodes.startStopped();

    const counts = await store.counts();
    const dead = (await store.listDead()).map(
      (entry) =>
        `${entry.method} ${entry.path} (key ${entry.key}): ${entry.lastError?.status} ${entry.lastError?.code ?? ''} ${entry.lastError?.message ?? ''}`,
    );
    if (!drained) log(`chaos: time out with ${counts.queued} entries still queued`);
    // Through every node: each must show what the device wrote, nothing more, nothing less.
    const readings = [];
    for (const nodeApi of apis) readings.push(await verifyAgainstServer(nodeApi, device, seeded));
    const alive = device.alive().length;
    const report: ChaosReport = {
      seed,
      nodes: nodes.count,
      writes: device.writes,
      seconds,
      written: { ...device.written },
      alive,
      deleted: device.workers.size - alive,
      signatures: device.signatures.size,
      proxy: { ...proxy.stats, statuses: { ...proxy.stats.statuses }, byNode: [...proxy.stats.byNode] },
      transport: { ...transport.counts },
      transportSeconds: Object.values(transport.times).reduce((sum, ms) => sum + ms, 0) / 1000,
      kills: nodes.kills,
      killsMidRequest: kills.midRequest,
      killsPartial: kills.partial,
      killsCommittedUnanswered: kills.committedUnanswered,
      killsLeftDown: kills.leftDown,
      plannedKills: options.kills,
      restartMs: nodes.restartMs,
      queuedLeft: counts.queued,
      dead,
      answerMismatches: [...transport.mismatches],
      verification: worstOf(readings),
      dataDirs: nodes.dataDirs,
    };
    keepData = process.env.CHAOS_KEEP_DATA === '1' && !chaosPassed(report);
    if (keepData) log(`chaos: data folders kept in ${nodes.dataDirs.join(', ')} (server log: start it with DATA_DIR=<folder>)`);
    return report;
  } finally {
    replayer?.dispose();
    while (killer?.busy) await killer.busy;
    await proxy?.stop();
    await nodes.stop();
    if (!keepData) nodes.removeData();
  }
}
