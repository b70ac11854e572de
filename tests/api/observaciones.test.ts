import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { Formulario } from '#sync/schemas/formularios.schema.ts';
import type { Inspeccion } from '#sync/schemas/inspecciones.schema.ts';
import type { Observacion } from '#sync/schemas/observaciones.schema.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { applyOverdueLights, applyOverdueLightsToday, startOverdueJob } from '#server/modules/inspecciones/overdue-lights.ts';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { newKey } from './support/sync-harness.ts';
import {
  daysFrom,
  FORMULARIOS,
  get,
  INSPECCIONES,
  inspectionBody,
  OBSERVACIONES,
  post,
  remove,
  SEEDED_OBSERVATION,
  templateBody,
  today,
  uploadImage,
} from './support/inspecciones-factory.ts';

type Session = { token: string; userId: number };
type List<T> = { statusCode: number; data: T[] };
let server: TestServer;
let admin: Session;
let supervisor: Session;
let contractor: Session;
let signature: FileRef;
let template: Formulario;
/** The two Checklist observations (statements e1, e2) of an inspection of the demo contractor. */
let observations: Observacion[];

const CONTRACTOR_RUT = '78945612-7';

beforeEach(async () => {
  server = await startTestServer();
  admin = await server.login('admin@andesdemo.cl');
  supervisor = await server.login('supervisor@andesdemo.cl');
  contractor = await server.login('contratista@andesdemo.cl');
  signature = await uploadImage(server, supervisor.token, 'firma');
  template = (await post<Formulario>(server, admin.token, FORMULARIOS, templateBody())).body.data;
  const created = await post<Inspeccion>(
    server,
    supervisor.token,
    INSPECCIONES,
    inspectionBody(template, { signature, answers: { e1: 2, e2: 2 }, overrides: { RutContratista: CONTRACTOR_RUT } }),
  );
  observations = created.body.observaciones as Observacion[];
});
afterEach(async () => {
  await server.close();
});

const respond = (id: string, token: string, body: Record<string, unknown> = {}, key?: string) =>
  post<Observacion>(server, token, `${INSPECCIONES}/${id}`, { IdRespuesta: uuidV7(), Texto: 'Corregido en terreno', ...body }, key);
const approve = (id: string, token: string, body: Record<string, unknown> = {}) =>
  post<Observacion>(server, token, `${INSPECCIONES}/${id}/aprobar`, { IdRespuesta: uuidV7(), ...body });
const reject = (id: string, token: string, body: Record<string, unknown> = {}) =>
  post<Observacion>(server, token, `${INSPECCIONES}/${id}/desaprobar`, {
    IdRespuesta: uuidV7(),
    Texto: 'La foto no muestra el cambio',
    Plazo: daysFrom(today(server), 5),
    ...body,
  });
const listObservations = (token: string, query = '') => get<List<Observacion>>(server, token, `${OBSERVACIONES}${query}`);
const stored = (id: string) =>
  server.deps.db.selectFrom('observaciones').selectAll().where('IdObservacion', '=', id).executeTakeFirstOrThrow();

async function lastChange() {
  const row = await server.deps.db.selectFrom('cambios').selectAll().orderBy('Seq', 'desc').limit(1).executeTakeFirstOrThrow();
  return {
    table: row.Tabla,
    id: row.IdRegistro,
    op: row.Operacion,
    audience: row.Audiencia,
    row: row.Fila === null ? null : (JSON.parse(row.Fila) as Observacion),
  };
}

describe('OV2: the observation cycle', () => {
  it('the contractor answers with a photo (Respondida 1) and a company user approves it (closed, green)', async () => {
    const [first, second] = observations as [Observacion, Observacion];
    const evidence = await uploadImage(server, contractor.token);
    const answered = await respond(first.IdObservacion, contractor.token, { Archivos: [evidence] });
    expect(answered.body).toMatchObject({
      statusCode: 200,
      message: 'Respuesta registrada correctamente',
      data: {
        Respondida: 1,
        Aprobada: 0,
        SemaforoObs: 2,
        Version: 2,
        Respuestas: [
          {
            Tipo: 'respuesta',
            Texto: 'Corregido en terreno',
            Archivos: [evidence],
            IdUsuario: contractor.userId,
            Usuario: 'Patricio Fuentes Vera',
            Plazo: null,
          },
        ],
      },
    });
    expect(await lastChange()).toEqual({
      table: 'observaciones',
      id: first.IdObservacion,
      op: 'upsert',
      audience: `partes:${CONTRACTOR_RUT}:`,
      row: answered.body.data,
    });

    expect((await approve(first.IdObservacion, contractor.token)).body).toMatchObject({ statusCode: 403, code: 'SIN_PERMISO' });
    const approved = await approve(first.IdObservacion, supervisor.token, { Texto: 'Verificado', Version: 2 });
    expect(approved.body).toEqual({
      statusCode: 200,
      message: 'Observación aprobada correctamente',
      data: expect.objectContaining({ Respondida: 0, Aprobada: 1, SemaforoObs: 1, Version: 3 }),
      semaforos: [
        { IdObservacion: first.IdObservacion, SemaforoObs: 1 },
        { IdObservacion: second.IdObservacion, SemaforoObs: 2 },
      ],
    });
    expect((approved.body.data.Respuestas as { Tipo: string }[]).map((step) => step.Tipo)).toEqual(['respuesta', 'aprobacion']);
    expect((await approve(first.IdObservacion, supervisor.token)).body).toEqual({
      statusCode: 409,
      message: 'La observación ya fue aprobada',
      code: 'OBSERVACION_CERRADA',
    });
    expect((await respond(first.IdObservacion, contractor.token)).status).toBe(409);

    // The contractor's device pulls every step of its own observation.
    const page = await get<{ changes: { table: string; id: string; row: Observacion }[] }>(
      server,
      contractor.token,
      '/api/sync/changes?limit=1000',
    );
    const steps = page.body.changes.filter((change) => change.id === first.IdObservacion).map((change) => change.row.Version);
    expect(steps).toEqual([1, 2, 3]);
    const detail = await get<{ Urls: Record<string, string> }>(server, supervisor.token, `${INSPECCIONES}/${first.IdEvaluacion}`);
    expect(Object.keys(detail.body.Urls)).toContain(evidence.Sha256);
  });

  it('rejecting needs an answer and a new deadline from today on, and reopens the observation yellow', async () => {
    const [first] = observations as [Observacion];
    expect((await reject(first.IdObservacion, supervisor.token)).body).toEqual({
      statusCode: 409,
      message: 'La observación aún no tiene respuesta para revisar',
      code: 'SIN_RESPUESTA',
    });
    expect((await approve(first.IdObservacion, supervisor.token)).body).toMatchObject({ statusCode: 409, code: 'SIN_RESPUESTA' });
    await respond(first.IdObservacion, supervisor.token);
    expect((await reject(first.IdObservacion, supervisor.token, { Plazo: daysFrom(today(server), -1) })).body).toMatchObject({
      statusCode: 400,
      message: 'El nuevo plazo no puede ser anterior a hoy',
    });
    expect((await reject(first.IdObservacion, supervisor.token, { Plazo: undefined })).body).toMatchObject({
      statusCode: 400,
      message: 'El nuevo plazo es requerido',
    });
    expect((await reject(first.IdObservacion, supervisor.token, { Texto: ' ' })).body).toMatchObject({
      statusCode: 400,
      message: 'El texto de la respuesta es requerido',
    });
    expect((await reject(first.IdObservacion, contractor.token)).status).toBe(403);
    expect((await stored(first.IdObservacion)).Version).toBe(2);

    const reason = await uploadImage(server, supervisor.token);
    const body = { IdRespuesta: uuidV7(), Plazo: today(server), Archivos: [reason] };
    const rejected = await reject(first.IdObservacion, supervisor.token, body);
    expect(rejected.body).toMatchObject({
      statusCode: 200,
      message: 'Observación rechazada correctamente',
      data: { Respondida: 0, Aprobada: 0, Plazo: today(server), SemaforoObs: 2, Version: 3 },
      idR: body.IdRespuesta,
      semaforos: [{ IdObservacion: first.IdObservacion, SemaforoObs: 2 }, expect.anything()],
      respuestaArchivos: [{ ...reason, Url: expect.stringContaining(`/api/files/${reason.Sha256}?exp=`) }],
    });
    expect((rejected.body.data.Respuestas as { Tipo: string; Plazo: string | null }[]).map((step) => [step.Tipo, step.Plazo])).toEqual([
      ['respuesta', null],
      ['rechazo', today(server)],
    ]);
  });

  it('a rejected red observation gets its new deadline and turns yellow again', async () => {
    const [first] = observations as [Observacion];
    await server.deps.db
      .updateTable('observaciones')
      .set({ Plazo: daysFrom(today(server), -1) })
      .where('IdObservacion', '=', first.IdObservacion)
      .execute();
    await applyOverdueLights(server.deps.db, server.clock.now(), ANDES.id);
    expect((await stored(first.IdObservacion)).SemaforoObs).toBe(3);
    await respond(first.IdObservacion, contractor.token);
    const rejected = await reject(first.IdObservacion, supervisor.token);
    expect(rejected.body.data).toMatchObject({ SemaforoObs: 2, Plazo: daysFrom(today(server), 5) });
  });

  it('keeps responses append-only: the same IdRespuesta again changes nothing; a stale Version on a review is a conflict', async () => {
    const [first] = observations as [Observacion];
    const id = uuidV7();
    const once = await respond(first.IdObservacion, contractor.token, { IdRespuesta: id }, newKey());
    const twice = await respond(first.IdObservacion, contractor.token, { IdRespuesta: id }, newKey());
    expect(twice.body.data).toEqual(once.body.data);
    expect(JSON.parse((await stored(first.IdObservacion)).Respuestas)).toHaveLength(1);

    const conflict = await approve(first.IdObservacion, supervisor.token, { Version: 1 });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ code: 'CONFLICTO', data: { Version: 2, Aprobada: 0 } });
    expect((await stored(first.IdObservacion)).Aprobada).toBe(0);
  });

  it('lets only the responsible contractor or the company answer, and never another company', async () => {
    const [first] = observations as [Observacion];
    const client = await server.login('cliente@andesdemo.cl');
    expect((await respond(first.IdObservacion, client.token)).body).toMatchObject({ statusCode: 403, code: 'SIN_PERMISO' });
    // Another contractor of the same company: the observation does not exist for it.
    const role = await server.deps.db
      .selectFrom('usuarios')
      .select(['IdRol', 'HashContrasena'])
      .where('CorreoElectronicoPersona', '=', 'contratista@andesdemo.cl')
      .executeTakeFirstOrThrow();
    await server.deps.db
      .insertInto('usuarios')
      .values({
        IdEmpresa: ANDES.id,
        CorreoElectronicoPersona: 'otro@contratista.cl',
        RunPersona: '11111111-1',
        Nombres: 'Otro',
        ApellidoPaterno: 'Contratista',
        ApellidoMaterno: '',
        TelefonoPersona: '',
        FechaNacimiento: '',
        AvatarArchivo: null,
        HashContrasena: role.HashContrasena,
        DebeCambiarContrasena: 0,
        Habilitado: 1,
        IdRol: role.IdRol,
        Tipo: 'contratista',
        IdContratista: '11111111-1',
        IdCliente: null,
        IdSistemaPreferido: 1,
        CreadoEn: new Date().toISOString(),
      })
      .execute();
    const other = await server.login('otro@contratista.cl');
    expect((await respond(first.IdObservacion, other.token)).body).toEqual({ statusCode: 404, message: 'Observación no encontrada' });
    expect((await listObservations(other.token)).body.data).toEqual([]);
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect((await respond(first.IdObservacion, pacifico.token)).status).toBe(404);
    expect((await approve(first.IdObservacion, pacifico.token)).status).toBe(404);
    expect((await remove(server, pacifico.token, `${OBSERVACIONES}/${first.IdObservacion}`)).status).toBe(404);
    expect((await listObservations(pacifico.token)).body.data).toEqual([]);
    expect((await respond(first.IdObservacion, supervisor.token)).status).toBe(200);
  });
});

describe('observations: follow-up list', () => {
  it('filters by state, light, type and template; contractor and client users see only theirs', async () => {
    const [first, second] = observations as [Observacion, Observacion];
    await respond(first.IdObservacion, contractor.token);
    const ids = async (token: string, query = '') =>
      (await listObservations(token, query)).body.data.map((row) => row.IdObservacion).sort();
    const mine = `?IdFormulario=${template.IdFormulario}`;
    expect(await ids(supervisor.token, mine)).toEqual([first.IdObservacion, second.IdObservacion].sort());
    expect(await ids(supervisor.token, `${mine}&estado=respondida`)).toEqual([first.IdObservacion]);
    expect(await ids(supervisor.token, `${mine}&estado=abierta`)).toEqual([second.IdObservacion]);
    expect(await ids(supervisor.token, '?estado=aprobada')).toEqual([SEEDED_OBSERVATION(2, 1)]);
    expect(await ids(supervisor.token, '?semaforo=3')).toEqual([SEEDED_OBSERVATION(1, 1)]);
    // The demo conducta inspection: its line-of-fire observation and the helmet not worn (EPP non-use finding).
    expect(await ids(supervisor.token, '?tipoEval=observacion')).toEqual([SEEDED_OBSERVATION(3, 1), SEEDED_OBSERVATION(3, 2)].sort());
    expect(await ids(supervisor.token, `${mine}&desde=2026-11-21`)).toEqual([]);
    expect((await listObservations(supervisor.token, '?estado=cerrada')).status).toBe(400);

    expect(await ids(contractor.token)).toEqual(
      [first.IdObservacion, second.IdObservacion, SEEDED_OBSERVATION(1, 1), SEEDED_OBSERVATION(1, 2)].sort(),
    );
    const client = await server.login('cliente@andesdemo.cl');
    expect(await ids(client.token)).toEqual([1, 2, 3].map((n) => SEEDED_OBSERVATION(2, n)).sort());
  });

  it('deletes one observation with a tombstone (SPEC OV3); again is 200; a stale Version is a conflict', async () => {
    const [first, second] = observations as [Observacion, Observacion];
    expect((await remove(server, supervisor.token, `${OBSERVACIONES}/${first.IdObservacion}`)).status).toBe(403);
    expect((await remove(server, admin.token, `${OBSERVACIONES}/${first.IdObservacion}?Version=9`)).body).toMatchObject({
      statusCode: 409,
      code: 'CONFLICTO',
    });
    const deleted = await remove(server, admin.token, `${OBSERVACIONES}/${first.IdObservacion}?Version=1`);
    expect(deleted.body).toMatchObject({
      statusCode: 200,
      message: 'Observación eliminada correctamente',
      data: { Estado: 0, Version: 2 },
    });
    expect(await lastChange()).toEqual({
      table: 'observaciones',
      id: first.IdObservacion,
      op: 'delete',
      audience: `partes:${CONTRACTOR_RUT}:`,
      row: null,
    });
    expect((await remove(server, admin.token, `${OBSERVACIONES}/${first.IdObservacion}`)).status).toBe(200);
    expect(
      (await listObservations(admin.token, `?IdFormulario=${template.IdFormulario}`)).body.data.map((row) => row.IdObservacion),
    ).toEqual([second.IdObservacion]);
    expect((await respond(first.IdObservacion, supervisor.token)).status).toBe(404);
  });
});

describe('OV1: overdue observations turn red on the server', () => {
  it('applies the rule on the Santiago calendar day with an injected clock: a Version and a change-log row each', async () => {
    const [first, second] = observations as [Observacion, Observacion];
    await respond(second.IdObservacion, supervisor.token);
    await approve(second.IdObservacion, supervisor.token);
    const changes = async () =>
      (await server.deps.db.selectFrom('cambios').select('IdRegistro').where('IdRegistro', '=', first.IdObservacion).execute()).length;
    const before = await changes();
    // Plazo 2026-11-30: still on time at 23:00 of that day in Santiago (02:00 UTC of the next day, UTC-3).
    await applyOverdueLights(server.deps.db, new Date('2026-12-01T02:00:00Z'), ANDES.id);
    expect(await stored(first.IdObservacion)).toMatchObject({ SemaforoObs: 2, Version: 1 });
    expect(await changes()).toBe(before);
    expect(await applyOverdueLights(server.deps.db, new Date('2026-12-01T04:00:00Z'), ANDES.id)).toBeGreaterThanOrEqual(1);
    expect(await stored(first.IdObservacion)).toMatchObject({ SemaforoObs: 3, Version: 2 });
    expect(await stored(second.IdObservacion)).toMatchObject({ SemaforoObs: 1, Aprobada: 1, Version: 3 });
    expect(await lastChange()).toMatchObject({ table: 'observaciones', op: 'upsert' });
    const logged = await server.deps.db
      .selectFrom('cambios')
      .selectAll()
      .where('IdRegistro', '=', first.IdObservacion)
      .orderBy('Seq', 'desc')
      .executeTakeFirstOrThrow();
    expect([logged.Operacion, logged.Audiencia, JSON.parse(logged.Fila!)]).toEqual([
      'upsert',
      `partes:${CONTRACTOR_RUT}:`,
      expect.objectContaining({ SemaforoObs: 3, Version: 2 }),
    ]);
    expect(await changes()).toBe(before + 1);
    // Already red: later runs leave it alone (no new Version, no new change).
    await applyOverdueLights(server.deps.db, new Date('2026-12-05T12:00:00Z'), ANDES.id);
    expect(await changes()).toBe(before + 1);
    expect(await applyOverdueLights(server.deps.db, new Date('2026-12-05T12:00:00Z'), ANDES.id)).toBe(0);
  });

  it('the lists apply it before answering, and the job runs at start and then on its timer', async () => {
    const [first, second] = observations as [Observacion, Observacion];
    server.clock.current = new Date('2026-12-02T12:00:00Z');
    const later = await server.login('supervisor@andesdemo.cl');
    const listed = await listObservations(later.token, `?IdFormulario=${template.IdFormulario}&semaforo=3`);
    expect(listed.body.data.map((row) => row.IdObservacion).sort()).toEqual([first.IdObservacion, second.IdObservacion].sort());

    await server.deps.db.updateTable('observaciones').set({ SemaforoObs: 2 }).where('IdObservacion', '=', first.IdObservacion).execute();
    let moment = new Date('2026-11-22T12:00:00Z');
    const job = startOverdueJob(server.deps.db, () => moment, 20);
    await job.ready;
    expect((await stored(first.IdObservacion)).SemaforoObs).toBe(2);
    moment = new Date('2026-12-03T12:00:00Z');
    for (let i = 0; i < 50 && (await stored(first.IdObservacion)).SemaforoObs !== 3; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    job.stop();
    expect((await stored(first.IdObservacion)).SemaforoObs).toBe(3);
  });

  it('before a list the rule runs once per Santiago day: later lists that day only read', async () => {
    const [first, second] = observations as [Observacion, Observacion];
    const overdueNow = (id: string) =>
      server.deps.db.updateTable('observaciones').set({ SemaforoObs: 1, Plazo: '2027-01-01' }).where('IdObservacion', '=', id).execute();
    await overdueNow(first.IdObservacion);
    await applyOverdueLightsToday(server.deps.db, new Date('2027-01-10T12:00:00Z'), ANDES.id);
    expect((await stored(first.IdObservacion)).SemaforoObs).toBe(3);
    // Only a new day can turn a light red through the service; a row changed behind its back waits for the next day.
    await overdueNow(second.IdObservacion);
    await applyOverdueLightsToday(server.deps.db, new Date('2027-01-10T20:00:00Z'), ANDES.id);
    expect((await stored(second.IdObservacion)).SemaforoObs).toBe(1);
    await applyOverdueLightsToday(server.deps.db, new Date('2027-01-11T12:00:00Z'), ANDES.id);
    expect((await stored(second.IdObservacion)).SemaforoObs).toBe(3);
  });

  it('the demo data holds one overdue observation and one answered waiting for review', async () => {
    const overdue = await listObservations(supervisor.token, '?semaforo=3');
    expect(overdue.body.data.map((row) => row.IdObservacion)).toContain(SEEDED_OBSERVATION(1, 1));
    const waiting = await listObservations(supervisor.token, '?estado=respondida');
    expect(waiting.body.data.map((row) => [row.IdObservacion, row.Respuestas.length])).toEqual([[SEEDED_OBSERVATION(1, 2), 1]]);
  });
});
