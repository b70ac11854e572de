import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { uploadImage } from './support/inspecciones-factory.ts';
import { workerBody } from './support/trabajadores-factory.ts';
import { send } from './support/sync-harness.ts';

/**
 * Contractor requirements (issue 37): rules, the documents a contract asks, their follow-up and the accreditation
 * the server keeps per worker, contract and worksite. Each case names its rule id (server/modules/contratistas/README.md).
 */
const test = serverForEachTest();
const BASE = '/api/gestion-contratista';
const SUBCONTRACTOR = '76888111-1';

type Row = Record<string, unknown>;
type Doc = Row & { IdDocumento: string; IdRequisito: string; EstadoDocumento: string; IdPersona: string | null; RutContratista: string };
type Acc = Row & { IdPersona: string; Acreditado: 0 | 1; AcreditadoHasta: string; Motivos: string[] };
type Answer<T = Row> = { statusCode: number; message: string; code?: string; data: T };

async function call<T = Row>(method: 'GET' | 'POST' | 'PUT', path: string, body?: object, token = test.admin.token) {
  return (await send<Answer<T>>(test.server, method, `${BASE}${path}`, { token, body })).body;
}

async function contractorWorkers(): Promise<{ IdPersona: string; RutContratista: string | null }[]> {
  const query = test.server.deps.db.selectFrom('trabajadores').select(['IdPersona', 'RutContratista']).where('IdEmpresa', '=', ANDES.id);
  return (await query.where('RutContratista', 'is not', null).orderBy('IdPersona').execute()).map((row) => ({ ...row }));
}

/** Three requirements of a fresh contract: a company deed (12 months), a worker's contract (no expiry), the F30-1. */
async function setUp() {
  const contractor = await test.server.login('contratista@andesdemo.cl');
  const rule = (Nombre: string, Aplicacion: string, PeriodoMeses: number, extra: Row = {}) => ({
    IdRequisito: uuidV7(), Nombre, Aplicacion, Frecuencia: 'unica', TipoRequisito: 'Documento', PeriodoMeses, Obligatorio: 1, ...extra,
  });
  const rules = [
    rule('Certificado de vigencia de la sociedad', 'empresa', 12),
    rule('Contrato de trabajo firmado', 'trabajador', 0),
    rule('F30-1 de prueba', 'empresa', 1, { Frecuencia: 'mensual', TipoRequisito: 'Certificado', ControlDeuda: 1 }),
  ];
  for (const body of rules) expect((await call('POST', `/requisitos/${ANDES.id}`, body)).statusCode).toBe(200);
  const own = (await contractorWorkers()).find((worker) => worker.RutContratista === '78945612-7')!;
  const sub = workerBody({ Nombres: 'Héctor', ApellidoPaterno: 'Sepúlveda', TipoEmpresa: 2, RutContratista: SUBCONTRACTOR });
  expect((await send<Answer>(test.server, 'POST', '/api/trabajadores/newtrabajadores2', { token: test.admin.token, body: sub })).body.statusCode).toBe(200);
  const level = (await call<Row[]>('GET', `/contrato/${ANDES.id}`)).data[0]!.IdNivel2;
  const contract = {
    IdContrato: uuidV7(), Nombre: 'Obras civiles Sector Sur', RutContratista: '78945612-7', FechaInicio: '2026-11-01', FechaTermino: '2027-10-31',
    IdNivel2: level,
    Subcontratistas: [SUBCONTRACTOR],
    Trabajadores: [own.IdPersona, sub.IdPersona],
    Requisitos: rules.map((r) => r.IdRequisito),
  };
  expect(await call('POST', `/contrato/${ANDES.id}`, contract)).toMatchObject({ statusCode: 200 });
  const docs = async () => (await call<Doc[]>('GET', `/gestion-requisitos/${ANDES.id}`)).data.filter((doc) => rules.some((r) => r.IdRequisito === doc.IdRequisito));
  const matches = (doc: Doc, about: { rut?: string; person?: string }) =>
    about.person ? doc.IdPersona === about.person : doc.RutContratista === about.rut;
  const docOf = async (n: number, about: { rut?: string; person?: string }) =>
    (await docs()).find((doc) => doc.IdRequisito === rules[n]!.IdRequisito && matches(doc, about))!;
  const accreditations = async () => (await call<Acc[]>('GET', `/acreditacion/${ANDES.id}`)).data.filter((row) => row.IdContrato === contract.IdContrato);
  const accreditationOf = async (person: string) => (await accreditations()).find((row) => row.IdPersona === person)!;
  const transition = (id: string, name: string, body?: object, token = test.admin.token) => call('POST', `/gestion-requisitos/${ANDES.id}/${id}${name}`, body, token);
  const file = (): Promise<FileRef> => uploadImage(test.server, contractor.token);
  /** Uploaded by the contractor, reviewed and approved by the office. */
  const approve = async (id: string, issued: string, body: object = {}) => {
    expect(await transition(id, '/documento', { Archivo: await file(), FechaEmision: issued }, contractor.token)).toMatchObject({ statusCode: 200 });
    expect(await transition(id, '/revision')).toMatchObject({ statusCode: 200 });
    expect(await transition(id, '/aprobar', body)).toMatchObject({ statusCode: 200, message: 'Documento aprobado con éxito' });
  };
  return { contractor, rules, contract, own, sub, docs, docOf, accreditations, accreditationOf, transition, file, approve };
}

describe('requirement rules (CT-REQ1)', () => {
  it('answers the form lists, keeps names unique and a debt control to the monthly F30-1 of a company', async () => {
    expect((await call<Row[]>('GET', `/contrato/listas/aplicacion/${ANDES.id}`)).data).toEqual([
      { value: 'empresa', label: 'Empresa' }, { value: 'contrato', label: 'Contrato' }, { value: 'trabajador', label: 'Trabajador' },
      { value: 'vehiculo', label: 'Vehículo' }, { value: 'equipo', label: 'Equipo' },
    ]);
    expect((await call<Row[]>('GET', `/contrato/listas/periodo/${ANDES.id}`)).data).toContainEqual({ value: 12, label: '12 meses' });
    expect((await call<Row[]>('GET', `/contrato/listas/clasificaciones/${ANDES.id}`)).data.map((row) => row.label)).toContain('Laboral y previsional');
    const base = { Nombre: 'Reglamento interno', Aplicacion: 'empresa', Frecuencia: 'unica', TipoRequisito: 'Documento', PeriodoMeses: 0, Obligatorio: 1 };
    expect(await call('POST', `/requisitos/${ANDES.id}`, { ...base, IdRequisito: uuidV7(), ControlDeuda: 1 })).toMatchObject({
      statusCode: 400, message: 'Un requisito que controla deuda (certificado F30-1) es mensual y se aplica a la empresa',
    });
    expect((await call('POST', `/requisitos/${ANDES.id}`, { ...base, IdRequisito: uuidV7() })).statusCode).toBe(200);
    expect(await call('POST', `/requisitos/${ANDES.id}`, { ...base, IdRequisito: uuidV7() })).toMatchObject({ statusCode: 409, message: 'Ya existe un requisito con ese nombre' });
  });
});

describe('contracts and the documents they ask (CT-CON1)', () => {
  it("refuses an unknown contractor, its own subcontracting and another company's worker, writing nothing", async () => {
    const level = (await call<Row[]>('GET', `/contrato/${ANDES.id}`)).data[0]!.IdNivel2;
    const base = { Nombre: 'Contrato mal hecho', RutContratista: '78945612-7', FechaInicio: '2026-11-01', FechaTermino: '2027-01-31', IdNivel2: level };
    const refused = async (extra: Row) => call('POST', `/contrato/${ANDES.id}`, { ...base, IdContrato: uuidV7(), ...extra });
    expect(await refused({ RutContratista: '11111111-1' })).toMatchObject({ statusCode: 400, message: 'La empresa contratista indicada no existe o está desactivada' });
    expect(await refused({ Subcontratistas: ['78945612-7'] })).toMatchObject({ statusCode: 400, message: 'La empresa contratista no puede ser subcontratista de su propio contrato' });
    expect(await refused({ FechaTermino: '2026-10-01' })).toMatchObject({ statusCode: 400, message: 'La fecha de término no puede ser anterior a la fecha de inicio' });
    const own = (await contractorWorkers()).find((worker) => worker.RutContratista === '78945612-7')!;
    // A worker of the contractor in a contract that names neither it nor its subcontractors: another contractor's.
    expect(await refused({ RutContratista: SUBCONTRACTOR, Trabajadores: [own.IdPersona] })).toMatchObject({ statusCode: 400, code: 'TRABAJADOR_AJENO' });
    expect((await call<Row[]>('GET', `/contrato/${ANDES.id}`)).data.map((row) => row.Nombre)).not.toContain('Contrato mal hecho');
  });

  it('makes one pending document per company, worker and month its requirements ask, once', async () => {
    const s = await setUp();
    const docs = await s.docs();
    expect(docs.map((doc) => [doc.IdRequisito, doc.RutContratista, doc.IdPersona, doc.Mes, doc.EstadoDocumento]).sort()).toEqual(
      [
        [s.rules[0]!.IdRequisito, '78945612-7', null, '', 'pendiente'],
        [s.rules[0]!.IdRequisito, SUBCONTRACTOR, null, '', 'pendiente'],
        [s.rules[1]!.IdRequisito, '78945612-7', s.own.IdPersona, '', 'pendiente'],
        [s.rules[1]!.IdRequisito, SUBCONTRACTOR, s.sub.IdPersona, '', 'pendiente'],
        [s.rules[2]!.IdRequisito, '78945612-7', null, '2026-11', 'pendiente'],
        [s.rules[2]!.IdRequisito, SUBCONTRACTOR, null, '2026-11', 'pendiente'],
      ].sort(),
    );
    // Written again, the contract asks the same documents: none is made twice.
    expect((await call('PUT', `/contrato/${s.contract.IdContrato}/${ANDES.id}`, { IdContrato: s.contract.IdContrato, Version: 1, Nombre: 'Obras civiles Sector Sur (ampliado)' })).statusCode).toBe(200);
    expect((await s.docs()).length).toBe(6);
  });
});

describe('document follow-up (CT-DOC1, CT-DOC2)', () => {
  it('CT-DOC1: pending → uploaded → in review → rejected with its reason → uploaded again → approved, in force from its issue date', async () => {
    const s = await setUp();
    const deed = await s.docOf(0, { rut: '78945612-7' });
    expect(await s.transition(deed.IdDocumento, '/aprobar')).toMatchObject({ statusCode: 409, code: 'DOCUMENTO_NO_EN_REVISION' });
    expect(await s.transition(deed.IdDocumento, '/documento', { Archivo: await s.file(), FechaEmision: '2026-12-01' }, s.contractor.token)).toMatchObject({
      statusCode: 400, message: 'La fecha de emisión no puede ser posterior a hoy',
    });
    await s.transition(deed.IdDocumento, '/documento', { Archivo: await s.file(), FechaEmision: '2026-11-02' }, s.contractor.token);
    // Review is the mandante's, whatever a contractor's role says.
    expect(await s.transition(deed.IdDocumento, '/revision', undefined, s.contractor.token)).toMatchObject({ statusCode: 403 });
    await s.transition(deed.IdDocumento, '/revision');
    expect(await s.transition(deed.IdDocumento, '/rechazar', { Motivo: 'otro' })).toMatchObject({ statusCode: 400, message: 'Indica el motivo del rechazo' });
    expect(await s.transition(deed.IdDocumento, '/rechazar', { Motivo: 'incompleto', Comentario: 'Falta la página 2' })).toMatchObject({ statusCode: 200, message: 'Documento rechazado' });
    const seen = (await call<Doc>('GET', `/gestion-requisitos/${ANDES.id}/${deed.IdDocumento}`, undefined, s.contractor.token)).data;
    expect(seen).toMatchObject({ EstadoDocumento: 'rechazado', Motivo: 'incompleto' });
    await s.approve(deed.IdDocumento, '2026-11-10');
    const approved = (await call<Doc>('GET', `/gestion-requisitos/${ANDES.id}/${deed.IdDocumento}`)).data;
    expect(approved).toMatchObject({ EstadoDocumento: 'aprobado', FechaEmision: '2026-11-10', FechaVencimiento: '2027-11-10', Motivo: '' });
    expect((approved.Historial as { Accion: string }[]).map((step) => step.Accion)).toEqual(['subido', 'en_revision', 'rechazado', 'subido', 'en_revision', 'aprobado']);
  });

  it('CT-DOC2: a renewal uploaded while the document is in force leaves it in force until the renewal is approved', async () => {
    const s = await setUp();
    const deed = (await s.docOf(0, { rut: '78945612-7' })).IdDocumento;
    await s.approve(deed, '2025-12-01');
    await s.transition(deed, '/documento', { Archivo: await s.file(), FechaEmision: '2026-11-20' }, s.contractor.token);
    const renewing = (await call<Doc>('GET', `/gestion-requisitos/${ANDES.id}/${deed}`)).data;
    expect(renewing).toMatchObject({ EstadoDocumento: 'aprobado', FechaVencimiento: '2026-12-01', Renovacion: { Estado: 'subido', FechaEmision: '2026-11-20' } });
    await s.transition(deed, '/revision');
    expect(await s.transition(deed, '/aprobar')).toMatchObject({ statusCode: 200, data: { EstadoDocumento: 'aprobado', FechaVencimiento: '2027-11-20', Renovacion: null } });
  });
});

describe('accreditation (CT-ACR1, CT-ACR2, CT-ACR3; CT-ACR4 and CT-LEY1 in sync/domain/accreditation.test.ts)', () => {
  it('CT-ACR1: a worker is accredited when every mandatory document is approved and in force, until the earliest due date; the reasons listed when not', async () => {
    const s = await setUp();
    expect(await s.accreditationOf(s.own.IdPersona)).toMatchObject({
      Acreditado: 0,
      AcreditadoHasta: '',
      Motivos: ['Certificado de vigencia de la sociedad: pendiente de subir', 'Contrato de trabajo firmado: pendiente de subir', 'F30-1 de prueba: pendiente de subir'],
    });
    await s.approve((await s.docOf(0, { rut: '78945612-7' })).IdDocumento, '2026-03-15');
    await s.approve((await s.docOf(1, { person: s.own.IdPersona })).IdDocumento, '2026-11-01');
    expect(await s.transition((await s.docOf(2, { rut: '78945612-7' })).IdDocumento, '/documento', { Archivo: await s.file(), FechaEmision: '2026-11-05' }, s.contractor.token)).toMatchObject({ statusCode: 200 });
    const f30 = (await s.docOf(2, { rut: '78945612-7' })).IdDocumento;
    await s.transition(f30, '/revision');
    expect(await s.transition(f30, '/aprobar', {})).toMatchObject({ statusCode: 400, message: 'Indica si el certificado muestra deuda laboral o previsional' });
    expect(await s.transition(f30, '/aprobar', { ConDeuda: 0 })).toMatchObject({ statusCode: 200 });
    // The F30-1 (one month from 2026-11-05) is due before the deed (2027-03-15).
    expect(await s.accreditationOf(s.own.IdPersona)).toMatchObject({ Acreditado: 1, AcreditadoHasta: '2026-12-05', Motivos: [] });
  });

  it("CT-ACR2: a subcontractor's worker answers to the subcontractor's documents, and its contractor sees them", async () => {
    const s = await setUp();
    await s.approve((await s.docOf(0, { rut: '78945612-7' })).IdDocumento, '2026-03-15');
    await s.approve((await s.docOf(1, { person: s.sub.IdPersona })).IdDocumento, '2026-11-01');
    await s.approve((await s.docOf(2, { rut: '78945612-7' })).IdDocumento, '2026-11-05', { ConDeuda: 0 });
    const pending = await s.accreditationOf(s.sub.IdPersona);
    expect(pending).toMatchObject({ Acreditado: 0, RutContratista: SUBCONTRACTOR });
    expect(pending.Motivos).toEqual(['Certificado de vigencia de la sociedad: pendiente de subir', 'F30-1 de prueba: pendiente de subir']);
    // The contractor above uploads its subcontractor's documents.
    await s.approve((await s.docOf(0, { rut: SUBCONTRACTOR })).IdDocumento, '2026-06-30');
    await s.approve((await s.docOf(2, { rut: SUBCONTRACTOR })).IdDocumento, '2026-11-10', { ConDeuda: 1 });
    expect(await s.accreditationOf(s.sub.IdPersona)).toMatchObject({ Acreditado: 1, AcreditadoHasta: '2026-12-10', Motivos: [] });
    const listed = (await call<Doc[]>('GET', `/gestion-requisitos/${ANDES.id}`, undefined, s.contractor.token)).data;
    expect(listed.some((doc) => doc.RutContratista === SUBCONTRACTOR)).toBe(true);
  });

  it('CT-ACR3: a worker taken off the contract loses its accreditation row', async () => {
    const s = await setUp();
    expect((await s.accreditations()).map((row) => row.IdPersona).sort()).toEqual([s.own.IdPersona, s.sub.IdPersona].sort());
    expect((await call('PUT', `/contrato/${s.contract.IdContrato}/${ANDES.id}`, { IdContrato: s.contract.IdContrato, Version: 1, Trabajadores: [s.own.IdPersona] })).statusCode).toBe(200);
    expect((await s.accreditations()).map((row) => row.IdPersona)).toEqual([s.own.IdPersona]);
  });
});

describe('documents that need someone now (CT-INF1)', () => {
  it('lists the rejected and those falling due within 30 days or due, soonest first, by situation; a contractor its own', async () => {
    const s = await setUp();
    const deed = (await s.docOf(0, { rut: '78945612-7' })).IdDocumento;
    const subDeed = (await s.docOf(0, { rut: SUBCONTRACTOR })).IdDocumento;
    const contract = (await s.docOf(1, { person: s.own.IdPersona })).IdDocumento;
    await s.approve(deed, '2025-12-10'); // due 2026-12-10: in 19 days
    await s.approve(subDeed, '2025-11-01'); // due 2026-11-01: already due
    await s.transition(contract, '/documento', { Archivo: await s.file(), FechaEmision: '2026-11-01' }, s.contractor.token);
    await s.transition(contract, '/revision');
    await s.transition(contract, '/rechazar', { Motivo: 'formato' });
    type Page = { statusCode: number; message?: string; data: { IdDocumento: string; Situacion: number; Motivo: string }[]; total: number };
    const report = async (query: string, token = test.admin.token) =>
      (await send<Page>(test.server, 'GET', `${BASE}/gestion-requisitos/informe/${ANDES.id}${query}`, { token })).body;
    const mine = (page: Page) => page.data.filter((row) => [deed, subDeed, contract].includes(row.IdDocumento));
    expect(mine(await report('?PorPagina=200')).map((row) => [row.IdDocumento, row.Situacion, row.Motivo])).toEqual([
      [contract, 3, 'formato'],
      [subDeed, 2, ''],
      [deed, 1, ''],
    ]);
    expect(mine(await report('?Situacion=2&PorPagina=200')).map((row) => row.IdDocumento)).toEqual([subDeed]);
    expect(mine(await report(`?RutContratista=${SUBCONTRACTOR}&PorPagina=200`)).map((row) => row.IdDocumento)).toEqual([subDeed]);
    expect(await report('?Situacion=vencidos')).toMatchObject({ statusCode: 400, message: 'La situación indicada no es válida' });
    // The contractor above its subcontractor sees both companies' documents.
    expect(mine(await report('?PorPagina=200', s.contractor.token)).length).toBe(3);
  });
});
