import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';

/** "10.0.0.0/8" or a single address; IPv4-mapped IPv6 is read as its IPv4 address. */
function plainAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed;
}

function ipv4Number(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return null;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

/** The proxies a deployment names (TRUSTED_PROXIES): exact addresses, or IPv4 ranges in CIDR form. */
export class TrustedProxies {
  private readonly exact = new Set<string>();
  private readonly ranges: { base: number; mask: number }[] = [];

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address, bits] = plainAddress(entry).split('/') as [string, string?];
      const base = ipv4Number(address);
      if (bits !== undefined && base !== null) {
        const mask = Number(bits) === 0 ? 0 : (0xffffffff << (32 - Number(bits))) >>> 0;
        this.ranges.push({ base: (base & mask) >>> 0, mask });
      } else {
        this.exact.add(address);
      }
    }
  }

  get isEmpty(): boolean {
    return this.exact.size === 0 && this.ranges.length === 0;
  }

  has(address: string): boolean {
    const plain = plainAddress(address);
    if (this.exact.has(plain)) return true;
    const value = ipv4Number(plain);
    return value !== null && this.ranges.some((range) => ((value & range.mask) >>> 0) === range.base);
  }
}

/** Checks a TRUSTED_PROXIES entry: an IPv4 or IPv6 address, or an IPv4 range such as 10.0.0.0/8. */
export function isProxyEntry(entry: string): boolean {
  const [address, bits] = plainAddress(entry).split('/') as [string, string?];
  if (bits !== undefined) return ipv4Number(address) !== null && /^\d{1,2}$/.test(bits) && Number(bits) <= 32;
  return ipv4Number(address) !== null || (/^[0-9a-f:]+$/.test(address) && address.includes(':'));
}

/**
 * Who sent a request: the socket's address, the only one the client cannot write. `X-Forwarded-For` is believed
 * only when the socket is a proxy the deployment names, and then read from the right, skipping named proxies: the
 * first address that is not one is the client (entries further left are the client's own words). Without a socket
 * (a batch entry runs inside its batch's request, an API test without an address) the answer is `undefined`.
 */
export function clientAddress(c: Context<AppEnv>): string | undefined {
  const socket = (c.env as AppEnv['Bindings'] | undefined)?.incoming?.socket.remoteAddress;
  if (socket === undefined) return undefined;
  const proxies = c.get('deps').config.trustedProxies;
  if (!proxies.has(socket)) return plainAddress(socket);
  const forwarded = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (let index = forwarded.length - 1; index >= 0; index -= 1) {
    if (!proxies.has(forwarded[index]!)) return plainAddress(forwarded[index]!);
  }
  return plainAddress(forwarded[0] ?? socket);
}

/** The request reached us over https: its own URL, or the scheme a named proxy says it received. */
export function arrivedOverHttps(c: Context<AppEnv>): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  const socket = (c.env as AppEnv['Bindings'] | undefined)?.incoming?.socket.remoteAddress;
  if (socket === undefined || !c.get('deps').config.trustedProxies.has(socket)) return false;
  return (c.req.header('X-Forwarded-Proto') ?? '').split(',')[0]?.trim().toLowerCase() === 'https';
}
