import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { AsignadoFila, EntregadoFila, InformeSat, PendienteFila, VencidoFila } from '#sync/schemas/epp-consultas.schema.ts';
import type { ReportListAnswer } from '#sync/schemas/report-list.schema.ts';
import { seedId } from '#server/seed/demo-seed.ts';
import { ANDES, PACIFICO, serverForEachTest } from './support/api-harness.ts';
import { actaBody, actaPath, EPP, postActa, SEEDED_EPP, seededWorker, signatures } from './support/epp-factory.ts';
import { send } from './support/sync-harness.ts';

const test = serverForEachTest();

const consulta = (name: string, query = '', company = ANDES.id) => `${EPP}/consultas/${name}/${company}${query ? `?${query}` : ''}`;
async function get<Row>(path: string, token = test.admin.token) {
  const answer = await send<ReportListAnswer<Row> & { message?: string }>(test.server, 'GET', path, { token });
  return answer;
}
async function rows<Row>(name: string, query = '', token = test.admin.token): Promise<Row[]> {
  const answer = await get<Row>(consulta(name, `PorPagina=1000${query ? `&${query}` : ''}`), token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

const CANDADO = () => seedId(ANDES.id, 'epp', 'candado');
type Item = [key: 'casco' | 'lentes' | 'guantes' | 'zapatos' | 'chaleco' | 'auditivo', talla?: string];

/** A sealed acta for seeded worker `worker` on `fecha` with these items, through the real POST. */
async function deliver(
  worker: number,
  fecha: string,
  items: (Item | 'candado' | { IdEpp: string; NombreEpp: string; Talla: string })[],
  overrides: Record<string, unknown> = {},
) {
  const sigs = await signatures(test.server, test.admin.token);
  const Items = items.map((item) =>
    item === 'candado'
      ? { IdLinea: uuidV7(), IdEpp: CANDADO(), NombreEpp: 'Candado de bloqueo personal (LOTO)', Talla: '', Cantidad: 1 }
      : Array.isArray(item)
        ? { IdLinea: uuidV7(), IdEpp: SEEDED_EPP(item[0]), NombreEpp: item[0], Talla: item[1] ?? '', Cantidad: 1 }
        : { IdLinea: uuidV7(), IdEpp: item.IdEpp, NombreEpp: item.NombreEpp, Talla: item.Talla, Cantidad: 1 },
  );
  const body = await actaBody(test.server, {
    worker,
    signatures: sigs,
    overrides: { Fecha: fecha, FirmadoEn: `${fecha}T12:00:00.000Z`, Items, ...overrides },
  });
  const created = await postActa(test.server, test.admin.token, body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return body;
}

/**
 * Hand-built history (today is 2026-11-21 on the test clock), on workers the demo never delivered to:
 * worker 10 — lentes 2025-01-10 (6 months: expired 2025-07-10), guantes 2025-03-01 (expired) renewed 2026-11-01 (valid);
 * worker 11 — a padlock 2023-01-05 (useful life 0, never expires) and lentes 2025-01-01 in an acta later annulled.
 */
async function history() {
  await deliver(10, '2025-01-10', [['casco'], ['lentes']]);
  await deliver(10, '2025-03-01', [['guantes', 'M']]);
  await deliver(10, '2026-11-01', [['guantes', 'L']]);
  await deliver(11, '2023-01-05', ['candado']);
  const annulled = await deliver(11, '2025-01-01', [['lentes']]);
  const gone = await send(test.server, 'DELETE', `${actaPath(annulled.IdEntregadosEpp)}?Version=1`, { token: test.admin.token });
  expect(gone.status).toBe(200);
  return { w10: (await seededWorker(test.server, 10)).IdPersona, w11: (await seededWorker(test.server, 11)).IdPersona };
}

describe('EPP consultas (spec 2.3 epp/consultas/*): the lists and their rules', () => {
  it('vencidos and epp_vencidos: an item past its life and not renewed; a renewed one, useful life 0 and an annulled acta are not expired', async () => {
    const { w10, w11 } = await history();
    const vencidos = await rows<VencidoFila>('vencidos');
    const ten = vencidos.find((row) => row.IdPersona === w10);
    expect(ten).toMatchObject({ Vencidos: 1, Epps: 'Lentes de seguridad claros', VencidoDesde: '2025-07-10' });
    expect(ten!.Nombre).toContain((await seededWorker(test.server, 10)).Nombres);
    expect(vencidos.some((row) => row.IdPersona === w11)).toBe(false);
    const lines = await rows<EntregadoFila>('epp_vencidos');
    expect(lines.filter((row) => row.IdPersona === w10).map((row) => [row.NombreEpp, row.Fecha, row.VenceEl, row.Estado])).toEqual([
      ['lentes', '2025-01-10', '2025-07-10', 'vencida'],
    ]);
    expect(lines.some((row) => row.IdPersona === w11)).toBe(false);
    // The demo's padlock, delivered 600 days ago, never expires either; the demo's worker 1 holds expired items.
    expect(lines.some((row) => row.IdEpp === CANDADO())).toBe(false);
    expect(vencidos.some((row) => row.IdPersona === seedId(ANDES.id, 'trabajador', 1))).toBe(true);
    // By item: each item's lines together.
    const order = lines.map((row) => row.IdEpp).filter((id, index, all) => index === 0 || all[index - 1] !== id);
    expect(order).toEqual([...new Set(order)]);
  });

  it('entregados: every line of the non-annulled actas with size, quantity, date, expiry and state; the dates filter the delivery day', async () => {
    const { w10, w11 } = await history();
    const all = await rows<EntregadoFila>('entregados');
    expect(
      all.filter((row) => row.IdPersona === w10).map((row) => [row.Fecha, row.NombreEpp, row.Talla, row.Cantidad, row.VenceEl, row.Estado]),
    ).toEqual([
      ['2026-11-01', 'guantes', 'L', 1, '2026-12-01', 'por-vencer'],
      ['2025-03-01', 'guantes', 'M', 1, '2025-04-01', 'vencida'],
      ['2025-01-10', 'casco', '', 1, '2027-01-10', 'vigente'],
      ['2025-01-10', 'lentes', '', 1, '2025-07-10', 'vencida'],
    ]);
    expect(all.filter((row) => row.IdPersona === w11).map((row) => [row.NombreEpp, row.VenceEl, row.Estado])).toEqual([
      ['Candado de bloqueo personal (LOTO)', null, 'vigente'],
    ]);
    const ranged = await rows<EntregadoFila>('entregados', 'FechaInicio=2025-01-01&FechaTermino=2025-03-01');
    expect(ranged.every((row) => row.Fecha >= '2025-01-01' && row.Fecha <= '2025-03-01')).toBe(true);
    expect(ranged.filter((row) => row.IdPersona === w10)).toHaveLength(3);
    // A date filter never turns a renewed item into an expired one: vencidos reads what is held today.
    const old = await rows<VencidoFila>('vencidos', 'FechaInicio=2025-03-01&FechaTermino=2025-03-01');
    expect(old.some((row) => row.IdPersona === w10)).toBe(false);
  });

  it('asignados and pendientes_entrega: what each worker must hold, and what they hold no valid delivery of', async () => {
    const { w10 } = await history();
    const required = (await rows<AsignadoFila>('asignados')).filter((row) => row.IdPersona === w10);
    expect(required.length).toBeGreaterThan(0);
    expect(required[0]!.Cargos).not.toBe('');
    const pending = (await rows<PendienteFila>('pendientes_entrega')).filter((row) => row.IdPersona === w10);
    const valid = new Set([SEEDED_EPP('casco'), SEEDED_EPP('guantes')]);
    expect(pending.map((row) => row.IdEpp).sort()).toEqual(
      required
        .map((row) => row.IdEpp)
        .filter((id) => !valid.has(id))
        .sort(),
    );
    const lentes = pending.find((row) => row.IdEpp === SEEDED_EPP('lentes'));
    if (lentes) expect(lentes).toMatchObject({ UltimaEntrega: '2025-01-10', VencioEl: '2025-07-10' });
    expect(
      pending.filter((row) => row.IdEpp !== SEEDED_EPP('lentes')).every((row) => row.UltimaEntrega === null && row.VencioEl === null),
    ).toBe(true);
    // Demo: worker 1's own assignment adds the harness, never delivered.
    const one = (await rows<PendienteFila>('pendientes_entrega')).filter((row) => row.IdPersona === seedId(ANDES.id, 'trabajador', 1));
    expect(one.map((row) => row.IdEpp)).toContain(SEEDED_EPP('arnes'));
    // After a delivery of everything pending, the worker leaves the list.
    const sizes = new Map(
      (await test.server.deps.db.selectFrom('epp_tipos').select(['IdEpp', 'Tallas']).execute()).map((row) => [
        row.IdEpp,
        (JSON.parse(row.Tallas) as string[])[0] ?? '',
      ]),
    );
    await deliver(
      10,
      '2026-11-20',
      pending.map((row) => ({ ...row, Talla: sizes.get(row.IdEpp)! })),
    );
    expect((await rows<PendienteFila>('pendientes_entrega')).some((row) => row.IdPersona === w10)).toBe(false);
  });

  it('filters by level 2, level 3 and position of the worker, and pages with the total', async () => {
    await history();
    const w10 = await seededWorker(test.server, 10);
    const all = await rows<AsignadoFila>('asignados');
    const byLevel = await rows<AsignadoFila>('asignados', `nv2=${w10.IdNivel2}`);
    expect(byLevel.length).toBeGreaterThan(0);
    expect(byLevel.length).toBeLessThanOrEqual(all.length);
    expect(byLevel.every((row) => row.Nivel2 === byLevel[0]!.Nivel2)).toBe(true);
    expect(byLevel.some((row) => row.IdPersona === w10.IdPersona)).toBe(true);
    if (w10.IdNivel3)
      expect((await rows<AsignadoFila>('asignados', `nv3=${w10.IdNivel3}`)).some((row) => row.IdPersona === w10.IdPersona)).toBe(true);
    const cargo = w10.cargos[0]!;
    const byCargo = await rows<AsignadoFila>('asignados', `IdCargo=${cargo}`);
    expect(byCargo.some((row) => row.IdPersona === w10.IdPersona)).toBe(true);
    expect(await rows<AsignadoFila>('asignados', `IdCargo=${uuidV7()}`)).toEqual([]);
    const first = await get<AsignadoFila>(consulta('asignados', 'Pagina=2&PorPagina=3'));
    expect(first.body).toMatchObject({ statusCode: 200, total: all.length, Pagina: 2, PorPagina: 3 });
    expect(first.body.data).toEqual(all.slice(3, 6));
    const beyond = await get<AsignadoFila>(consulta('asignados', 'Pagina=999&PorPagina=3'));
    expect(beyond.body).toMatchObject({ data: [], total: all.length });
  });

  it('the spec calls solicitud/informes/informe_vencidos and informe_pendientes answer the same as vencidos and pendientes_entrega', async () => {
    await history();
    const vencidos = await get(consulta('vencidos', 'PorPagina=1000'));
    const informe = await get(`${EPP}/solicitud/informes/informe_vencidos/${ANDES.id}?PorPagina=1000`);
    expect(informe.body).toEqual(vencidos.body);
    const pendientes = await get(consulta('pendientes_entrega', 'nv2=&PorPagina=1000'));
    const informePendientes = await get(`${EPP}/solicitud/informes/informe_pendientes/${ANDES.id}?PorPagina=1000`);
    expect(informePendientes.body).toEqual(pendientes.body);
    expect(pendientes.body.total).toBeGreaterThan(0);
  });

  it('contractor users see only their own workers; client users only what was delivered for their client; a company user may narrow to a contractor', async () => {
    await history();
    const contractor = await test.server.login('contratista@andesdemo.cl');
    const own = new Set(await Promise.all([1, 5, 9, 13, 17].map(async (n) => (await seededWorker(test.server, n)).IdPersona)));
    for (const name of ['asignados', 'entregados', 'vencidos', 'epp_vencidos', 'pendientes_entrega']) {
      const seen = await rows<{ IdPersona: string }>(name, '', contractor.token);
      expect(
        seen.every((row) => own.has(row.IdPersona)),
        name,
      ).toBe(true);
      // Asking for another contractor changes nothing: the server keeps its own.
      const asked = await rows<{ IdPersona: string }>(name, 'RutContratista=11111111-1', contractor.token);
      expect(asked, name).toEqual(seen);
    }
    expect((await rows<{ IdPersona: string }>('entregados', '', contractor.token)).length).toBeGreaterThan(0);
    const rut = (await seededWorker(test.server, 1)).RutContratista!;
    const narrowed = await rows<{ IdPersona: string }>('asignados', `RutContratista=${rut}`);
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.every((row) => own.has(row.IdPersona))).toBe(true);

    const client = await test.server.login('cliente@andesdemo.cl');
    expect(await rows('entregados', '', client.token)).toEqual([]);
    const clientId = (
      await test.server.deps.db
        .selectFrom('usuarios')
        .select('IdCliente')
        .where('CorreoElectronicoPersona', '=', 'cliente@andesdemo.cl')
        .executeTakeFirstOrThrow()
    ).IdCliente!;
    await deliver(12, '2025-02-01', [['lentes']], { IdCliente: clientId });
    const w12 = (await seededWorker(test.server, 12)).IdPersona;
    for (const name of ['entregados', 'vencidos', 'epp_vencidos', 'asignados', 'pendientes_entrega']) {
      const seen = await rows<{ IdPersona: string }>(name, '', client.token);
      expect(seen.length, name).toBeGreaterThan(0);
      expect(
        seen.every((row) => row.IdPersona === w12),
        name,
      ).toBe(true);
    }
  });

  it('refuses bad filters with a Spanish 400, another company with 403, and a role without the route with 403', async () => {
    const bad = async (query: string) => (await get(consulta('vencidos', query))).body;
    expect(await bad('FechaInicio=2026-13-01')).toMatchObject({ statusCode: 400, message: 'La fecha debe tener el formato AAAA-MM-DD' });
    expect(await bad('FechaInicio=2026-05-01&FechaTermino=2026-04-01')).toMatchObject({
      statusCode: 400,
      message: 'Fecha inicial no puede ser mayor que Fecha final',
    });
    expect(await bad('nv2=abc')).toMatchObject({ statusCode: 400, message: 'Los filtros de la consulta no son válidos' });
    expect(await bad('RutContratista=12345678-0')).toMatchObject({ statusCode: 400, message: 'El rut no es válido' });
    expect(await bad('Pagina=0')).toMatchObject({ statusCode: 400, message: 'La página pedida no es válida' });
    expect(await bad('PorPagina=5000')).toMatchObject({ statusCode: 400, message: 'La página pedida no es válida' });
    const other = await get(consulta('vencidos', '', PACIFICO.id));
    expect(other.status).toBe(403);
    const supervisor = await test.server.login('supervisor@andesdemo.cl');
    expect((await get(consulta('asignados'), supervisor.token)).status).toBe(403);
    const pacifico = await test.server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect((await get(consulta('entregados', '', PACIFICO.id), pacifico.token)).body).toMatchObject({
      statusCode: 200,
      data: [],
      total: 0,
    });
  });
});

describe('Informe SAT (spec GET informes/informe_sat/{rut}/{company})', () => {
  const sat = (rut: string, company = ANDES.id) => `${EPP}/informes/informe_sat/${rut}/${company}`;

  it('everything the worker holds today, since when and until when, with the acta code, plus the history (annulled marked)', async () => {
    await history();
    const w11 = await seededWorker(test.server, 11);
    const answer = await send<{ statusCode: number; data: InformeSat }>(test.server, 'GET', sat(w11.RunPersona), {
      token: test.admin.token,
    });
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.Trabajador).toMatchObject({ IdPersona: w11.IdPersona, RunPersona: w11.RunPersona });
    expect(data.Fecha).toBe('2026-11-21');
    expect(data.Vigentes.map((line) => [line.NombreEpp, line.Fecha, line.VenceEl, line.Estado])).toEqual([
      ['Candado de bloqueo personal (LOTO)', '2023-01-05', null, 'vigente'],
    ]);
    expect(data.Vigentes[0]!.Codigo).toMatch(/^[0-9a-f]{64}$/);
    expect(data.Historial.map((line) => [line.NombreEpp, line.Anulada])).toEqual([
      ['lentes', 1],
      ['Candado de bloqueo personal (LOTO)', 0],
    ]);
    const w10 = await seededWorker(test.server, 10);
    const ten = (
      await send<{ data: InformeSat }>(test.server, 'GET', sat(w10.RunPersona.replace(/^(\d{1,2})(\d{3})(\d{3})/, '$1.$2.$3')), {
        token: test.admin.token,
      })
    ).body.data;
    expect(ten.Vigentes.map((line) => [line.NombreEpp, line.Talla, line.Fecha, line.Estado])).toEqual([
      ['casco', '', '2025-01-10', 'vigente'],
      ['guantes', 'L', '2026-11-01', 'por-vencer'],
      ['lentes', '', '2025-01-10', 'vencida'],
    ]);
    expect(ten.Historial).toHaveLength(4);
  });

  it("400 for a malformed RUT, 404 with a Spanish message for one not a worker of the company (or not the contractor's)", async () => {
    expect((await send(test.server, 'GET', sat('12345'), { token: test.admin.token })).body).toMatchObject({
      statusCode: 400,
      message: 'El rut no es válido',
    });
    expect((await send(test.server, 'GET', sat('12345678-0'), { token: test.admin.token })).status).toBe(400);
    expect((await send(test.server, 'GET', sat('11111111-1'), { token: test.admin.token })).body).toMatchObject({
      statusCode: 404,
      message: 'El RUT indicado no corresponde a un trabajador de la empresa',
    });
    const contractor = await test.server.login('contratista@andesdemo.cl');
    const companyWorker = await seededWorker(test.server, 2);
    expect((await send(test.server, 'GET', sat(companyWorker.RunPersona), { token: contractor.token })).status).toBe(404);
    const theirs = await seededWorker(test.server, 1);
    expect((await send(test.server, 'GET', sat(theirs.RunPersona), { token: contractor.token })).status).toBe(200);
    expect((await send(test.server, 'GET', sat(theirs.RunPersona, PACIFICO.id), { token: test.admin.token })).status).toBe(403);
  });
});
