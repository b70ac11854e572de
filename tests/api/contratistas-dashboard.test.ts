import { beforeEach, describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { ContratistasRecordsAnswer } from '#sync/schemas/contratistas-dashboard.schema.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import type { Formulario } from '#sync/schemas/formularios.schema.ts';
import type { Observacion } from '#sync/schemas/observaciones.schema.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { FORMULARIOS, INSPECCIONES, inspectionBody, post, templateBody, uploadImage } from './support/inspecciones-factory.ts';
import { send } from './support/sync-harness.ts';
import { cargoBody, createWorker, freshRut, SEEDED, workerBody } from './support/trabajadores-factory.ts';

/**
 * The contractors' dashboard (issue 37) on data each test builds through the API, read on the test clock's day,
 * 21/11/2026. Rule ids in server/modules/contratistas/README.md.
 *
 * - A contract of the demo contractor (Montajes) with its subcontractor (Andamios) at Faena Ruta 5 Norte, the only
 *   contract there, asking four new requirements: a company certificate (12 months), a worker's contract (no expiry),
 *   a monthly F30-1 and a contract's policy that is not mandatory. Montajes: certificate approved (due 10/11/2027),
 *   its worker's contract approved, F30-1 pending: 2 of 3. Andamios: certificate issued 01/11/2025 (due 01/11/2026),
 *   the rest pending: 0 of 3.
 * - In October, four inspections of a four-statement template: I1 Montajes at Ruta 5 Norte observing W1 (Soldador,
 *   Rigger), two No cumple; I2 Andamios at Los Andes observing W2 (Rigger), one No cumple and one No aplica; I3 another
 *   contractor without worksite, one No cumple; I4 without contractor, one No cumple. Each No cumple is an observation;
 *   I1's first is answered and approved, its second overdue (deadline 15/11/2026).
 */
const test = serverForEachTest();
const BASE = '/api/gestion-contratista';
const MONTAJES = SEEDED.contractorRut;
const ANDAMIOS = '76888111-1';
const OTHER = freshRut();
const OCTOBER = 'start=2026-10-01&end=2026-10-31';
const RUTA_5 = SEEDED.nv2(2);

type Row = Record<string, unknown>;
type Answer<T = Row> = { statusCode: number; data: T };
const ids = { requisitos: [] as string[], soldador: '', rigger: '', w1: '', w2: '' };
let contractor: { token: string };

async function call<T = Row>(method: 'GET' | 'POST', path: string, body?: object, token = test.admin.token) {
  const answer = await send<Answer<T>>(test.server, method, `${BASE}${path}`, { token, body });
  expect(answer.body.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function positionsAndWorkers() {
  for (const [key, NombreCargo] of [['soldador', 'Soldador de prueba'], ['rigger', 'Rigger de prueba']] as const) {
    const body = cargoBody({ NombreCargo });
    ids[key] = body.IdCargo;
    await send(test.server, 'POST', '/api/cargos/newcargos2', { token: test.admin.token, body });
  }
  const worker = async (RutContratista: string, cargos: string[]) => {
    const body = workerBody({ Nombres: 'Ramón', ApellidoPaterno: 'Vidal', TipoEmpresa: 2, RutContratista, cargos });
    expect((await createWorker(test.server, test.admin.token, body)).status).toBe(200);
    return body.IdPersona;
  };
  ids.w1 = await worker(MONTAJES, [ids.soldador, ids.rigger]);
  ids.w2 = await worker(ANDAMIOS, [ids.rigger]);
}

async function contractAndDocuments() {
  const rule = (Nombre: string, Aplicacion: string, PeriodoMeses: number, extra: Row = {}) => ({
    IdRequisito: uuidV7(),
    Nombre,
    Aplicacion,
    Frecuencia: 'unica',
    TipoRequisito: 'Documento',
    PeriodoMeses,
    Obligatorio: 1,
    ...extra,
  });
  const rules = [
    rule('Certificado de prueba', 'empresa', 12),
    rule('Contrato de prueba', 'trabajador', 0),
    rule('F30-1 de prueba', 'empresa', 1, { Frecuencia: 'mensual', TipoRequisito: 'Certificado', ControlDeuda: 1 }),
    rule('Póliza de prueba', 'contrato', 12, { Obligatorio: 0 }),
  ];
  for (const body of rules) await call('POST', `/requisitos/${ANDES.id}`, body);
  ids.requisitos = rules.map((r) => r.IdRequisito);
  await call('POST', `/contrato/${ANDES.id}`, {
    IdContrato: uuidV7(),
    Nombre: 'Montaje Ruta 5 Norte',
    RutContratista: MONTAJES,
    FechaInicio: '2026-11-01',
    FechaTermino: '2027-10-31',
    IdNivel2: RUTA_5,
    Subcontratistas: [ANDAMIOS],
    Trabajadores: [ids.w1, ids.w2],
    Requisitos: ids.requisitos,
  });
  type Doc = { IdDocumento: string; IdRequisito: string; RutContratista: string; IdPersona: string | null };
  const docs = (await call<Doc[]>('GET', `/gestion-requisitos/${ANDES.id}`)).data;
  const doc = (n: number, rut: string) =>
    docs.find((row) => row.IdRequisito === ids.requisitos[n] && row.RutContratista === rut)!.IdDocumento;
  const approve = async (id: string, FechaEmision: string) => {
    const Archivo = await uploadImage(test.server, contractor.token);
    await call('POST', `/gestion-requisitos/${ANDES.id}/${id}/documento`, { Archivo, FechaEmision }, contractor.token);
    await call('POST', `/gestion-requisitos/${ANDES.id}/${id}/revision`);
    await call('POST', `/gestion-requisitos/${ANDES.id}/${id}/aprobar`, {});
  };
  await approve(doc(0, MONTAJES), '2026-11-10');
  await approve(doc(1, MONTAJES), '2026-11-02');
  await approve(doc(0, ANDAMIOS), '2025-11-01');
}

async function inspections() {
  const admin = test.admin.token;
  const template = (await post<Formulario>(test.server, admin, FORMULARIOS, templateBody())).body.data;
  const signature = await uploadImage(test.server, admin, 'firma');
  const inspect = async (fecha: string, answers: Record<string, 2 | 3>, overrides: Row, plazo = '2026-11-30') => {
    const body = inspectionBody(template, { fecha, answers, signature, plazo, overrides: { Observados: [], EquipoTrabajo: 'Cuadrilla', ...overrides } });
    const created = await post(test.server, admin, INSPECCIONES, body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.observaciones as Observacion[];
  };
  const ruta5 = { IdNivel2: RUTA_5, IdNivel3: SEEDED.nv3(3) };
  const [closed] = await inspect('2026-10-05', { e1: 2, e2: 2 }, { RutContratista: MONTAJES, Observados: [ids.w1], ...ruta5 }, '2026-11-15');
  await inspect('2026-10-10', { e1: 2, e3: 3 }, { RutContratista: ANDAMIOS, Observados: [ids.w2] });
  await inspect('2026-10-12', { e4: 2 }, { RutContratista: OTHER, IdNivel2: null, IdNivel3: null });
  await inspect('2026-10-15', { e1: 2 }, { RutContratista: null });
  const path = `/api/inspecciones/observaciones-inspecciones/${closed!.IdObservacion}`;
  expect((await post(test.server, contractor.token, path, { IdRespuesta: uuidV7(), Texto: 'Corregido' })).status).toBe(200);
  expect((await post(test.server, admin, `${path}/aprobar`, { IdRespuesta: uuidV7(), Version: 2 })).status).toBe(200);
}

beforeEach(async () => {
  contractor = await test.server.login('contratista@andesdemo.cl');
  await positionsAndWorkers();
  await contractAndDocuments();
  await inspections();
});

const indicator = async (name: string, query: string, token = test.admin.token) =>
  (await call<DashboardAnswer['data']>('GET', `/dashboard/${name}/${ANDES.id}?${query}`, undefined, token)) as unknown as DashboardAnswer;
const values = (answer: DashboardAnswer) =>
  answer.data.map((point) => [point.Nombre, point.Valor, ...(point.Valor2 === undefined ? [] : [point.Valor2])]);
async function records(name: string, query: string, registros: Record<string, string> = {}, token = test.admin.token) {
  const params = new URLSearchParams({ ...(name ? { indicador: name } : {}), ...registros });
  return (await call('GET', `/dashboard/registros/${ANDES.id}?${query}&${params}`, undefined, token)) as unknown as ContratistasRecordsAnswer;
}
const rows = (answer: ContratistasRecordsAnswer, ...fields: string[]) =>
  answer.data.map((row) => fields.map((field) => (row as Row)[field]));

describe('the contractors dashboard, counted by hand', () => {
  it('CT-DSH1: cumplimiento is the share of mandatory documents in force on the cut-off day, the monthly one of its month', async () => {
    const answer = await indicator('cumplimiento', `nv2=${RUTA_5}`);
    expect(answer).toMatchObject({ total: 33.3, unidad: '%' });
    expect(values(answer)).toEqual([
      ['Andamios Bío Bío Ltda.', 0],
      ['Montajes Industriales del Sur SpA', 66.7],
    ]);
    expect(answer.formula).toContain(': 2 de 6. Día de corte: 21/11/2026');
    const montajes = await records('cumplimiento', `nv2=${RUTA_5}`, answer.data[1]!.registros);
    expect(montajes.titulo).toBe('Documentos de requisitos: Montajes Industriales del Sur SpA al 21/11/2026');
    expect(rows(montajes, 'Requisito', 'Trabajador', 'Estado', 'Vence')).toEqual([
      ['Certificado de prueba', '', 'Vigente', '2027-11-10'],
      ['Contrato de prueba', 'Ramón Vidal Lagos', 'Vigente', ''],
      ['F30-1 de prueba (11/2026)', '', 'Pendiente', ''],
    ]);
    const andamios = await records('cumplimiento', `nv2=${RUTA_5}`, answer.data[0]!.registros);
    expect(rows(andamios, 'Requisito', 'Estado')).toEqual([
      ['Certificado de prueba', 'Vencido'],
      ['Contrato de prueba', 'Pendiente'],
      ['F30-1 de prueba (11/2026)', 'Pendiente'],
    ]);
    // On 15/10/2026 no F30-1 of October was asked and Andamios' certificate was still in force; a later end is read today.
    const october = await indicator('cumplimiento', `nv2=${RUTA_5}&start=2026-10-01&end=2026-10-15`);
    expect([october.total, values(october)]).toEqual([75, [['Andamios Bío Bío Ltda.', 50], ['Montajes Industriales del Sur SpA', 100]]]);
    expect((await indicator('cumplimiento', `nv2=${RUTA_5}&end=2026-12-31`)).formula).toContain('Día de corte: 21/11/2026');
  });

  it('CT-DSH2: gestión de inconformidades counts the closed and the open observations of contractors, with their state', async () => {
    const answer = await indicator('gestion-inconformidades', OCTOBER);
    expect(answer).toMatchObject({ total: 4, unidad: 'inconformidades', series: ['Cerradas', 'Abiertas'] });
    expect(values(answer)).toEqual([
      [OTHER, 0, 1],
      ['Andamios Bío Bío Ltda.', 0, 1],
      ['Montajes Industriales del Sur SpA', 1, 1],
    ]);
    expect(answer.formula).toContain(': 1 de 4 cerradas');
    const montajes = await records('gestion-inconformidades', OCTOBER, answer.data[2]!.registros);
    expect(rows(montajes, 'Fecha', 'Observacion', 'Plazo', 'Estado')).toEqual([
      ['2026-10-05', 'No cumple: e1', '2026-11-15', 'Cerrada'],
      ['2026-10-05', 'No cumple: e2', '2026-11-15', 'Vencida'],
    ]);
    expect(rows(await records('gestion-inconformidades', OCTOBER, answer.data[1]!.registros), 'Estado')).toEqual([['Abierta']]);
    expect((await records('', OCTOBER)).total).toBe(4);
    expect(values(await indicator('gestion-inconformidades', `${OCTOBER}&nv2=${RUTA_5}`))).toEqual([['Montajes Industriales del Sur SpA', 1, 1]]);
    expect(values(await indicator('gestion-inconformidades', `${OCTOBER}&RutContratista=${ANDAMIOS}`))).toEqual([['Andamios Bío Bío Ltda.', 0, 1]]);
  });

  it('CT-DSH3: the risk level is No cumple over Cumple and No cumple, by the observed workers’ positions and by worksite', async () => {
    const cargos = await indicator('nivel-riesgo-cargos', OCTOBER);
    // Soldador: I1 2 of 4; Rigger: I1 and I2, 3 of 7; without position: I3, 1 of 4; in all 4 of 11.
    expect(cargos).toMatchObject({ total: 36.4, unidad: '%' });
    expect(values(cargos)).toEqual([
      ['Soldador de prueba', 50],
      ['Rigger de prueba', 42.9],
      ['(sin cargo)', 25],
    ]);
    expect(cargos.formula).toContain(': 4 No cumple de 11 respuestas');
    const rigger = await records('nivel-riesgo-cargos', OCTOBER, cargos.data[1]!.registros);
    expect(rigger.titulo).toBe('Inspecciones a contratistas: Rigger de prueba del 01/10/2026 al 31/10/2026');
    expect(rows(rigger, 'Fecha', 'Formulario', 'Contratista', 'Cumple', 'NoCumple', 'NivelRiesgo')).toEqual([
      ['2026-10-05', 'Inspección de grúa horquilla', 'Montajes Industriales del Sur SpA', 2, 2, 50],
      ['2026-10-10', 'Inspección de grúa horquilla', 'Andamios Bío Bío Ltda.', 2, 1, 33.3],
    ]);
    expect(rows(await records('nivel-riesgo-cargos', OCTOBER, cargos.data[2]!.registros), 'Contratista')).toEqual([[OTHER]]);

    const operaciones = await indicator('nivel-riesgo-operaciones', OCTOBER);
    expect(operaciones.total).toBe(36.4);
    expect(values(operaciones)).toEqual([
      ['Faena Ruta 5 Norte', 50],
      ['Faena Los Andes', 33.3],
      ['(sin faena)', 25],
    ]);
    for (const point of operaciones.data) expect((await records('nivel-riesgo-operaciones', OCTOBER, point.registros)).total).toBe(1);
  });

  it('CT-DSH4: a contractor user counts only its own company and the subcontractors of its contracts, whatever it asks', async () => {
    const token = contractor.token;
    const asked = `${OCTOBER}&RutContratista=${OTHER}`;
    expect(values(await indicator('gestion-inconformidades', asked, token))).toEqual([
      ['Andamios Bío Bío Ltda.', 0, 1],
      ['Montajes Industriales del Sur SpA', 1, 1],
    ]);
    expect(values(await indicator('nivel-riesgo-operaciones', asked, token))).toEqual([
      ['Faena Ruta 5 Norte', 50],
      ['Faena Los Andes', 33.3],
    ]);
    expect(values(await indicator('nivel-riesgo-cargos', OCTOBER, token))).toEqual([
      ['Soldador de prueba', 50],
      ['Rigger de prueba', 42.9],
    ]);
    expect(values(await indicator('cumplimiento', `nv2=${RUTA_5}`, token)).map(([name]) => name)).toEqual([
      'Andamios Bío Bío Ltda.',
      'Montajes Industriales del Sur SpA',
    ]);
    expect((await records('nivel-riesgo-cargos', OCTOBER, { Contratista: OTHER }, token)).total).toBe(0);
    expect((await records('gestion-inconformidades', OCTOBER, {}, token)).total).toBe(3);
    // Asked the same right after, a company user narrowed to the contractor sees the contractor alone.
    const own = `${OCTOBER}&RutContratista=${MONTAJES}`;
    expect(values(await indicator('gestion-inconformidades', own, token))).toHaveLength(2);
    expect(values(await indicator('gestion-inconformidades', own))).toEqual([['Montajes Industriales del Sur SpA', 1, 1]]);
  });
});
