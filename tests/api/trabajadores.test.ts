import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { countRows, putFile, send, sha256Hex } from './support/sync-harness.ts';
import {
  createWorker,
  deleteWorker,
  listWorkers,
  SEEDED,
  updateWorker,
  workerBody,
  workerDetail,
  WORKERS,
} from './support/trabajadores-factory.ts';

type Session = { token: string; userId: number };
let server: TestServer;
let admin: Session;
let supervisor: Session;
let contractor: Session;
beforeEach(async () => {
  server = await startTestServer();
  admin = await server.login('admin@andesdemo.cl');
  supervisor = await server.login('supervisor@andesdemo.cl');
  contractor = await server.login('contratista@andesdemo.cl');
});
afterEach(async () => {
  await server.close();
});

async function activeWorkers(company = ANDES.id): Promise<number> {
  const row = await server.deps.db
    .selectFrom('trabajadores')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('IdEmpresa', '=', company)
    .where('Estado', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function lastChange() {
  const row = await server.deps.db.selectFrom('cambios').selectAll().orderBy('Seq', 'desc').limit(1).executeTakeFirstOrThrow();
  return {
    table: row.Tabla,
    id: row.IdRegistro,
    op: row.Operacion,
    company: row.IdEmpresa,
    row: row.Fila === null ? null : (JSON.parse(row.Fila) as Record<string, unknown>),
  };
}

describe('workers: create, read, update, delete', () => {
  it('creates a worker with the client id and answers the spec notice with the row the change log carries', async () => {
    // Positions sent out of order: the answer (built without reading the row back) lists them as stored.
    const body = workerBody({ RunPersona: '12.345.678-5', cargos: [SEEDED.cargo(1), SEEDED.cargo(4)].sort().reverse() });
    const res = await createWorker(server, supervisor.token, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, message: 'Trabajador creado correctamente' });
    expect(res.body.data).toEqual({
      IdPersona: body.IdPersona,
      IdEmpresa: ANDES.id,
      RunPersona: '12345678-5',
      Nombres: 'Ana María',
      ApellidoPaterno: 'Órdenes',
      ApellidoMaterno: 'Lagos',
      cargos: [SEEDED.cargo(1), SEEDED.cargo(4)].sort(),
      IdNivel2: SEEDED.nv2(1),
      IdNivel3: SEEDED.nv3(1),
      IdNivel4: null,
      TipoEmpresa: 1,
      RutContratista: null,
      FichaMedica: null,
      FechaFichaMedica: '0000-00-00 00:00:00',
      FichaMedicaAnterior: null,
      Firma: null,
      FirmaAnterior: null,
      CorreoPersonal: '',
      ConsentimientoCorreo: null,
      licencias: [],
      certificaciones: [],
      evidencias: [],
      Estado: 1,
      Version: 1,
    });
    expect(await lastChange()).toEqual({ table: 'trabajadores', id: body.IdPersona, op: 'upsert', company: ANDES.id, row: res.body.data });

    const detail = await workerDetail(server, supervisor.token, ANDES.id, body.IdPersona);
    expect(detail.body.data).toEqual({ ...res.body.data, Urls: {} });
  });

  it('updates only the sent fields, bumps Version and logs the new row; a no-op answers the same row unchanged', async () => {
    const created = await createWorker(server, admin.token, workerBody());
    const id = created.body.data.IdPersona as string;
    const res = await updateWorker(server, supervisor.token, {
      IdPersona: id,
      Version: 1,
      Nombres: 'Ana',
      FechaFichaMedica: '2026-03-01 08:30:00',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Trabajador actualizado correctamente',
      data: { Nombres: 'Ana', ApellidoPaterno: 'Órdenes', FechaFichaMedica: '2026-03-01 08:30:00', Version: 2 },
    });
    expect((await lastChange()).row).toEqual(res.body.data);

    const changes = await countRows(server, 'cambios');
    const same = await updateWorker(server, supervisor.token, { IdPersona: id, Version: 2, Nombres: 'Ana' });
    expect(same.body).toMatchObject({ statusCode: 200, data: { Version: 2 } });
    expect(await countRows(server, 'cambios')).toBe(changes);
  });

  it('soft-deletes with a tombstone, answers 2xx when deleted again, and frees the RUT', async () => {
    const body = workerBody();
    await createWorker(server, admin.token, body);
    const res = await deleteWorker(server, admin.token, body.IdPersona, admin.userId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Trabajador eliminado correctamente', data: { Estado: 0, Version: 2 } });
    expect(await lastChange()).toEqual({ table: 'trabajadores', id: body.IdPersona, op: 'delete', company: ANDES.id, row: null });
    const stored = await server.deps.db
      .selectFrom('trabajadores')
      .select(['Estado'])
      .where('IdPersona', '=', body.IdPersona)
      .executeTakeFirstOrThrow();
    expect(stored.Estado).toBe(0);

    const changes = await countRows(server, 'cambios');
    const again = await deleteWorker(server, admin.token, body.IdPersona, admin.userId);
    expect(again.status).toBe(200);
    expect(await countRows(server, 'cambios')).toBe(changes);

    expect((await listWorkers(server, admin.token, ANDES.id, `?Buscar=${body.RunPersona}`)).body.total).toBe(0);
    expect((await workerDetail(server, admin.token, ANDES.id, body.IdPersona)).body.data).toMatchObject({ Estado: 0 });
    const reused = await createWorker(server, admin.token, workerBody({ RunPersona: body.RunPersona }));
    expect(reused.status).toBe(200);
  });

  it('refuses a delete in the name of another user, and an unknown worker with 404', async () => {
    const body = workerBody();
    await createWorker(server, admin.token, body);
    expect((await deleteWorker(server, admin.token, body.IdPersona, supervisor.userId)).status).toBe(403);
    expect((await deleteWorker(server, admin.token, uuidV7(), admin.userId)).body).toEqual({
      statusCode: 404,
      message: 'Trabajador no encontrado',
    });
    expect(await activeWorkers()).toBe(21);
  });
});

describe('workers: validation, with nothing half-written', () => {
  it('answers the spec RUT messages and the form messages with 400', async () => {
    const before = { workers: await activeWorkers(), changes: await countRows(server, 'cambios') };
    const cases: [Record<string, unknown>, string][] = [
      [{ RunPersona: '' }, 'El rut es requerido'],
      [{ RunPersona: '12345678' }, 'El formato es incorrecto'],
      [{ RunPersona: '12.345.678-9' }, 'El rut no es válido'],
      [{ Nombres: '  ' }, 'Los nombres son requeridos'],
      [{ ApellidoPaterno: undefined }, 'El apellido paterno es requerido'],
      [{ IdPersona: 'no-es-uuid' }, 'El identificador no es válido'],
      [{ FechaFichaMedica: '2026-02-30 10:00:00' }, 'La fecha de la ficha médica debe tener el formato AAAA-MM-DD HH:mm:ss'],
      [{ TipoEmpresa: 2 }, 'El rut del contratista es requerido'],
      [{ RutContratista: '78945612-7', TipoEmpresa: 1 }, 'Un trabajador de la empresa no lleva rut de contratista'],
      [{ cargos: [uuidV7()] }, 'Uno de los cargos indicados no existe'],
      [{ IdNivel2: SEEDED.nv3(1) }, 'El nivel indicado no existe'],
      [
        { certificaciones: [{ IdCertificacion: uuidV7(), Nombre: 'Altura', FechaVencimiento: '31/12/2026' }] },
        'La fecha debe tener el formato AAAA-MM-DD',
      ],
    ];
    for (const [overrides, message] of cases) {
      const body = { ...workerBody(), ...overrides };
      const res = await createWorker(server, admin.token, body);
      expect(res.body, JSON.stringify(overrides)).toEqual({ statusCode: 400, message, code: 'VALIDACION' });
    }
    const update = await updateWorker(server, admin.token, { IdPersona: SEEDED.worker(2), Version: 1, RunPersona: '11111111-2' });
    expect(update.body).toMatchObject({ statusCode: 400, message: 'El rut no es válido' });
    expect({ workers: await activeWorkers(), changes: await countRows(server, 'cambios') }).toEqual(before);
  });

  it('refuses a RUT already registered for another active worker with 409 RUT_DUPLICADO', async () => {
    const seeded = await workerDetail(server, admin.token, ANDES.id, SEEDED.worker(2));
    const run = String(seeded.body.data?.RunPersona);
    const res = await createWorker(server, admin.token, workerBody({ RunPersona: run }));
    expect(res.body).toEqual({ statusCode: 409, message: 'Ya existe un trabajador con ese rut', code: 'RUT_DUPLICADO' });
    const other = await updateWorker(server, admin.token, { IdPersona: SEEDED.worker(3), Version: 1, RunPersona: run });
    expect(other.status).toBe(409);
  });
});

describe('workers: list, search and filters', () => {
  it('pages the seeded workers by surname and finds them by RUT (any format) or name (without accents)', async () => {
    const page = await listWorkers(server, admin.token, ANDES.id, '?PorPagina=8&Pagina=3');
    expect(page.body).toMatchObject({ statusCode: 200, total: 20, Pagina: 3, PorPagina: 8 });
    expect(page.body.data).toHaveLength(4);

    const seeded = (await workerDetail(server, admin.token, ANDES.id, SEEDED.worker(5))).body.data!;
    const run = String(seeded.RunPersona);
    const dotted = `${run.slice(0, 2)}.${run.slice(2, 5)}.${run.slice(5)}`;
    for (const search of [run, dotted, run.slice(0, 5)]) {
      const found = await listWorkers(server, admin.token, ANDES.id, `?Buscar=${encodeURIComponent(search)}`);
      expect(
        found.body.data.map((w) => w.IdPersona),
        search,
      ).toContain(SEEDED.worker(5));
    }
    const created = await createWorker(server, admin.token, workerBody({ Nombres: 'José Ñuñez', ApellidoPaterno: 'Pérez' }));
    const byName = await listWorkers(server, admin.token, ANDES.id, `?Buscar=${encodeURIComponent('jose ñunez PEREZ')}`);
    expect(byName.body.data.map((w) => w.IdPersona)).toEqual([created.body.data.IdPersona]);
    const byAccentless = await listWorkers(server, admin.token, ANDES.id, '?Buscar=perez%20jose');
    expect(byAccentless.body.total).toBeGreaterThanOrEqual(1);
    expect((await listWorkers(server, admin.token, ANDES.id, '?Buscar=%25')).body.total).toBe(0);
  });

  it('filters by level 2, level 3, position, contractor and company type', async () => {
    const all = (await listWorkers(server, admin.token, ANDES.id, '?PorPagina=500')).body.data;
    const count = async (query: string) => (await listWorkers(server, admin.token, ANDES.id, query)).body.total;
    const byCargo = all.filter((w) => w.cargos.includes(SEEDED.cargo(2))).length;
    expect(byCargo).toBeGreaterThan(0);
    expect(await count(`?Cargo=${SEEDED.cargo(2)}`)).toBe(byCargo);
    expect(await count(`?RutContratista=${SEEDED.contractorRut}`)).toBe(5);
    expect(await count('?TipoEmpresa=2')).toBe(5);
    expect(await count('?TipoEmpresa=1')).toBe(15);
    const nv2 = await count(`?nv2=${SEEDED.nv2(1)}`);
    const nv3 = await count(`?nv3=${SEEDED.nv3(3)}`);
    expect(nv2 + nv3).toBe(20);
    expect(await count(`?nv2=${SEEDED.nv2(1)}&nv3=${SEEDED.nv3(3)}`)).toBe(0);
    expect((await listWorkers(server, admin.token, ANDES.id, '?PorPagina=501')).status).toBe(400);
  });

  it('shows on the next request every change made since a page was read, whoever made it, and keeps each viewer to their own', async () => {
    const first = async (token: string) => (await listWorkers(server, token, ANDES.id, '?PorPagina=1')).body;
    const before = await first(admin.token);
    expect(await first(admin.token)).toEqual(before);
    const top = before.data[0]!;
    const version = Number((await workerDetail(server, admin.token, ANDES.id, top.IdPersona)).body.data!.Version);

    const renamed = await updateWorker(server, supervisor.token, { IdPersona: top.IdPersona, Version: version, Nombres: 'Abelardo' });
    expect(renamed.status).toBe(200);
    expect((await first(admin.token)).data[0]).toMatchObject({ IdPersona: top.IdPersona, Nombres: 'Abelardo', Version: version + 1 });

    // A write that skips the API (a migration, a script on the server) is seen as well.
    await server.deps.db.updateTable('trabajadores').set({ Estado: 0 }).where('IdPersona', '=', top.IdPersona).execute();
    const after = await first(admin.token);
    expect(after.total).toBe(before.total - 1);
    expect(after.data[0]!.IdPersona).not.toBe(top.IdPersona);

    // The same address answers each viewer with what they may see, right after another's page was built.
    const mine = await first(contractor.token);
    expect(mine.total).toBe(5);
    expect(mine.data[0]!.RutContratista).toBe(SEEDED.contractorRut);
  });

  it('answers the list gzipped when asked, saying it varies with Accept-Encoding', async () => {
    const url = `${WORKERS}/${ANDES.id}?PorPagina=20`;
    const headers = { Authorization: `Bearer ${admin.token}` };
    const plain = await server.app.request(url, { headers });
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    const zipped = await server.app.request(url, { headers: { ...headers, 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(zipped.headers.get('Vary')).toBe('Accept-Encoding');
    const text = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8');
    expect(JSON.parse(text)).toEqual(await plain.json());
  });

  it('offers masks, filter options and position-level combinations for the form', async () => {
    const masks = await send<{ data: unknown }>(server, 'GET', `${WORKERS}/mascaras/${ANDES.id}`, { token: supervisor.token });
    expect(masks.body.data).toEqual([
      { TipoNv: 2, Nombre: 'Faena' },
      { TipoNv: 3, Nombre: 'Área' },
      { TipoNv: 4, Nombre: 'Sector' },
    ]);
    const filters = await send<{ data: { nv2: unknown[]; nv3: unknown[]; cargos: unknown[]; contratistas: string[] } }>(
      server,
      'GET',
      `${WORKERS}/filtros/${ANDES.id}`,
      { token: supervisor.token },
    );
    expect(filters.body.data.nv2).toHaveLength(2);
    expect(filters.body.data.nv3).toHaveLength(3);
    expect(filters.body.data.cargos).toHaveLength(6);
    expect(filters.body.data.contratistas).toEqual([SEEDED.contractorRut]);
    const combos = await send<{ data: Record<string, unknown>[] }>(server, 'GET', `${WORKERS}/cargo_nivel/${ANDES.id}`, {
      token: supervisor.token,
    });
    expect(combos.body.data).toContainEqual({
      IdCargo: SEEDED.cargo(1),
      NombreCargo: 'Supervisor de Terreno',
      IdNivel2: SEEDED.nv2(1),
      Nivel2: 'Faena Los Andes',
      IdNivel3: SEEDED.nv3(1),
      Nivel3: 'Obras Civiles',
    });
  });
});

describe('workers: contractor users reach only their own workers', () => {
  it('lists, reads and filters only the workers with their contractor RUT', async () => {
    const list = await listWorkers(server, contractor.token, ANDES.id, '?PorPagina=500');
    expect(list.body.total).toBe(5);
    expect(list.body.data.every((w) => w.RutContratista === SEEDED.contractorRut)).toBe(true);
    // Asking for everyone (the spec's TipoEmpresa/RutContratista query) does not widen the view.
    expect((await listWorkers(server, contractor.token, ANDES.id, '?TipoEmpresa=1')).body.total).toBe(0);
    expect((await listWorkers(server, contractor.token, ANDES.id, '?RutContratista=11111111-1')).body.total).toBe(0);

    const own = list.body.data[0]!.IdPersona;
    expect((await workerDetail(server, contractor.token, ANDES.id, own)).body.data).toMatchObject({ IdPersona: own });
    expect((await workerDetail(server, contractor.token, ANDES.id, SEEDED.worker(2))).body).toEqual({ statusCode: 200, data: null });
  });

  it('creates only workers of their own contractor, whatever the body says', async () => {
    const mine = await createWorker(server, contractor.token, workerBody());
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ TipoEmpresa: 2, RutContratista: SEEDED.contractorRut });
    const before = await activeWorkers();
    const theirs = await createWorker(server, contractor.token, workerBody({ RutContratista: '11111111-1', TipoEmpresa: 2 }));
    expect(theirs.body).toEqual({
      statusCode: 403,
      message: 'Solo puedes gestionar los trabajadores de tu empresa contratista',
      code: 'CONTRATISTA_AJENO',
    });
    expect((await createWorker(server, contractor.token, workerBody({ TipoEmpresa: 1 }))).status).toBe(403);
    expect(await activeWorkers()).toBe(before);
  });

  it("cannot update, move or delete another contractor's or the company's workers", async () => {
    const companyWorker = SEEDED.worker(2);
    expect((await updateWorker(server, contractor.token, { IdPersona: companyWorker, Version: 1, Nombres: 'X' })).status).toBe(404);
    expect((await deleteWorker(server, contractor.token, companyWorker, contractor.userId)).status).toBe(404);
    const own = SEEDED.worker(1);
    const moved = await updateWorker(server, contractor.token, { IdPersona: own, Version: 1, RutContratista: '11111111-1' });
    expect(moved.status).toBe(403);
    const ok = await updateWorker(server, contractor.token, { IdPersona: own, Version: 1, Nombres: 'Juan Pablo' });
    expect(ok.body).toMatchObject({ statusCode: 200, data: { Nombres: 'Juan Pablo', RutContratista: SEEDED.contractorRut } });
    expect((await deleteWorker(server, contractor.token, own, contractor.userId)).status).toBe(200);
    expect((await workerDetail(server, admin.token, ANDES.id, companyWorker)).body.data).toMatchObject({
      Nombres: 'María',
      Estado: 1,
      Version: 1,
    });
  });
});

describe('workers: files are referenced by hash and uploaded first', () => {
  const signature = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
    'base64',
  );
  const medical = Buffer.from('%PDF-1.4 ficha médica de prueba');

  it('answers 409 ARCHIVO_PENDIENTE for a file the company has not uploaded, and accepts the record after the upload', async () => {
    const Firma = { Sha256: sha256Hex(signature), Tipo: 'image/png' };
    const body = workerBody({ Firma, evidencias: [{ IdEvidencia: uuidV7(), Nombre: 'Inducción', Archivo: Firma, Fecha: '2026-11-20' }] });
    const pending = await createWorker(server, supervisor.token, body);
    expect(pending.body).toEqual({ statusCode: 409, message: 'El archivo aún no llega al servidor', code: 'ARCHIVO_PENDIENTE' });
    expect(await activeWorkers()).toBe(20);

    // Another company's upload of the same bytes does not count for Andes.
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect((await putFile(server, pacifico.token, signature, 'image/png')).status).toBe(201);
    expect((await createWorker(server, supervisor.token, body)).body.code).toBe('ARCHIVO_PENDIENTE');

    expect((await putFile(server, supervisor.token, signature, 'image/png')).status).toBe(201);
    const created = await createWorker(server, supervisor.token, body);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ Firma, evidencias: [{ Archivo: Firma }] });

    const detail = await workerDetail(server, supervisor.token, ANDES.id, body.IdPersona);
    const url = detail.body.data?.Urls[Firma.Sha256];
    const download = await server.app.request(String(url));
    expect(Buffer.from(await download.arrayBuffer()).equals(signature)).toBe(true);
  });

  it('keeps the replaced medical file as FichaMedicaAnterior and checks files of appended children', async () => {
    await putFile(server, admin.token, medical, 'application/pdf');
    await putFile(server, admin.token, signature, 'image/png');
    const first = { Sha256: sha256Hex(medical), Tipo: 'application/pdf' };
    const second = { Sha256: sha256Hex(signature), Tipo: 'image/png' };
    const body = workerBody({ FichaMedica: first, FechaFichaMedica: '2026-01-10 09:00:00' });
    await createWorker(server, admin.token, body);
    const replaced = await updateWorker(server, admin.token, { IdPersona: body.IdPersona, Version: 1, FichaMedica: second });
    expect(replaced.body.data).toMatchObject({ FichaMedica: second, FichaMedicaAnterior: first, Version: 2 });

    const unknown = { Sha256: 'a'.repeat(64), Tipo: 'application/pdf' };
    const certification = { IdCertificacion: uuidV7(), Nombre: 'Trabajo en altura', FechaVencimiento: '2027-06-30', Archivos: [unknown] };
    const pending = await updateWorker(server, admin.token, { IdPersona: body.IdPersona, Version: 2, certificaciones: [certification] });
    expect(pending.body.code).toBe('ARCHIVO_PENDIENTE');
    const ok = await updateWorker(server, admin.token, {
      IdPersona: body.IdPersona,
      Version: 2,
      certificaciones: [{ ...certification, Archivos: [first] }],
    });
    expect(ok.body.data).toMatchObject({
      Version: 3,
      certificaciones: [{ ...certification, IdCargo: null, Estado: 1, Archivos: [first] }],
    });
  });
});

describe('workers: permissions', () => {
  it('lets the supervisor create and edit but not delete; client users see no worker and write none', async () => {
    const body = workerBody();
    expect((await createWorker(server, supervisor.token, body)).status).toBe(200);
    expect((await deleteWorker(server, supervisor.token, body.IdPersona, supervisor.userId)).body).toMatchObject({
      statusCode: 403,
      code: 'SIN_PERMISO',
    });
    const client = await server.login('cliente@andesdemo.cl');
    // A client reads inspections, which name observed workers (SPEC PL10), but no worker is a client's (PL7).
    expect((await listWorkers(server, client.token, ANDES.id)).body).toMatchObject({ statusCode: 200, data: [], total: 0 });
    expect((await createWorker(server, client.token, workerBody())).status).toBe(403);
  });
});
