import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { arrivedOverHttps } from './client-address.ts';

/**
 * What the app may do in a browser (issue 27), found by running every journey in Chromium with the policy
 * enforced (tests/e2e/support/test.ts fails a journey on any violation). Everything comes from this origin.
 */
export const APP_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // No inline script and no eval. The PDF reports' layout engine (yoga, inside @react-pdf/renderer) is a WebAssembly
  // module: compiling it needs 'wasm-unsafe-eval', which allows nothing else.
  "script-src 'self' 'wasm-unsafe-eval'",
  // Ionic's components write <style> elements (scoped components, keyframes of their animations built at run
  // time): no hash can name them ahead. Style cannot run code; scripts stay strict.
  "style-src 'self' 'unsafe-inline'",
  // Photos and signatures are shown from object URLs (blob:) and data: URLs.
  "img-src 'self' data: blob:",
  // Besides the API: reading what the device already holds, which never reaches the network. pdf.js reads the
  // rendered report from its object URL, the report worker reads photos and signatures from blob: and data: URLs
  // (app/reports/render/browser-images.ts), and yoga's WebAssembly loader reads its module from a data: URL.
  "connect-src 'self' blob: data:",
  // The service worker and the module workers (photos, PDF reports, pdf.js) are built assets.
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * A page the server writes itself (the API reference, the local mailbox): no script at all, and its one inline
 * style block allowed by a nonce. Returns the nonce for the page's `<style nonce>`.
 */
export function ownPagePolicy(c: Context<AppEnv>): string {
  const nonce = randomBytes(16).toString('base64');
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  return nonce;
}

/**
 * On every answer: the content policy (the app's unless the page set its own), no cross-origin window that opened
 * ours keeps a handle on it, no MIME sniffing, the address goes only to our own origin, and over https the browser is told
 * to never come back over http. HSTS only then: a browser ignores it over http, and a deployment reached over
 * plain http on a local network must not be told otherwise through a proxy it does not have.
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // A batch entry's answer is never sent by itself: the batch's answer carries the headers.
    if ((c.env as AppEnv['Bindings'] | undefined)?.batchDeps) return next();
    await next();
    const headers = c.res.headers;
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', APP_CONTENT_SECURITY_POLICY);
    // Allow-popups: the menu's external link (Sedecc) reuses its one named tab; no window we did not open keeps ours.
    headers.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'same-origin');
    if (arrivedOverHttps(c)) headers.set('Strict-Transport-Security', 'max-age=31536000');
  };
}
