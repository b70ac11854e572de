import { beforeEach, describe, expect, it } from 'vitest';
import { personName } from '#sync/domain/person-name.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import type { EppRecordsAnswer } from '#sync/schemas/epp-dashboard.schema.ts';
import type { Formulario } from '#sync/schemas/formularios.schema.ts';
import { ANDES, PACIFICO, serverForEachTest } from './support/api-harness.ts';
import { CREADAS, REALIZAR, realisationBody, sessionBody, TIPOS, typeBody, write } from './support/capacitaciones-factory.ts';
import { actaBody, EPP, postActa, SEEDED_EPP, signatures } from './support/epp-factory.ts';
import {
  FORMULARIOS,
  INSPECCIONES,
  inspectionBody,
  post,
  templateBody,
  templateContent,
  uploadImage,
} from './support/inspecciones-factory.ts';
import { send } from './support/sync-harness.ts';
import { cargoBody, createWorker, SEEDED, workerBody } from './support/trabajadores-factory.ts';

/**
 * Built data, all of a new position "Rigger" (the dashboard's Cargo filter keeps the demo data out), read on the
 * test clock's day, 21/11/2026:
 *
 * - three items: Casco (12 months), Guante (1 month), Candado (useful life 0), all required of the position;
 * - W1 (company) got all three on 10/03/2026: Casco valid, Guante expired on 10/04/2026, Candado never expires;
 * - W2 (company) got the Casco on 05/11/2026 (reason 3), on an acta for the demo client;
 * - W3 (contractor) got the Casco on 15/01/2025: expired on 15/01/2026;
 * - a training type teaching Casco and Guante, attended by W1 and W2 on 20/11/2026;
 * - a template whose s1 checks the Casco and s2 the Guante; No cumple on s1 for W1 (10/11), on s1 and s2 for W3
 *   (12/11, the contractor's inspection), and on s1 for a demo worker of another position (not counted with Cargo).
 */
const test = serverForEachTest();
const ids = { cargo: '', casco: uuidV7(), guante: uuidV7(), candado: uuidV7(), w1: '', w2: '', w3: '', tipo: '' };
const CONTRACTOR = 'contratista@andesdemo.cl';
const CLIENT = 'cliente@andesdemo.cl';

async function ok(answer: Promise<{ status: number; body: unknown }>) {
  const done = await answer;
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body as { data: Record<string, unknown> };
}

async function build(): Promise<void> {
  const { server, admin } = test;
  const token = admin.token;
  const cargo = cargoBody({ NombreCargo: 'Rigger de prueba' });
  ids.cargo = cargo.IdCargo;
  await ok(send(server, 'POST', '/api/cargos/newcargos2', { token, body: cargo }));
  const item = (IdEpp: string, NombreEpp: string, VidaUtilMeses: number) =>
    ok(
      send(server, 'POST', EPP, {
        token,
        body: { IdEmpresa: ANDES.id, IdEpp, NombreEpp, actividades: [], Riesgo: '', Norma: '', Tallas: [], VidaUtilMeses },
      }),
    );
  await item(ids.casco, 'Casco de prueba', 12);
  await item(ids.guante, 'Guante de prueba', 1);
  await item(ids.candado, 'Candado de prueba', 0);
  await ok(
    send(server, 'POST', `${EPP}/asignacion`, {
      token,
      body: { IdAsignacionEpp: uuidV7(), IdCargo: ids.cargo, IdPersona: null, Epps: [ids.casco, ids.guante, ids.candado] },
    }),
  );
  const worker = async (Nombres: string, overrides: Record<string, unknown> = {}) => {
    const body = workerBody({ Nombres, cargos: [ids.cargo], ...overrides });
    await ok(createWorker(server, token, body));
    return body;
  };
  const w1 = await worker('Uno');
  const w2 = await worker('Dos');
  const w3 = await worker('Tres', { TipoEmpresa: 2, RutContratista: SEEDED.contractorRut });
  [ids.w1, ids.w2, ids.w3] = [w1.IdPersona, w2.IdPersona, w3.IdPersona];

  const firmas = await signatures(server, token);
  const line = (IdEpp: string, NombreEpp: string) => ({ IdLinea: uuidV7(), IdEpp, NombreEpp, Talla: '', Cantidad: 1 });
  const acta = async (who: typeof w1, Fecha: string, Motivo: number, items: ReturnType<typeof line>[], IdCliente: string | null = null) =>
    ok(
      postActa(
        server,
        token,
        await actaBody(server, {
          worker: 2,
          signatures: firmas,
          overrides: {
            IdPersona: who.IdPersona,
            RunPersona: who.RunPersona,
            NombreTrabajador: personName(who),
            Fecha,
            Motivo,
            Items: items,
            IdCliente,
            FirmadoEn: `${Fecha}T12:00:00.000Z`,
          },
        }),
      ),
    );
  await acta(w1, '2026-03-10', 1, [
    line(ids.casco, 'Casco de prueba'),
    line(ids.guante, 'Guante de prueba'),
    line(ids.candado, 'Candado de prueba'),
  ]);
  await acta(w2, '2026-11-05', 3, [line(ids.casco, 'Casco de prueba')], 'CLI-001');
  await acta(w3, '2025-01-15', 1, [line(ids.casco, 'Casco de prueba')]);

  const tipo = typeBody({ Nombre: 'Uso de casco y guantes', Evaluada: 0, Epps: [ids.casco, ids.guante] });
  ids.tipo = tipo.IdTipoCapacitacion;
  await ok(write(server, token, 'POST', TIPOS, tipo));
  const session = (
    await ok(
      write(
        server,
        token,
        'POST',
        CREADAS,
        sessionBody(tipo.IdTipoCapacitacion, { Participantes: [w1, w2].map((w) => ({ Id: uuidV7(), IdPersona: w.IdPersona })) }),
      ),
    )
  ).data;
  await ok(
    write(server, token, 'PUT', REALIZAR, realisationBody(session as never, firmas.worker, null, { FechaRealizacion: '2026-11-20' })),
  );

  const content = templateContent();
  content.Items[0]!.Enunciados[0] = { ...content.Items[0]!.Enunciados[0]!, IdEnunciado: 's1', Texto: 'Usa casco', IdEpp: ids.casco };
  content.Items[0]!.Enunciados[1] = {
    ...content.Items[0]!.Enunciados[1]!,
    IdEnunciado: 's2',
    Texto: 'Usa guantes',
    IdEpp: ids.guante,
    Subpreguntas: [],
  };
  const template = templateBody({ Nombre: 'Uso de EPP en izaje', Contenido: content });
  const created = (await ok(post<Formulario>(server, token, FORMULARIOS, template))).data as unknown as Formulario;
  const signature = await uploadImage(server, token, 'firma');
  const inspect = (fecha: string, answers: Record<string, 2>, observados: string[], overrides: Record<string, unknown> = {}) =>
    ok(
      post(
        server,
        token,
        INSPECCIONES,
        inspectionBody(created, { fecha, answers, signature, overrides: { Observados: observados, ...overrides } }),
      ),
    );
  await inspect('2026-11-10', { s1: 2, e3: 2 }, [ids.w1]);
  await inspect('2026-11-12', { s1: 2, s2: 2 }, [ids.w3], { RutContratista: SEEDED.contractorRut });
  await inspect('2026-11-14', { s1: 2 }, [SEEDED.worker(2)]);
}

beforeEach(build);

type Records = EppRecordsAnswer;
const query = (extra = '') => `IdCargo=${ids.cargo}${extra}`;
async function indicator(name: string, extra = '', token = test.admin.token) {
  const answer = await send<DashboardAnswer>(test.server, 'GET', `${EPP}/dashboard/${name}/${ANDES.id}?${query(extra)}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}
const values = (answer: DashboardAnswer) =>
  answer.data.map((point) => [point.Nombre, point.Valor, ...(point.Valor2 === undefined ? [] : [point.Valor2])]);
async function records(name: string, registros: Record<string, string> = {}, extra = '', token = test.admin.token) {
  const params = new URLSearchParams({ ...(name ? { indicador: name } : {}), ...registros });
  const answer = await send<Records>(test.server, 'GET', `${EPP}/dashboard/registros/${ANDES.id}?${query(extra)}&${params}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}
/** Every point's records are as many as its value (the figure and its records agree). */
async function pointsMatchRecords(
  name: string,
  extra = '',
  token = test.admin.token,
  count = (point: DashboardAnswer['data'][number]) => point.Valor,
) {
  for (const point of (await indicator(name, extra, token)).data)
    expect((await records(name, point.registros, extra, token)).total, `${name} ${point.Nombre}`).toBe(count(point));
}

describe('the EPP dashboard: each indicator on built data, counted by hand', () => {
  it('vencidos: workers whose every delivery of an item is past its useful life; an item of useful life 0 never expires', async () => {
    const answer = await indicator('vencidos');
    expect(answer).toMatchObject({ total: 2, unidad: 'trabajadores' });
    expect(values(answer)).toEqual([
      ['Casco de prueba', 1],
      ['Guante de prueba', 1],
    ]);
    expect(answer.formula).toContain('vida útil 0: no vence');
    const casco = await records('vencidos', { IdEpp: ids.casco });
    expect(casco.data.map((row) => [row.IdPersona, row.Detalle])).toEqual([[ids.w3, 'Venció el 15/01/2026 (última entrega 15/01/2025)']]);
    await pointsMatchRecords('vencidos');
    // On 09/04/2026 the glove was still in force and the contractor's helmet already expired.
    expect(values(await indicator('vencidos', '&start=2026-04-01&end=2026-04-09'))).toEqual([['Casco de prueba', 1]]);
  });

  it('pendientes: what the assignment requires and the worker holds no valid delivery of', async () => {
    const answer = await indicator('pendientes');
    expect(answer).toMatchObject({ total: 3 });
    expect(values(answer)).toEqual([
      ['Candado de prueba', 2],
      ['Casco de prueba', 1],
      ['Guante de prueba', 3],
    ]);
    await pointsMatchRecords('pendientes');
    const candado = await records('pendientes', { IdEpp: ids.candado });
    expect(candado.data.map((row) => row.Detalle)).toEqual(['Nunca entregado', 'Nunca entregado']);
  });

  it('cobertura: required pairs with a valid delivery, by item and in all', async () => {
    const answer = await indicator('cobertura');
    // W1 holds Casco and Candado, W2 the Casco: 3 of 9 pairs.
    expect(answer).toMatchObject({ total: 33.3, unidad: '%' });
    expect(values(answer)).toEqual([
      ['Candado de prueba', 33.3],
      ['Casco de prueba', 66.7],
      ['Guante de prueba', 0],
    ]);
    expect(answer.formula).toContain('3 de 9');
    // The workers in name order: Dos, Tres, Uno.
    expect((await records('cobertura', { IdEpp: ids.casco })).data.map((row) => [row.IdPersona, row.Detalle.split(' (')[0]])).toEqual([
      [ids.w2, 'Vigente hasta 05/11/2027'],
      [ids.w3, 'Venció el 15/01/2026'],
      [ids.w1, 'Vigente hasta 10/03/2027'],
    ]);
  });

  it('capacitados: workers trained in the use of each item against those who must use it', async () => {
    const answer = await indicator('capacitados');
    expect(answer).toMatchObject({ total: 2, series: ['Capacitados', 'Deben usarlo'] });
    expect(values(answer)).toEqual([
      ['Candado de prueba', 0, 3],
      ['Casco de prueba', 2, 3],
      ['Guante de prueba', 2, 3],
    ]);
    await pointsMatchRecords('capacitados');
    const untrained = await records('capacitados', { IdEpp: ids.casco, Capacitado: '0' });
    expect(untrained.data.map((row) => [row.IdPersona, row.Detalle])).toEqual([[ids.w3, 'Sin capacitación vigente en su uso']]);
    // Before the training, nobody was trained.
    expect((await indicator('capacitados', '&start=2026-11-01&end=2026-11-19')).total).toBe(0);
  });

  it('no uso: each No cumple on a statement linked to an item, by item, by month and by level; Tipo narrows', async () => {
    const answer = await indicator('no_uso');
    expect(answer).toMatchObject({ total: 3, unidad: 'hallazgos' });
    expect(values(answer)).toEqual([
      ['Casco de prueba', 2],
      ['Guante de prueba', 1],
    ]);
    await pointsMatchRecords('no_uso');
    const casco = await records('no_uso', { IdEpp: ids.casco });
    expect(casco.data.map((row) => [row.Fecha, row.IdPersona, row.Detalle, row.Enlace?.tipo])).toEqual([
      ['2026-11-10', ids.w1, 'No cumple: Usa casco (Uso de EPP en izaje, Inspección)', 'inspeccion'],
      ['2026-11-12', ids.w3, 'No cumple: Usa casco (Uso de EPP en izaje, Inspección)', 'inspeccion'],
    ]);
    // Without the Cargo, the demo worker's finding counts too (and the demo conducta inspection's, when in range).
    const all = await send<DashboardAnswer>(test.server, 'GET', `${EPP}/dashboard/no_uso/${ANDES.id}?start=2026-11-01&end=2026-11-21`, {
      token: test.admin.token,
    });
    expect(all.body.data.find((point) => point.Nombre === 'Casco de prueba')!.Valor).toBe(3);

    const line = await indicator('no_uso_linea');
    expect(values(line)).toEqual([['nov 2026', 3]]);
    await pointsMatchRecords('no_uso_linea');
    const byLevel = await indicator('no_uso_grafico');
    expect(byLevel.data).toHaveLength(1);
    expect(byLevel.data[0]).toMatchObject({ Valor: 3, registros: { IdNivel: SEEDED.nv2(1) } });
    await pointsMatchRecords('no_uso_grafico');
    expect((await indicator('no_uso_grafico', '&Tipo=observacion')).total).toBe(0);
    expect((await indicator('no_uso_linea', '&start=2026-11-11&end=2026-11-21')).total).toBe(2);
  });

  it('motivo de entrega: delivered lines of the range by reason; without an indicator, every line of the period', async () => {
    expect(values(await indicator('motivo_entrega'))).toEqual([
      ['Inducción', 0],
      ['Reposición por daño', 0],
      ['Reposición normal', 1],
      ['Inicio de temporada', 0],
      ['Garantía', 0],
    ]);
    const wide = '&start=2025-01-01&end=2026-11-21';
    const answer = await indicator('motivo_entrega', wide);
    expect(answer.total).toBe(5);
    expect(answer.data.map((point) => point.Valor)).toEqual([4, 0, 1, 0, 0]);
    await pointsMatchRecords('motivo_entrega', wide);
    const every = await records('', {}, wide);
    expect(every.total).toBe(5);
    expect(every.data.every((row) => row.Enlace?.tipo === 'entrega')).toBe(true);
    const page = await records('', { PorPagina: '2', Pagina: '3' }, wide);
    expect([page.data.length, page.total, page.Pagina]).toEqual([1, 5, 3]);
  });
});

describe('the EPP dashboard: scope, tenancy and bad input', () => {
  it('a contractor user counts only its own workers and inspections, whatever it asks', async () => {
    const contractor = (await test.server.login(CONTRACTOR)).token;
    expect(values(await indicator('vencidos', '', contractor))).toEqual([['Casco de prueba', 1]]);
    expect(values(await indicator('pendientes', `&RutContratista=`, contractor))).toEqual([
      ['Candado de prueba', 1],
      ['Casco de prueba', 1],
      ['Guante de prueba', 1],
    ]);
    expect(values(await indicator('no_uso', '', contractor))).toEqual([
      ['Casco de prueba', 1],
      ['Guante de prueba', 1],
    ]);
    expect((await records('no_uso', {}, '', contractor)).data.map((row) => row.IdPersona)).toEqual([ids.w3, ids.w3]);
    await pointsMatchRecords('pendientes', '', contractor);
  });

  it('a client user counts only the workers and actas of the client', async () => {
    const client = (await test.server.login(CLIENT)).token;
    expect(values(await indicator('pendientes', '', client))).toEqual([
      ['Candado de prueba', 1],
      ['Guante de prueba', 1],
    ]);
    expect((await indicator('vencidos', '', client)).total).toBe(0);
    expect((await indicator('motivo_entrega', '', client)).total).toBe(1);
    expect((await indicator('no_uso', '', client)).total).toBe(0);
  });

  it('answers the filters, and refuses another company and bad input with a 400 in Spanish', async () => {
    const filtros = await send<{ data: { cargos: { IdCargo: string; NombreCargo: string }[]; nv2: unknown[] } }>(
      test.server,
      'GET',
      `${EPP}/dashboard/filtros/${ANDES.id}`,
      { token: test.admin.token },
    );
    expect(filtros.body.data.cargos).toContainEqual({ IdCargo: ids.cargo, NombreCargo: 'Rigger de prueba' });
    expect(filtros.body.data.nv2.length).toBeGreaterThan(0);
    expect((await send(test.server, 'GET', `${EPP}/dashboard/mascaras/${ANDES.id}`, { token: test.admin.token })).status).toBe(200);
    const pacifico = (await test.server.login('admin@pacificodemo.cl', PACIFICO.rut)).token;
    expect((await send(test.server, 'GET', `${EPP}/dashboard/vencidos/${ANDES.id}`, { token: pacifico })).status).toBe(403);
    // Its own company has none of Andes' data.
    expect(
      (
        await send<DashboardAnswer>(test.server, 'GET', `${EPP}/dashboard/pendientes/${PACIFICO.id}?IdCargo=${ids.cargo}`, {
          token: pacifico,
        })
      ).body,
    ).toMatchObject({ total: 0, data: [] });
    const bad = async (path: string, message: string) =>
      expect((await send(test.server, 'GET', `${EPP}/dashboard/${path}`, { token: test.admin.token })).body, path).toMatchObject({
        statusCode: 400,
        message,
      });
    await bad(`vencidos/${ANDES.id}?IdCargo=rigger`, 'El cargo indicado no es válido');
    await bad(`cobertura/${ANDES.id}?start=2026-11-20&end=2026-11-01`, 'Fecha inicial no puede ser mayor que Fecha final');
    await bad(`no_uso_grafico/${ANDES.id}?Tipo=otro`, 'El tipo debe ser inspección, observación o varios');
    await bad(`registros/${ANDES.id}?indicador=todo`, 'El indicador indicado no existe');
    await bad(`registros/${ANDES.id}?Motivo=9`, 'El motivo de entrega debe ser un número del 1 al 5');
    expect((await send(test.server, 'GET', `${EPP}/dashboard/vencidos/${ANDES.id}`)).status).toBe(401);
  });

  it('refuses a statement or a training type linked to an item not in the catalogue, writing nothing', async () => {
    const content = templateContent();
    content.Items[0]!.Enunciados[0] = { ...content.Items[0]!.Enunciados[0]!, IdEpp: uuidV7() };
    expect((await post(test.server, test.admin.token, FORMULARIOS, templateBody({ Contenido: content }))).body).toMatchObject({
      statusCode: 400,
      message: 'Un enunciado está vinculado a un EPP que no existe en el catálogo',
    });
    expect((await write(test.server, test.admin.token, 'POST', TIPOS, typeBody({ Epps: [uuidV7()] }))).body).toMatchObject({
      statusCode: 400,
      message: 'Uno de los EPP indicados no existe en el catálogo',
    });
    expect((await write(test.server, test.admin.token, 'POST', TIPOS, typeBody({ Epps: [SEEDED_EPP('casco')] }))).status).toBe(200);
  });
});

describe('the EPP dashboard on the demo company', () => {
  it('has figures on every chart: the demo statement linked to the helmet, the trainings linked to items, the actas', async () => {
    for (const name of [
      'vencidos',
      'pendientes',
      'no_uso',
      'capacitados',
      'cobertura',
      'no_uso_linea',
      'no_uso_grafico',
      'motivo_entrega',
    ]) {
      const answer = await send<DashboardAnswer>(test.server, 'GET', `${EPP}/dashboard/${name}/${ANDES.id}`, { token: test.admin.token });
      expect(answer.status, name).toBe(200);
      expect(answer.body.total, name).toBeGreaterThan(0);
      expect(answer.body.formula, name).toBeTruthy();
    }
    // The conducta inspection of yesterday: a No cumple on "Usa casco con barbiquejo", the demo helmet.
    const noUso = await send<DashboardAnswer>(test.server, 'GET', `${EPP}/dashboard/no_uso/${ANDES.id}`, { token: test.admin.token });
    expect(noUso.body.data).toContainEqual({ Nombre: 'Casco de seguridad', Valor: 1, registros: { IdEpp: SEEDED_EPP('casco') } });
    // Worker 1 must wear the harness and passed the work-at-height course 350 days ago (valid 12 months).
    const capacitados = await send<DashboardAnswer>(test.server, 'GET', `${EPP}/dashboard/capacitados/${ANDES.id}`, {
      token: test.admin.token,
    });
    expect(capacitados.body.data).toContainEqual(
      expect.objectContaining({ Nombre: 'Arnés de seguridad de cuerpo completo', Valor: 1, Valor2: 1 }),
    );
  });
});
