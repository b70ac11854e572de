import { describe, expect, it } from 'vitest';
import type { InformeFila } from '#sync/schemas/capacitaciones-informes.schema.ts';
import type { Capacitacion } from '#sync/schemas/capacitaciones.schema.ts';
import { ANDES, PACIFICO, serverForEachTest } from './support/api-harness.ts';
import {
  CAPACITACIONES,
  CREADAS,
  REALIZAR,
  realisationBody,
  SEEDED_TYPE,
  sessionBody,
  signature,
  write,
} from './support/capacitaciones-factory.ts';
import { send } from './support/sync-harness.ts';
import { SEEDED } from './support/trabajadores-factory.ts';

const test = serverForEachTest();
const EPP = SEEDED_TYPE('epp');
const CLIENT = 'CLI-001';

/**
 * Two realised sessions: one of the company (worker 1 is the contractor's, worker 2 the company's) and one held
 * for the contractor and the client (workers 3 and 6).
 */
async function twoSessions() {
  const { server, admin } = test;
  const firma = await signature(server, admin.token);
  const make = async (fields: Parameters<typeof sessionBody>[1], workers: number[]) => {
    const body = sessionBody(EPP, {
      ...fields,
      Participantes: workers.map((n) => ({ Id: crypto.randomUUID(), IdPersona: SEEDED.worker(n) })),
    });
    const created = (await write(server, admin.token, 'POST', CREADAS, body)).body.data;
    return (await write(server, admin.token, 'PUT', REALIZAR, realisationBody(created, firma, null, { FechaRealizacion: '2025-05-05' })))
      .body.data;
  };
  const company = await make({ Tema: 'EPP para la empresa' }, [1, 2]);
  const parties = await make({ Tema: 'EPP para el contratista', RutContratista: SEEDED.contractorRut, IdCliente: CLIENT }, [3, 6]);
  return { company, parties };
}

const report = (token: string, body: Record<string, unknown> = {}) =>
  send<{ data: InformeFila[]; total: number }>(test.server, 'POST', `${CAPACITACIONES}/informes/informe/${ANDES.id}`, {
    token,
    body: { start: '2025-05', end: '2025-05', ...body },
  });
const ids = (sessions: { IdCapacitacion: string }[]) => sessions.map((session) => session.IdCapacitacion);

describe('contractor and client users see only their own (server-enforced, SPEC PL7)', () => {
  it('a contractor reads the sessions held for it, its workers attendance in any session, and their certificates', async () => {
    const { company, parties } = await twoSessions();
    const contractor = await test.server.login('contratista@andesdemo.cl');
    const list = await send<{ data: Capacitacion[] }>(test.server, 'GET', `${CREADAS}/${ANDES.id}`, { token: contractor.token });
    expect(ids(list.body.data)).toEqual([parties.IdCapacitacion]);
    expect(
      (await send<{ data: unknown }>(test.server, 'GET', `${CREADAS}/${company.IdCapacitacion}/${ANDES.id}`, { token: contractor.token }))
        .body.data,
    ).toBeNull();
    const realised = await send<{ data: Capacitacion[] }>(test.server, 'GET', `${CAPACITACIONES}/realizadas/${ANDES.id}`, {
      token: contractor.token,
    });
    expect(ids(realised.body.data)).toEqual([parties.IdCapacitacion]);
    const rows = await report(contractor.token);
    expect(rows.body.data.map((row) => row.IdPersona).sort()).toEqual([1, 3, 6].map(SEEDED.worker).sort());
    const total = await send<{ total: number }>(
      test.server,
      'GET',
      `${CAPACITACIONES}/dashboard/TotalAsistentes/${ANDES.id}?start=2025-05-01&end=2025-05-31&RutContratista=11111111-1`,
      { token: contractor.token },
    );
    expect(total.body.total).toBe(3);
    const certificate = (id: string) =>
      send(test.server, 'POST', `${CAPACITACIONES}/recursos-app/pdf`, {
        token: contractor.token,
        body: { IdObjeto: id, Empresa: ANDES.id },
      });
    const [own, other] = company.Participantes;
    expect((await certificate(own!.Id)).status).toBe(200);
    expect((await certificate(other!.Id)).body).toMatchObject({ statusCode: 404, message: 'Participante no encontrado' });
    // Its role reads trainings; it does not create them.
    expect((await write(test.server, contractor.token, 'POST', CREADAS, sessionBody(EPP))).body).toMatchObject({
      statusCode: 403,
      code: 'SIN_PERMISO',
    });
  });

  it('a client reads only the sessions and attendance held for it, and pulls only those', async () => {
    const { company, parties } = await twoSessions();
    const client = await test.server.login('cliente@andesdemo.cl');
    const realised = await send<{ data: Capacitacion[] }>(test.server, 'GET', `${CAPACITACIONES}/realizadas/${ANDES.id}`, {
      token: client.token,
    });
    expect(ids(realised.body.data)).toEqual([parties.IdCapacitacion]);
    const rows = await report(client.token, { RutCliente: 'OTRO' });
    expect(rows.body.data.map((row) => row.IdCapacitacion)).toEqual([parties.IdCapacitacion, parties.IdCapacitacion]);
    const pulled = await send<{ changes: { table: string; id: string }[] }>(test.server, 'GET', '/api/sync/changes', {
      token: client.token,
    });
    const sessions = pulled.body.changes.filter((change) => change.table === 'capacitaciones').map((change) => change.id);
    expect(sessions).toContain(parties.IdCapacitacion);
    expect(sessions).not.toContain(company.IdCapacitacion);
  });

  it('a contractor device pulls the sessions held for it and no others; company users pull all', async () => {
    const { company, parties } = await twoSessions();
    const contractor = await test.server.login('contratista@andesdemo.cl');
    type Page = { changes: { table: string; id: string }[]; cursor: number; more: boolean };
    // Every page, as a device pulls: the demo's changes do not fit in one.
    const pulled = async (token: string) => {
      const ids: string[] = [];
      for (let since = 0, more = true; more; ) {
        const page = (await send<Page>(test.server, 'GET', `/api/sync/changes?since=${since}`, { token })).body;
        ids.push(...page.changes.filter((change) => change.table === 'capacitaciones').map((change) => change.id));
        [since, more] = [page.cursor, page.more];
      }
      return ids;
    };
    const mine = await pulled(contractor.token);
    expect(mine).toContain(parties.IdCapacitacion);
    expect(mine).not.toContain(company.IdCapacitacion);
    expect(await pulled(test.admin.token)).toEqual(expect.arrayContaining([company.IdCapacitacion, parties.IdCapacitacion]));
  });

  it("another company's token reaches none of it", async () => {
    const { company } = await twoSessions();
    const other = await test.server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect((await send<{ data: unknown[] }>(test.server, 'GET', `${CREADAS}/${PACIFICO.id}`, { token: other.token })).body.data).toEqual(
      [],
    );
    expect(
      (await send<{ data: unknown }>(test.server, 'GET', `${CREADAS}/${company.IdCapacitacion}/${PACIFICO.id}`, { token: other.token }))
        .body.data,
    ).toBeNull();
    expect(
      (await send(test.server, 'POST', `${CAPACITACIONES}/informes/informe/${ANDES.id}`, { token: other.token, body: {} })).status,
    ).toBe(403);
    expect(
      (
        await send<{ total: number }>(test.server, 'POST', `${CAPACITACIONES}/informes/informe/${PACIFICO.id}`, {
          token: other.token,
          body: { start: '2025-05', end: '2025-05' },
        })
      ).body.total,
    ).toBe(0);
    expect((await write(test.server, other.token, 'DELETE', `${CREADAS}/${company.IdCapacitacion}`)).status).toBe(404);
    expect(
      (
        await write(test.server, other.token, 'POST', `${CAPACITACIONES}/creadas/participantes`, {
          IdCapacitacion: company.IdCapacitacion,
          IdPersona: SEEDED.worker(5),
        })
      ).status,
    ).toBe(404);
    expect((await write(test.server, other.token, 'DELETE', `${CAPACITACIONES}/detalles/${company.Participantes[0]!.Id}`)).status).toBe(
      404,
    );
    expect(
      (
        await write(test.server, other.token, 'POST', `${CAPACITACIONES}/recursos-app/pdf`, {
          IdObjeto: company.Participantes[0]!.Id,
          Empresa: PACIFICO.id,
        })
      ).status,
    ).toBe(404);
  });
});
