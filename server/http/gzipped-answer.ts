import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { parseAccept } from 'hono/utils/accept';

/** Below this, gzip saves less than its own header costs (the compress middleware's threshold too). */
const THRESHOLD = 1024;

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  const chosen = accepts.find((accept) => accept.type.toLowerCase() === 'gzip') ?? accepts.find((accept) => accept.type === '*');
  return chosen !== undefined && chosen.q > 0;
}

/**
 * A JSON answer already in text, gzipped here at once when the client takes gzip. The compress middleware would
 * pipe it through a stream whose chunks wait for the event loop: while another device's batch holds it (its whole
 * transaction runs without yielding), this answer would wait with it. Compressed in the handler, it is sent as soon
 * as its own batch ends.
 */
export function gzippedJson(c: Context, text: string, status: 200 = 200): Response {
  if (text.length < THRESHOLD || !acceptsGzip(c.req.header('Accept-Encoding'))) {
    return c.body(text, status, { 'Content-Type': 'application/json' });
  }
  // Level 1: on a batch's answers (the same fields again and again) it compresses nearly as well as the default
  // (about 7 % larger) for half the CPU, which runs on the one thread that serves every device.
  return c.body(gzipSync(text, { level: 1 }), status, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
}
