/**
 * SPEC PL13–PL16 on a device: the app's own pull (DexiePullTarget over IndexedDB, here fake-indexeddb) against the
 * real server in this process. «faena@andesdemo.cl» works at Faena Los Andes (level 2 no. 1); the company's other
 * worksite is Faena Ruta 5 Norte (no. 2).
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FetchTransport } from '#sync/outbox/fetch-transport.ts';
import { pullChanges } from '#sync/outbox/pull.ts';
import type { Formulario } from '#sync/schemas/formularios.schema.ts';
import type { Usuario } from '#sync/schemas/usuarios.schema.ts';
import { AppDb } from '#app/db/app-db.ts';
import { createTableDownloader, DexiePullTarget, PULLED_TABLES } from '#app/sync/dexie-pull-target.ts';
import { createRowFetcher, ReferencedRows } from '#app/sync/referenced-rows.ts';
import { ANDES, startTestServer, type TestServer } from './support/api-harness.ts';
import { FORMULARIOS, INSPECCIONES, inspectionBody, post, templateBody, uploadImage } from './support/inspecciones-factory.ts';
import { createWorker, SEEDED, updateWorker, workerBody } from './support/trabajadores-factory.ts';
import { write } from './support/usuarios-factory.ts';

const LOS_ANDES = SEEDED.nv2(1);
const RUTA_5 = SEEDED.nv2(2);

let server: TestServer;
let admin: { token: string; userId: number };
let field: { token: string; userId: number };
let device: AppDb;
beforeEach(async () => {
  server = await startTestServer();
  admin = await server.login('admin@andesdemo.cl');
  field = await server.login('faena@andesdemo.cl');
  device = new AppDb(`faena-${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
});
afterEach(async () => {
  await device.delete();
  await server.close();
});

/** The field supervisor's tablet: the app's pull, download and reference fetch, calling the server in-process. */
function tablet() {
  const lists: string[] = [];
  const inApp: typeof fetch = async (input, init) => {
    const url = String(input);
    if (init?.method === undefined || init.method === 'GET') lists.push(url);
    return server.app.request(url, init);
  };
  const calls = { companyId: ANDES.id, getToken: () => field.token, fetch: inApp };
  const referenced = new ReferencedRows(() => true);
  const target = new DexiePullTarget(device, createTableDownloader(calls), referenced);
  const transport = new FetchTransport({ getToken: () => field.token, fetch: inApp });
  const fetchRow = createRowFetcher(calls);
  return {
    lists,
    async sync() {
      const result = await pullChanges(transport, target, { resetTables: PULLED_TABLES, maxPages: 500 });
      expect(result.kind).toBe('ok');
      await referenced.bring(device, fetchRow);
    },
  };
}

const held = async (table: 'trabajadores' | 'inspecciones' | 'observaciones' | 'incidentes' | 'capacitaciones' | 'epp_entregas' | 'contratos') =>
  (await device.table(table).toArray()) as Record<string, unknown>[];

/** The worksite (level 2) of every worker, as the server has it now. */
async function workerSites(): Promise<Map<string, string | null>> {
  const rows = await server.deps.db.selectFrom('trabajadores').select(['IdPersona', 'IdNivel2']).where('IdEmpresa', '=', ANDES.id).execute();
  return new Map(rows.map((row) => [row.IdPersona, row.IdNivel2]));
}

async function setWorksites(Faenas: string[]) {
  const answer = await write<Usuario>(server, admin.token, 'PUT', '/api/usuarios', { IdUsuario: field.userId, Faenas });
  expect(answer.status).toBe(200);
}

async function inspectionObserving(worker: string) {
  const template = (await post<Formulario>(server, admin.token, FORMULARIOS, templateBody())).body.data;
  const signature = await uploadImage(server, admin.token, 'firma');
  const body = inspectionBody(template, { signature, overrides: { Observados: [worker] } });
  const created = await post(server, admin.token, INSPECCIONES, body);
  expect(created.status).toBe(200);
}

describe('PL13–PL16: a scoped tablet', () => {
  it('holds only its worksite’s workers and records, and what they name from elsewhere; a moved worker and their actas leave it', async () => {
    const visitor = (await createWorker(server, admin.token, workerBody({ IdNivel2: RUTA_5, IdNivel3: SEEDED.nv3(3) }))).body.data!;
    await inspectionObserving(visitor.IdPersona as string);
    const { db } = server.deps;
    // The demo has inspections and actas at both worksites, so what is left out is real.
    expect((await db.selectFrom('evaluaciones').select('IdNivel2').where('IdNivel2', '=', RUTA_5).execute()).length).toBeGreaterThan(0);
    const tab = tablet();
    await tab.sync();

    const sites = await workerSites();
    const workers = await held('trabajadores');
    const named = await namedByHeldRecords();
    expect(named.has(visitor.IdPersona as string)).toBe(true);
    // Outside Los Andes the tablet holds only the workers its records name (the visitor among them), nothing else.
    const outside = workers.filter((row) => row.IdNivel2 !== LOS_ANDES && row.IdNivel2 !== null).map((row) => row.IdPersona as string);
    expect(outside).toContain(visitor.IdPersona);
    expect(outside.filter((id) => !named.has(id))).toEqual([]);
    expect(workers.length).toBeLessThan(sites.size);
    for (const table of ['inspecciones', 'observaciones', 'incidentes', 'capacitaciones'] as const) {
      expect((await held(table)).filter((row) => row.IdNivel2 === RUTA_5)).toEqual([]);
    }
    const actas = await held('epp_entregas');
    expect(actas.length).toBeGreaterThan(0);
    expect(actas.filter((acta) => sites.get(acta.IdPersona as string) === RUTA_5)).toEqual([]);

    // A worker of Los Andes with an acta moves to Ruta 5: they and their actas leave the tablet.
    const acta = actas.find((one) => sites.get(one.IdPersona as string) === LOS_ANDES)!;
    const mover = workers.find((row) => row.IdPersona === acta.IdPersona)!;
    const move = { IdPersona: mover.IdPersona, Version: mover.Version, IdNivel2: RUTA_5, IdNivel3: SEEDED.nv3(3) };
    const moved = await updateWorker(server, admin.token, move);
    expect(moved.status).toBe(200);
    await tab.sync();
    expect(await device.table('trabajadores').get(mover.IdPersona as string)).toBeUndefined();
    expect(await device.table('epp_entregas').get(acta.IdEntregadosEpp as string)).toBeUndefined();
  });

  it('a widened scope brings only the rows the tablet lacks, keeping what it holds; a narrower one leaves what a draft names', async () => {
    const tab = tablet();
    await tab.sync();
    const before = new Map((await held('trabajadores')).map((row) => [row.IdPersona, row]));
    const farWorker = [...(await workerSites())].find(([id, site]) => site === RUTA_5 && !before.has(id))![0];
    expect(before.has(farWorker)).toBe(false);

    await setWorksites([LOS_ANDES, RUTA_5]);
    tab.lists.length = 0;
    await tab.sync();
    // Only the records that carry a worksite were asked for, each for what lies outside Los Andes.
    const downloads = tab.lists.filter((url) => !url.startsWith('/api/sync/'));
    expect(downloads.length).toBeGreaterThan(0);
    expect(downloads.every((url) => new URL(url, 'http://x').searchParams.get('Antes') === LOS_ANDES)).toBe(true);
    expect(downloads.some((url) => url.includes('/cargos'))).toBe(false);
    const after = await held('trabajadores');
    expect(after.map((row) => row.IdPersona)).toContain(farWorker);
    for (const [id, row] of before) expect(await device.table('trabajadores').get(id as string)).toEqual(row);
    expect(after.length).toBe([...(await workerSites()).values()].length - (await deletedWorkers()));

    // Back to Los Andes, with an inspection under way that observes the far worker: they stay, no one else of Ruta 5.
    await device.table('borradores').put({ IdEvaluacion: 'borrador-1', IdUsuario: field.userId, estado: 'abierta', actualizadoEn: 1, Observados: [farWorker] } as never);
    await setWorksites([LOS_ANDES]);
    await tab.sync();
    const narrowed = await held('trabajadores');
    const named = await namedByHeldRecords();
    const kept = narrowed.filter((row) => row.IdNivel2 === RUTA_5).map((row) => row.IdPersona as string);
    expect(kept).toContain(farWorker);
    expect(kept.filter((id) => id !== farWorker && !named.has(id))).toEqual([]);
  });
});

/** The workers the records on the tablet name: an inspection's observed, an incident's injured. */
async function namedByHeldRecords(): Promise<Set<string>> {
  const inspections = await held('inspecciones');
  const incidents = await held('incidentes');
  // A contract at the worksite names the workers assigned to it, wherever they are on the roster.
  const contracts = await held('contratos');
  return new Set([
    ...inspections.flatMap((row) => row.Observados as string[]),
    ...incidents.map((row) => row.IdPersona as string),
    ...contracts.flatMap((row) => row.Trabajadores as string[]),
  ]);
}

async function deletedWorkers(): Promise<number> {
  const rows = await server.deps.db.selectFrom('trabajadores').select('IdPersona').where('IdEmpresa', '=', ANDES.id).where('Estado', '=', 0).execute();
  return rows.length;
}
