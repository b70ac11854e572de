import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANDES, startTestServer, type TestServer } from './support/api-harness.ts';
import { newKey } from './support/sync-harness.ts';

/**
 * Calls that only render a document are reads: they stay out of the idempotency ledger, which keeps JSON answers
 * only (SPEC RP17). Walks every documented call that can answer something other than JSON.
 */

type Operation = { responses?: Record<string, { content?: Record<string, unknown> }>; 'x-lectura'?: boolean };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

let server: TestServer;
let token: string;
let bodies: Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer();
  token = (await server.login('admin@andesdemo.cl')).token;
  const db = server.deps.db;
  const inspection = await db.selectFrom('evaluaciones').select(['IdEvaluacion', 'Tipo']).where('IdEmpresa', '=', ANDES.id).where('Estado', '!=', 0).executeTakeFirstOrThrow();
  const attendee = await db.selectFrom('capacitacion_participantes').select('Id').where('IdEmpresa', '=', ANDES.id).where('Asistio', '=', 1).executeTakeFirstOrThrow();
  // The body each documented POST renders a document for; a new one must be added here or the walk fails.
  bodies = {
    '/api/inspecciones/recursos-app/pdf': { IdObjeto: inspection.IdEvaluacion, Empresa: ANDES.id, Tipo: inspection.Tipo },
    '/api/capacitaciones/recursos-app/pdf': { IdObjeto: attendee.Id, Empresa: ANDES.id },
  };
});
afterAll(async () => {
  await server.close();
});

async function documentedNonJson(): Promise<{ path: string; method: string; operation: Operation }[]> {
  const spec = (await server.request<OpenApi>('GET', '/api/openapi.json')).body;
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => Object.values(operation.responses ?? {}).some((response) => Object.keys(response.content ?? {}).some((type) => !/json/.test(type))))
      .map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
}

const ledgerRows = async () => (await server.deps.db.selectFrom('idempotencia').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

async function render(path: string, body: unknown, accept: string, key?: string) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: accept, 'Content-Type': 'application/json' };
  if (key) headers['Idempotency-Key'] = key;
  const response = await server.app.request(path, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, type: response.headers.get('Content-Type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The PDF's bytes as latin1 text (one character per byte), without its creation date and the file id made from it. */
const withoutCreationDate = (bytes: Buffer) =>
  bytes
    .toString('latin1')
    .replace(/\(D:\d{14}[^)]*\)/g, '')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '');

describe('documents are reads', () => {
  it('every documented call that answers something other than JSON says it is a read (x-lectura)', async () => {
    const found = await documentedNonJson();
    expect(found.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
      expect.arrayContaining(['POST /api/inspecciones/recursos-app/pdf', 'POST /api/capacitaciones/recursos-app/pdf']),
    );
    for (const { method, path, operation } of found) expect(operation['x-lectura'], `${method} ${path}`).toBe(true);
  });

  it('a POST that renders a PDF answers the same bytes with and without an Idempotency-Key, and leaves no ledger row', async () => {
    const posts = (await documentedNonJson()).filter(({ method }) => method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    for (const { path } of posts) {
      expect(bodies, `falta un cuerpo de prueba para ${path}`).toHaveProperty([path]);
      const before = await ledgerRows();
      const plain = await render(path, bodies[path], 'application/pdf');
      const keyed = await render(path, bodies[path], 'application/pdf', newKey());
      expect(plain.status, path).toBe(200);
      expect(plain.type, path).toBe('application/pdf');
      expect(plain.bytes.subarray(0, 5).toString('latin1'), path).toBe('%PDF-');
      expect(keyed.status, path).toBe(200);
      expect(keyed.type, path).toBe('application/pdf');
      // Byte for byte, but for the moment the drawing stamps as its creation date, and the file id made from it.
      expect(withoutCreationDate(keyed.bytes), path).toBe(withoutCreationDate(plain.bytes));
      // Its JSON form is a read too.
      const data = await render(path, bodies[path], 'application/json', newKey());
      expect(data.status, path).toBe(200);
      expect(await ledgerRows(), path).toBe(before);
    }
  });
});
