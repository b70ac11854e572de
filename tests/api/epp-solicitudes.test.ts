import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { EppSolicitud } from '#sync/schemas/epp-solicitudes.schema.ts';
import { seedId } from '#server/seed/demo-seed.ts';
import { ANDES, PACIFICO, serverForEachTest } from './support/api-harness.ts';
import { actaBody, EPP, postActa, SEEDED_EPP, seededWorker, signatures } from './support/epp-factory.ts';
import { send, sendBatch } from './support/sync-harness.ts';

const test = serverForEachTest();

type Answer = { statusCode: number; message: string; code?: string; data: EppSolicitud };
type List = { statusCode: number; data: EppSolicitud[] };
const LIST = `${EPP}/solicitud/${ANDES.id}`;
const one = (id: string, company = ANDES.id) => `${EPP}/solicitud/${id}/${company}`;
const DISPATCH = {
  FechaDespacho: '2026-11-22',
  CodigoDespacho: 'GD-5001',
  RutDespachador: '12345678',
  DvDespachador: '5',
  NombreDespachador: 'Bodega Central',
  IdUsuario: 1,
};
const query = (fields: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString();

/** A line for seeded worker `n` and item `key` in `talla`. */
async function line(n: number, key: Parameters<typeof SEEDED_EPP>[0], Talla = '', Cantidad = 1) {
  const worker = await seededWorker(test.server, n);
  const names: Record<string, string> = {
    casco: 'Casco de seguridad',
    guantes: 'Guantes de cabritilla',
    zapatos: 'Zapatos de seguridad',
    lentes: 'Lentes de seguridad claros',
  };
  return {
    IdLinea: uuidV7(),
    IdPersona: worker.IdPersona,
    RunPersona: worker.RunPersona,
    NombreTrabajador: `${worker.Nombres} ${worker.ApellidoPaterno}`,
    IdEpp: SEEDED_EPP(key),
    NombreEpp: names[key] ?? key,
    Talla,
    Cantidad,
  };
}

async function create(token: string, lines: unknown[], extra: Record<string, unknown> = {}) {
  return send<Answer>(test.server, 'POST', LIST, {
    token,
    body: { IdSolicitud: uuidV7(), IdEvaluacion: null, Fecha: '2026-11-21', Lineas: lines, ...extra },
  });
}

/** A request for workers 2 and 3 (both the company's own staff), with sizes. */
async function twoWorkers(token = test.admin.token) {
  const created = await create(token, [await line(2, 'guantes', 'L', 2), await line(2, 'casco'), await line(3, 'zapatos', '42')]);
  expect(created.status).toBe(200);
  return created.body.data;
}

const count = async () =>
  Number(
    (
      await test.server.deps.db
        .selectFrom('epp_solicitudes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('EPP requests (spec "Requests": solicitud/{company}, solicitud/{id}/{company}, despacho, despacho-masivo, solicituddespachada)', () => {
  it('creates a pending request with sizes per worker and item; lists and reads it; the change travels to company users', async () => {
    const supervisor = await test.server.login('supervisor@andesdemo.cl');
    const created = await create(supervisor.token, [await line(2, 'guantes', 'm', 2), await line(3, 'zapatos', '42')]);
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Solicitud de EPP registrada correctamente');
    const data = created.body.data;
    expect(data).toMatchObject({
      Estado: 1,
      Version: 1,
      RutContratista: null,
      IdUsuario: supervisor.userId,
      CodigoDespacho: null,
      Entregado: [],
    });
    expect(data.Lineas.map((row) => [row.NombreEpp, row.Talla, row.Cantidad])).toEqual([
      ['Guantes de cabritilla', 'm', 2],
      ['Zapatos de seguridad', '42', 1],
    ]);
    const list = await send<List>(test.server, 'GET', LIST, { token: test.admin.token });
    expect(list.body.data.map((row) => row.IdSolicitud)).toContain(data.IdSolicitud);
    expect((await send<{ data: EppSolicitud }>(test.server, 'GET', one(data.IdSolicitud), { token: test.admin.token })).body.data).toEqual(
      data,
    );
    const change = await test.server.deps.db
      .selectFrom('cambios')
      .selectAll()
      .where('Tabla', '=', 'epp_solicitudes')
      .where('IdRegistro', '=', data.IdSolicitud)
      .executeTakeFirstOrThrow();
    expect(change.Audiencia).toBe('empresa');
  });

  it('refuses bad input with a Spanish 400 and writes nothing: sizes not offered or missing, unknown workers or items, mixed employers, no lines', async () => {
    const before = await count();
    const refusals: [unknown[], string][] = [
      [[await line(2, 'guantes', 'XXL')], 'Guantes de cabritilla: La talla indicada no es una de las del EPP'],
      [[await line(2, 'guantes', '')], 'Guantes de cabritilla: Indica la talla de cada EPP que tiene tallas'],
      [[await line(2, 'casco', 'M')], 'Casco de seguridad: La talla indicada no es una de las del EPP'],
      [[{ ...(await line(2, 'casco')), IdPersona: uuidV7() }], 'Uno de los trabajadores de la solicitud no existe'],
      [[{ ...(await line(2, 'casco')), IdEpp: uuidV7() }], 'Un EPP de la solicitud no existe en el catálogo'],
      [[{ ...(await line(2, 'casco')), RunPersona: '12345678-5' }], 'El RUT de una línea no es el del trabajador indicado'],
      [
        [await line(2, 'casco'), await line(1, 'casco')],
        'Los trabajadores de una solicitud deben ser de la misma empresa: haz una solicitud por empresa contratista',
      ],
      [[await line(2, 'casco'), await line(2, 'casco')], 'Un trabajador tiene el mismo EPP dos veces en la solicitud'],
      [[{ ...(await line(2, 'casco')), Cantidad: 0 }], 'La cantidad debe ser un número entero entre 1 y 99'],
      [[], 'La solicitud debe tener al menos un EPP para un trabajador'],
    ];
    for (const [lines, message] of refusals) {
      const refused = await create(test.admin.token, lines);
      expect(refused.status, message).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await create(test.admin.token, [await line(2, 'casco')], { Fecha: '21/11/2026' })).body.message).toBe(
      'La fecha debe tener el formato AAAA-MM-DD',
    );
    expect((await create(test.admin.token, [await line(2, 'casco')], { IdEvaluacion: uuidV7() })).body.message).toBe(
      'La inspección indicada no existe',
    );
    expect(await count()).toBe(before);
  });

  it('a contractor user raises requests only for its own workers and sees only theirs; a client user sees none; another company none', async () => {
    const contractor = await test.server.login('contratista@andesdemo.cl');
    const own = await create(contractor.token, [await line(5, 'casco'), await line(9, 'lentes')]);
    expect(own.status).toBe(200);
    expect(own.body.data.RutContratista).toBe((await seededWorker(test.server, 5)).RutContratista);
    expect((await create(contractor.token, [await line(2, 'casco')])).body).toMatchObject({
      statusCode: 400,
      message: 'Uno de los trabajadores de la solicitud no existe',
    });
    const company = await twoWorkers();
    const theirs = (await send<List>(test.server, 'GET', LIST, { token: contractor.token })).body.data;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((row) => row.RutContratista === own.body.data.RutContratista)).toBe(true);
    expect((await send(test.server, 'GET', one(company.IdSolicitud), { token: contractor.token })).body).toEqual({
      statusCode: 200,
      data: null,
    });
    expect(
      (
        await send(test.server, 'PUT', one(company.IdSolicitud), {
          token: contractor.token,
          body: { IdSolicitud: company.IdSolicitud, Version: 1, Lineas: company.Lineas },
        })
      ).status,
    ).toBe(404);
    const workers = await send<{ data: { IdPersona: string; RutContratista: string | null }[] }>(
      test.server,
      'GET',
      `${EPP}/listas/lista_trabajadores/${ANDES.id}`,
      { token: contractor.token },
    );
    expect(workers.body.data.length).toBe(5);
    expect(workers.body.data.every((worker) => worker.RutContratista === own.body.data.RutContratista)).toBe(true);

    const client = await test.server.login('cliente@andesdemo.cl');
    expect((await send(test.server, 'GET', LIST, { token: client.token })).status).toBe(403);
    const pacifico = await test.server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect((await send(test.server, 'GET', LIST, { token: pacifico.token })).status).toBe(403);
    expect((await send(test.server, 'GET', one(company.IdSolicitud, PACIFICO.id), { token: pacifico.token })).body).toEqual({
      statusCode: 200,
      data: null,
    });
    expect(
      (await send(test.server, 'POST', `${EPP}/solicitud/despacho/${company.IdSolicitud}?${query(DISPATCH)}`, { token: pacifico.token }))
        .status,
    ).toBe(404);
  });

  it("edits sizes while pending with the spec's notice; refuses a size the item does not offer", async () => {
    const request = await twoWorkers();
    const Lineas = request.Lineas.map((row) => (row.Talla === 'L' ? { ...row, Talla: 'XL', Cantidad: 3 } : row));
    const edited = await send<Answer>(test.server, 'PUT', one(request.IdSolicitud), {
      token: test.admin.token,
      body: { IdSolicitud: request.IdSolicitud, Version: 1, Lineas },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe('Solicitud editada correctamente.');
    expect(edited.body.data.Lineas[0]).toMatchObject({ Talla: 'XL', Cantidad: 3 });
    const bad = request.Lineas.map((row) => (row.Talla === '42' ? { ...row, Talla: '50' } : row));
    const refused = await send<Answer>(test.server, 'PUT', one(request.IdSolicitud), {
      token: test.admin.token,
      body: { IdSolicitud: request.IdSolicitud, Version: 2, Lineas: bad },
    });
    expect(refused.body).toMatchObject({ statusCode: 400, message: 'Zapatos de seguridad: La talla indicada no es una de las del EPP' });
  });

  it("dispatches one with the spec's query fields; then it is no longer edited, deleted or dispatched again (409), and leaves the pending list", async () => {
    const request = await twoWorkers();
    const supervisor = await test.server.login('supervisor@andesdemo.cl');
    expect(
      (await send(test.server, 'POST', `${EPP}/solicitud/despacho/${request.IdSolicitud}?${query(DISPATCH)}`, { token: supervisor.token }))
        .status,
    ).toBe(403);
    for (const [fields, message] of [
      [{ ...DISPATCH, CodigoDespacho: ' ' }, 'El código de despacho es requerido'],
      [{ ...DISPATCH, DvDespachador: '4' }, 'El RUT de quien despacha no es válido'],
      [{ ...DISPATCH, RutDespachador: '12.345' }, 'El RUT de quien despacha no es válido'],
      [{ ...DISPATCH, NombreDespachador: '' }, 'El nombre de quien despacha es requerido'],
      [{ ...DISPATCH, FechaDespacho: 'ayer' }, 'La fecha debe tener el formato AAAA-MM-DD'],
    ] as const) {
      const refused = await send(test.server, 'POST', `${EPP}/solicitud/despacho/${request.IdSolicitud}?${query(fields)}`, {
        token: test.admin.token,
      });
      expect(refused.body, message).toMatchObject({ statusCode: 400, message });
    }
    const { CodigoDespacho: _code, ...withoutCode } = DISPATCH;
    expect(
      (
        await send(test.server, 'POST', `${EPP}/solicitud/despacho/${request.IdSolicitud}?${query(withoutCode)}`, {
          token: test.admin.token,
        })
      ).body,
    ).toMatchObject({ statusCode: 400, message: 'El código de despacho es requerido' });

    const dispatched = await send<Answer>(test.server, 'POST', `${EPP}/solicitud/despacho/${request.IdSolicitud}?${query(DISPATCH)}`, {
      token: test.admin.token,
    });
    expect(dispatched.status).toBe(200);
    expect(dispatched.body.message).toBe('Solicitud despachada correctamente');
    expect(dispatched.body.data).toMatchObject({
      Estado: 2,
      Version: 2,
      CodigoDespacho: 'GD-5001',
      FechaDespacho: '2026-11-22',
      RutDespachador: '12345678',
      DvDespachador: '5',
      NombreDespachador: 'Bodega Central',
      DespachadoPor: test.admin.userId,
    });
    const put = await send(test.server, 'PUT', one(request.IdSolicitud), {
      token: test.admin.token,
      body: { IdSolicitud: request.IdSolicitud, Version: 2, Lineas: request.Lineas.map((row) => ({ ...row, Cantidad: 5 })) },
    });
    expect(put.body).toMatchObject({
      statusCode: 409,
      code: 'SOLICITUD_DESPACHADA',
      message: 'La solicitud ya fue despachada: no se puede editar ni eliminar',
    });
    expect((await send(test.server, 'DELETE', `${one(request.IdSolicitud)}?Version=2`, { token: test.admin.token })).body).toMatchObject({
      statusCode: 409,
      code: 'SOLICITUD_DESPACHADA',
    });
    expect(
      (await send(test.server, 'POST', `${EPP}/solicitud/despacho/${request.IdSolicitud}`, { token: test.admin.token, body: DISPATCH }))
        .body,
    ).toMatchObject({ statusCode: 409, message: 'La solicitud ya fue despachada' });
    const pending = (await send<List>(test.server, 'GET', LIST, { token: test.admin.token })).body.data.filter((row) => row.Estado === 1);
    expect(pending.map((row) => row.IdSolicitud)).not.toContain(request.IdSolicitud);
  });

  it('dispatches many at once, all or none: one no longer pending refuses the whole call and nothing changes', async () => {
    const [a, b, c] = [await twoWorkers(), await twoWorkers(), await twoWorkers()];
    await send(test.server, 'POST', `${EPP}/solicitud/despacho/${c.IdSolicitud}?${query(DISPATCH)}`, { token: test.admin.token });
    const refused = await send(test.server, 'POST', `${EPP}/solicitud/despacho-masivo`, {
      token: test.admin.token,
      body: { ...DISPATCH, Ids: [a.IdSolicitud, b.IdSolicitud, c.IdSolicitud] },
    });
    expect(refused.body).toMatchObject({ statusCode: 409, code: 'SOLICITUD_DESPACHADA' });
    for (const request of [a, b])
      expect(
        (await send<{ data: EppSolicitud }>(test.server, 'GET', one(request.IdSolicitud), { token: test.admin.token })).body.data,
      ).toMatchObject({ Estado: 1, Version: 1 });
    expect(
      (
        await send(test.server, 'POST', `${EPP}/solicitud/despacho-masivo`, {
          token: test.admin.token,
          body: { ...DISPATCH, Ids: [a.IdSolicitud, uuidV7()] },
        })
      ).status,
    ).toBe(404);
    expect(
      (await send(test.server, 'POST', `${EPP}/solicitud/despacho-masivo`, { token: test.admin.token, body: { ...DISPATCH, Ids: [] } }))
        .body,
    ).toMatchObject({ statusCode: 400, message: 'Elige al menos una solicitud para despachar' });
    const done = await send<{ message: string; data: EppSolicitud[] }>(
      test.server,
      'POST',
      `${EPP}/solicitud/despacho-masivo?${query(DISPATCH)}`,
      { token: test.admin.token, body: { Ids: [a.IdSolicitud, b.IdSolicitud] } },
    );
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Solicitudes despachadas correctamente');
    expect(done.body.data.map((row) => [row.IdSolicitud, row.Estado, row.CodigoDespacho])).toEqual([
      [a.IdSolicitud, 2, 'GD-5001'],
      [b.IdSolicitud, 2, 'GD-5001'],
    ]);
  });

  it('an acta naming a dispatched request marks that worker delivered (its seal unchanged); with every worker signed the request is Entregada; the dispatch can no longer be undone', async () => {
    const request = await twoWorkers();
    const undone = await send(test.server, 'DELETE', `${EPP}/solicituddespachada/${request.IdSolicitud}/${ANDES.id}`, {
      token: test.admin.token,
    });
    expect(undone.body).toMatchObject({ statusCode: 409, code: 'SOLICITUD_PENDIENTE' });
    await send(test.server, 'POST', `${EPP}/solicitud/despacho/${request.IdSolicitud}?${query(DISPATCH)}`, { token: test.admin.token });
    const back = await send<Answer>(test.server, 'DELETE', `${EPP}/solicituddespachada/${request.IdSolicitud}/${ANDES.id}`, {
      token: test.admin.token,
    });
    expect(back.body).toMatchObject({
      statusCode: 200,
      message: 'Despacho anulado: la solicitud vuelve a estar pendiente',
      data: { Estado: 1, CodigoDespacho: null },
    });
    await send(test.server, 'POST', `${EPP}/solicitud/despacho/${request.IdSolicitud}?${query(DISPATCH)}`, { token: test.admin.token });

    // Sealed without the link, sent with it: the seal does not cover IdSolicitud.
    const first = await actaBody(test.server, { worker: 2, signatures: await signatures(test.server, test.admin.token) });
    expect((await postActa(test.server, test.admin.token, { ...first, IdSolicitud: request.IdSolicitud })).status).toBe(200);
    const half = (await send<{ data: EppSolicitud }>(test.server, 'GET', one(request.IdSolicitud), { token: test.admin.token })).body.data;
    const worker2 = await seededWorker(test.server, 2);
    expect(half.Estado).toBe(2);
    expect(half.Entregado).toEqual([
      {
        IdPersona: worker2.IdPersona,
        RunPersona: worker2.RunPersona.split('-')[0],
        DvPersona: worker2.RunPersona.split('-')[1],
        NombreCompleto: first.NombreTrabajador,
        IdEntregadosEpp: first.IdEntregadosEpp,
        Fecha: first.Fecha,
      },
    ]);
    expect(
      (await send(test.server, 'DELETE', `${EPP}/solicituddespachada/${request.IdSolicitud}/${ANDES.id}`, { token: test.admin.token }))
        .body,
    ).toMatchObject({ statusCode: 409, code: 'SOLICITUD_ENTREGADA' });

    // A worker the request does not name, or a request not dispatched: the acta stands, the request is untouched.
    const stranger = await actaBody(test.server, { worker: 4, signatures: await signatures(test.server, test.admin.token) });
    expect((await postActa(test.server, test.admin.token, { ...stranger, IdSolicitud: request.IdSolicitud })).status).toBe(200);
    const second = await actaBody(test.server, { worker: 3, signatures: await signatures(test.server, test.admin.token) });
    expect((await postActa(test.server, test.admin.token, { ...second, IdSolicitud: request.IdSolicitud })).status).toBe(200);
    const done = (await send<{ data: EppSolicitud }>(test.server, 'GET', one(request.IdSolicitud), { token: test.admin.token })).body.data;
    expect(done.Estado).toBe(3);
    expect(done.Entregado.map((row) => row.IdEntregadosEpp)).toEqual([first.IdEntregadosEpp, second.IdEntregadosEpp]);
  });

  it('the pending list shrinks when a pending request is deleted (spec section 4); deleting again answers 200', async () => {
    const pending = async () =>
      (await send<List>(test.server, 'GET', LIST, { token: test.admin.token })).body.data.filter((row) => row.Estado === 1).length;
    const request = await twoWorkers();
    const before = await pending();
    const deleted = await send<Answer>(test.server, 'DELETE', `${one(request.IdSolicitud)}?Version=1`, { token: test.admin.token });
    expect(deleted.body).toMatchObject({ statusCode: 200, message: 'Solicitud eliminada correctamente' });
    expect(await pending()).toBe(before - 1);
    expect((await send(test.server, 'DELETE', one(request.IdSolicitud), { token: test.admin.token })).status).toBe(200);
  });

  it('lists who may dispatch (the administrator, not the supervisor) and carries the demo requests: two pending of the company, one of the contractor, one dispatched', async () => {
    const dispatchers = await send<{ data: { Nombre: string; RutDespachador: string; DvDespachador: string }[] }>(
      test.server,
      'GET',
      `${EPP}/solicitud/listas/lista_despachadores/${ANDES.id}`,
      { token: test.admin.token },
    );
    expect(dispatchers.body.data.map((row) => row.Nombre)).toContain('Carolina Muñoz Soto');
    expect(dispatchers.body.data.map((row) => row.Nombre)).not.toContain(expect.stringContaining('Jorge'));
    const demo = (await send<List>(test.server, 'GET', LIST, { token: test.admin.token })).body.data;
    expect(demo.map((row) => [row.Estado, row.CodigoDespacho, new Set(row.Lineas.map((l) => l.IdPersona)).size])).toEqual([
      [2, 'GD-10234', 2],
      [1, null, 1],
      [1, null, 2],
    ]);
    expect(demo.find((row) => row.Estado === 2)!.IdSolicitud).toBe(seedId(ANDES.id, 'solicitud-epp', 3));
    const contractor = await test.server.login('contratista@andesdemo.cl');
    expect((await send<List>(test.server, 'GET', LIST, { token: contractor.token })).body.data.map((row) => row.IdSolicitud)).toEqual([
      seedId(ANDES.id, 'solicitud-epp', 2),
    ]);
  });
});

describe('requests in a batch', () => {
  it('are signed with the name the same batch gave the user before them', async () => {
    const profile = {
      Nombres: 'Renata',
      ApellidoPaterno: 'Vidal',
      ApellidoMaterno: 'Soto',
      TelefonoPersona: '+56 9 1234 5678',
      FechaNacimiento: '1985-04-12',
    };
    const request = { IdSolicitud: uuidV7(), IdEvaluacion: null, Fecha: '2026-11-21', Lineas: [await line(2, 'casco')] };
    const before = { IdSolicitud: uuidV7(), IdEvaluacion: null, Fecha: '2026-11-21', Lineas: [await line(3, 'guantes', 'M')] };
    const answer = await sendBatch(test.server, test.admin.token, [
      { key: uuidV7(), method: 'POST', path: LIST, body: before },
      { key: uuidV7(), method: 'PUT', path: `/api/perfil/perfil_usuario/${test.admin.userId}/${ANDES.id}`, body: profile },
      { key: uuidV7(), method: 'POST', path: LIST, body: request },
    ]);
    expect(answer.body.results.map((result) => result.status)).toEqual([200, 200, 200]);
    const [first, , second] = answer.body.results.map((result) => (result.body as Answer).data);
    expect(first!.Solicitante).not.toContain('Renata');
    expect(second!.Solicitante).toBe('Renata Vidal Soto');
  });
});
