import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { computeCompliance } from '#sync/domain/compliance.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { Formulario } from '#sync/schemas/formularios.schema.ts';
import type { ChecklistReportData, InspeccionCreateBody, Inspeccion } from '#sync/schemas/inspecciones.schema.ts';
import type { Observacion } from '#sync/schemas/observaciones.schema.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { newKey, send, sendBatch } from './support/sync-harness.ts';
import { SEEDED } from './support/trabajadores-factory.ts';
import {
  type Answer,
  count,
  footprint,
  FORMULARIOS,
  get,
  INSPECCIONES,
  inspectionBody,
  post,
  remove,
  REPORT,
  SEEDED_INSPECTION,
  SEEDED_TEMPLATES,
  templateBody,
  templateContent,
  uploadImage,
} from './support/inspecciones-factory.ts';

/** The text of a PDF and its embedded images (`pdfimages -list` rows of type "image"), read by poppler. */
function readPdf(bytes: Buffer): { text: string; images: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-inspeccion-'));
  const file = path.join(dir, 'informe.pdf');
  fs.writeFileSync(file, bytes);
  try {
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2);
    return { text, images: list.filter((line) => line.trim().split(/\s+/)[2] === 'image').length };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

type Session = { token: string; userId: number };
type List<T> = { statusCode: number; data: T[] };
let server: TestServer;
let admin: Session;
let supervisor: Session;
let signature: FileRef;
let photo: FileRef;
let template: Formulario;

beforeEach(async () => {
  server = await startTestServer();
  admin = await server.login('admin@andesdemo.cl');
  supervisor = await server.login('supervisor@andesdemo.cl');
  signature = await uploadImage(server, supervisor.token, 'firma');
  photo = await uploadImage(server, supervisor.token);
  const created = await post<Formulario>(server, admin.token, FORMULARIOS, templateBody());
  template = created.body.data;
});
afterEach(async () => {
  await server.close();
});

const create = (body: unknown, token = supervisor.token, key?: string) => post<Inspeccion>(server, token, INSPECCIONES, body, key);
const body = (options: Partial<Parameters<typeof inspectionBody>[1]> = {}) => inspectionBody(template, { signature, photo, ...options });
const listInspections = (token: string, query = '') => get<List<Inspeccion>>(server, token, `${INSPECCIONES}${query}`);

describe('inspections: finishing one (SPEC IN2, IN4)', () => {
  it('stores the whole inspection with the server grade, its observations and their change-log rows', async () => {
    const sent = body({ answers: { e2: 2, e3: 3 } });
    // The device's grade is never read: even a made-up one in the body would not be stored.
    const res = await create({ ...sent, Porcentaje: 100, Nota: 7 });
    expect(res.status).toBe(200);
    const expected = computeCompliance(template.Contenido, sent.Respuestas);
    expect(expected).toMatchObject({ Porcentaje: 62.5, Nota: 4 });
    expect(res.body).toMatchObject({
      statusCode: 200,
      message: 'Inspección guardada correctamente',
      data: {
        IdEvaluacion: sent.IdEvaluacion,
        IdEmpresa: ANDES.id,
        IdSupervisor: supervisor.userId,
        NombreFormulario: 'Inspección de grúa horquilla',
        Tipo: 'inspeccion',
        Porcentaje: 62.5,
        Nota: 4,
        Estado: 1,
        Version: 1,
      },
    });
    const observations = res.body.observaciones as Observacion[];
    expect(observations).toHaveLength(1);
    expect(observations[0]).toMatchObject({
      TipoObs: 'Checklist',
      IdEnunciado: 'e2',
      Enunciado: 'Luces y alarma de retroceso funcionan',
      SemaforoObs: 2,
      Respondida: 0,
      Aprobada: 0,
      Estado: 1,
      EmisorObs: 'Jorge Araya Rojas',
      Fecha: sent.Fecha,
      Version: 1,
    });

    const changes = await server.deps.db
      .selectFrom('cambios')
      .select(['Tabla', 'IdRegistro', 'Operacion', 'Audiencia'])
      .orderBy('Seq', 'desc')
      .limit(2)
      .execute();
    expect(changes.reverse()).toEqual([
      { Tabla: 'inspecciones', IdRegistro: sent.IdEvaluacion, Operacion: 'upsert', Audiencia: 'partes::' },
      { Tabla: 'observaciones', IdRegistro: observations[0]!.IdObservacion, Operacion: 'upsert', Audiencia: 'partes::' },
    ]);
    expect((await get<Answer<Inspeccion>>(server, admin.token, `${INSPECCIONES}/one/${sent.IdEvaluacion}`)).body.data).toEqual(
      res.body.data,
    );
  });

  it('answers the detail in the spec sections with signed links for every file', async () => {
    const sent = body({ answers: { e4: 2 } });
    const general = { IdObservacion: uuidV7(), TipoObs: 'General', Observacion: 'Orden general correcto', Archivos: [] };
    const gap = { IdObservacion: uuidV7(), TipoObs: 'Brechas', Observacion: 'Falta señalética', Responsable: 'Bodega', Archivos: [photo] };
    await create({ ...sent, Observaciones: [...sent.Observaciones, general, gap] });
    const detail = await get<Record<string, unknown> & { Urls: Record<string, string> }>(
      server,
      supervisor.token,
      `${INSPECCIONES}/${sent.IdEvaluacion}`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      statusCode: 200,
      data: { IdEvaluacion: sent.IdEvaluacion },
      observaciones: [{ TipoObs: 'Checklist', IdEnunciado: 'e4' }],
      obsgenerales: [{ IdObservacion: general.IdObservacion, IdEnunciado: null, Plazo: null }],
      brechas: [{ IdObservacion: gap.IdObservacion }],
      lista_firmas: [{ Rol: 'Ejecutor', Archivo: signature }],
    });
    expect(Object.keys(detail.body.Urls).sort()).toEqual([signature.Sha256, photo.Sha256].sort());
    const image = await server.app.request(detail.body.Urls[signature.Sha256]!);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it('refuses every bad inspection with its Spanish message and writes nothing', async () => {
    const before = await footprint(server);
    const failing = body({ answers: { e2: 2 } });
    const [checklist] = failing.Observaciones;
    const cases: [unknown, string][] = [
      [{ ...body(), Lugar: ' ' }, 'El lugar es requerido'],
      [{ ...body(), Fecha: '2026-02-30' }, 'La fecha es requerida'],
      [
        { ...body(), Respuestas: [...body().Respuestas.slice(1), { IdEnunciado: 'e2', Respuesta: 4 }] },
        'La respuesta debe ser 1 (Cumple), 2 (No cumple) o 3 (No aplica)',
      ],
      [{ ...body(), VersionFormulario: 9 }, 'El formulario o su versión no existe'],
      [{ ...body(), IdFormulario: uuidV7() }, 'El formulario o su versión no existe'],
      [{ ...body(), Respuestas: body().Respuestas.slice(1) }, 'Todos los enunciados deben tener respuesta para finalizar'],
      [
        { ...body(), Respuestas: [...body().Respuestas, { IdEnunciado: 'e99', Respuesta: 1 }] },
        'Una respuesta no corresponde a un enunciado del formulario',
      ],
      [
        { ...body(), Respuestas: [...body().Respuestas, { IdEnunciado: 'e1', Respuesta: 1 }] },
        'Una respuesta no corresponde a un enunciado del formulario',
      ],
      [
        { ...body(), Respuestas: body().Respuestas.map((r) => (r.IdEnunciado === 'e1' ? { ...r, Subrespuestas: { s9: 'x' } } : r)) },
        'Una respuesta no corresponde a un enunciado del formulario',
      ],
      [{ ...failing, Observaciones: [] }, 'Cada enunciado que no cumple necesita su observación'],
      [
        { ...failing, Observaciones: [checklist, { ...checklist, IdObservacion: uuidV7(), IdEnunciado: 'e1' }] },
        'Solo los enunciados que no cumplen llevan observaciones',
      ],
      [{ ...failing, Observaciones: [{ ...checklist, Responsable: '' }] }, 'El responsable es requerido'],
      [{ ...failing, Observaciones: [{ ...checklist, Plazo: null }] }, 'El plazo es requerido'],
      [
        { ...failing, Observaciones: [{ ...checklist, Plazo: '2026-11-19' }] },
        'El plazo no puede ser anterior a la fecha de la inspección',
      ],
      [{ ...failing, Observaciones: [{ ...checklist, Observacion: '' }] }, 'El texto de la observación es requerido'],
      [
        { ...failing, Observaciones: [checklist, { ...checklist, IdObservacion: uuidV7(), TipoObs: 'General' }] },
        'Las observaciones generales y las brechas no van asociadas a un enunciado',
      ],
      [{ ...body(), Firmas: [] }, 'La firma del ejecutor es requerida'],
      [{ ...body(), Firmas: [...body().Firmas, { ...body().Firmas[0], IdFirma: uuidV7() }] }, 'La firma del ejecutor es requerida'],
      [{ ...body(), Firmas: [{ ...body().Firmas[0], Nombre: '' }] }, 'El nombre de quien firma es requerido'],
      [{ ...body(), IdNivel2: uuidV7() }, 'El nivel indicado no existe'],
      [{ ...body(), IdNivel2: SEEDED.nv2(2), IdNivel3: SEEDED.nv3(1) }, 'El nivel indicado no existe'],
      [{ ...body(), Observados: [uuidV7()] }, 'Un trabajador observado no existe'],
      [{ ...body(), Observados: [], EquipoTrabajo: '' }, 'Indica el trabajador o el equipo observado'],
      [{ ...body(), Encabezado: {} }, 'Falta un campo requerido del encabezado'],
      [{ ...body(), RutContratista: '12345678-9' }, 'El rut no es válido'],
    ];
    for (const [sent, message] of cases) {
      const res = await create(sent);
      expect(res.body, message).toMatchObject({ statusCode: 400, message });
    }
    expect(await footprint(server)).toEqual(before);
  });

  it('answers 409 ARCHIVO_PENDIENTE while a photo or signature has not arrived, then accepts the same key', async () => {
    const before = await footprint(server);
    const missing = { Sha256: 'b'.repeat(64), Tipo: 'image/jpeg' as const };
    const sent = inspectionBody(template, { signature: missing, answers: { e1: 2 } });
    const key = newKey();
    expect((await create(sent, supervisor.token, key)).body).toMatchObject({ statusCode: 409, code: 'ARCHIVO_PENDIENTE' });
    expect(await footprint(server)).toEqual(before);
    const fixed = inspectionBody(template, { signature, answers: { e1: 2 } });
    expect((await create({ ...fixed, IdEvaluacion: sent.IdEvaluacion }, supervisor.token, newKey())).status).toBe(200);
  });

  it('replays the create with the same key (alone or in a batch) as one inspection, and keeps another key as a conflict (CF6)', async () => {
    const sent = body({ answers: { e4: 2 } });
    const key = newKey();
    const first = await create(sent, supervisor.token, key);
    const again = await create(sent, supervisor.token, key);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('Idempotency-Replayed')).toBe('true');
    const batch = await sendBatch(server, supervisor.token, [{ key, method: 'POST', path: INSPECCIONES, body: sent }]);
    expect(batch.body.results[0]).toMatchObject({ status: 200, body: first.body });
    expect(
      await server.deps.db.selectFrom('evaluaciones').select('IdEvaluacion').where('IdEvaluacion', '=', sent.IdEvaluacion).execute(),
    ).toHaveLength(1);
    expect(
      await server.deps.db.selectFrom('observaciones').select('IdObservacion').where('IdEvaluacion', '=', sent.IdEvaluacion).execute(),
    ).toHaveLength(1);

    const conflicts = await count(server, 'conflictos');
    const clash = await create({ ...sent, Lugar: 'Otro lugar' }, supervisor.token, newKey());
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'CONFLICTO', data: { IdEvaluacion: sent.IdEvaluacion, Lugar: 'Patio de equipos' } });
    expect(await count(server, 'conflictos')).toBe(conflicts + 1);
  });

  it('creates inside a sync batch in one transaction with the entries around it', async () => {
    const sent = body({ answers: { e1: 2 } });
    const batch = await sendBatch(server, supervisor.token, [
      { key: newKey(), method: 'POST', path: INSPECCIONES, body: sent },
      { key: newKey(), method: 'POST', path: INSPECCIONES, body: { ...body(), Lugar: '' } },
    ]);
    expect(batch.body.results.map((result) => result.status)).toEqual([200, 400]);
    expect((await get<Answer<Inspeccion>>(server, supervisor.token, `${INSPECCIONES}/one/${sent.IdEvaluacion}`)).status).toBe(200);
  });

  it('IN3: accepts an inspection on version 1 after the template moved to version 2, and on a retired template', async () => {
    const v2 = templateContent({
      Items: [
        ...templateContent().Items,
        { IdItem: 'i3', Nombre: 'Nuevo', Enunciados: [{ IdEnunciado: 'e5', Texto: 'Extintor a bordo', Ponderacion: 2, Subpreguntas: [] }] },
      ],
    });
    const edited = await send<Answer<Formulario>>(server, 'PUT', `${FORMULARIOS}/${template.IdFormulario}`, {
      token: admin.token,
      body: { IdFormulario: template.IdFormulario, Version: 1, Contenido: v2 },
    });
    expect(edited.body.data.VersionFormulario).toBe(2);
    const onV1 = await create(body({ answers: { e2: 2 } }));
    expect(onV1.body.data).toMatchObject({ VersionFormulario: 1 });
    // Version 2 needs its new statement answered: the server checks each inspection against its own version.
    const onV2 = inspectionBody({ ...template, VersionFormulario: 2, Contenido: v2 }, { signature });
    expect((await create({ ...onV2, Respuestas: onV2.Respuestas.slice(0, 4) })).body).toMatchObject({
      statusCode: 400,
      message: 'Todos los enunciados deben tener respuesta para finalizar',
    });
    expect((await create(onV2)).body.data).toMatchObject({ VersionFormulario: 2, Porcentaje: 100, Nota: 7 });

    expect((await remove(server, admin.token, `${FORMULARIOS}/${template.IdFormulario}`)).status).toBe(200);
    expect((await create(body())).status).toBe(200);
  });

  it('is refused to contractor and client users (read-only roles)', async () => {
    const contractor = await server.login('contratista@andesdemo.cl');
    const client = await server.login('cliente@andesdemo.cl');
    expect((await create(body(), contractor.token)).body).toMatchObject({ statusCode: 403, code: 'SIN_PERMISO' });
    expect((await create(body(), client.token)).status).toBe(403);
  });
});

describe('inspections: lists, limits and tenancy', () => {
  async function seedSome(): Promise<Record<'contractor' | 'client' | 'other', InspeccionCreateBody>> {
    const made = {
      contractor: body({ overrides: { RutContratista: '78.945.612-7', Fecha: '2026-11-10' }, fecha: '2026-11-10', answers: { e1: 2 } }),
      client: body({ overrides: { IdCliente: 'CLI-001', IdNivel2: SEEDED.nv2(2), IdNivel3: SEEDED.nv3(3) }, fecha: '2026-11-15' }),
      other: body({
        overrides: { RutContratista: '11111111-1', IdCliente: 'CLI-002' },
        fecha: '2026-11-18',
        answers: { e2: 2 },
        plazo: '2026-11-20',
      }),
    };
    for (const sent of Object.values(made)) expect((await create(sent)).status).toBe(200);
    return made;
  }

  it('filters by type, template, dates, levels, contractor and traffic light; spec parameters never widen the company', async () => {
    const made = await seedSome();
    const ids = async (query: string) => (await listInspections(supervisor.token, query)).body.data.map((row) => row.IdEvaluacion);
    expect(await ids('')).toEqual(expect.arrayContaining(Object.values(made).map((sent) => sent.IdEvaluacion)));
    expect(await ids(`?IdFormulario=${template.IdFormulario}`)).toEqual([
      made.other.IdEvaluacion,
      made.client.IdEvaluacion,
      made.contractor.IdEvaluacion,
    ]);
    expect(await ids(`?IdFormulario=${template.IdFormulario}&desde=2026-11-12&hasta=2026-11-16`)).toEqual([made.client.IdEvaluacion]);
    expect(await ids(`?IdFormulario=${template.IdFormulario}&nv3=${SEEDED.nv3(3)}`)).toEqual([made.client.IdEvaluacion]);
    expect(await ids(`?nv2=${SEEDED.nv2(2)}`)).toEqual(expect.arrayContaining([made.client.IdEvaluacion]));
    expect(await ids(`?IdFormulario=${template.IdFormulario}&RutContratista=78945612-7`)).toEqual([made.contractor.IdEvaluacion]);
    expect(await ids('?tipoEval=observacion')).toEqual([SEEDED_INSPECTION(3)]);
    // Semáforo: the plazo of "other" passed (2026-11-20 < today 2026-11-21): the list turns it red first (OV1).
    expect(await ids(`?IdFormulario=${template.IdFormulario}&semaforo=3`)).toEqual([made.other.IdEvaluacion]);
    expect(await ids(`?IdFormulario=${template.IdFormulario}&semaforo=2`)).toEqual([made.contractor.IdEvaluacion]);
    expect(await ids(`?idEmpresa=${PACIFICO.id}&TipoEmpresa=2&ClienteUsuario=CLI-002&IdFormulario=${template.IdFormulario}`)).toHaveLength(
      3,
    );
    expect((await listInspections(supervisor.token, '?desde=ayer')).body).toMatchObject({
      statusCode: 400,
      message: 'La fecha debe tener el formato AAAA-MM-DD',
    });
    expect((await listInspections(supervisor.token, '?semaforo=4')).status).toBe(400);
  });

  it('limits contractor users to their RUT and client users to their client, whatever they ask (server-enforced)', async () => {
    const made = await seedSome();
    const contractor = await server.login('contratista@andesdemo.cl');
    const client = await server.login('cliente@andesdemo.cl');
    const seen = async (token: string, query = '') => (await listInspections(token, query)).body.data.map((row) => row.IdEvaluacion).sort();
    expect(await seen(contractor.token)).toEqual([made.contractor.IdEvaluacion, SEEDED_INSPECTION(1)].sort());
    expect(await seen(contractor.token, '?RutContratista=11111111-1')).toEqual([]);
    expect(await seen(client.token)).toEqual([made.client.IdEvaluacion, SEEDED_INSPECTION(2)].sort());
    expect((await get(server, contractor.token, `${INSPECCIONES}/one/${made.other.IdEvaluacion}`)).status).toBe(404);
    expect((await get(server, client.token, `${INSPECCIONES}/${made.contractor.IdEvaluacion}`)).status).toBe(404);
    expect((await get(server, client.token, `${INSPECCIONES}/${made.client.IdEvaluacion}`)).status).toBe(200);

    const workers = async (token: string) =>
      (await get<List<{ RutContratista: string | null }>>(server, token, `${INSPECCIONES}/lista_trabajadores/${ANDES.id}`)).body.data;
    expect(await workers(supervisor.token)).toHaveLength(20);
    const own = await workers(contractor.token);
    expect(own.length).toBe(5);
    expect(own.every((worker) => worker.RutContratista === SEEDED.contractorRut)).toBe(true);
    expect(await workers(client.token)).toEqual([]);
  });

  it('pulls each inspection only to company users and the contractor and client it names (SPEC PL7)', async () => {
    const made = await seedSome();
    const pulled = async (email: string) => {
      const session = await server.login(email);
      const page = await get<{ changes: { table: string; id: string }[] }>(server, session.token, '/api/sync/changes?limit=1000');
      return page.body.changes
        .filter((change) => change.table === 'inspecciones')
        .map((change) => change.id)
        .sort();
    };
    const all = [
      ...Object.values(made).map((sent) => sent.IdEvaluacion),
      SEEDED_INSPECTION(1),
      SEEDED_INSPECTION(2),
      SEEDED_INSPECTION(3),
    ].sort();
    expect(await pulled('supervisor@andesdemo.cl')).toEqual(all);
    expect(await pulled('contratista@andesdemo.cl')).toEqual([made.contractor.IdEvaluacion, SEEDED_INSPECTION(1)].sort());
    expect(await pulled('cliente@andesdemo.cl')).toEqual([made.client.IdEvaluacion, SEEDED_INSPECTION(2)].sort());
  });

  it("never shows company B's token company A's inspections", async () => {
    await seedSome();
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect((await listInspections(pacifico.token, `?idEmpresa=${ANDES.id}`)).body.data).toEqual([]);
    expect((await get(server, pacifico.token, `${INSPECCIONES}/one/${SEEDED_INSPECTION(1)}`)).status).toBe(404);
    expect((await get(server, pacifico.token, `${INSPECCIONES}/${SEEDED_INSPECTION(1)}`)).status).toBe(404);
    expect((await remove(server, pacifico.token, `${INSPECCIONES}/${SEEDED_INSPECTION(1)}`)).status).toBe(404);
    expect((await get(server, admin.token, `${INSPECCIONES}/lista_trabajadores/${PACIFICO.id}`)).status).toBe(403);
    expect(
      (await post(server, pacifico.token, REPORT, { IdObjeto: SEEDED_INSPECTION(1), Empresa: ANDES.id, Tipo: 'inspeccion' })).status,
    ).toBe(403);
    expect(
      (await post(server, pacifico.token, REPORT, { IdObjeto: SEEDED_INSPECTION(1), Empresa: PACIFICO.id, Tipo: 'inspeccion' })).status,
    ).toBe(404);
    // A Pacífico inspection can name neither an Andes template nor Andes levels.
    const stolen = inspectionBody(template, { signature: { Sha256: signature.Sha256, Tipo: 'image/png' } });
    expect((await create(stolen, pacifico.token)).body).toMatchObject({ statusCode: 400, message: 'El formulario o su versión no existe' });
  });
});

describe('inspections: deleting (SPEC OV3)', () => {
  it('sets Estado 0 on the inspection and its observations, as tombstones; again is 200; a stale Version is a conflict', async () => {
    const sent = body({ answers: { e1: 2, e3: 2 } });
    const created = await create(sent);
    const observationIds = (created.body.observaciones as Observacion[]).map((observation) => observation.IdObservacion);
    expect((await remove(server, supervisor.token, `${INSPECCIONES}/${sent.IdEvaluacion}`)).body).toMatchObject({
      statusCode: 403,
      code: 'SIN_PERMISO',
    });
    expect((await remove(server, admin.token, `${INSPECCIONES}/${sent.IdEvaluacion}?Version=3`)).body).toMatchObject({
      statusCode: 409,
      code: 'CONFLICTO',
    });
    const deleted = await remove(server, admin.token, `${INSPECCIONES}/${sent.IdEvaluacion}?Version=1`);
    expect(deleted.body).toMatchObject({ statusCode: 200, message: 'Inspección eliminada correctamente', data: { Estado: 0, Version: 2 } });
    const tombstones = await server.deps.db
      .selectFrom('cambios')
      .select(['Tabla', 'IdRegistro', 'Operacion', 'Fila'])
      .orderBy('Seq', 'desc')
      .limit(3)
      .execute();
    expect(tombstones.reverse()).toEqual([
      { Tabla: 'inspecciones', IdRegistro: sent.IdEvaluacion, Operacion: 'delete', Fila: null },
      ...observationIds.map((id) => ({ Tabla: 'observaciones', IdRegistro: id, Operacion: 'delete', Fila: null })),
    ]);
    const stored = await server.deps.db
      .selectFrom('observaciones')
      .select(['Estado', 'Version'])
      .where('IdEvaluacion', '=', sent.IdEvaluacion)
      .execute();
    expect(stored).toEqual([
      { Estado: 0, Version: 2 },
      { Estado: 0, Version: 2 },
    ]);
    expect((await remove(server, admin.token, `${INSPECCIONES}/${sent.IdEvaluacion}`)).status).toBe(200);
    expect((await listInspections(admin.token)).body.data.map((row) => row.IdEvaluacion)).not.toContain(sent.IdEvaluacion);
    expect((await get(server, admin.token, `${INSPECCIONES}/one/${sent.IdEvaluacion}`)).body).toEqual({
      statusCode: 404,
      message: 'Inspección no encontrada',
    });
  });
});

describe('inspections: report data (spec 2.4)', () => {
  it('builds every section from the database with signed image links', async () => {
    const sent = body({ answers: { e2: 2, e3: 3 } });
    const withSub = {
      ...sent,
      Respuestas: sent.Respuestas.map((r) => (r.IdEnunciado === 'e2' ? { ...r, Subrespuestas: { s1: '1.234 h' } } : r)),
      Encabezado: { turno: 'Noche', patente: 'HX-2231' },
    };
    const general = { IdObservacion: uuidV7(), TipoObs: 'General', Observacion: 'Equipo limpio y ordenado', Archivos: [] };
    const gap = { IdObservacion: uuidV7(), TipoObs: 'Brechas', Observacion: 'Sin registro de mantención', Archivos: [] };
    await create({ ...withSub, IdCliente: 'CLI-001', Observaciones: [...sent.Observaciones, general, gap] });
    const res = await post<ChecklistReportData>(server, supervisor.token, REPORT, {
      IdObjeto: sent.IdEvaluacion,
      Empresa: ANDES.id,
      Tipo: 'inspeccion',
    });
    expect(res.status).toBe(200);
    const report = res.body.data;
    expect(report.Empresa).toEqual({ Nombre: 'Constructora Andes Demo SpA', Rut: '76.123.456-0', Logo: null });
    expect(report.Titulo).toBe('Inspección de grúa horquilla');
    expect(report.Encabezado.Columnas).toBe(2);
    expect(report.Encabezado.Filas).toEqual([
      { Etiqueta: 'Fecha', Valor: '20/11/2026' },
      { Etiqueta: 'Lugar', Valor: 'Patio de equipos' },
      { Etiqueta: 'Faena', Valor: 'Faena Los Andes' },
      { Etiqueta: 'Área', Valor: 'Obras Civiles' },
      { Etiqueta: 'Supervisor', Valor: 'Jorge Araya Rojas' },
      { Etiqueta: 'Equipo de trabajo', Valor: 'Cuadrilla 1' },
      { Etiqueta: 'Cliente', Valor: 'CLI-001' },
      { Etiqueta: 'Turno', Valor: 'Noche' },
      { Etiqueta: 'Patente del equipo', Valor: 'HX-2231' },
    ]);
    expect(report.Preguntas).toEqual([
      {
        Item: 'Estado del equipo',
        Enunciados: [
          { Numero: 1, Texto: 'Neumáticos en buen estado', Respuesta: 1, Subpreguntas: [] },
          {
            Numero: 2,
            Texto: 'Luces y alarma de retroceso funcionan',
            Respuesta: 2,
            Subpreguntas: [{ Texto: 'Horómetro', Respuesta: '1.234 h' }],
          },
        ],
      },
      {
        Item: 'Operador',
        Enunciados: [
          { Numero: 3, Texto: 'Licencia interna vigente', Respuesta: 3, Subpreguntas: [] },
          { Numero: 4, Texto: 'Usa cinturón de seguridad', Respuesta: 1, Subpreguntas: [] },
        ],
      },
    ]);
    expect(report.Nota).toEqual({ Porcentaje: 62.5, Nota: 4, Cumple: 2, NoCumple: 1, NoAplica: 1 });
    expect(report.Firmas).toEqual([
      {
        Rol: 'Ejecutor',
        Nombre: 'Jorge Araya Rojas',
        Rut: '15.234.567-4',
        Cargo: 'Supervisor',
        Imagen: { Sha256: signature.Sha256, Tipo: 'image/png', Url: expect.stringMatching(/^\/api\/files\/[a-f0-9]{64}\?exp=\d+&sig=/) },
        FirmadoEn: '2026-11-20T15:00:00.000Z',
      },
    ]);
    expect(report.Observaciones).toEqual([
      {
        Enunciado: 'Luces y alarma de retroceso funcionan',
        Observacion: 'No cumple: e2',
        Responsable: 'Patricio Fuentes',
        Plazo: '2026-11-30',
        SemaforoObs: 2,
        Severidad: 'Media',
        Estado: 'abierta',
        EstadoTexto: 'Abierta',
        Fotos: [{ Sha256: photo.Sha256, Tipo: 'image/png', Url: expect.stringContaining('/api/files/') }],
      },
    ]);
    expect(report.ObservacionesG).toMatchObject([{ Observacion: 'Equipo limpio y ordenado', Enunciado: null }]);
    expect(report.ObservacionesB).toMatchObject([{ Observacion: 'Sin registro de mantención' }]);
    // The seeded template with two header columns and sub-questions keeps them in its report.
    const seeded = await post<ChecklistReportData>(server, supervisor.token, REPORT, {
      IdObjeto: SEEDED_INSPECTION(2),
      Empresa: ANDES.id,
      Tipo: 'inspeccion',
    });
    expect(seeded.body.data.Encabezado.Columnas).toBe(2);
    expect(seeded.body.data.Observaciones[0]).toMatchObject({ EstadoTexto: 'Aprobada', SemaforoObs: 1 });
  });

  it('answers the PDF drawn on the server with its signature and photo embedded when asked for application/pdf', async () => {
    const body = { IdObjeto: SEEDED_INSPECTION(1), Empresa: ANDES.id, Tipo: 'inspeccion' };
    const res = await server.app.request(REPORT, {
      method: 'POST',
      headers: { Authorization: `Bearer ${supervisor.token}`, 'Content-Type': 'application/json', Accept: 'application/pdf' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The images are read from this server's files, not linked: the logo, every signature and every photo are drawn.
    const { data } = (await post<ChecklistReportData>(server, supervisor.token, REPORT, body)).body;
    const photos = [...data.Observaciones, ...data.ObservacionesG, ...data.ObservacionesB].flatMap((observation) => observation.Fotos);
    expect(data.Firmas.length).toBeGreaterThan(0);
    expect(photos.length).toBeGreaterThan(0);
    const pdf = readPdf(bytes);
    expect(pdf.images).toBe((data.Empresa.Logo ? 1 : 0) + data.Firmas.length + photos.length);
    expect(pdf.text).not.toContain('no disponible');
  });

  it('applies the viewer limits and refuses another company in the body', async () => {
    const contractor = await server.login('contratista@andesdemo.cl');
    const ask = (token: string, id: string, empresa = ANDES.id) =>
      post(server, token, REPORT, { IdObjeto: id, Empresa: empresa, Tipo: 'inspeccion' });
    expect((await ask(contractor.token, SEEDED_INSPECTION(1))).status).toBe(200);
    expect((await ask(contractor.token, SEEDED_INSPECTION(2))).body).toEqual({ statusCode: 404, message: 'Inspección no encontrada' });
    expect((await ask(supervisor.token, SEEDED_INSPECTION(1), PACIFICO.id)).body).toMatchObject({ statusCode: 403, code: 'EMPRESA_AJENA' });
    expect((await post(server, supervisor.token, REPORT, { IdObjeto: 'x', Empresa: ANDES.id, Tipo: 'inspeccion' })).status).toBe(400);
  });
});

describe('inspections: the demo data', () => {
  it('seeds finished inspections of each demo template, graded by the server rule', async () => {
    const rows = (await listInspections(supervisor.token)).body.data.filter((row) =>
      Object.values(SEEDED_TEMPLATES).includes(row.IdFormulario),
    );
    expect(rows.map((row) => row.IdFormulario).sort()).toEqual(Object.values(SEEDED_TEMPLATES).sort());
    for (const row of rows) {
      const version = await get<Answer<Formulario>>(
        server,
        supervisor.token,
        `${FORMULARIOS}/one/${row.IdFormulario}?version=${row.VersionFormulario}`,
      );
      expect(computeCompliance(version.body.data.Contenido, row.Respuestas)).toMatchObject({ Porcentaje: row.Porcentaje, Nota: row.Nota });
    }
  });
});
