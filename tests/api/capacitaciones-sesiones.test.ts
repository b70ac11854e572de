import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { Capacitacion } from '#sync/schemas/capacitaciones.schema.ts';
import { ANDES, PACIFICO, serverForEachTest } from './support/api-harness.ts';
import { CAPACITACIONES, CREADAS, footprint, SEEDED_TYPE, sessionBody, signature, write } from './support/capacitaciones-factory.ts';
import { send } from './support/sync-harness.ts';
import { SEEDED } from './support/trabajadores-factory.ts';

const test = serverForEachTest();
const ALTURA = SEEDED_TYPE('altura');
const active = <T extends { Estado: 0 | 1 }>(list: T[]) => list.filter((child) => child.Estado === 1);

describe('sessions (creadas): one write with their lists, stored as rows', () => {
  it('creates a session with participants by person and by position, presenters and a guide in ONE write', async () => {
    const { server, admin } = test;
    const guide = await signature(server, admin.token);
    const body = sessionBody(ALTURA, {
      CargosParticipantes: [SEEDED.cargo(4)],
      Evidencias: [{ Id: uuidV7(), Nombre: 'Guía de uso de arnés.pdf', TipoEvidencia: 'Guía', Archivo: guide, Fecha: '2026-11-19' }],
    });
    const created = await write(server, admin.token, 'POST', CREADAS, body);
    expect(created.body).toMatchObject({
      statusCode: 200,
      message: 'Capacitación creada correctamente',
      data: { Tema: body.Tema, DuracionHoras: 8, Evaluada: 1, Realizada: 0, Version: 1 },
    });
    const session = created.body.data;
    // Workers 2, 3 and 4 by person; the position "Eléctrico" (cargo 4) brings workers 4, 10 and 16, worker 4 once.
    expect(
      active(session.Participantes)
        .map((participant) => participant.IdPersona)
        .sort(),
    ).toEqual([2, 3, 4, 10, 16].map(SEEDED.worker).sort());
    expect(session.Participantes.find((participant) => participant.IdPersona === SEEDED.worker(10))).toMatchObject({
      IdCargo: SEEDED.cargo(4),
      RunPersona: expect.any(String),
      Nombre: expect.any(String),
      Asistio: 0,
    });
    expect(session.Relatores).toEqual([expect.objectContaining({ Nombre: 'Jorge Araya Rojas', Rut: '15234567-4', Firma: null })]);
    expect(session.Evidencias[0]!.Evidencia).toBe(`${ANDES.id}/${body.IdCapacitacion}/evidencias/Guía-de-uso-de-arnés.pdf`);
    const stored = await server.deps.db
      .selectFrom('capacitacion_participantes')
      .select(['IdPersona', 'Activa', 'DuracionHoras'])
      .where('IdCapacitacion', '=', body.IdCapacitacion)
      .execute();
    expect(stored).toHaveLength(5);
    expect(stored.every((row) => row.Activa === 1 && row.DuracionHoras === 8)).toBe(true);
    const change = await server.deps.db.selectFrom('cambios').selectAll().where('IdRegistro', '=', body.IdCapacitacion).execute();
    expect(change).toEqual([expect.objectContaining({ Tabla: 'capacitaciones', Operacion: 'upsert', Audiencia: 'partes::' })]);
    const detail = await send<{ data: Capacitacion & { Urls: Record<string, string> } }>(
      server,
      'GET',
      `${CREADAS}/${body.IdCapacitacion}/${ANDES.id}`,
      { token: admin.token },
    );
    expect(detail.body.data).toMatchObject({
      IdCapacitacion: body.IdCapacitacion,
      Urls: { [guide.Sha256]: expect.stringMatching(/^\/api\/files\//) },
    });
    const list = await send<{ data: Capacitacion[] }>(server, 'GET', `${CREADAS}/${ANDES.id}`, { token: admin.token });
    expect(list.body.data.filter((row) => row.IdCapacitacion === body.IdCapacitacion)).toHaveLength(1);
  });

  it('refuses bad input with the Spanish message and writes nothing of the session or its lists', async () => {
    const { server, admin } = test;
    const before = await footprint(server);
    const refusal = async (fields: Parameters<typeof sessionBody>[1]) =>
      (await write(server, admin.token, 'POST', CREADAS, { ...sessionBody(ALTURA), ...fields })).body;
    expect(await refusal({ Lugar: ' ' })).toMatchObject({ statusCode: 400, message: 'El lugar es requerido' });
    expect(await refusal({ Fecha: '2026-02-30' })).toMatchObject({ statusCode: 400, message: 'La fecha es requerida' });
    expect(await refusal({ HoraInicio: '25:00' })).toMatchObject({ statusCode: 400, message: 'La hora debe tener el formato HH:mm' });
    expect(await refusal({ IdTipoCapacitacion: uuidV7() })).toMatchObject({
      statusCode: 400,
      message: 'El tipo de capacitación indicado no existe',
    });
    expect(await refusal({ IdPrograma: uuidV7() })).toMatchObject({ statusCode: 400, message: 'El programa indicado no existe' });
    expect(await refusal({ Participantes: [{ Id: uuidV7(), IdPersona: uuidV7() }] })).toMatchObject({
      statusCode: 400,
      message: 'Un participante indicado no es un trabajador activo',
    });
    expect(await refusal({ Participantes: [{ Id: uuidV7() }] })).toMatchObject({
      statusCode: 400,
      message: 'Indica el trabajador del participante',
    });
    const twice = { IdPersona: SEEDED.worker(2) };
    expect(
      await refusal({
        Participantes: [
          { Id: uuidV7(), ...twice },
          { Id: uuidV7(), ...twice },
        ],
      }),
    ).toMatchObject({ statusCode: 400, message: 'El trabajador ya es participante de la capacitación' });
    expect(await refusal({ Relatores: [{ Id: uuidV7() }] })).toMatchObject({
      statusCode: 400,
      message: 'Indica el usuario, el cargo, el trabajador o el nombre del relator',
    });
    expect(await refusal({ Relatores: [{ Id: uuidV7(), IdUsuario: 99999 }] })).toMatchObject({
      statusCode: 400,
      message: 'El relator indicado no existe',
    });
    expect(
      await refusal({
        Evidencias: [
          {
            Id: uuidV7(),
            Nombre: 'guia.pdf',
            TipoEvidencia: 'Guía',
            Archivo: { Sha256: 'b'.repeat(64), Tipo: 'application/pdf' },
            Fecha: '2026-11-20',
          },
        ],
      }),
    ).toMatchObject({ statusCode: 409, code: 'ARCHIVO_PENDIENTE' });
    expect(await footprint(server)).toEqual(before);
  });

  it('edits fields from their Version, adds and takes out participants by their Id, and deletes one or many', async () => {
    const { server, admin } = test;
    const body = sessionBody(ALTURA);
    const session = (await write(server, admin.token, 'POST', CREADAS, body)).body.data;
    const [first] = session.Participantes;
    const edited = await write(server, admin.token, 'PUT', CREADAS, {
      IdCapacitacion: body.IdCapacitacion,
      Version: 1,
      Lugar: 'Sala 2',
      Participantes: [
        { Id: first!.Id, Estado: 0 },
        { Id: uuidV7(), IdPersona: SEEDED.worker(9) },
      ],
    });
    expect(edited.body).toMatchObject({ message: 'Capacitación editada correctamente', data: { Lugar: 'Sala 2', Version: 2 } });
    expect(active(edited.body.data.Participantes).map((participant) => participant.IdPersona)).toEqual([3, 4, 9].map(SEEDED.worker));
    // The removed participant keeps its name: only the fields the body sent changed.
    expect(edited.body.data.Participantes[0]).toMatchObject({ Id: first!.Id, Estado: 0, Nombre: first!.Nombre });
    // A stale edit of another field merges; of the same field it is a conflict kept on the server.
    expect(
      (await write(server, admin.token, 'PUT', CREADAS, { IdCapacitacion: body.IdCapacitacion, Version: 1, Tema: 'Otro tema' })).body,
    ).toMatchObject({ statusCode: 200, data: { Tema: 'Otro tema', Lugar: 'Sala 2' } });
    expect(
      (await write(server, admin.token, 'PUT', CREADAS, { IdCapacitacion: body.IdCapacitacion, Version: 1, Lugar: 'Sala 3' })).body,
    ).toMatchObject({ statusCode: 409, code: 'CONFLICTO' });
    const second = (await write(server, admin.token, 'POST', CREADAS, sessionBody(ALTURA))).body.data;
    for (const id of [body.IdCapacitacion, second.IdCapacitacion]) {
      expect((await write(server, admin.token, 'DELETE', `${CREADAS}/${id}`)).body).toMatchObject({
        statusCode: 200,
        message: 'Capacitación eliminada correctamente',
        data: { Estado: 0 },
      });
    }
    const left = await server.deps.db
      .selectFrom('capacitacion_participantes')
      .select('Activa')
      .where('IdCapacitacion', 'in', [body.IdCapacitacion, second.IdCapacitacion])
      .execute();
    expect(left.every((row) => row.Activa === 0)).toBe(true);
  });

  it("answers the spec's one-per-call changes at their paths, each a versioned update that a repeat does not duplicate", async () => {
    const { server, admin } = test;
    const body = sessionBody(ALTURA, { Participantes: [], Relatores: [] });
    await write(server, admin.token, 'POST', CREADAS, body);
    const id = body.IdCapacitacion;
    const call = (path: string, payload: unknown) => write(server, admin.token, 'POST', `${CAPACITACIONES}${path}`, payload);
    expect((await call('/creadas/participantes', { IdCapacitacion: id, IdPersona: SEEDED.worker(2) })).body).toMatchObject({
      statusCode: 200,
      message: 'Participante agregado correctamente',
    });
    expect(
      (await call('/creadas/participantes', { IdCapacitacion: id, IdPersona: SEEDED.worker(2) })).body.data.Participantes,
    ).toHaveLength(1);
    // "Maestro Carpintero" (cargo 2) is held by workers 2, 8, 14 and 20: worker 2 is already in.
    expect(
      active((await call('/creadas/cargos', { IdCapacitacion: id, IdCargo: SEEDED.cargo(2) })).body.data.Participantes)
        .map((participant) => participant.IdPersona)
        .sort(),
    ).toEqual([2, 8, 14, 20].map(SEEDED.worker).sort());
    expect((await call('/creadas/cargosRelatores', { IdCapacitacion: id, IdCargo: SEEDED.cargo(5) })).body.data.Relatores).toEqual([
      expect.objectContaining({ IdCargo: SEEDED.cargo(5), Nombre: '' }),
    ]);
    const supervisor = await server.login('supervisor@andesdemo.cl');
    const withUser = await call('/creadas/relatores', { IdCapacitacion: id, IdPersona: supervisor.userId });
    expect(withUser.body.data.Relatores[1]).toMatchObject({ IdUsuario: supervisor.userId, Nombre: 'Jorge Araya Rojas' });
    const file = await signature(server, admin.token);
    const guide = await call('/guiasEvidencias', {
      IdCapacitacion: id,
      Evidencia: 'empresa/x/evidencias/Guía del relator.pdf',
      TipoEvidencia: 'Guía',
      fecha: '2026-11-20',
      IdEmpresa: ANDES.id,
      Archivo: file,
    });
    expect(guide.body).toMatchObject({ message: 'Evidencia agregada correctamente' });
    const guides = await send<{ data: { Id: string; Evidencia: string; Url: string }[] }>(
      server,
      'GET',
      `${CAPACITACIONES}/creadasGuiasEvidencias/${id}/${ANDES.id}`,
      { token: admin.token },
    );
    expect(guides.body.data).toEqual([
      expect.objectContaining({
        Evidencia: `${ANDES.id}/${id}/evidencias/Guía-del-relator.pdf`,
        Url: expect.stringMatching(/^\/api\/files\//),
      }),
    ]);
    expect((await call(`/creadasGuiasEvidencias/${guides.body.data[0]!.Id}`, {})).body).toMatchObject({
      message: 'Guía de evidencia eliminada correctamente',
    });
    expect(
      (await send<{ data: unknown[] }>(server, 'GET', `${CAPACITACIONES}/creadasGuiasEvidencias/${id}/${ANDES.id}`, { token: admin.token }))
        .body.data,
    ).toEqual([]);

    // Update: detalles/...
    expect(
      active((await call('/detalles/newParticipantes', { IdCapacitacion: id, IdPersona: SEEDED.worker(19) })).body.data.Participantes),
    ).toHaveLength(5);
    expect((await call('/detalles/newCargos', { IdCapacitacion: id, IdCargo: SEEDED.cargo(3) })).body.data.CargosParticipantes).toEqual([
      SEEDED.cargo(2),
      SEEDED.cargo(3),
    ]);
    const admins = await call('/detalles/newUsuarios', { IdCapacitacion: id, IdPersona: String(admin.userId) });
    expect(admins.body.data.Relatores.some((relator) => relator.IdUsuario === admin.userId)).toBe(true);
    expect(
      (await call('/detalles/newCargosRelatores', { IdCapacitacion: id, IdCargo: SEEDED.cargo(6) })).body.data.Relatores.some(
        (relator) => relator.IdCargo === SEEDED.cargo(6),
      ),
    ).toBe(true);
    const session = admins.body.data;
    const removed = await write(server, admin.token, 'DELETE', `${CAPACITACIONES}/detalles/${session.Participantes[0]!.Id}`);
    expect(removed.body).toMatchObject({ message: 'Participante eliminado correctamente' });
    expect(
      (await write(server, admin.token, 'DELETE', `${CAPACITACIONES}/detalles/relatores/${session.Relatores[0]!.Id}`)).body,
    ).toMatchObject({ message: 'Relator eliminado correctamente' });
    expect((await write(server, admin.token, 'DELETE', `${CAPACITACIONES}/detalles/${uuidV7()}`)).body).toMatchObject({
      statusCode: 404,
      message: 'Participante no encontrado',
    });
    expect((await call('/creadas/participantes', { IdCapacitacion: id, IdPersona: 'no-es-un-id' })).body).toMatchObject({
      statusCode: 400,
    });
  });

  it("answers the form's pick lists: levels, kinds of presenter, users, positions and workers", async () => {
    const { server, admin } = test;
    const get = <T>(path: string) =>
      send<{ statusCode: number; data: T }>(server, 'GET', `${CAPACITACIONES}${path}`, { token: admin.token });
    expect((await get<{ nv2: unknown[]; nv3: unknown[] }>(`/Niveles/${ANDES.id}`)).body.data.nv2).toHaveLength(2);
    expect((await get<{ Nombre: string }[]>('/TipoRelator')).body.data.map((kind) => kind.Nombre)).toEqual([
      'Usuario',
      'Cargo',
      'Trabajador',
      'Externo',
    ]);
    expect((await get<{ Nombre: string }[]>(`/RelatorUsuario/${ANDES.id}`)).body.data.map((user) => user.Nombre)).toContain(
      'Carolina Muñoz Soto',
    );
    expect((await get<{ NombreCargo: string }[]>(`/RelatorCargos/${ANDES.id}`)).body.data.map((cargo) => cargo.NombreCargo)).toContain(
      'Eléctrico',
    );
    expect((await get<unknown[]>(`/listas/lista_trabajadores/${ANDES.id}`)).body.data).toHaveLength(20);
    expect((await send(server, 'GET', `${CAPACITACIONES}/Niveles/${PACIFICO.id}`, { token: admin.token })).status).toBe(403);
  });
});
