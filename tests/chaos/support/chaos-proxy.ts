import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';
import { sleep, type Random } from './prng.ts';

/** Probabilities per request; every one is drawn for every request, so one seed gives one sequence of faults. */
export interface FaultRates {
  /** The connection is cut before the request is forwarded: the network is down. */
  refuse: number;
  /** The network goes down for a while (`outageMs`): every request meanwhile is cut like `refuse`. */
  outage: number;
  /** The server answers (it committed), then the connection is cut before the answer reaches the client. */
  loseResponse: number;
  /**
   * The connection is cut while the server is still working on the request; half the time the cut reaches the
   * server too (its socket closes mid-request, as with a real network), otherwise only the client's side drops.
   */
  cutInFlight: number;
  /** The answer's headers and half its body arrive, then the connection is cut. */
  truncate: number;
  /**
   * The request reaches the server twice at once (a middlebox retrying on its own); the client gets one of the
   * two answers. The second copy of a write must find the first one in progress (409 EN_CURSO) or in the ledger.
   */
  duplicate: number;
  /** A random wait before forwarding and before answering (up to `maxDelayMs` each). */
  delay: number;
}

export const NO_FAULTS: FaultRates = { refuse: 0, outage: 0, loseResponse: 0, cutInFlight: 0, truncate: 0, duplicate: 0, delay: 0 };

export const DEFAULT_FAULTS: FaultRates = {
  refuse: 0.06,
  outage: 0.01,
  loseResponse: 0.08,
  cutInFlight: 0.04,
  truncate: 0.03,
  duplicate: 0.03,
  delay: 0.15,
};

export interface OutgoingRequest {
  method: string;
  path: string;
  /** Entries of a sync batch, 1 for any other request. */
  entries: number;
}

export interface ForwardedRequest extends OutgoingRequest {
  /** Settles true when the server answered in full, false when it was down or died mid-request. */
  answered: Promise<boolean>;
}

export interface ChaosProxyOptions {
  upstreamPort: number;
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
   * batch is refused: every chaos run has both, whatever the seed (a run of few batches could draw neither).
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
}

interface Decision {
  refuse: boolean;
  outage: boolean;
  loseResponse: boolean;
  cutInFlight: boolean;
  cutUpstream: boolean;
  truncate: boolean;
  duplicate: boolean;
  /** Which copy's answer the client gets. */
  secondAnswer: boolean;
  requestDelayMs: number;
  responseDelayMs: number;
  cutAfterMs: number;
  outageMs: number;
}

interface UpstreamAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'content-length',
]);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const kept: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

function entriesOf(path: string, body: Buffer): number {
  if (path !== '/api/sync/batch') return 1;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { entries?: unknown };
    return Array.isArray(parsed.entries) ? parsed.entries.length : 1;
  } catch {
    return 1;
  }
}

/** Whether a record batch created a record and committed it: a POST entry whose result in the answer is a 2xx. */
function createdAny(body: Buffer, answer: UpstreamAnswer): boolean {
  if (answer.status !== 200) return false;
  try {
    const sent = JSON.parse(body.toString('utf8')) as { entries?: { key?: unknown; method?: unknown }[] };
    const creates = new Set((sent.entries ?? []).filter((entry) => entry.method === 'POST').map((entry) => entry.key));
    const encoding = answer.headers['content-encoding'];
    const text = encoding === 'gzip' ? gunzipSync(answer.body) : encoding === 'deflate' ? inflateSync(answer.body) : answer.body;
    const parsed = JSON.parse(text.toString('utf8')) as { results?: { key?: unknown; status?: unknown }[] };
    return parsed.results?.some((result) => creates.has(result.key) && typeof result.status === 'number' && result.status < 300) ?? false;
  } catch {
    return false;
  }
}

/**
 * A small HTTP proxy on 127.0.0.1 that breaks the network between the device and the real server at random,
 * from a seeded PRNG. It buffers each request and answer whole, so a fault always lands at a known point:
 * before the server saw the request, while it works, or after it committed.
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
  };
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
    const { random } = this.options;
    const rates = this.rates;
    const maxDelay = this.options.maxDelayMs ?? 150;
    const [outageMin, outageMax] = this.options.outageMs ?? [200, 800];
    const draws = Array.from({ length: 12 }, () => random());
    const delayed = draws[5]! < rates.delay;
    return {
      refuse: draws[0]! < rates.refuse,
      outage: draws[1]! < rates.outage,
      loseResponse: draws[2]! < rates.loseResponse,
      cutInFlight: draws[3]! < rates.cutInFlight,
      cutUpstream: draws[9]! < 0.5,
      truncate: draws[4]! < rates.truncate,
      duplicate: draws[10]! < rates.duplicate,
      secondAnswer: draws[11]! < 0.5,
      requestDelayMs: delayed ? Math.floor(draws[6]! * maxDelay) : 0,
      responseDelayMs: delayed ? Math.floor(draws[7]! * maxDelay) : 0,
      cutAfterMs: Math.floor(draws[8]! * 15),
      outageMs: outageMin + Math.floor(draws[8]! * (outageMax - outageMin)),
    };
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
    const body = await this.readBody(req);
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

  private readBody(req: http.IncomingMessage): Promise<Buffer | null> {
    const limit = this.options.maxBodyBytes ?? 64 * 1024 * 1024;
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          resolve(null);
          req.destroy();
          return;
        }
        chunks.push(chunk);
      });
      req.once('end', () => resolve(Buffer.concat(chunks)));
      req.once('error', () => resolve(null));
      req.once('close', () => {
        if (!req.complete) resolve(null);
      });
    });
  }

  /** The answer, or null when the server was down or died before answering in full. */
  private forward(outgoing: OutgoingRequest, req: http.IncomingMessage, body: Buffer, signal: AbortSignal): Promise<UpstreamAnswer | null> {
    const { method, path } = outgoing;
    const headers = endToEnd(req.headers);
    headers.host = `127.0.0.1:${this.options.upstreamPort}`;
    headers.connection = 'close';
    if (body.length > 0 || (method !== 'GET' && method !== 'HEAD')) headers['content-length'] = body.length;
    const answer = new Promise<UpstreamAnswer | null>((resolve) => {
      let settled = false;
      const settle = (answer: UpstreamAnswer | null) => {
        if (settled) return;
        settled = true;
        resolve(answer);
      };
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: this.options.upstreamPort,
          method,
          path,
          headers,
          agent: false,
          timeout: this.options.upstreamTimeoutMs ?? 30_000,
        },
        (response) => {
          this.stats.statuses[response.statusCode ?? 0] = (this.stats.statuses[response.statusCode ?? 0] ?? 0) + 1;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.once('end', () =>
            settle({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks) }),
          );
          response.once('error', () => settle(null));
          response.once('close', () => {
            if (!response.complete) settle(null);
          });
        },
      );
      upstream.once('error', () => settle(null));
      upstream.once('timeout', () => upstream.destroy());
      signal.addEventListener('abort', () => upstream.destroy(), { once: true });
      upstream.end(body);
    });
    this.stats.forwarded += 1;
    this.options.onForward?.({ ...outgoing, answered: answer.then((settled) => settled !== null) });
    return answer;
  }
}
