import { createHash } from 'node:crypto';
import { PROTOCOL_HEADER, SYNC_PROTOCOL_VERSION } from '#sync/outbox/sync-protocol.ts';
import type { Trabajador } from '#sync/schemas/trabajadores.schema.ts';

export const ANDES = { rut: '76123456-0', company: '76123456' } as const;
export const DEMO_PASSWORD = 'Andes.2026';
export const WORKERS_PATH = '/api/trabajadores/newtrabajadores2';

export interface CargoChoice {
  IdCargo: string;
  IdNivel2: string | null;
  IdNivel3: string | null;
}

export interface ChangeRow {
  seq: number;
  table: string;
  id: string;
  op: 'upsert' | 'delete';
  row: unknown;
}

export type WorkerDetail = Trabajador & { Urls: Record<string, string> };

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The test's own line to the server, around the proxy: sign-in, reference data and the read-back that checks the
 * device against the server. Never used for the writes under test.
 */
export class DirectApi {
  token = '';
  userId = 0;

  constructor(readonly baseUrl: string) {}

  /** The same session against another API node (every node checks the same tokens). */
  at(baseUrl: string): DirectApi {
    const other = new DirectApi(baseUrl);
    other.token = this.token;
    other.userId = this.userId;
    return other;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { Accept: 'application/json', [PROTOCOL_HEADER]: String(SYNC_PROTOCOL_VERSION) };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as T };
  }

  private async get<T>(path: string): Promise<T> {
    const answer = await this.call<T>('GET', path);
    if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  async login(correo: string): Promise<void> {
    const answer = await this.call<{ token?: string; usuario?: { IdUsuario: number } }>('POST', '/api/auth/login', {
      RutEmpresa: ANDES.rut,
      Correo: correo,
      Contrasena: DEMO_PASSWORD,
    });
    if (answer.status !== 200 || !answer.body.token || !answer.body.usuario) {
      throw new Error(`login ${correo}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    this.token = answer.body.token;
    this.userId = answer.body.usuario.IdUsuario;
  }

  async cargos(): Promise<CargoChoice[]> {
    const answer = await this.get<{ data: CargoChoice[] }>(`${WORKERS_PATH}/cargo_nivel/${ANDES.company}`);
    return answer.data.map(({ IdCargo, IdNivel2, IdNivel3 }) => ({ IdCargo, IdNivel2, IdNivel3 }));
  }

  /** Every active worker, page by page as the office list reads them (500 per page). */
  async listAllWorkers(): Promise<Trabajador[]> {
    const all: Trabajador[] = [];
    for (let page = 1; page <= 1_000; page += 1) {
      const answer = await this.get<{ data: Trabajador[]; total: number }>(`${WORKERS_PATH}/${ANDES.company}?PorPagina=500&Pagina=${page}`);
      all.push(...answer.data);
      if (answer.data.length === 0 || all.length >= answer.total) return all;
    }
    throw new Error('worker list did not end within 1000 pages');
  }

  async detail(id: string): Promise<WorkerDetail | null> {
    const answer = await this.get<{ data: WorkerDetail | null }>(`${WORKERS_PATH}/detalle/${ANDES.company}/${id}`);
    return answer.data;
  }

  /** A file through its signed URL (no session: the signature is the permission). */
  async download(signedUrl: string): Promise<Uint8Array> {
    const response = await fetch(`${this.baseUrl}${signedUrl}`, { signal: AbortSignal.timeout(30_000) });
    if (response.status !== 200) throw new Error(`GET ${signedUrl}: ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }

  /** The whole change log of the company from cursor 0, as a fresh device would pull it. */
  async allChanges(): Promise<ChangeRow[]> {
    const changes: ChangeRow[] = [];
    let cursor = '0';
    for (let page = 0; page < 10_000; page += 1) {
      const answer = await this.get<{ changes: ChangeRow[]; cursor: number | string; more?: boolean; reset?: boolean }>(`/api/sync/changes?since=${cursor}&limit=1000`);
      if (answer.reset) throw new Error('the change log asked for a reset from cursor 0');
      changes.push(...answer.changes);
      cursor = String(answer.cursor);
      if (!answer.more) return changes;
    }
    throw new Error('the change log did not end within 10000 pages');
  }

  /**
   * The last change-log seq issued: a cursor past the newest change is answered with `reset` and the newest seq.
   * Every worker write adds exactly one change, so the difference of two readings counts committed writes.
   */
  async lastSeq(): Promise<number> {
    const answer = await this.get<{ cursor: number | string }>('/api/sync/changes?since=999999999999999&limit=1');
    return Number(answer.cursor);
  }

  async conflicts(): Promise<unknown[]> {
    const answer = await this.get<{ data: unknown[] }>(`/api/sync/conflictos/${ANDES.company}`);
    return answer.data;
  }
}
