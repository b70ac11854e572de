import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { actaSeal } from '#sync/domain/epp-delivery.ts';
import { personName } from '#sync/domain/person-name.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { EPP_ENTREGAS_MESSAGES, type EppEntrega, type EppVerification } from '#sync/schemas/epp-entregas.schema.ts';
import { ANDES, PACIFICO, serverForEachTest } from './support/api-harness.ts';
import {
  actaBody,
  actaPath,
  demoUser,
  ENTREGADOS,
  postActa,
  rowCount,
  SEEDED_ACTA,
  SEEDED_EPP,
  seededWorker,
  signatures,
} from './support/epp-factory.ts';
import { send } from './support/sync-harness.ts';
import { SEEDED, updateWorker } from './support/trabajadores-factory.ts';

const test = serverForEachTest();

type One = { statusCode: number; data: EppEntrega | null; Urls: Record<string, string> };
const footprint = async () =>
  Promise.all((['epp_entregas', 'epp_entregas_lineas', 'cambios'] as const).map((table) => rowCount(test.server, table)));

describe('EPP delivery actas (spec "Delivered": POST epp/entregados, GET, PUT and DELETE one/{company}/{id})', () => {
  it("EP2: stores one worker's sealed acta with the server's receipt time, its lines as rows with their expiry, " +
    'and a change-log row for its parties', async () => {
    const body = await actaBody(test.server, { worker: 2, signatures: await signatures(test.server, test.admin.token) });
    test.server.clock.advance(60_000);
    const created = await postActa(test.server, test.admin.token, body);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ statusCode: 200, message: 'Entrega de EPP registrada correctamente' });
    const data = created.body.data as unknown as EppEntrega;
    expect(data).toMatchObject({
      IdEntregadosEpp: body.IdEntregadosEpp,
      Sello: body.Sello,
      RecibidoEn: test.server.clock.now().toISOString(),
      FirmadoEn: body.FirmadoEn,
      Anulada: 0,
      RutContratista: null,
      Version: 1,
    });
    // Casco lasts 24 months; gloves 1 (clamped to the month's end).
    expect(data.Items.map((item) => [item.NombreEpp, item.Talla, item.Cantidad, item.VenceEl])).toEqual([
      ['Casco de seguridad', '', 1, '2028-11-21'],
      ['Guantes de cabritilla', 'L', 2, '2026-12-21'],
    ]);
    const lines = await test.server.deps.db
      .selectFrom('epp_entregas_lineas')
      .selectAll()
      .where('IdEntregadosEpp', '=', body.IdEntregadosEpp)
      .orderBy('Orden')
      .execute();
    expect(lines.map((line) => [line.IdEpp, line.VenceEl, line.IdPersona])).toEqual([
      [SEEDED_EPP('casco'), '2028-11-21', body.IdPersona],
      [SEEDED_EPP('guantes'), '2026-12-21', body.IdPersona],
    ]);
    const change = await test.server.deps.db.selectFrom('cambios').selectAll().orderBy('Seq', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(change).toMatchObject({ Tabla: 'epp_entregas', IdRegistro: body.IdEntregadosEpp, Operacion: 'upsert', Audiencia: 'partes::' });
    const one = await send<One>(test.server, 'GET', actaPath(body.IdEntregadosEpp), { token: test.admin.token });
    expect(one.body.data).toEqual(data);
    expect(Object.keys(one.body.Urls).sort()).toEqual([body.Entregador.Firma.Sha256, body.FirmaTrabajador.Sha256].sort());
  });

  it('EP2: refuses an acta whose seal does not match what arrived, writing nothing', async () => {
    const body = await actaBody(test.server, { worker: 2, signatures: await signatures(test.server, test.admin.token) });
    const before = await footprint();
    const tampered = { ...body, Items: [{ ...body.Items[0]!, Cantidad: 3 }, body.Items[1]!] };
    const refused = await postActa(test.server, test.admin.token, tampered);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: 'El sello del acta no coincide con su contenido: la entrega no se guardó',
      code: 'SELLO_DISTINTO',
    });
    // Sealed for another company: the server seals with the token's company.
    const other = await actaBody(test.server, {
      worker: 2,
      signatures: await signatures(test.server, test.admin.token),
      company: PACIFICO.id,
      overrides: { IdEmpresa: undefined },
    });
    expect((await postActa(test.server, test.admin.token, other)).body).toMatchObject({ code: 'SELLO_DISTINTO' });
    expect(await footprint()).toEqual(before);
  });

  it('EP3: a sealed acta is never edited: PUT answers 409 saying why (404 when there is none), and nothing changes', async () => {
    const body = await actaBody(test.server, { worker: 3, signatures: await signatures(test.server, test.admin.token) });
    await postActa(test.server, test.admin.token, body);
    const put = await send(test.server, 'PUT', actaPath(body.IdEntregadosEpp), { token: test.admin.token, body: { Motivo: 2 } });
    expect(put.status).toBe(409);
    expect(put.body).toEqual({
      statusCode: 409,
      message:
        'Esta acta de entrega está sellada y no se puede editar. Para corregirla, anúlala y registra una nueva entrega que indique el acta que corrige.',
      code: 'ACTA_SELLADA',
    });
    expect((await send(test.server, 'PUT', actaPath(uuidV7()), { token: test.admin.token, body: {} })).status).toBe(404);
    // Not even the database takes a change of what the seal covers.
    await expect(
      sql`UPDATE epp_entregas SET "Motivo" = 2 WHERE "IdEntregadosEpp" = ${body.IdEntregadosEpp}`.execute(test.server.deps.db),
    ).rejects.toThrow(/sellada/);
    await expect(
      sql`UPDATE epp_entregas_lineas SET "Cantidad" = 9 WHERE "IdEntregadosEpp" = ${body.IdEntregadosEpp}`.execute(test.server.deps.db),
    ).rejects.toThrow(/sellada/);
    // EP6: nor of the version of the form it was sealed under, which the verification seals it again with.
    await expect(
      sql`UPDATE epp_entregas SET "VersionSello" = 1 WHERE "IdEntregadosEpp" = ${body.IdEntregadosEpp}`.execute(test.server.deps.db),
    ).rejects.toThrow(/sellada/);
    await expect(
      sql`UPDATE epp_entregas SET "NombreTrabajador" = 'Persona Inventada' WHERE "IdEntregadosEpp" = ${body.IdEntregadosEpp}`.execute(
        test.server.deps.db,
      ),
    ).rejects.toThrow(/sellada/);
  });

  it('EP3: DELETE annuls the acta: kept with its seal, marked with who and when, as an update devices pull; again is 200; a stale Version is a conflict', async () => {
    const body = await actaBody(test.server, { worker: 4, signatures: await signatures(test.server, test.admin.token) });
    await postActa(test.server, test.admin.token, body);
    const stale = await send(test.server, 'DELETE', `${actaPath(body.IdEntregadosEpp)}?Version=7`, { token: test.admin.token });
    expect(stale.body).toMatchObject({ statusCode: 409, code: 'CONFLICTO' });
    test.server.clock.advance(3_600_000);
    const annulled = await send<{ message: string; data: EppEntrega }>(
      test.server,
      'DELETE',
      `${actaPath(body.IdEntregadosEpp)}?Version=1`,
      { token: test.admin.token },
    );
    expect(annulled.status).toBe(200);
    expect(annulled.body.message).toBe('Entrega de EPP anulada correctamente');
    expect(annulled.body.data).toMatchObject({
      Anulada: 1,
      AnuladaPor: 'Carolina Muñoz Soto',
      AnuladaEn: test.server.clock.now().toISOString(),
      Estado: 1,
      Version: 2,
      Sello: body.Sello,
    });
    const change = await test.server.deps.db.selectFrom('cambios').selectAll().orderBy('Seq', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(change).toMatchObject({ Tabla: 'epp_entregas', Operacion: 'upsert' });
    expect((await send(test.server, 'DELETE', actaPath(body.IdEntregadosEpp), { token: test.admin.token })).status).toBe(200);
    const list = await send<{ data: EppEntrega[] }>(test.server, 'GET', `${ENTREGADOS}/${ANDES.id}`, { token: test.admin.token });
    expect(list.body.data.find((row) => row.IdEntregadosEpp === body.IdEntregadosEpp)).toMatchObject({ Anulada: 1 });
    // The supervisor delivers but does not annul.
    const supervisor = await test.server.login('supervisor@andesdemo.cl');
    expect((await send(test.server, 'DELETE', actaPath(SEEDED_ACTA(1)), { token: supervisor.token })).body).toMatchObject({
      statusCode: 403,
      code: 'SIN_PERMISO',
    });
  });

  it('EP3: a correction is a new acta that names the acta of the same worker it corrects', async () => {
    const first = await actaBody(test.server, { worker: 6, signatures: await signatures(test.server, test.admin.token) });
    await postActa(test.server, test.admin.token, first);
    const correction = await actaBody(test.server, {
      worker: 6,
      signatures: await signatures(test.server, test.admin.token),
      overrides: { Corrige: first.IdEntregadosEpp },
    });
    expect((await postActa(test.server, test.admin.token, correction)).body).toMatchObject({
      statusCode: 200,
      data: { Corrige: first.IdEntregadosEpp },
    });
    const wrongWorker = await actaBody(test.server, {
      worker: 7,
      signatures: await signatures(test.server, test.admin.token),
      overrides: { Corrige: first.IdEntregadosEpp },
    });
    expect((await postActa(test.server, test.admin.token, wrongWorker)).body).toMatchObject({
      statusCode: 400,
      message: 'El acta que se corrige no existe o es de otro trabajador',
    });
  });

  it('refuses bad input with the Spanish message and writes nothing', async () => {
    const sigs = await signatures(test.server, test.admin.token);
    const before = await footprint();
    const cases: [Record<string, unknown>, string][] = [
      [
        { Motivo: 7 },
        'El motivo de entrega debe ser 1 (Inducción), 2 (Reposición por daño), 3 (Reposición normal), 4 (Inicio de temporada) o 5 (Garantía)',
      ],
      [{ Items: [] }, 'La entrega debe tener al menos un EPP'],
      [
        { Items: [{ IdLinea: uuidV7(), IdEpp: uuidV7(), NombreEpp: 'Inventado', Talla: '', Cantidad: 1 }] },
        'Un EPP de la entrega no existe en el catálogo',
      ],
      [
        { Items: [{ IdLinea: uuidV7(), IdEpp: SEEDED_EPP('guantes'), NombreEpp: 'Guantes de cabritilla', Talla: 'XXL', Cantidad: 1 }] },
        'La talla indicada no es una de las del EPP',
      ],
      [
        { Items: [{ IdLinea: uuidV7(), IdEpp: SEEDED_EPP('zapatos'), NombreEpp: 'Zapatos de seguridad', Talla: '', Cantidad: 1 }] },
        'Indica la talla de cada EPP que tiene tallas',
      ],
      [
        { Items: [{ IdLinea: uuidV7(), IdEpp: SEEDED_EPP('casco'), NombreEpp: 'Casco de seguridad', Talla: '', Cantidad: 0 }] },
        'La cantidad debe ser un número entero entre 1 y 99',
      ],
      [{ RunPersona: '11111111-1' }, 'El RUT del acta no es el del trabajador indicado'],
      [{ IdPersona: uuidV7() }, 'El trabajador indicado no existe'],
      [{ FirmadoEn: '2026-11-21 11:50' }, 'La hora de la firma debe tener fecha, hora y zona horaria'],
      [{ Entregador: { Nombre: ' ', Rut: '15234567-4', Firma: sigs.deliverer } }, 'El nombre de quien entrega es requerido'],
    ];
    for (const [overrides, message] of cases) {
      let body: unknown;
      try {
        body = await actaBody(test.server, { worker: 2, signatures: sigs, overrides });
      } catch {
        // The device's schema already refuses it: send it as a broken device would.
        body = { ...(await actaBody(test.server, { worker: 2, signatures: sigs })), ...overrides };
      }
      const answer = await postActa(test.server, test.admin.token, body);
      expect(answer.body, message).toMatchObject({ statusCode: 400, message });
    }
    expect(await footprint()).toEqual(before);
  });

  it('waits for its signatures (409 ARCHIVO_PENDIENTE) and takes the same acta again under the same key once', async () => {
    const sigs = await signatures(test.server, test.admin.token);
    const missing = await actaBody(test.server, {
      worker: 2,
      signatures: { ...sigs, worker: { Sha256: 'f'.repeat(64), Tipo: 'image/png' } },
    });
    expect((await postActa(test.server, test.admin.token, missing)).body).toMatchObject({ statusCode: 409, code: 'ARCHIVO_PENDIENTE' });
    const body = await actaBody(test.server, { worker: 2, signatures: sigs });
    const key = uuidV7();
    expect((await postActa(test.server, test.admin.token, body, key)).status).toBe(200);
    expect((await postActa(test.server, test.admin.token, body, key)).status).toBe(200);
    expect((await postActa(test.server, test.admin.token, body, uuidV7())).body).toMatchObject({ statusCode: 409, code: 'CONFLICTO' });
    expect(
      await test.server.deps.db
        .selectFrom('epp_entregas')
        .select('IdEntregadosEpp')
        .where('IdEntregadosEpp', '=', body.IdEntregadosEpp)
        .execute(),
    ).toHaveLength(1);
  });

  it("EP5, PL7: a contractor sees only its own workers' actas; a client only the actas made for it", async () => {
    const sigs = await signatures(test.server, test.admin.token);
    const ownWorker = await actaBody(test.server, { worker: 9, signatures: sigs });
    const companyWorker = await actaBody(test.server, { worker: 10, signatures: sigs, overrides: { IdCliente: 'CLI-001' } });
    await postActa(test.server, test.admin.token, ownWorker);
    await postActa(test.server, test.admin.token, companyWorker);

    const contractor = await test.server.login('contratista@andesdemo.cl');
    const seen = await send<{ data: EppEntrega[] }>(test.server, 'GET', `${ENTREGADOS}/${ANDES.id}`, { token: contractor.token });
    expect(seen.body.data.length).toBeGreaterThan(0);
    expect(seen.body.data.every((row) => row.RutContratista === '78945612-7')).toBe(true);
    expect(seen.body.data.map((row) => row.IdEntregadosEpp)).toContain(ownWorker.IdEntregadosEpp);
    expect(
      (await send<One>(test.server, 'GET', actaPath(companyWorker.IdEntregadosEpp), { token: contractor.token })).body.data,
    ).toBeNull();

    const client = await test.server.login('cliente@andesdemo.cl');
    const clientSees = await send<{ data: EppEntrega[] }>(test.server, 'GET', `${ENTREGADOS}/${ANDES.id}`, { token: client.token });
    expect(clientSees.body.data.map((row) => row.IdEntregadosEpp)).toEqual([companyWorker.IdEntregadosEpp]);
    expect((await send<One>(test.server, 'GET', actaPath(ownWorker.IdEntregadosEpp), { token: client.token })).body.data).toBeNull();

    // What they pull is limited the same way.
    const pulled = await send<{ changes: { table: string; id: string }[] }>(test.server, 'GET', '/api/sync/changes', {
      token: client.token,
    });
    expect(pulled.body.changes.filter((change) => change.table === 'epp_entregas').map((change) => change.id)).toEqual([
      companyWorker.IdEntregadosEpp,
    ]);
  });

  it("is scoped to the token's company", async () => {
    const pacifico = await test.server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect((await send(test.server, 'GET', actaPath(SEEDED_ACTA(1)), { token: pacifico.token })).status).toBe(403);
    expect((await send<One>(test.server, 'GET', actaPath(SEEDED_ACTA(1), PACIFICO.id), { token: pacifico.token })).body.data).toBeNull();
    expect((await send(test.server, 'DELETE', actaPath(SEEDED_ACTA(1), PACIFICO.id), { token: pacifico.token })).status).toBe(404);
    const answer = await send<{ data: EppEntrega[] }>(test.server, 'GET', `${ENTREGADOS}/${PACIFICO.id}`, { token: pacifico.token });
    expect(answer.body.data).toEqual([]);
  });

  it('the demo holds sealed actas whose seals the server recomputes, some with expired items, one annulled and corrected', async () => {
    const list = await send<{ data: EppEntrega[] }>(test.server, 'GET', `${ENTREGADOS}/${ANDES.id}`, { token: test.admin.token });
    expect(list.body.data.length).toBeGreaterThanOrEqual(10);
    for (const acta of list.body.data) expect(await actaSeal(ANDES.id, acta)).toBe(acta.Sello);
    // EP6: sealed by the app today (version 2), and one by an older app (version 1) that still verifies.
    expect([...new Set(list.body.data.map((acta) => acta.VersionSello))].sort()).toEqual([1, 2]);
    const today = '2026-11-21';
    expect(
      list.body.data.flatMap((acta) => acta.Items).filter((item) => item.VenceEl !== null && item.VenceEl < today).length,
    ).toBeGreaterThan(3);
    const annulled = list.body.data.find((acta) => acta.Anulada === 1)!;
    expect(list.body.data.find((acta) => acta.Corrige === annulled.IdEntregadosEpp)).toBeDefined();
  });
});

describe('a sealed acta names only real people (SPEC EP6, EP7)', () => {
  const refused = (message: string) => ({ statusCode: 400, message });
  const verify = async (code: string) => (await test.server.request<{ data: EppVerification }>('GET', `/api/verificar/${code}`)).body.data;

  it("EP6: refuses an acta whose worker name is not the worker's, sealed or not, writing nothing; case, accents composed or not and spaces do not matter", async () => {
    const sigs = await signatures(test.server, test.admin.token);
    const before = await footprint();
    const invented = await actaBody(test.server, { worker: 2, signatures: sigs, overrides: { NombreTrabajador: 'Persona Inventada' } });
    expect((await postActa(test.server, test.admin.token, invented)).body).toMatchObject(refused(EPP_ENTREGAS_MESSAGES.workerNameMismatch));
    const worker = await seededWorker(test.server, 2);
    const partial = await actaBody(test.server, { worker: 2, signatures: sigs, overrides: { NombreTrabajador: worker.Nombres } });
    expect((await postActa(test.server, test.admin.token, partial)).body).toMatchObject(refused(EPP_ENTREGAS_MESSAGES.workerNameMismatch));
    expect(await footprint()).toEqual(before);

    const written = `${personName(worker).toUpperCase().normalize('NFD').replace(/ /g, '  ')}`;
    const accepted = await actaBody(test.server, { worker: 2, signatures: sigs, overrides: { NombreTrabajador: written } });
    const answer = await postActa(test.server, test.admin.token, accepted);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ NombreTrabajador: written, VersionSello: 2 });
    expect(await verify(accepted.Sello)).toMatchObject({ SelloCoincide: true, VersionSello: 2 });
  });

  it('EP6: a worker renamed by the office while the tablet was offline: the acta signed under the earlier name is still theirs; a name never held is not', async () => {
    const sigs = await signatures(test.server, test.admin.token);
    const worker = await seededWorker(test.server, 3);
    const signedOffline = await actaBody(test.server, { worker: 3, signatures: sigs });
    // Renamed twice before the tablet finds signal.
    const renamed = await updateWorker(test.server, test.admin.token, {
      IdPersona: worker.IdPersona,
      Version: worker.Version,
      Nombres: 'Renata',
      ApellidoPaterno: 'Nueva',
    });
    expect(renamed.status).toBe(200);
    expect(
      (
        await updateWorker(test.server, test.admin.token, {
          IdPersona: worker.IdPersona,
          Version: worker.Version + 1,
          ApellidoMaterno: 'Otra',
        })
      ).status,
    ).toBe(200);
    const history = await test.server.deps.db
      .selectFrom('nombres_anteriores')
      .selectAll()
      .where('Tabla', '=', 'trabajadores')
      .where('IdRegistro', '=', worker.IdPersona)
      .orderBy('HastaEn')
      .execute();
    expect(history.map((row) => personName(row))).toEqual([personName(worker), `Renata Nueva ${worker.ApellidoMaterno}`]);
    expect(history.every((row) => row.IdEmpresa === ANDES.id)).toBe(true);

    const answer = await postActa(test.server, test.admin.token, signedOffline);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ NombreTrabajador: personName(worker) });
    // The name in between and the current one are theirs too; a name never held is not.
    for (const NombreTrabajador of [`Renata Nueva ${worker.ApellidoMaterno}`, 'Renata Nueva Otra']) {
      expect(
        (
          await postActa(
            test.server,
            test.admin.token,
            await actaBody(test.server, { worker: 3, signatures: sigs, overrides: { NombreTrabajador } }),
          )
        ).status,
      ).toBe(200);
    }
    const never = await actaBody(test.server, {
      worker: 3,
      signatures: sigs,
      overrides: { NombreTrabajador: `Renata ${worker.ApellidoPaterno}` },
    });
    expect((await postActa(test.server, test.admin.token, never)).body).toMatchObject(refused(EPP_ENTREGAS_MESSAGES.workerNameMismatch));
  });

  it('EP7: the deliverer may be the user of the session, named as their account is (now or before), with its RUT; anyone else is refused', async () => {
    const sigs = await signatures(test.server, test.admin.token);
    const admin = await demoUser(test.server);
    const supervisor = await demoUser(test.server, 'supervisor@andesdemo.cl');
    const me = { Nombre: personName(admin), Rut: admin.RunPersona, IdUsuario: admin.IdUsuario, Firma: sigs.deliverer };
    const before = await footprint();
    const cases: [Record<string, unknown>, string][] = [
      [{ Entregador: { ...me, Rut: '11111111-1' } }, EPP_ENTREGAS_MESSAGES.delivererUserMismatch],
      [{ Entregador: { ...me, Nombre: 'Gerente General' } }, EPP_ENTREGAS_MESSAGES.delivererUserMismatch],
      // The supervisor's name, RUT and account, sent with the administrator's token.
      [
        { Entregador: { ...me, Nombre: personName(supervisor), Rut: supervisor.RunPersona, IdUsuario: supervisor.IdUsuario } },
        EPP_ENTREGAS_MESSAGES.delivererNotUser,
      ],
      // Typed, as the previous version let anyone type, in a version-2 acta.
      [{ Entregador: { Nombre: 'Gerente General', Rut: '11111111-1', Firma: sigs.deliverer } }, EPP_ENTREGAS_MESSAGES.delivererUnknown],
      [{ Entregador: { ...me, IdPersona: SEEDED.worker(8) } }, EPP_ENTREGAS_MESSAGES.delivererUnknown],
    ];
    for (const [overrides, message] of cases) {
      let body: unknown;
      try {
        body = await actaBody(test.server, { worker: 2, signatures: sigs, overrides });
      } catch {
        // The device's schema already refuses it: send it as a broken device would, sealed as it came.
        const valid = await actaBody(test.server, { worker: 2, signatures: sigs });
        body = { ...valid, ...overrides, Sello: await actaSeal(ANDES.id, { ...valid, ...overrides } as never) };
      }
      expect((await postActa(test.server, test.admin.token, body)).body, message).toMatchObject(refused(message));
    }
    expect(await footprint()).toEqual(before);

    const signedOffline = await actaBody(test.server, { worker: 2, signatures: sigs });
    const answer = await postActa(test.server, test.admin.token, signedOffline);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      Entregador: { Nombre: 'Carolina Muñoz Soto', Rut: '13456789-9', IdUsuario: admin.IdUsuario },
      VersionSello: 2,
    });

    // She changes her name in Mi Perfil; an acta she signed before under her earlier name is still hers.
    const later = await actaBody(test.server, { worker: 4, signatures: sigs });
    const profile = await test.server.request('PUT', `/api/perfil/perfil_usuario/${admin.IdUsuario}/${ANDES.id}`, {
      token: test.admin.token,
      body: { Nombres: 'Carolina Andrea', ApellidoPaterno: 'Muñoz', ApellidoMaterno: 'Soto' },
    });
    expect(profile.status).toBe(200);
    expect((await postActa(test.server, test.admin.token, later)).status).toBe(200);
    const renamed = await actaBody(test.server, {
      worker: 4,
      signatures: sigs,
      overrides: { Entregador: { ...me, Nombre: 'Carolina Andrea Muñoz Soto' } },
    });
    expect((await postActa(test.server, test.admin.token, renamed)).status).toBe(200);
  });

  it('EP7: the deliverer may be a worker of the roster chosen by id, with their RUT and name (now or before); an unknown id, or another name or RUT, is refused', async () => {
    const sigs = await signatures(test.server, test.admin.token);
    const bodega = await seededWorker(test.server, 8);
    const them = { Nombre: personName(bodega), Rut: bodega.RunPersona, IdPersona: bodega.IdPersona, Firma: sigs.deliverer };
    const other = await seededWorker(test.server, 11);
    const before = await footprint();
    const cases: [Record<string, unknown>, string][] = [
      [{ Entregador: { ...them, IdPersona: uuidV7() } }, EPP_ENTREGAS_MESSAGES.delivererWorkerInvalid],
      [{ Entregador: { ...them, Nombre: 'Gerente General' } }, EPP_ENTREGAS_MESSAGES.delivererWorkerMismatch],
      [{ Entregador: { ...them, Nombre: personName(other) } }, EPP_ENTREGAS_MESSAGES.delivererWorkerMismatch],
      [{ Entregador: { ...them, Rut: other.RunPersona } }, EPP_ENTREGAS_MESSAGES.delivererWorkerMismatch],
    ];
    for (const [overrides, message] of cases) {
      const body = await actaBody(test.server, { worker: 2, signatures: sigs, overrides });
      expect((await postActa(test.server, test.admin.token, body)).body, message).toMatchObject(refused(message));
    }
    expect(await footprint()).toEqual(before);

    const signedOffline = await actaBody(test.server, { worker: 2, signatures: sigs, deliverer: { worker: 8 } });
    await updateWorker(test.server, test.admin.token, { IdPersona: bodega.IdPersona, Version: bodega.Version, Nombres: 'Bodeguero' });
    const answer = await postActa(test.server, test.admin.token, signedOffline);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      Entregador: { Nombre: personName(bodega), Rut: bodega.RunPersona, IdPersona: bodega.IdPersona },
      VersionSello: 2,
    });
    expect(await verify(signedOffline.Sello)).toMatchObject({ SelloCoincide: true });
  });

  it("EP6: an acta an older app queued (no VersionSello) is accepted under version 1, stored with the roster's name and VersionSello 1, and verifies", async () => {
    const sigs = await signatures(test.server, test.admin.token);
    const worker = await seededWorker(test.server, 6);
    const legacy = await actaBody(test.server, {
      worker: 6,
      signatures: sigs,
      deliverer: 'tipeado',
      overrides: { NombreTrabajador: 'Persona Inventada' },
    });
    expect(legacy).not.toHaveProperty('VersionSello');
    const answer = await postActa(test.server, test.admin.token, legacy);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      NombreTrabajador: personName(worker),
      VersionSello: 1,
      Entregador: { Nombre: 'Jorge Araya Rojas', Rut: '15234567-4' },
    });
    const row = await test.server.deps.db
      .selectFrom('epp_entregas')
      .select(['NombreTrabajador', 'VersionSello'])
      .where('IdEntregadosEpp', '=', legacy.IdEntregadosEpp)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ NombreTrabajador: personName(worker), VersionSello: 1 });
    expect(await verify(legacy.Sello)).toMatchObject({ SelloCoincide: true, VersionSello: 1 });

    // An acta that says version 1 yet names an account is no acta of an older app.
    const admin = await demoUser(test.server);
    const typed = await actaBody(test.server, { worker: 6, signatures: sigs, deliverer: 'tipeado' });
    const mixed = {
      ...typed,
      Entregador: { Nombre: personName(admin), Rut: admin.RunPersona, IdUsuario: admin.IdUsuario, Firma: sigs.deliverer },
    };
    expect((await postActa(test.server, test.admin.token, mixed)).body).toMatchObject(refused(EPP_ENTREGAS_MESSAGES.delivererUnknown));
  });
});
