import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { cellText } from '#sync/records/report-list-columns.ts';
import { VENCIMIENTOS_FLOTA_COLUMNS, type VencimientoFlotaRow } from '#sync/schemas/flota-vencimientos.schema.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { send } from './support/sync-harness.ts';
import { createWorker, SEEDED, workerBody } from './support/trabajadores-factory.ts';

/**
 * The fleet's expiries (issue 38, FL-VEN): a report list of the certificates about to expire, expired or never
 * registered, and of what the operators lack. The clock stands at 2026-11-21 (Chile). The data is made through the
 * kit's calls; the demo's own fleet is in the company too, so each case reads only the rows of its assets.
 */
const test = serverForEachTest();
const CONTRACTOR = SEEDED.contractorRut;
const REPORT = `/api/vehiculos/vencimientos/${ANDES.id}`;

type Page = { statusCode: number; message?: string; data: VencimientoFlotaRow[]; total: number; Pagina: number; PorPagina: number };

async function post(path: string, body: Record<string, unknown>) {
  const answer = await send<{ statusCode: number; message: string }>(test.server, 'POST', path, { token: test.admin.token, body });
  expect(answer.body, `${path} ${answer.body.message}`).toMatchObject({ statusCode: 200 });
}

const required = (Clase: string, VigenciaMeses = 12, IntervaloLectura: number | null = null, Obligatoria = 1) => ({
  Clase,
  VigenciaMeses,
  Obligatoria,
  IntervaloLectura,
});

/** A certificate of the asset: its class, issued and expiring on these days, and due at a reading too. */
async function certificate(base: string, IdActivo: string, Clase: string, dates: [string, string], LecturaVencimiento?: number) {
  const [FechaEmision, FechaVencimiento] = dates;
  await post(`${base}/certificaciones`, { IdCertificacion: uuidV7(), IdActivo, Clase, FechaEmision, FechaVencimiento, LecturaVencimiento });
}

/**
 * A pickup at Los Andes with an expiring, an expired, a due-by-meter and a missing certificate, driven by a worker
 * whose licence expired and who lacks the exam; a contractor's truck at Ruta 5 Norte; a machine whose expired lifting
 * certificate was renewed; an installation without its mandatory service.
 */
async function fleet() {
  const exam = uuidV7();
  await post('/api/certificaciones', { IdCertificacion: exam, Nombre: 'Examen de prueba FL-VEN', Emisor: '', Vence: 1, VigenciaMeses: 12 });
  const own = workerBody({ Nombres: 'Ana María', ApellidoPaterno: 'Órdenes', ApellidoMaterno: 'Lagos' });
  const licence = { IdLicencia: uuidV7(), Clase: 'b', FechaVencimiento: '2026-11-01' };
  expect((await createWorker(test.server, test.admin.token, { ...own, licencias: [licence] })).status).toBe(200);
  const theirs = workerBody({ Nombres: 'Bruno', ApellidoPaterno: 'Contreras', ApellidoMaterno: '', TipoEmpresa: 2, RutContratista: CONTRACTOR });
  const a4 = { IdLicencia: uuidV7(), Clase: 'A4', FechaVencimiento: '2026-12-10' };
  expect((await createWorker(test.server, test.admin.token, { ...theirs, licencias: [a4] })).status).toBe(200);

  const [pickupType, truckType, machineType] = [uuidV7(), uuidV7(), uuidV7()];
  await post('/api/tipos-vehiculo', {
    IdTipoVehiculo: pickupType,
    Nombre: 'Camioneta FL-VEN',
    Medidor: 'km',
    Certificaciones: [
      required('revision_tecnica'), required('soap'), required('permiso_circulacion'), required('mantencion', 6, 10_000), required('seguro', 12, null, 0),
    ],
    ClaseLicencia: 'B',
    CertificacionesOperador: [exam],
  });
  await post('/api/tipos-vehiculo', { IdTipoVehiculo: truckType, Nombre: 'Camión FL-VEN', Medidor: 'km', Certificaciones: [required('soap')], ClaseLicencia: 'A4' });
  await post('/api/tipos-equipo', { IdTipoEquipo: machineType, Nombre: 'Grúa FL-VEN', Medidor: 'horas', Certificaciones: [required('izaje')] });

  const ids = { pickup: uuidV7(), truck: uuidV7(), machine: uuidV7(), plant: uuidV7() };
  const at = (IdNivel2: string) => ({ IdNivel2, IdNivel3: null, CorreoResponsable: 'flota@example.cl' });
  await post('/api/vehiculos', { IdVehiculo: ids.pickup, Patente: 'ZZTT11', IdTipoVehiculo: pickupType, ...at(SEEDED.nv2(1)), Operadores: [own.IdPersona] });
  await post('/api/vehiculos', {
    IdVehiculo: ids.truck, Patente: 'YYRR22', IdTipoVehiculo: truckType, ...at(SEEDED.nv2(2)), RutContratista: CONTRACTOR,
    Operadores: [own.IdPersona, theirs.IdPersona],
  });
  await post('/api/equipos', { IdEquipo: ids.machine, Codigo: 'GR-9', Nombre: 'Grúa torre', IdTipoEquipo: machineType, ...at(SEEDED.nv2(2)) });
  await post('/api/instalaciones', { IdInstalacion: ids.plant, Nombre: 'Sala eléctrica FL-VEN', Certificaciones: [required('mantencion')], ...at(SEEDED.nv2(1)) });

  await certificate('/api/vehiculos', ids.pickup, 'revision_tecnica', ['2025-12-01', '2026-12-01']);
  await certificate('/api/vehiculos', ids.pickup, 'soap', ['2025-11-10', '2026-11-10']);
  await certificate('/api/vehiculos', ids.pickup, 'mantencion', ['2026-09-01', '2027-03-01'], 50_000);
  await certificate('/api/vehiculos', ids.pickup, 'seguro', ['2026-06-01', '2027-06-01']);
  await post('/api/vehiculos/lecturas', { IdLectura: uuidV7(), IdActivo: ids.pickup, Fecha: '2026-11-20T12:00:00.000Z', Valor: 49_500 });
  await certificate('/api/vehiculos', ids.truck, 'soap', ['2025-12-15', '2026-12-15']);
  await certificate('/api/equipos', ids.machine, 'izaje', ['2025-11-01', '2026-11-01']);
  await certificate('/api/equipos', ids.machine, 'izaje', ['2026-11-15', '2027-11-15']);
  return ids;
}

const report = async (query = '', token = test.admin.token) => (await send<Page>(test.server, 'GET', `${REPORT}${query}`, { token })).body;

/** The rows of these assets, as [asset, document, operator, situation, expiry]. */
function rowsOf(page: Page, ids: Record<string, string>) {
  const mine = new Set(Object.values(ids));
  const rows = page.data.filter((row) => mine.has(row.IdActivo));
  return rows.map((row) => [row.Activo, row.Documento, row.Operador, row.Situacion, row.FechaVencimiento]);
}

const ANA = 'Ana María Órdenes Lagos';
const ROWS = {
  plantService: ['Sala eléctrica FL-VEN', 'Mantención', '', 'sin-registrar', ''],
  pickupPermit: ['ZZTT11', 'Permiso de circulación', '', 'sin-registrar', ''],
  pickupExam: ['ZZTT11', 'Examen de prueba FL-VEN', ANA, 'sin-registrar', ''],
  truckAnaLicence: ['YYRR22', 'Licencia clase A4', ANA, 'sin-registrar', ''],
  pickupLicence: ['ZZTT11', 'Licencia clase B', ANA, 'vencida', '2026-11-01'],
  pickupSoap: ['ZZTT11', 'SOAP', '', 'vencida', '2026-11-10'],
  pickupInspection: ['ZZTT11', 'Revisión técnica', '', 'por-vencer', '2026-12-01'],
  truckBrunoLicence: ['YYRR22', 'Licencia clase A4', 'Bruno Contreras', 'por-vencer', '2026-12-10'],
  truckSoap: ['YYRR22', 'SOAP', '', 'por-vencer', '2026-12-15'],
  pickupService: ['ZZTT11', 'Mantención', '', 'por-vencer', '2027-03-01'],
};

describe('the fleet expiries report (FL-VEN1)', () => {
  it('lists what is about to expire, expired or missing, of the assets and their operators, the soonest first', async () => {
    const ids = await fleet();
    const page = await report('?PorPagina=1000');
    expect(page).toMatchObject({ statusCode: 200, Pagina: 1, PorPagina: 1000 });
    // Undated rows (never registered) first; the renewed lifting certificate and the insurance in force give none.
    expect(rowsOf(page, ids)).toEqual(Object.values(ROWS));
    const service = page.data.find((row) => row.IdActivo === ids.pickup && row.Documento === 'Mantención')!;
    expect(service).toMatchObject({
      Sujeto: 'activo', Tabla: 'vehiculos', Faena: 'Faena Los Andes', RutContratista: '', TipoActivo: 'Camioneta FL-VEN', LecturaVencimiento: 50_000,
    });
    const bruno = page.data.find((row) => row.Operador === 'Bruno Contreras')!;
    expect(bruno).toMatchObject({ Sujeto: 'operador', Faena: 'Faena Ruta 5 Norte', RutContratista: CONTRACTOR, Activo: 'YYRR22' });
    expect(page.data.find((row) => row.IdActivo === ids.plant)).toMatchObject({ TipoActivo: 'Instalación', IdCertificacion: null });
  });

  it('filters by worksite, contractor, situation and subject, pages, and refuses unknown words', async () => {
    const ids = await fleet();
    expect(rowsOf(await report('?PorPagina=1000&Situacion=vencida'), ids)).toEqual([ROWS.pickupLicence, ROWS.pickupSoap]);
    expect(rowsOf(await report('?PorPagina=1000&Sujeto=operador'), ids)).toEqual([
      ROWS.pickupExam, ROWS.truckAnaLicence, ROWS.pickupLicence, ROWS.truckBrunoLicence,
    ]);
    const north = [ROWS.truckAnaLicence, ROWS.truckBrunoLicence, ROWS.truckSoap];
    expect(rowsOf(await report(`?PorPagina=1000&nv2=${SEEDED.nv2(2)}`), ids)).toEqual(north);
    expect(rowsOf(await report(`?PorPagina=1000&RutContratista=${CONTRACTOR}`), ids)).toEqual(north);
    expect(rowsOf(await report(`?PorPagina=1000&nv2=${SEEDED.nv2(1)}&Situacion=sin-registrar&Sujeto=activo`), ids)).toEqual([
      ROWS.plantService, ROWS.pickupPermit,
    ]);

    const whole = await report('?PorPagina=1000');
    const second = await report('?PorPagina=3&Pagina=2');
    expect(second).toMatchObject({ total: whole.total, Pagina: 2, PorPagina: 3 });
    expect(second.data).toEqual(whole.data.slice(3, 6));
    expect((await report(`?PorPagina=3&Pagina=${whole.total + 1}`)).data).toEqual([]);

    expect(await report('?Situacion=vencidos')).toMatchObject({ statusCode: 400, message: 'La situación indicada no es válida' });
    expect(await report('?Sujeto=otro')).toMatchObject({ statusCode: 400, message: 'Indica si buscas documentos de activos o de operadores' });
    expect(await report('?nv2=faena')).toMatchObject({ statusCode: 400, message: 'La faena indicada no es válida' });
  });

  it('exports the same columns to CSV as Excel in Chile reads them: day DD-MM-YYYY, RUT with dots, the own company named', async () => {
    const ids = await fleet();
    const rows = (await report('?PorPagina=1000')).data.filter((row) => Object.values(ids).includes(row.IdActivo));
    const csv = (row: VencimientoFlotaRow) => VENCIMIENTOS_FLOTA_COLUMNS.map((column) => cellText(column, row, 'csv')).join(';');
    expect(VENCIMIENTOS_FLOTA_COLUMNS.map((column) => column.header)).toEqual([
      { level: 2 }, 'Contratista', 'Activo', 'Tipo de activo', 'Documento', 'Operador', 'Vence', 'Vence a la lectura', 'Situación',
    ]);
    expect(rows.map(csv)).toContain('Faena Los Andes;Propio;ZZTT11;Camioneta FL-VEN;SOAP;—;10-11-2026;—;Vencida');
    expect(rows.map(csv)).toContain('Faena Los Andes;Propio;ZZTT11;Camioneta FL-VEN;Mantención;—;01-03-2027;50000;Por vencer');
    expect(rows.map(csv)).toContain('Faena Ruta 5 Norte;78.945.612-7;YYRR22;Camión FL-VEN;Licencia clase A4;Bruno Contreras;10-12-2026;—;Por vencer');
    expect(rows.map(csv)).toContain('Faena Los Andes;Propio;Sala eléctrica FL-VEN;Instalación;Mantención;—;—;—;Sin registrar');
  });
});

/** A demo user, its role granted Ver on Vencimientos de Flota (route 73). */
async function grantedUser(email: string) {
  const { db } = test.server.deps;
  const user = await db.selectFrom('usuarios').select('IdRol').where('CorreoElectronicoPersona', '=', email).executeTakeFirstOrThrow();
  await db.deleteFrom('rol_permisos').where('IdRol', '=', user.IdRol).where('IdSubmodulo', '=', 73).execute();
  await db.insertInto('rol_permisos').values({ IdRol: user.IdRol, IdSubmodulo: 73, Acciones: 'index' }).execute();
  return test.server.login(email);
}

describe('a contractor reads its own (FL-VEN2)', () => {
  it("sees only its assets' rows, and of their operators only its own workers; a client user sees none", async () => {
    const ids = await fleet();
    const contractor = await grantedUser('contratista@andesdemo.cl');
    const theirs = await report('?PorPagina=1000', contractor.token);
    expect(theirs.statusCode).toBe(200);
    expect(rowsOf(theirs, ids)).toEqual([ROWS.truckBrunoLicence, ROWS.truckSoap]);
    expect(theirs.data.every((row) => row.RutContratista === CONTRACTOR)).toBe(true);
    expect(theirs.total).toBe(theirs.data.length);
    // Asking for the company's own assets finds nothing of them.
    expect(rowsOf(await report(`?PorPagina=1000&nv2=${SEEDED.nv2(1)}`, contractor.token), ids)).toEqual([]);

    const client = await grantedUser('cliente@andesdemo.cl');
    expect(await report('', client.token)).toMatchObject({ statusCode: 200, data: [], total: 0 });
  });

  it('refuses a user without the permission and another company', async () => {
    const supervisor = await test.server.login('supervisor@andesdemo.cl');
    expect((await send(test.server, 'GET', REPORT, { token: supervisor.token })).status).toBe(200);
    const contractor = await test.server.login('contratista@andesdemo.cl');
    expect((await send(test.server, 'GET', REPORT, { token: contractor.token })).status).toBe(403);
    expect((await send(test.server, 'GET', '/api/vehiculos/vencimientos/77654321', { token: test.admin.token })).status).toBe(403);
  });
});
