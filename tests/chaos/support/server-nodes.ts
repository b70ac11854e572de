import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ForwardedRequest, OutgoingRequest, Upstream } from './chaos-proxy.ts';
import type { DirectApi } from './direct-api.ts';
import { between, sleep, type Random } from './prng.ts';
import { freePort, ServerProcess } from './server-process.ts';

/**
 * The API nodes of a chaos run: one server, or two with their own port and data folder and nothing in common but
 * the PostgreSQL database. SESSION_SECRET is taken out of their environment: two machines behind a load balancer
 * must agree on sessions and signed links through the database alone.
 */
export class ServerNodes {
  /** Up from a finished start to the next kill: what a load balancer's health check would see. */
  private readonly up: boolean[];

  private constructor(
    readonly servers: ServerProcess[],
    readonly dataDirs: string[],
  ) {
    this.up = servers.map(() => false);
  }

  static async create(count: number, databaseUrl: string | undefined): Promise<ServerNodes> {
    if (count > 1 && !databaseUrl) throw new Error('API nodes share one PostgreSQL database: pass databaseUrl');
    const servers: ServerProcess[] = [];
    const dataDirs: string[] = [];
    for (let node = 0; node < count; node += 1) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `andes-chaos-${node + 1}-`));
      const env = count > 1 ? { SESSION_SECRET: undefined } : {};
      servers.push(new ServerProcess({ port: await freePort(), dataDir, databaseUrl, env }));
      dataDirs.push(dataDir);
    }
    return new ServerNodes(servers, dataDirs);
  }

  get count(): number {
    return this.servers.length;
  }

  get kills(): number {
    return this.servers.reduce((sum, server) => sum + server.kills, 0);
  }

  /** Milliseconds each restart took until /api/health answered (first starts left out). */
  get restartMs(): number[] {
    return this.servers.flatMap((server) => server.startTimes.slice(1));
  }

  live(): number[] {
    return this.servers.flatMap((_, node) => (this.up[node] ? [node] : []));
  }

  /** One after the other: the first migrates and seeds the empty database, the next finds it ready. */
  async startAll(): Promise<void> {
    for (let node = 0; node < this.count; node += 1) await this.start(node);
  }

  async startStopped(): Promise<void> {
    for (let node = 0; node < this.count; node += 1) if (!this.servers[node]!.running) await this.start(node);
  }

  async start(node: number): Promise<void> {
    await this.servers[node]!.start();
    this.up[node] = true;
  }

  async kill(node: number): Promise<void> {
    this.up[node] = false;
    await this.servers[node]!.kill();
  }

  /**
   * Each request to one of the nodes up, at random (to another than `avoid` when there is one); to any node when
   * none is up (the proxy then answers 502).
   */
  router(random: Random): (avoid?: number) => Upstream {
    return (avoid) => {
      const live = this.live();
      const others = live.filter((node) => node !== avoid);
      const choices = others.length > 0 ? others : live.length > 0 ? live : this.servers.map((_, node) => node);
      const node = this.count === 1 ? 0 : choices[Math.floor(random() * choices.length)]!;
      return { node, port: Number(new URL(this.servers[node]!.url).port) };
    };
  }

  async stop(): Promise<void> {
    for (const server of this.servers) await server.stop();
  }

  removeData(): void {
    for (const dataDir of this.dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

type KillTarget = 'record' | 'file';
export const targetOf = (method: string, url: string): KillTarget | null =>
  method === 'GET' || method === 'HEAD' ? null : url.startsWith('/api/files/') ? 'file' : 'record';

export interface NodeKillerOptions {
  nodes: ServerNodes;
  /** The test's own line to a node that is up, around the proxy: reads the change-log seq around a kill. */
  api: () => DirectApi;
  random: Random;
  writes: number;
  kills: number;
  /** Writes the device has seen confirmed so far. */
  confirmed: () => number;
  log: (line: string) => void;
}

/**
 * The run's SIGKILLs, carried out from the proxy's hooks. Each kill waits for a share of the writes to be confirmed
 * (spread over 5-80 % of the run, so it lands while the drain is busy and writes remain), then hits the next record
 * write (a batch or a single call; every third kill a file upload) soon after it is forwarded: usually while the
 * node is applying it, its transaction open and its company's lock held. With two nodes, the first kill (and every second one
 * after it) leaves its node down for a few seconds while the other serves alone; the others restart it after
 * 100-600 ms. A kill waits for the previous one's node to be up again: one node down at a time.
 */
export class NodeKiller {
  private readonly plan: { afterConfirmed: number; target: KillTarget; leaveDown: boolean }[];
  /** A kill decided before its request went out, with the change-log seq read just then. */
  private armed: { request: OutgoingRequest; seqBefore: number; leaveDown: boolean } | null = null;
  /** With another node up, writes wait here while a kill's commits are counted (a retry there would add its own). */
  private hold: Promise<void> | null = null;
  /** From the decision to kill to the node being up again. */
  busy: Promise<void> | null = null;
  readonly errors: unknown[] = [];
  /** Kills that landed before the node had answered the request in flight; of those, after it committed all of it. */
  midRequest = 0;
  committedUnanswered = 0;
  /** Kills that left a batch half applied: some of its entries committed, the rest not (one transaction: never). */
  partial = 0;
  leftDown = 0;
  /** Milliseconds per entry of the record batches answered so far (5 entries or more). */
  private readonly entryMs: number[] = [];

  constructor(private readonly options: NodeKillerOptions) {
    const { random, writes, kills, nodes } = options;
    const slot = 0.75 / Math.max(1, kills);
    this.plan = Array.from({ length: kills }, (_, k) => ({
      afterConfirmed: Math.floor(writes * (0.05 + slot * (k + random()))),
      target: (k % 3 === 2 ? 'file' : 'record') as KillTarget,
      leaveDown: nodes.count > 1 && k % 2 === 0,
    }));
  }

  /** Kills planned and not yet decided. */
  get pending(): number {
    return this.plan.length;
  }

  /**
   * Ends the plan: a kill armed by a request still in flight when the run ends would otherwise land during the
   * read-back (seen as "other side closed" on a verification read).
   */
  stop(): void {
    this.stopped = true;
    this.plan.length = 0;
    this.armed = null;
  }

  private stopped = false;

  readonly beforeForward = async (request: OutgoingRequest): Promise<void> => {
    if (this.hold) await this.hold;
    const next = this.plan[0];
    const { nodes, confirmed, api } = this.options;
    if (next === undefined || this.armed || this.busy || nodes.live().length === 0) return;
    if (targetOf(request.method, request.path) !== next.target || confirmed() < next.afterConfirmed) return;
    this.plan.shift();
    const seqBefore = await api().lastSeq();
    if (this.stopped) return;
    this.armed = { request, seqBefore, leaveDown: next.leaveDown };
  };

  readonly onForward = (forwarded: ForwardedRequest): void => {
    if (forwarded.path === '/api/sync/batch' && forwarded.entries >= 5) {
      const began = Date.now();
      void forwarded.answered.then((full) => {
        if (full) this.entryMs.push((Date.now() - began) / forwarded.entries);
      });
    }
    const kill = this.armed;
    if (!kill || this.stopped || kill.request.path !== forwarded.path || kill.request.method !== forwarded.method) return;
    this.armed = null;
    const { nodes, random, log } = this.options;
    const { method, path: url, entries, answered, node } = forwarded;
    const killDelay = this.killDelay(entries);
    const downtime = kill.leaveDown ? between(random, 2_000, 4_000) : between(random, 100, 600);
    let release: () => void = () => undefined;
    if (nodes.count > 1) this.hold = new Promise((resolve) => (release = resolve));
    // Each worker write adds one change: the seq moved by the writes of this request that committed.
    const committed = async () => (targetOf(method, url) === 'record' ? (await this.options.api().lastSeq()) - kill.seqBefore : 0);
    this.busy = (async () => {
      await sleep(killDelay);
      await nodes.kill(node);
      const midRequest = !(await answered);
      let count: number;
      if (nodes.live().length > 0) {
        await sleep(100); // a COMMIT already sent by the dead node still lands
        count = await committed();
        release();
        await sleep(downtime);
        await nodes.start(node);
      } else {
        await sleep(downtime);
        await nodes.start(node);
        count = await committed();
      }
      if (midRequest) this.midRequest += 1;
      if (count > 0 && count < entries) this.partial += 1;
      if (midRequest && count > 0 && count === entries) this.committedUnanswered += 1;
      if (kill.leaveDown) this.leftDown += 1;
      const which = nodes.count > 1 ? ` of node ${node + 1}` : '';
      log(
        `chaos: SIGKILL #${nodes.kills}${which} ${killDelay} ms after forwarding ${method} ${url}${entries > 1 ? ` (${entries} entries, ${count} committed)` : ''}, ` +
          `${midRequest ? 'before its answer' : 'after its answer'}; down ${downtime} ms${kill.leaveDown ? ' while the other node served' : ''}, ` +
          `back after a ${nodes.servers[node]!.startTimes.at(-1)} ms start`,
      );
    })()
      .catch((error: unknown) => {
        this.errors.push(error);
      })
      .finally(() => {
        release();
        this.hold = null;
        this.busy = null;
      });
  };

  /**
   * How long after forwarding to kill: somewhere inside the time this run's batches take (a few ms per entry on
   * PostgreSQL, under one on SQLite, more on a busy machine), so the kill lands while the batch's transaction is
   * open, not before it began. Before three batches were timed: the first few ms, as on an idle SQLite.
   */
  private killDelay(entries: number): number {
    const { random } = this.options;
    if (this.entryMs.length < 3) return between(random, 2, 3 + Math.floor(entries * 0.8));
    const sorted = [...this.entryMs].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    return Math.max(2, Math.floor(median * entries * (0.1 + 0.8 * random())));
  }

  /** Waits for a kill in progress to end with its node up again; throws what went wrong in any restart. */
  async settle(): Promise<void> {
    while (this.busy) await this.busy;
    if (this.errors.length > 0) throw this.errors[0];
  }
}
