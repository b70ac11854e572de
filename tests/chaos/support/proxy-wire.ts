import http from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';

/** The chaos proxy's plumbing: headers, bodies and one forward to a server, with no fault logic. */

export interface UpstreamAnswer {
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

export function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const kept: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

export function entriesOf(path: string, body: Buffer): number {
  if (path !== '/api/sync/batch') return 1;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { entries?: unknown };
    return Array.isArray(parsed.entries) ? parsed.entries.length : 1;
  } catch {
    return 1;
  }
}

/** The idempotency keys a write carries: each entry's of a sync batch, the header's of a single call. */
export function keysOf(path: string, headers: http.IncomingHttpHeaders, body: Buffer): string[] {
  if (path !== '/api/sync/batch') {
    const key = headers['idempotency-key'];
    return typeof key === 'string' ? [key] : [];
  }
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { entries?: { key?: unknown }[] };
    return (parsed.entries ?? []).flatMap((entry) => (typeof entry.key === 'string' ? [entry.key] : []));
  } catch {
    return [];
  }
}

/** Whether a record batch created a record and committed it: a POST entry whose result in the answer is a 2xx. */
export function createdAny(body: Buffer, answer: UpstreamAnswer): boolean {
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

/** The whole body of a request, or null when it was cut or passed `limit` bytes. */
export function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | null> {
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

export interface UpstreamCall {
  port: number;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  signal: AbortSignal;
  timeoutMs: number;
  /** Called with the server's status as soon as its headers arrive, whether or not the answer completes. */
  onStatus: (status: number) => void;
}

/** One request to the server on 127.0.0.1:`port`: the answer, or null when it was down or died before answering in full. */
export function callUpstream(call: UpstreamCall): Promise<UpstreamAnswer | null> {
  const { method, path, body } = call;
  const headers = endToEnd(call.headers);
  headers.host = `127.0.0.1:${call.port}`;
  headers.connection = 'close';
  if (body.length > 0 || (method !== 'GET' && method !== 'HEAD')) headers['content-length'] = body.length;
  return new Promise<UpstreamAnswer | null>((resolve) => {
    let settled = false;
    const settle = (answer: UpstreamAnswer | null) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const upstream = http.request(
      { host: '127.0.0.1', port: call.port, method, path, headers, agent: false, timeout: call.timeoutMs },
      (response) => {
        call.onStatus(response.statusCode ?? 0);
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () => settle({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks) }));
        response.once('error', () => settle(null));
        response.once('close', () => {
          if (!response.complete) settle(null);
        });
      },
    );
    upstream.once('error', () => settle(null));
    upstream.once('timeout', () => upstream.destroy());
    call.signal.addEventListener('abort', () => upstream.destroy(), { once: true });
    upstream.end(body);
  });
}
