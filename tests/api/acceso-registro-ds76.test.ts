import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { cellText } from '#sync/records/report-list-columns.ts';
import { REGISTRO_DS76_COLUMNS, REGISTRO_DS76_MESSAGES, type RegistroDs76Row } from '#sync/schemas/acceso-registro.schema.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { send } from './support/sync-harness.ts';
import { createWorker, SEEDED, workerBody } from './support/trabajadores-factory.ts';

/**
 * The DS 76 register of a worksite (issue 39): its contractor and subcontractor companies with their contracts,
 * workers and accidents. On the demo, Faena Los Andes has the contract «Mantención eléctrica Planta Norte» of
 * Montajes Industriales del Sur (its workers 1, 5 and 9, the first accredited) with Andamios Bío Bío as subcontractor;
 * the clock stands at 2026-11-21. Rule ids in server/modules/acceso/README.md.
 */
const test = serverForEachTest();
const CONTRACTOR = SEEDED.contractorRut;
const SUBCONTRACTOR = '76888111-1';
const LOS_ANDES = SEEDED.nv2(1);
const RUTA_5 = SEEDED.nv2(2);
const REPORT = `/api/control-acceso/registro-ds76/${ANDES.id}`;

type Page = { statusCode: number; message?: string; data: RegistroDs76Row[]; total: number };

async function register(query: string, token = test.admin.token) {
  return (await send<Page>(test.server, 'GET', `${REPORT}${query}`, { token })).body;
}

const DEMO_CONTRACT = { Nombre: 'Mantención eléctrica Planta Norte', FechaInicio: '2026-09-22', FechaTermino: '2027-09-17' };

const CONTRACTOR_ROW = {
  RutEmpresa: CONTRACTOR,
  NombreEmpresa: 'Montajes Industriales del Sur SpA',
  Tipo: 'contratista',
  RutPrincipal: '',
  Mutualidad: null,
  Responsable: { Nombre: 'Marcela Fuentes Rivas', Rut: '', Telefono: '+56 41 245 6789', Correo: 'contratista@andesdemo.cl' },
  Contratos: [expect.objectContaining(DEMO_CONTRACT)],
  Trabajadores: 3,
  TrabajadoresAcreditados: 1,
  // Two lost-time accidents of its workers at Los Andes this year (2026-05-25, 2026-11-11); its one at Ruta 5 is not counted here.
  Accidentes: 2,
  EvaluacionesRiesgo: null,
};

const SUBCONTRACTOR_ROW = {
  RutEmpresa: SUBCONTRACTOR,
  NombreEmpresa: 'Andamios Bío Bío Ltda.',
  Tipo: 'subcontratista',
  RutPrincipal: CONTRACTOR,
  Mutualidad: null,
  Responsable: { Nombre: '', Rut: '', Telefono: '', Correo: 'contacto@andamiosbiobio.cl' },
  Contratos: [expect.objectContaining(DEMO_CONTRACT)],
  Trabajadores: 0,
  TrabajadoresAcreditados: 0,
  Accidentes: 0,
  EvaluacionesRiesgo: null,
};

/** A demo user, its role granted Ver on Control de Acceso (IdSubmodulo 74). */
async function grantedUser(email: string) {
  const { db } = test.server.deps;
  const user = await db.selectFrom('usuarios').select('IdRol').where('CorreoElectronicoPersona', '=', email).executeTakeFirstOrThrow();
  await db.deleteFrom('rol_permisos').where('IdRol', '=', user.IdRol).where('IdSubmodulo', '=', 74).execute();
  await db.insertInto('rol_permisos').values({ IdRol: user.IdRol, IdSubmodulo: 74, Acciones: 'index' }).execute();
  return test.server.login(email);
}

/**
 * A second contract, held by the demo's subcontractor itself: its own level is Ruta 5 Norte, and its one activity,
 * with its one worker, is at Los Andes.
 */
async function subcontractorOwnContract() {
  const worker = workerBody({ Nombres: 'Rosa', ApellidoPaterno: 'Leiva', TipoEmpresa: 2, RutContratista: SUBCONTRACTOR });
  expect((await createWorker(test.server, test.admin.token, worker)).status).toBe(200);
  const gc = (method: 'GET' | 'POST', path: string, body?: object) =>
    send<{ statusCode: number; data: { value: string; label: string }[] }>(test.server, method, `/api/gestion-contratista${path}`, {
      token: test.admin.token,
      body,
    });
  const activity = (await gc('GET', `/contrato/listas/actividades/${ANDES.id}`)).body.data.find((row) => row.label === 'Montaje estructural')!;
  const contract = {
    IdContrato: uuidV7(),
    Nombre: 'Andamiaje nave de chancado',
    RutContratista: SUBCONTRACTOR,
    FechaInicio: '2026-11-01',
    FechaTermino: '2027-04-30',
    IdNivel2: RUTA_5,
    NombreResponsable: 'Pedro Soto Vera',
    RutResponsable: '9876543-3',
    Trabajadores: [worker.IdPersona],
    Actividades: [{ IdActividad: activity.value, IdNivel2: LOS_ANDES, IdNivel3: null, Recursos: { Trabajadores: [worker.IdPersona] } }],
  };
  expect((await gc('POST', `/contrato/${ANDES.id}`, contract)).body).toMatchObject({ statusCode: 200 });
  return contract;
}

describe('the register of a worksite (GA-DS76-1, GA-DS76-2)', () => {
  it('GA-DS76-1: lists the contractor and, under it, its subcontractor, with RUT, mutual, person in charge, contract, workers and accidents', async () => {
    const page = await register(`?IdNivel2=${LOS_ANDES}`);
    expect(page).toMatchObject({ statusCode: 200, total: 2 });
    expect(page.data).toEqual([expect.objectContaining(CONTRACTOR_ROW), expect.objectContaining(SUBCONTRACTOR_ROW)]);
  });

  it('GA-DS76-2: asks for the worksite; a worksite without contracts has no rows, even with a contractor’s accident there', async () => {
    const unnamed = await send(test.server, 'GET', REPORT, { token: test.admin.token });
    expect([unnamed.status, unnamed.body]).toMatchObject([400, { message: REGISTRO_DS76_MESSAGES.levelRequired }]);
    expect(await register(`?IdNivel2=${RUTA_5}`)).toMatchObject({ statusCode: 200, data: [], total: 0 });
    expect(await register(`?IdNivel2=${uuidV7()}`)).toMatchObject({ statusCode: 200, data: [], total: 0 });
  });

  it('GA-DS76-2: a contract is there by its own level or by an activity; a company with two roles has a row for each', async () => {
    const contract = await subcontractorOwnContract();
    const losAndes = (await register(`?IdNivel2=${LOS_ANDES}`)).data;
    expect(losAndes.map((row) => [row.RutEmpresa, row.Tipo, row.RutPrincipal])).toEqual([
      [SUBCONTRACTOR, 'contratista', ''],
      [CONTRACTOR, 'contratista', ''],
      [SUBCONTRACTOR, 'subcontratista', CONTRACTOR],
    ]);
    expect(losAndes[0]).toMatchObject({
      Responsable: { Nombre: 'Pedro Soto Vera', Rut: '9876543-3', Correo: 'contacto@andamiosbiobio.cl' },
      Contratos: [{ IdContrato: contract.IdContrato, Nombre: contract.Nombre, FechaInicio: '2026-11-01', FechaTermino: '2027-04-30' }],
      Trabajadores: 1,
    });
    // Its worker works at Los Andes only: the contract's own worksite lists the company with none of them.
    expect((await register(`?IdNivel2=${RUTA_5}`)).data).toEqual([
      expect.objectContaining({ RutEmpresa: SUBCONTRACTOR, Tipo: 'contratista', Trabajadores: 0 }),
    ]);
    expect((await register(`?IdNivel2=${LOS_ANDES}&Vigencia=terminados`)).total).toBe(0);
    expect((await register(`?IdNivel2=${LOS_ANDES}&Vigencia=vigentes`)).total).toBe(3);
  });
});

describe('what the register counts (GA-DS76-3)', () => {
  it('GA-DS76-3: work accidents at the worksite in the last 12 months carrying the company’s RUT; not near misses, damage or commuting', async () => {
    const { db } = test.server.deps;
    const cases = await db.selectFrom('incidentes').select(['IdEvaluacion', 'Clasificacion']).where('IdNivel2', '=', LOS_ANDES).execute();
    const of = (Clasificacion: string) => cases.filter((row) => row.Clasificacion === Clasificacion).map((row) => row.IdEvaluacion);
    const mark = async (ids: string[], FechaOcurrencia?: string) => {
      const set = { RutContratista: SUBCONTRACTOR, ...(FechaOcurrencia ? { FechaOcurrencia } : {}) };
      await db.updateTable('incidentes').set(set).where('IdEvaluacion', 'in', ids).execute();
    };
    const [withoutLostTime, fatal] = [of('Accidente sin tiempo perdido'), of('Accidente Fatal')];
    expect(withoutLostTime.length).toBeGreaterThanOrEqual(2);
    await mark([...of('Cuasi Accidente'), ...of('Accidente CDM'), ...of('Accidente de Trayecto')]);
    await mark(withoutLostTime.slice(0, 1), '2025-11-22');
    await mark(withoutLostTime.slice(1, 2), '2025-11-21');
    await mark(fatal, '2026-11-21');
    const page = await register(`?IdNivel2=${LOS_ANDES}`);
    expect(page.data.find((row) => row.RutEmpresa === SUBCONTRACTOR)).toMatchObject({ Accidentes: 1 + fatal.length });
  });
});

describe('who reads the register (GA-DS76-4)', () => {
  it('GA-DS76-4: a contractor user reads its own row and its subcontractors’, not another contractor’s; a client user none', async () => {
    await subcontractorOwnContract();
    const contractor = await grantedUser('contratista@andesdemo.cl');
    const theirs = await register(`?IdNivel2=${LOS_ANDES}`, contractor.token);
    expect(theirs).toMatchObject({ statusCode: 200, total: 2 });
    expect(theirs.data).toEqual([expect.objectContaining(CONTRACTOR_ROW), expect.objectContaining(SUBCONTRACTOR_ROW)]);
    expect((await register(`?IdNivel2=${RUTA_5}`, contractor.token)).total).toBe(0);

    const client = await grantedUser('cliente@andesdemo.cl');
    expect(await register(`?IdNivel2=${LOS_ANDES}`, client.token)).toMatchObject({ statusCode: 200, data: [], total: 0 });
  });

  it('GA-DS76-4: refuses a user without Ver on Control de Acceso and another company', async () => {
    const contractor = await test.server.login('contratista@andesdemo.cl');
    expect((await send(test.server, 'GET', `${REPORT}?IdNivel2=${LOS_ANDES}`, { token: contractor.token })).status).toBe(403);
    const other = `/api/control-acceso/registro-ds76/77654321?IdNivel2=${LOS_ANDES}`;
    expect((await send(test.server, 'GET', other, { token: test.admin.token })).status).toBe(403);
  });
});

describe('printed and exported (GA-DS76-5)', () => {
  it('GA-DS76-5: the CSV has the screen’s columns as Excel in Chile reads them; the risk evaluations wait for the risk matrix', async () => {
    const rows = (await register(`?IdNivel2=${LOS_ANDES}&PorPagina=1000`)).data;
    const csv = (row: RegistroDs76Row) => REGISTRO_DS76_COLUMNS.map((column) => cellText(column, row, 'csv')).join(';');
    expect(REGISTRO_DS76_COLUMNS.map((column) => column.header)).toEqual([
      'RUT', 'Empresa', 'Tipo', 'Trabaja para', 'Mutualidad', 'Responsable', 'Contratos', 'Trabajadores', 'Acreditados hoy',
      'Accidentes (12 meses)', 'Evaluaciones de riesgo',
    ]);
    const contract = 'Mantención eléctrica Planta Norte (22/09/2026 – 17/09/2027)';
    expect(rows.map(csv)).toEqual([
      `78.945.612-7;Montajes Industriales del Sur SpA;Contratista;—;—;Marcela Fuentes Rivas · +56 41 245 6789 · contratista@andesdemo.cl;${contract};3;1;2;—`,
      `76.888.111-1;Andamios Bío Bío Ltda.;Subcontratista;78.945.612-7;—;Sin responsable registrado · contacto@andamiosbiobio.cl;${contract};0;0;0;—`,
    ]);
  });
});
