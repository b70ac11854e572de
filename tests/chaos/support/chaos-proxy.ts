import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sleep, type Random } from './prng.ts';
import { decideFaults, DEFAULT_FAULTS, type Decision, type FaultRates } from './chaos-faults.ts';
import { callUpstream, createdAny, endToEnd, entriesOf, keysOf, readBody, type UpstreamAnswer } from './proxy-wire.ts';

export interface OutgoingRequest {
  method: string;
  path: string;
  /** Entries of a sync batch, 1 for any other request. */
  entries: number;
}

export interface ForwardedRequest extends OutgoingRequest {
  /** Which server got it (the index in `upstream`'s choice; 0 with a single server). */
  node: number;
  /** Settles true when the server answered in full, false when it was down or died mid-request. */
  answered: Promise<boolean>;
}

/** One of several servers behind the proxy: its index (for kills and counts) and port. */
export interface Upstream {
  node: number;
  port: number;
}

export interface ChaosProxyOptions {
  /**
   * The server's port, or a choice made per forwarded request (API nodes behind one address); `avoid` asks for a
   * node other than that one when another is up.
   */
  upstream: number | ((avoid?: number) => Upstream);
  random: Random;
  rates?: FaultRates;
  maxDelayMs?: number;
  outageMs?: readonly [number, number];
  /** Added in each direction to every request: a slow link with no faults when `rates` is NO_FAULTS. */
  latencyMs?: number;
  /** Awaited just before a request is handed to the server (the chaos run reads the server's state here). */
  beforeForward?: (request: OutgoingRequest) => Promise<void>;
  /** Called when a request is handed to the server (the chaos run kills the server mid-batch from here). */
  onForward?: (request: ForwardedRequest) => void;
  upstreamTimeoutMs?: number;
  maxBodyBytes?: number;
  /**
   * Besides the random faults, record batches lose their answer until one that created a record has (so the
   * retry meets a record already there, the case a changed idempotency key turns into a conflict), and the second
   * batch is refused: every chaos run has both, whatever the seed (a run of few batches could draw neither). With
   * several nodes, the first write sent again (a retry, or a duplicated copy) goes to another node than the first.
   */
  guaranteeFaults?: boolean;
}

export interface ProxyStats {
  requests: number;
  forwarded: number;
  refused: number;
  outages: number;
  lostResponses: number;
  /** Of those, answers of a record batch in which the server created at least one record. */
  lostCreates: number;
  cutInFlight: number;
  truncated: number;
  duplicated: number;
  delayed: number;
  /** Sum of the injected delays (not the fixed latency), in ms. */
  delayMs: number;
  /** The server was down or died mid-request: answered 502, as a reverse proxy would. */
  upstreamErrors: number;
  /** The server's answers by status, whether or not they reached the client. */
  statuses: Record<number, number>;
  /** Requests handed to each server, by node (copies of a duplicated request included). */
  byNode: number[];
  /**
   * Writes handed to a node with an idempotency key last handed to another node: a retry, or a duplicated copy,
   * that the other node must answer as the first time.
   */
  otherNode: number;
}

/**
 * A small HTTP proxy on 127.0.0.1 that breaks the network between the device and the real server (or each request
 * to one of several API nodes) at random, from a seeded PRNG. It buffers each request and answer whole, so a fault
 * always lands at a known point: before the server saw the request, while it works, or after it committed.
 */
export class ChaosProxy {
  readonly stats: ProxyStats = {
    requests: 0,
    forwarded: 0,
    refused: 0,
    outages: 0,
    lostResponses: 0,
    lostCreates: 0,
    cutInFlight: 0,
    truncated: 0,
    duplicated: 0,
    delayed: 0,
    delayMs: 0,
    upstreamErrors: 0,
    statuses: {},
    byNode: [],
    otherNode: 0,
  };
  /** The node each idempotency key was last handed to. */
  private readonly keyNodes = new Map<string, number>();
  private readonly server: http.Server;
  private readonly rates: FaultRates;
  private outageUntil = 0;
  private port = 0;

  constructor(private readonly options: ChaosProxyOptions) {
    this.rates = options.rates ?? DEFAULT_FAULTS;
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch(() => req.socket.destroy());
    });
    this.server.on('clientError', (_error, socket) => socket.destroy());
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private decide(): Decision {
    const [outageMin, outageMax] = this.options.outageMs ?? [200, 800];
    return decideFaults(this.options.random, this.rates, this.options.maxDelayMs ?? 150, outageMin, outageMax);
  }

  private batchRequests = 0;

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    this.stats.requests += 1;
    const decision = this.decide();
    if (this.options.guaranteeFaults && req.url?.startsWith('/api/sync/batch')) {
      this.batchRequests += 1;
      if (this.batchRequests === 2) decision.refuse = true;
    }
    const socket = req.socket;
    if (decision.outage && Date.now() >= this.outageUntil) {
      this.stats.outages += 1;
      this.outageUntil = Date.now() + decision.outageMs;
    }
    if (decision.refuse || Date.now() < this.outageUntil) {
      this.stats.refused += 1;
      socket.destroy();
      return;
    }
    const body = await readBody(req, this.options.maxBodyBytes ?? 64 * 1024 * 1024);
    if (body === null) {
      socket.destroy();
      return;
    }
    const delayed = decision.requestDelayMs > 0 || decision.responseDelayMs > 0;
    if (delayed) {
      this.stats.delayed += 1;
      this.stats.delayMs += decision.requestDelayMs + decision.responseDelayMs;
    }
    const latency = this.options.latencyMs ?? 0;
    const outbound = latency + decision.requestDelayMs;
    if (outbound > 0) await sleep(outbound);
    if (socket.destroyed) return;

    const outgoing = { method: req.method ?? 'GET', path: req.url ?? '/', entries: entriesOf(req.url ?? '/', body) };
    await this.options.beforeForward?.(outgoing);
    if (socket.destroyed) return;
    const cut = new AbortController();
    let answering = this.forward(outgoing, req, body, cut.signal);
    if (decision.duplicate) {
      this.stats.duplicated += 1;
      const first = answering;
      const second = this.forward(outgoing, req, body, cut.signal);
      answering = Promise.all([first, second]).then(([a, b]) => (decision.secondAnswer ? b : a));
    }
    if (decision.cutInFlight) {
      this.stats.cutInFlight += 1;
      await sleep(decision.cutAfterMs);
      socket.destroy();
      if (decision.cutUpstream) cut.abort();
      await answering;
      return;
    }
    const answer = await answering;
    if (socket.destroyed) return;
    if (!answer) {
      this.stats.upstreamErrors += 1;
      const text = JSON.stringify({ statusCode: 502, message: 'Servidor no disponible (proxy de pruebas)' });
      res.writeHead(502, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
      return;
    }
    const created = req.url?.startsWith('/api/sync/batch') === true && createdAny(body, answer);
    if (decision.loseResponse || (this.options.guaranteeFaults && created && this.stats.lostCreates === 0)) {
      this.stats.lostResponses += 1;
      if (created) this.stats.lostCreates += 1;
      socket.destroy();
      return;
    }
    const inbound = latency + decision.responseDelayMs;
    if (inbound > 0) await sleep(inbound);
    if (socket.destroyed) return;

    const headers = endToEnd(answer.headers);
    const bodyless = req.method === 'HEAD' || answer.status === 204 || answer.status === 304;
    if (bodyless) {
      if (answer.headers['content-length'] !== undefined) headers['content-length'] = answer.headers['content-length'];
      res.writeHead(answer.status, headers);
      res.end();
      return;
    }
    headers['content-length'] = answer.body.length;
    if (decision.truncate && answer.body.length > 1) {
      this.stats.truncated += 1;
      res.writeHead(answer.status, headers);
      res.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)), () => socket.destroy());
      return;
    }
    res.writeHead(answer.status, headers);
    res.end(answer.body);
  }

  /** The answer, or null when the server was down or died before answering in full. */
  private forward(outgoing: OutgoingRequest, req: http.IncomingMessage, body: Buffer, signal: AbortSignal): Promise<UpstreamAnswer | null> {
    const { upstream } = this.options;
    const keys = keysOf(outgoing.path, req.headers, body);
    const seenOn = keys.map((key) => this.keyNodes.get(key)).find((node) => node !== undefined);
    const avoid = this.options.guaranteeFaults && this.stats.otherNode === 0 ? seenOn : undefined;
    const { node, port } = typeof upstream === 'number' ? { node: 0, port: upstream } : upstream(avoid);
    if (keys.some((key) => (this.keyNodes.get(key) ?? node) !== node)) this.stats.otherNode += 1;
    for (const key of keys) this.keyNodes.set(key, node);
    const answer = callUpstream({
      port,
      method: outgoing.method,
      path: outgoing.path,
      headers: req.headers,
      body,
      signal,
      timeoutMs: this.options.upstreamTimeoutMs ?? 30_000,
      onStatus: (status) => {
        this.stats.statuses[status] = (this.stats.statuses[status] ?? 0) + 1;
      },
    });
    this.stats.forwarded += 1;
    this.stats.byNode[node] = (this.stats.byNode[node] ?? 0) + 1;
    this.options.onForward?.({ ...outgoing, node, answered: answer.then((settled) => settled !== null) });
    return answer;
  }
}
