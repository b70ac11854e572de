import { createHash, randomUUID } from 'node:crypto';
import { PROTOCOL_HEADER, SYNC_PROTOCOL_VERSION } from '#sync/outbox/sync-protocol.ts';
import type { ApiResponse, TestServer } from './api-harness.ts';

export { randomUUID as newKey };

export interface SyncResponse<T = Record<string, unknown>> extends ApiResponse<T> {
  headers: Headers;
}

/** The header a device of this version sends with every sync call (SPEC PV1); a test of an old device leaves it out. */
export const CURRENT_PROTOCOL = { [PROTOCOL_HEADER]: String(SYNC_PROTOCOL_VERSION) };

/** Like the harness's request, with extra headers (Idempotency-Key), the protocol's header and the answer's headers. */
export async function send<T = Record<string, unknown>>(
  server: TestServer,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; key?: string; headers?: Record<string, string> } = {},
): Promise<SyncResponse<T>> {
  const headers: Record<string, string> = { ...CURRENT_PROTOCOL, ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.key !== undefined) headers['Idempotency-Key'] = options.key;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await server.app.request(url, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    // Non-JSON answers are returned as text.
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export interface BatchEntry {
  key: string;
  method: string;
  path: string;
  body?: unknown;
}

export interface BatchAnswer {
  results: { key: string; status: number; body: unknown }[];
}

export function sendBatch(server: TestServer, token: string, entries: BatchEntry[]) {
  return send<BatchAnswer>(server, 'POST', '/api/sync/batch', { token, body: { entries } });
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Uploads raw bytes the way the outbox does: PUT /api/files/{sha256} with the file's type. */
export async function putFile(
  server: TestServer,
  token: string | undefined,
  bytes: Uint8Array<ArrayBuffer>,
  type: string,
  sha256 = sha256Hex(bytes),
) {
  const headers: Record<string, string> = { 'Content-Type': type };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await server.app.request(`/api/files/${sha256}`, { method: 'PUT', headers, body: bytes });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

export async function headFile(server: TestServer, token: string | undefined, sha256: string): Promise<number> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  return (await server.app.request(`/api/files/${sha256}`, { method: 'HEAD', headers })).status;
}

export function profilePath(userId: number, company: string): string {
  return `/api/perfil/perfil_usuario/${userId}/${company}`;
}

/** A valid Mi Perfil body, built like the app's form would send it. */
export function profileBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Nombres: 'Jorge',
    ApellidoPaterno: 'Araya',
    ApellidoMaterno: 'Rojas',
    TelefonoPersona: '+56 9 8765 4321',
    FechaNacimiento: '1985-04-12',
    ...overrides,
  };
}

export async function countRows(
  server: TestServer,
  table: 'cambios' | 'idempotencia' | 'conflictos' | 'archivos_empresa',
): Promise<number> {
  const row = await server.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function userVersion(server: TestServer, company: string, userId: number): Promise<{ Version: number; Nombres: string }> {
  return server.deps.db
    .selectFrom('usuarios')
    .select(['Version', 'Nombres'])
    .where('IdEmpresa', '=', company)
    .where('IdUsuario', '=', userId)
    .executeTakeFirstOrThrow();
}
