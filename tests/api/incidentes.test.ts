import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import type { Incidente } from '#sync/schemas/incidentes.schema.ts';
import { ANDES, PACIFICO, serverForEachTest } from './support/api-harness.ts';
import {
  caseUrl,
  createCase,
  DEMO_CONTRACTOR,
  demoWorker,
  footprint,
  getCase,
  measure,
  REGISTRO,
  seeded,
  stageOneBody,
  updateCase,
} from './support/incidentes-factory.ts';
import { uploadImage } from './support/inspecciones-factory.ts';
import { newKey, send } from './support/sync-harness.ts';

const test = serverForEachTest();

async function signature(): Promise<FileRef> {
  return uploadImage(test.server, test.admin.token, 'firma');
}

async function lastChange() {
  const row = await test.server.deps.db.selectFrom('cambios').selectAll().orderBy('Seq', 'desc').limit(1).executeTakeFirstOrThrow();
  return {
    table: row.Tabla,
    id: row.IdRegistro,
    op: row.Operacion,
    audience: row.Audiencia,
    row: row.Fila === null ? null : (JSON.parse(row.Fila) as Incidente),
  };
}

describe('IC1: a report arrives whole and is written once', () => {
  it('creates a stage-1 report with the spec notice, computed fields and its change-log row; the same key again changes nothing', async () => {
    const body = stageOneBody(test.server, await signature());
    const key = newKey();
    const created = await createCase(test.server, test.admin.token, body, key);
    expect(created.body).toMatchObject({
      statusCode: 200,
      message: 'Accidente creado correctamente',
      data: {
        IdEvaluacion: body.IdEvaluacion,
        IdEmpresa: ANDES.id,
        Estado: 1,
        Version: 1,
        HoraOcurrencia: '09:15:00',
        Gravedad: 'no_grave',
        DiasPerdidos: null,
        NivelRiesgo: '',
        RutContratista: null,
        IdUsuario: test.admin.userId,
      },
      medidas: [],
    });
    expect(await lastChange()).toMatchObject({
      table: 'incidentes',
      id: body.IdEvaluacion,
      op: 'upsert',
      audience: 'partes::',
      row: created.body.data,
    });
    const before = await footprint(test.server);
    const replay = await createCase(test.server, test.admin.token, body, key);
    expect(replay.body).toEqual(created.body);
    expect(await footprint(test.server)).toEqual(before);
    // The same id under another key is a conflict that keeps the losing body (CF6).
    expect((await createCase(test.server, test.admin.token, body, newKey())).body).toMatchObject({ statusCode: 409, code: 'CONFLICTO' });
  });

  it('takes stages 2 and 3 with the report: risk level by the spec rule, lost days and measures in one write', async () => {
    const body = stageOneBody(test.server, await signature(), {
      FechaOcurrencia: '2026-11-10',
      FechaAlta: '2026-11-16',
      Probabilidad: 4,
      Consecuencia: 2,
      ActosSubestandar: [seeded('actos_subestandares', 'No usar el equipo de protección personal')],
      CausasBasicas: [seeded('causas_basicas', 'Falta de conocimiento')],
      FechaConocimiento: '2026-11-10T14:00:00.000Z',
      MedidasControl: [measure({ Plazo: '2026-11-09' }), measure()],
    });
    expect((await createCase(test.server, test.admin.token, body)).body).toMatchObject({
      statusCode: 400,
      message: 'El plazo no puede ser anterior a la fecha del accidente',
    });
    const fixed = { ...body, MedidasControl: [measure(), measure({ Plazo: '2026-11-20' })] };
    const created = await createCase(test.server, test.admin.token, fixed);
    expect(created.body.data).toMatchObject({ DiasPerdidos: 6, ValorRiesgo: 8, NivelRiesgo: 'Importante' });
    // A deadline already past is red from the start (SPEC OV1).
    expect(created.body.medidas.map((row) => row.Semaforo)).toEqual([1, 3]);
    expect((await getCase(test.server, test.admin.token, body.IdEvaluacion as string)).body.medidas).toHaveLength(2);
  });

  it('refuses bad input with the Spanish message and writes nothing', async () => {
    const firma = await signature();
    const before = await footprint(test.server);
    const refusals: [Record<string, unknown>, string][] = [
      [{ Lugar: ' ' }, 'El lugar es requerido'],
      [{ Clasificacion: 'Accidente raro' }, 'La clasificación es requerida'],
      [{ FechaOcurrencia: '2026-12-01' }, 'La fecha de ocurrencia no puede ser posterior a hoy'],
      [{ HoraOcurrencia: '25:00' }, 'La hora de ocurrencia es requerida (HH:mm)'],
      [{ NombreAccidentado: '' }, 'El nombre del accidentado es requerido'],
      [{ Rut: '12345678-9' }, 'El rut no es válido'],
      [{ FirmaInformador: null }, 'Falta la firma de quien reporta'],
      [{ Monto: 120 }, 'Un campo no corresponde a la clasificación del accidente'],
      [{ Clasificacion: 'Accidente CDM', FechaAlta: '2026-11-21' }, 'Un campo no corresponde a la clasificación del accidente'],
      [{ FechaAlta: '2026-11-01' }, 'La fecha de alta no puede ser anterior a la fecha de ocurrencia'],
      [{ Probabilidad: 3 }, 'La probabilidad o la consecuencia no están en la matriz de riesgo'],
      [{ TipoEvento: uuidV7() }, 'Un valor elegido ya no está en su catálogo'],
      [{ IdPersona: uuidV7() }, 'El trabajador accidentado no existe'],
      [{ FechaConocimiento: '2026-11-20T12:00:00.000Z' }, 'La empresa no pudo saber del accidente antes de que ocurriera'],
      [{ Edad: 9 }, 'La edad debe ser un número entero entre 14 y 100'],
    ];
    for (const [fields, message] of refusals) {
      const answer = await createCase(test.server, test.admin.token, stageOneBody(test.server, firma, fields));
      expect(answer.body, message).toMatchObject({ statusCode: 400, message });
    }
    // A file the server does not have yet: the device uploads it and sends again (ARCHIVO_PENDIENTE, SPEC FL4).
    const missingFile = await createCase(
      test.server,
      test.admin.token,
      stageOneBody(test.server, { Sha256: 'f'.repeat(64), Tipo: 'image/png' }),
    );
    expect(missingFile.body).toMatchObject({ code: 'ARCHIVO_PENDIENTE' });
    expect(await footprint(test.server)).toEqual(before);
  });

  it('a cuasi accidente and a CDM need no injured worker', async () => {
    const firma = await signature();
    for (const Clasificacion of ['Cuasi Accidente', 'Accidente CDM']) {
      const answer = await createCase(
        test.server,
        test.admin.token,
        stageOneBody(test.server, firma, { Clasificacion, NombreAccidentado: '', Rut: '' }),
      );
      expect(answer.body, Clasificacion).toMatchObject({ statusCode: 200, data: { Clasificacion } });
    }
  });
});

describe('IC2: stages 2 and 3 later, only what changed', () => {
  it('edits fields from the Version the person saw, merges a stale edit of another field, and refuses one of the same field', async () => {
    const body = stageOneBody(test.server, await signature());
    const id = body.IdEvaluacion as string;
    await createCase(test.server, test.admin.token, body);
    const edited = await updateCase(test.server, test.admin.token, id, {
      IdEvaluacion: id,
      Version: 1,
      Descripcion: 'Resbaló en la losa mojada',
      Probabilidad: 2,
      Consecuencia: 2,
    });
    expect(edited.body).toMatchObject({
      message: 'Accidente editado correctamente',
      data: { Version: 2, NivelRiesgo: 'Moderado', ValorRiesgo: 4 },
    });
    expect(
      (
        await updateCase(test.server, test.admin.token, id, {
          IdEvaluacion: id,
          Version: 1,
          TipoLesion: seeded('tipos_lesion', 'Contusión'),
        })
      ).body,
    ).toMatchObject({ data: { Version: 3, Descripcion: 'Resbaló en la losa mojada' } });
    expect(
      (await updateCase(test.server, test.admin.token, id, { IdEvaluacion: id, Version: 1, Descripcion: 'Otra versión' })).body,
    ).toMatchObject({ statusCode: 409, code: 'CONFLICTO' });
  });

  it('appends evidence, statements and measures by their ids; the same ones again add nothing', async () => {
    const body = stageOneBody(test.server, await signature());
    const id = body.IdEvaluacion as string;
    await createCase(test.server, test.admin.token, body);
    const photo = await uploadImage(test.server, test.admin.token);
    const evidence = { IdEvidencia: uuidV7(), Nombre: 'Losa mojada', Archivo: photo, Fecha: '2026-11-21T12:30:00.000Z' };
    const statement = {
      IdDeclaracion: uuidV7(),
      Nombre: 'Luis Díaz',
      Rut: '',
      Calidad: 'Testigo',
      Texto: 'Vi que resbaló al bajar la escala.',
      Fecha: '2026-11-21T12:40:00.000Z',
    };
    const newMeasure = measure();
    const update = { IdEvaluacion: id, Version: 1, Evidencias: [evidence], Declaraciones: [statement], MedidasControl: [newMeasure] };
    const first = await updateCase(test.server, test.admin.token, id, update);
    expect(first.body).toMatchObject({
      data: { Version: 2, Evidencias: [evidence], Declaraciones: [expect.objectContaining({ Nombre: 'Luis Díaz' })] },
      medidas: [expect.objectContaining({ IdMedidaControl: newMeasure.IdMedidaControl })],
    });
    const again = await updateCase(test.server, test.admin.token, id, { ...update, Version: 2 });
    expect(again.body).toMatchObject({ data: { Version: 2 } });
    expect(again.body.medidas).toHaveLength(1);
    expect(Object.keys((await getCase(test.server, test.admin.token, id)).body.Urls ?? {})).toContain(photo.Sha256);
  });
});

describe('IC6: tenancy, contractors and clients', () => {
  it('a worker of a contractor makes the case that contractor’s: its user reads it, pulls it, answers nothing else and writes no case', async () => {
    const body = stageOneBody(test.server, await signature(), {
      IdPersona: demoWorker(1),
      NombreAccidentado: 'Juan González',
      Rut: '15234567-4',
      RutContratista: '',
    });
    const created = await createCase(test.server, test.admin.token, body);
    expect(created.body.data).toMatchObject({ RutContratista: DEMO_CONTRACTOR });
    expect(await lastChange()).toMatchObject({ audience: `partes:${DEMO_CONTRACTOR}:` });
    const own = await createCase(test.server, test.admin.token, stageOneBody(test.server, await signature()));
    const contractor = await test.server.login('contratista@andesdemo.cl');
    const list = await send<{ data: Incidente[] }>(test.server, 'GET', `${REGISTRO}/${ANDES.id}`, { token: contractor.token });
    expect(list.body.data.map((row) => row.IdEvaluacion)).toContain(body.IdEvaluacion);
    expect(list.body.data.map((row) => row.IdEvaluacion)).not.toContain(own.body.data.IdEvaluacion);
    expect(list.body.data.every((row) => row.RutContratista === DEMO_CONTRACTOR)).toBe(true);
    expect((await getCase(test.server, contractor.token, own.body.data.IdEvaluacion)).body.data).toBeNull();
    const changes = await send<{ changes: { table: string; id: string }[] }>(test.server, 'GET', '/api/sync/changes?limit=1000', {
      token: contractor.token,
    });
    const pulled = changes.body.changes.filter((change) => change.table === 'incidentes').map((change) => change.id);
    expect(pulled).toContain(body.IdEvaluacion);
    expect(pulled).not.toContain(own.body.data.IdEvaluacion);
    expect(
      (
        await updateCase(test.server, contractor.token, body.IdEvaluacion as string, {
          IdEvaluacion: body.IdEvaluacion,
          Version: 1,
          Descripcion: 'x',
        })
      ).status,
    ).toBe(403);
    // A client user reads no case: the cases name no client.
    const client = await test.server.login('cliente@andesdemo.cl');
    expect((await send(test.server, 'GET', `${REGISTRO}/${ANDES.id}`, { token: client.token })).status).toBe(403);
  });

  it("is scoped to the company of the token: another company's admin neither reads nor writes it", async () => {
    const body = stageOneBody(test.server, await signature());
    await createCase(test.server, test.admin.token, body);
    const other = await test.server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect(
      (await send<{ data: unknown }>(test.server, 'GET', caseUrl(body.IdEvaluacion as string, PACIFICO.id), { token: other.token })).body
        .data,
    ).toBeNull();
    expect((await send(test.server, 'GET', caseUrl(body.IdEvaluacion as string), { token: other.token })).status).toBe(403);
    expect((await send(test.server, 'DELETE', caseUrl(body.IdEvaluacion as string, PACIFICO.id), { token: other.token })).status).toBe(404);
    expect((await send(test.server, 'GET', `/api/accidentes/${body.IdEvaluacion}`, { token: other.token })).status).toBe(404);
  });

  it('deletes a case and its measures as tombstones; deleting again answers 200', async () => {
    const body = stageOneBody(test.server, await signature(), { MedidasControl: [measure()] });
    const id = body.IdEvaluacion as string;
    await createCase(test.server, test.admin.token, body);
    const removed = await send(test.server, 'DELETE', `${caseUrl(id)}?Version=1`, { token: test.admin.token });
    expect(removed.body).toMatchObject({ statusCode: 200, message: 'Accidente eliminado correctamente', data: { Estado: 0, Version: 2 } });
    const tombstones = await test.server.deps.db
      .selectFrom('cambios')
      .select(['Tabla', 'Operacion'])
      .where('Operacion', '=', 'delete')
      .execute();
    expect(tombstones.map((row) => row.Tabla).sort()).toEqual(['incidentes', 'medidas_control']);
    expect((await send(test.server, 'DELETE', caseUrl(id), { token: test.admin.token })).status).toBe(200);
    expect((await getCase(test.server, test.admin.token, id)).body.data).toMatchObject({ Estado: 0 });
  });
});
