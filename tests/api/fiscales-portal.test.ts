import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRut } from '#sync/domain/rut.ts';
import {
  CARD_KINDS,
  type CardKind,
  EMPTY_CARD_MESSAGES,
  FISCALES_MESSAGES,
  type InspectorAccessRow,
  type PortalCompany,
  type PortalPdfLink,
  type PortalSearchAnswer,
  type PortalWorker,
} from '#sync/schemas/fiscales.schema.ts';
import { ACCESS_LOG_MESSAGES } from '#sync/schemas/fiscales-accesos.schema.ts';
import type { ReportListAnswer } from '#sync/schemas/report-list.schema.ts';
import { seedId } from '#server/seed/seed-id.ts';
import { ANDES, startTestServer, type TestServer } from './support/api-harness.ts';

/**
 * The inspector portal's search (spec 2.5, 5, 9): any company of the platform, a worker of its roster, the four cards
 * of that worker in a period (read through the read registry), each record's PDF through a short-lived signed link,
 * and the log of it all the company's administrators read.
 *
 * The demo worker with records of the four kinds in the last 12 months: worker 2 of Constructora Andes Demo SpA,
 * María Muñoz Martínez, RUT 11.373.541-4 (observed in a finished inspection, attended realised trainings, signed EPP
 * actas, injured in a case).
 */

const WORKER = { IdPersona: seedId(ANDES.id, 'trabajador', 2), Rut: '11373541-4', Nombre: 'María Muñoz Martínez' };
const OTHER_WORKER = seedId(ANDES.id, 'trabajador', 1);
const SUSPENDED = { rut: '96512345-8', id: '96512345' };
// The harness clock: 2026-11-21 12:00 UTC, 09:00 in Santiago.
const TODAY = '2026-11-21';
const YEAR_AGO = '2025-11-22';

let server: TestServer;
let inspector: { id: number; token: string };

beforeAll(async () => {
  server = await startTestServer();
  const created = await server.deps.db
    .insertInto('fiscalizadores')
    .values({
      Correo: 'ines.rojas@dt.gob.cl',
      HashContrasena: 'x',
      DebeCambiarContrasena: 0,
      TemporalExpiraEn: null,
      CreadoEn: server.clock.now().toISOString(),
      VerificadoEn: server.clock.now().toISOString(),
    })
    .returning('IdFiscalizador')
    .executeTakeFirstOrThrow();
  inspector = { id: created.IdFiscalizador, token: (await server.deps.tokens.issue(created.IdFiscalizador, '', 'fiscal', 0)).token };
});
afterAll(async () => {
  await server.close();
});

const get = <T>(url: string, token = inspector.token) =>
  server.request<{ statusCode: number; message?: string; data: T }>('GET', url, { token });
const recordsUrl = (desde: string, hasta: string, worker = WORKER.IdPersona, company = ANDES.id) =>
  `/api/fiscales/empresas/${company}/trabajadores/${worker}/registros?desde=${desde}&hasta=${hasta}`;
const search = (desde = YEAR_AGO, hasta = TODAY) => get<PortalSearchAnswer>(recordsUrl(desde, hasta));
const askPdf = (tipo: string, id: string, worker = WORKER.IdPersona, token = inspector.token) =>
  server.request<{ statusCode: number; message?: string; data: PortalPdfLink }>(
    'POST',
    `/api/fiscales/empresas/${ANDES.id}/trabajadores/${worker}/pdf/${tipo}/${id}`,
    { token },
  );

/** Opens a link as a new tab does: no session header; the bytes as they come. */
async function open(url: string): Promise<{ status: number; type: string; disposition: string; bytes: Buffer }> {
  const response = await server.app.request(url);
  return {
    status: response.status,
    type: response.headers.get('Content-Type') ?? '',
    disposition: response.headers.get('Content-Disposition') ?? '',
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-fiscal-'));
  const file = path.join(dir, 'registro.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const logRows = () =>
  server.deps.db.selectFrom('accesos_fiscalizadores').selectAll().where('IdFiscalizador', '=', inspector.id).orderBy('IdAcceso').execute();

describe('company and worker autocomplete', () => {
  it('offers every company of the platform, a suspended one too, by RUT or name', async () => {
    const byRut = await get<PortalCompany[]>('/api/fiscales/empresas?q=96.512');
    expect(byRut.status).toBe(200);
    expect(byRut.body.data).toEqual([expect.objectContaining({ IdEmpresa: SUSPENDED.id, RutEmpresa: SUSPENDED.rut, EstadoEmpresa: 2 })]);
    const byName = await get<PortalCompany[]>('/api/fiscales/empresas?q=andes');
    expect(byName.body.data).toEqual([
      { IdEmpresa: ANDES.id, RutEmpresa: ANDES.rut, NombreEmpresa: 'Constructora Andes Demo SpA', EstadoEmpresa: 1 },
    ]);
    const all = await get<PortalCompany[]>('/api/fiscales/empresas');
    expect(all.body.data.map((company) => company.IdEmpresa)).toEqual(expect.arrayContaining([ANDES.id, '77654321', SUSPENDED.id]));
  });

  it("offers only the chosen company's workers, by RUT (typed with dots) or name", async () => {
    const byRut = await get<PortalWorker[]>(`/api/fiscales/empresas/${ANDES.id}/trabajadores?q=${encodeURIComponent('11.373.541')}`);
    expect(byRut.status).toBe(200);
    expect(byRut.body.data).toEqual([WORKER]);
    const byName = await get<PortalWorker[]>(`/api/fiscales/empresas/${ANDES.id}/trabajadores?q=${encodeURIComponent('maría muñoz')}`);
    expect(byName.body.data).toContainEqual(WORKER);
    const andes = await get<PortalWorker[]>(`/api/fiscales/empresas/${ANDES.id}/trabajadores`);
    expect(andes.body.data).toHaveLength(20);
    // The same RUT in another company's roster is not this company's worker.
    const pacifico = await get<PortalWorker[]>(`/api/fiscales/empresas/77654321/trabajadores?q=11373541`);
    expect(pacifico.body.data.map((worker) => worker.IdPersona)).not.toContain(WORKER.IdPersona);
    const missing = await get<PortalWorker[]>('/api/fiscales/empresas/99999999/trabajadores');
    expect(missing).toMatchObject({ status: 404, body: { message: FISCALES_MESSAGES.companyNotFound } });
  });

  it('still finds a worker the company deleted from its roster, and their records: the access is permanent', async () => {
    await server.deps.db.updateTable('trabajadores').set({ Estado: 0 }).where('IdPersona', '=', WORKER.IdPersona).execute();
    try {
      const found = await get<PortalWorker[]>(`/api/fiscales/empresas/${ANDES.id}/trabajadores?q=11373541`);
      expect(found.body.data).toContainEqual(WORKER);
      const answer = await search();
      expect(answer.status).toBe(200);
      expect(answer.body.data.incidentes).toHaveLength(1);
    } finally {
      await server.deps.db.updateTable('trabajadores').set({ Estado: 1 }).where('IdPersona', '=', WORKER.IdPersona).execute();
    }
  });
});

describe('the four cards of a worker (GET …/registros)', () => {
  it('shows the demo worker’s inspections, trainings, EPP actas and injuries of the last 12 months, newest first', async () => {
    const answer = await search();
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.trabajador).toEqual(WORKER);
    expect(data.empresa).toMatchObject({ IdEmpresa: ANDES.id, NombreEmpresa: 'Constructora Andes Demo SpA' });
    expect(data.periodo).toEqual({ desde: YEAR_AGO, hasta: TODAY });

    // Observaciones: the finished inspection where she was observed, with the compliance the server computed.
    const inspection = await server.deps.db
      .selectFrom('evaluaciones')
      .selectAll()
      .where('IdEvaluacion', '=', seedId(ANDES.id, 'inspeccion', 3))
      .executeTakeFirstOrThrow();
    expect(data.observaciones).toEqual([
      {
        Id: inspection.IdEvaluacion,
        Fecha: '2026-11-20',
        Checklist: inspection.NombreFormulario,
        Cumplimiento: inspection.Porcentaje,
        Nota: inspection.Nota,
      },
    ]);
    expect(data.observaciones[0]).toMatchObject({ Checklist: 'Observación de conducta', Cumplimiento: 80.9, Nota: 5.5 });

    // Capacitaciones: three realised sessions she attended within the year (the one 430 days ago is not hers; none older).
    expect(data.capacitaciones.map((row) => row.Fecha)).toEqual(['2026-10-22', '2026-05-25', '2025-12-06']);
    // Named by the session's topic, with its type when the topic does not already say it.
    expect(data.capacitaciones.map((row) => row.Capacitacion)).toEqual([
      'Primeros auxilios y RCP',
      'Inducción hombre nuevo',
      'Trabajo en altura para cuadrilla de montaje (Trabajo en altura física)',
    ]);
    for (const row of data.capacitaciones) {
      const attendance = await server.deps.db
        .selectFrom('capacitacion_participantes')
        .select(['IdPersona', 'Asistio'])
        .where('Id', '=', row.Id)
        .executeTakeFirstOrThrow();
      expect(attendance).toEqual({ IdPersona: WORKER.IdPersona, Asistio: 1 });
    }

    // EPP: the correction she signed and the annulled acta it corrects, each with its seal checked now.
    expect(data.epp).toHaveLength(2);
    const [correction, annulled] = data.epp;
    expect(correction).toMatchObject({
      Fecha: '2026-11-02',
      Epp: 'Guantes de cabritilla (2), Protector auditivo tipo fono (1)',
      Verificacion: 'valido',
    });
    expect(annulled).toMatchObject({
      Fecha: '2026-11-01',
      Epp: 'Guantes de cabritilla (2), Protector auditivo tipo fono (1)',
      Verificacion: 'anulado',
    });
    for (const row of data.epp) {
      const acta = await server.deps.db
        .selectFrom('epp_entregas')
        .select(['Sello', 'IdPersona'])
        .where('IdEntregadosEpp', '=', row.Id)
        .executeTakeFirstOrThrow();
      expect(acta).toEqual({ Sello: row.Sello, IdPersona: WORKER.IdPersona });
      const lines = await server.deps.db
        .selectFrom('epp_entregas_lineas')
        .select(['NombreEpp', 'Cantidad'])
        .where('IdEntregadosEpp', '=', row.Id)
        .orderBy('Orden')
        .execute();
      expect(row.Epp).toBe(lines.map((line) => `${line.NombreEpp} (${line.Cantidad})`).join(', '));
    }

    // Incidentes: the fall from the scaffold three days ago, still under investigation.
    expect(data.incidentes).toEqual([
      {
        Id: seedId(ANDES.id, 'incidente', 2),
        FechaIncidente: '2026-11-18',
        TipoIncidente: 'Accidente con tiempo perdido',
        EstadoInvestigacion: 'Abierto',
      },
    ]);
  });

  it('filters each card to the period, both ends included, and an empty period gives four empty lists', async () => {
    const oneDay = (await search('2026-11-20', '2026-11-20')).body.data;
    expect(oneDay.observaciones).toHaveLength(1);
    expect([oneDay.capacitaciones, oneDay.epp, oneDay.incidentes]).toEqual([[], [], []]);
    expect((await search('2025-12-06', '2025-12-06')).body.data.capacitaciones).toHaveLength(1);
    expect((await search('2026-11-01', '2026-11-02')).body.data.epp).toHaveLength(2);

    const empty = await search('1969-01-01', '1970-12-31');
    expect(empty.status).toBe(200);
    for (const kind of CARD_KINDS) expect(empty.body.data[kind], EMPTY_CARD_MESSAGES[kind]).toEqual([]);
  });

  it('accepts 1969-01-01 to today and refuses what is outside, or a start after the end, with the spec messages', async () => {
    expect((await search('1969-01-01', TODAY)).status).toBe(200);
    expect(await search('1968-12-31', TODAY)).toMatchObject({ status: 400, body: { message: FISCALES_MESSAGES.dateOutOfRange } });
    expect(await search(YEAR_AGO, '2026-11-22')).toMatchObject({ status: 400, body: { message: FISCALES_MESSAGES.dateOutOfRange } });
    expect(await search('2026-11-10', '2026-11-01')).toMatchObject({ status: 400, body: { message: FISCALES_MESSAGES.startAfterEnd } });
    expect(await search('21/11/2026', TODAY)).toMatchObject({ status: 400, body: { message: FISCALES_MESSAGES.dateOutOfRange } });
    expect((await get(`/api/fiscales/empresas/${ANDES.id}/trabajadores/${WORKER.IdPersona}/registros?desde=${YEAR_AGO}`)).status).toBe(400);
  });

  it('leaves out deleted records', async () => {
    const id = seedId(ANDES.id, 'inspeccion', 3);
    await server.deps.db.updateTable('evaluaciones').set({ Estado: 0 }).where('IdEvaluacion', '=', id).execute();
    await server.deps.db
      .updateTable('incidentes')
      .set({ Estado: 0 })
      .where('IdEvaluacion', '=', seedId(ANDES.id, 'incidente', 2))
      .execute();
    try {
      const data = (await search()).body.data;
      expect([data.observaciones, data.incidentes]).toEqual([[], []]);
      expect((await askPdf('observaciones', id)).status).toBe(404);
    } finally {
      await server.deps.db.updateTable('evaluaciones').set({ Estado: 1 }).where('IdEvaluacion', '=', id).execute();
      await server.deps.db
        .updateTable('incidentes')
        .set({ Estado: 1 })
        .where('IdEvaluacion', '=', seedId(ANDES.id, 'incidente', 2))
        .execute();
    }
  });

  it('refuses a worker of another company and a company that does not exist', async () => {
    expect(await get(recordsUrl(YEAR_AGO, TODAY, WORKER.IdPersona, '77654321'))).toMatchObject({
      status: 404,
      body: { message: FISCALES_MESSAGES.workerNotFound },
    });
    expect(await get(recordsUrl(YEAR_AGO, TODAY, WORKER.IdPersona, '99999999'))).toMatchObject({
      status: 404,
      body: { message: FISCALES_MESSAGES.companyNotFound },
    });
  });
});

describe('the PDF of each record', () => {
  it('opens every kind through a signed link, a PDF with the worker’s RUT as printed', async () => {
    const data = (await search()).body.data;
    for (const kind of CARD_KINDS) {
      const row = data[kind][0]!;
      const link = await askPdf(kind, row.Id);
      expect(link.status, kind).toBe(200);
      expect(link.body.data.Url).toMatch(/^\/api\/fiscales\/documentos\/[\w-]+\.[\w-]+$/);
      const pdf = await open(link.body.data.Url);
      expect(pdf.status, kind).toBe(200);
      expect(pdf.type).toBe('application/pdf');
      expect(pdf.disposition).toBe(`inline; filename="${kind}-${WORKER.Rut}-${row.Id}.pdf"`);
      expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
      expect(pdfText(pdf.bytes), kind).toContain(formatRut(WORKER.Rut));
    }
  });

  it("refuses a record that is not this worker's, an unknown kind, and a forged or expired link", async () => {
    const data = (await search()).body.data;
    // Worker 1 was observed in another inspection, not in this one; the record exists but is not theirs.
    expect(await askPdf('observaciones', data.observaciones[0]!.Id, OTHER_WORKER)).toMatchObject({
      status: 404,
      body: { message: FISCALES_MESSAGES.recordNotFound },
    });
    expect(await askPdf('incidentes', data.incidentes[0]!.Id, OTHER_WORKER)).toMatchObject({
      status: 404,
      body: { message: FISCALES_MESSAGES.recordNotFound },
    });
    // A record of one card asked as another card's is not found either.
    expect((await askPdf('epp', data.capacitaciones[0]!.Id)).status).toBe(404);
    expect((await askPdf('dotaciones', data.epp[0]!.Id)).status).toBe(400);

    const link = (await askPdf('epp', data.epp[0]!.Id)).body.data.Url;
    const [payload, signature] = link.slice('/api/fiscales/documentos/'.length).split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), i: data.epp[1]!.Id }),
    ).toString('base64url');
    expect(await server.request('GET', `/api/fiscales/documentos/${forged}.${signature}`)).toMatchObject({
      status: 404,
      body: { message: FISCALES_MESSAGES.linkExpired },
    });
    // Its first character changed: to any other (a fixed 'x' left a signature that starts with 'x' untouched).
    const tampered = `${signature![0] === 'x' ? 'y' : 'x'}${signature!.slice(1)}`;
    expect((await server.request('GET', `/api/fiscales/documentos/${payload}.${tampered}`)).status).toBe(404);

    server.clock.advance(6 * 60 * 1000);
    try {
      expect(await server.request('GET', link)).toMatchObject({ status: 410, body: { message: FISCALES_MESSAGES.linkExpired } });
    } finally {
      server.clock.advance(-6 * 60 * 1000);
    }
  });
});

describe('the access log', () => {
  it('keeps a row for every search and every PDF link, and shows them to the company administrator, newest first', async () => {
    const before = (await logRows()).length;
    await search('2026-01-01', '2026-06-30');
    const data = (await search()).body.data;
    await askPdf('incidentes', data.incidentes[0]!.Id);
    const rows = (await logRows()).slice(before);
    expect(
      rows.map((row) => [
        row.Accion,
        row.IdEmpresa,
        row.IdPersona,
        row.RutTrabajador,
        row.NombreTrabajador,
        row.TipoRegistro,
        row.IdRegistro,
        row.Desde,
        row.Hasta,
      ]),
    ).toEqual([
      ['busqueda', ANDES.id, WORKER.IdPersona, WORKER.Rut, WORKER.Nombre, '', '', '2026-01-01', '2026-06-30'],
      ['busqueda', ANDES.id, WORKER.IdPersona, WORKER.Rut, WORKER.Nombre, '', '', YEAR_AGO, TODAY],
      ['pdf', ANDES.id, WORKER.IdPersona, WORKER.Rut, WORKER.Nombre, 'incidentes', data.incidentes[0]!.Id, '', ''],
    ]);
    expect(rows.every((row) => row.Correo === 'ines.rojas@dt.gob.cl' && row.En === server.clock.now().toISOString())).toBe(true);
    // A refused search leaves nothing.
    await search('2026-11-10', '2026-11-01');
    expect(await logRows()).toHaveLength(before + 3);

    const admin = await server.login('admin@andesdemo.cl');
    const log = await server.request<{ data: InspectorAccessRow[] }>('GET', `/api/perfil/accesos-fiscalizadores/${ANDES.id}`, {
      token: admin.token,
    });
    expect(log.status).toBe(200);
    // Every row of this company: the roster listings of another company (an earlier test) are that company's.
    const all = (await logRows()).filter((row) => row.IdEmpresa === ANDES.id);
    expect(log.body.data).toHaveLength(all.length);
    expect(log.body.data[0]).toEqual({
      IdAcceso: all.at(-1)!.IdAcceso,
      En: server.clock.now().toISOString(),
      Correo: 'ines.rojas@dt.gob.cl',
      Accion: 'pdf',
      RutTrabajador: WORKER.Rut,
      NombreTrabajador: WORKER.Nombre,
      TipoRegistro: 'incidentes' satisfies CardKind,
      IdRegistro: data.incidentes[0]!.Id,
      Desde: '',
      Hasta: '',
      Busqueda: '',
      Resultados: 0,
    });
    // Another company's administrator sees none of it, and not through this company's address either.
    const pacifico = await server.login('admin@pacificodemo.cl', '77654321-7');
    // (it sees only what was consulted of its own company: the roster listing an earlier test made of it).
    const pacificoLog = (
      await server.request<{ data: InspectorAccessRow[] }>('GET', '/api/perfil/accesos-fiscalizadores/77654321', { token: pacifico.token })
    ).body.data;
    expect(pacificoLog.map((row) => row.IdAcceso).filter((id) => all.some((andes) => andes.IdAcceso === id))).toEqual([]);
    expect(pacificoLog.map((row) => [row.Accion, row.Busqueda])).toEqual([['nomina', '11373541']]);
    expect((await server.request('GET', `/api/perfil/accesos-fiscalizadores/${ANDES.id}`, { token: pacifico.token })).status).toBe(403);
  });

  it('keeps a row for every roster listing, with what was typed and how many workers it showed, naming none (issue 27)', async () => {
    const before = (await logRows()).length;
    await get<PortalWorker[]>(`/api/fiscales/empresas/${ANDES.id}/trabajadores`);
    await get<PortalWorker[]>(`/api/fiscales/empresas/${ANDES.id}/trabajadores?q=${encodeURIComponent('11.373.541')}`);
    // A company that does not exist lists nothing and logs nothing.
    await get<PortalWorker[]>('/api/fiscales/empresas/99999999/trabajadores');
    const rows = (await logRows()).slice(before);
    expect(rows.map((row) => [row.Accion, row.IdEmpresa, row.IdPersona, row.RutTrabajador, row.Busqueda, row.Resultados])).toEqual([
      ['nomina', ANDES.id, '', '', '', 20],
      ['nomina', ANDES.id, '', '', '11.373.541', 1],
    ]);
    const admin = await server.login('admin@andesdemo.cl');
    const log = await server.request<{ data: InspectorAccessRow[] }>('GET', `/api/perfil/accesos-fiscalizadores/${ANDES.id}`, {
      token: admin.token,
    });
    expect(log.body.data[0]).toMatchObject({
      Accion: 'nomina',
      Correo: 'ines.rojas@dt.gob.cl',
      Busqueda: '11.373.541',
      Resultados: 1,
      RutTrabajador: '',
    });
  });

  it('filters the log by inspector, by worker (name or RUT) and by Chilean days, pages it, and names the inspectors who consulted (issue 28)', async () => {
    const second = await server.deps.db
      .insertInto('fiscalizadores')
      .values({
        Correo: 'pedro.soto@dt.gob.cl',
        HashContrasena: 'x',
        DebeCambiarContrasena: 0,
        TemporalExpiraEn: null,
        CreadoEn: server.clock.now().toISOString(),
        VerificadoEn: server.clock.now().toISOString(),
      })
      .returning('IdFiscalizador')
      .executeTakeFirstOrThrow();
    const entry = (En: string, worker: { IdPersona: string; Rut: string; Nombre: string }) => ({
      IdFiscalizador: second.IdFiscalizador,
      Correo: 'pedro.soto@dt.gob.cl',
      IdEmpresa: ANDES.id,
      IdPersona: worker.IdPersona,
      RutTrabajador: worker.Rut,
      NombreTrabajador: worker.Nombre,
      Accion: 'busqueda' as const,
      Desde: YEAR_AGO,
      Hasta: TODAY,
      En,
    });
    const other = { IdPersona: OTHER_WORKER, Rut: '11000000-3', Nombre: 'Juan González Díaz' };
    // 23:30 of the 20th in Santiago (02:30 UTC of the 21st), 00:30 of the 21st, and 08:00 of the 21st.
    await server.deps.db
      .insertInto('accesos_fiscalizadores')
      .values([
        entry('2026-11-21T02:30:00.000Z', WORKER),
        entry('2026-11-21T03:30:00.000Z', other),
        entry('2026-11-21T11:00:00.000Z', WORKER),
      ])
      .execute();
    const admin = await server.login('admin@andesdemo.cl');
    const log = async (query: string) =>
      (
        await server.request<ReportListAnswer<InspectorAccessRow> & { message?: string }>(
          'GET',
          `/api/perfil/accesos-fiscalizadores/${ANDES.id}?${query}`,
          { token: admin.token },
        )
      ).body;
    const times = (answer: ReportListAnswer<InspectorAccessRow>) => answer.data.map((row) => row.En.slice(11, 16));
    const byHim = `IdFiscalizador=${second.IdFiscalizador}`;

    expect(await log(byHim)).toMatchObject({ statusCode: 200, total: 3, Pagina: 1, PorPagina: 50 });
    expect(times(await log(byHim))).toEqual(['11:00', '03:30', '02:30']);
    // Days are Chile's: the first entry is of the 20th, the other two of the 21st.
    expect(times(await log(`${byHim}&Desde=2026-11-20&Hasta=2026-11-20`))).toEqual(['02:30']);
    expect(times(await log(`${byHim}&Desde=2026-11-21`))).toEqual(['11:00', '03:30']);
    expect(times(await log(`${byHim}&Hasta=2026-11-20`))).toEqual(['02:30']);
    // A worker by part of the name, any case, or by the RUT written with or without dots and hyphen.
    expect(times(await log(`${byHim}&Trabajador=${encodeURIComponent('muñoz')}`))).toEqual(['11:00', '02:30']);
    expect(times(await log(`${byHim}&Trabajador=${encodeURIComponent('11.373.541-4')}`))).toEqual(['11:00', '02:30']);
    expect(times(await log(`${byHim}&Trabajador=110000003`))).toEqual(['03:30']);
    expect(times(await log(`${byHim}&Trabajador=${encodeURIComponent('%')}`))).toEqual([]);
    // Paged, newest first, with the total that match.
    const page = await log(`${byHim}&PorPagina=1&Pagina=2`);
    expect(page).toMatchObject({ total: 3, Pagina: 2, PorPagina: 1 });
    expect(times(page)).toEqual(['03:30']);
    // The inspectors who consulted the company: the filter's choices, by address.
    const inspectors = (
      await server.request<{ data: { IdFiscalizador: number; Correo: string }[] }>(
        'GET',
        `/api/perfil/accesos-fiscalizadores/${ANDES.id}/fiscalizadores`,
        { token: admin.token },
      )
    ).body.data;
    expect(inspectors).toEqual([
      { IdFiscalizador: inspector.id, Correo: 'ines.rojas@dt.gob.cl' },
      { IdFiscalizador: second.IdFiscalizador, Correo: 'pedro.soto@dt.gob.cl' },
    ]);
    // Bad filters are refused in Spanish.
    expect(await log('Desde=2026-11-21&Hasta=2026-11-20')).toMatchObject({ statusCode: 400, message: ACCESS_LOG_MESSAGES.rangeReversed });
    expect(await log('IdFiscalizador=pedro')).toMatchObject({ statusCode: 400, message: ACCESS_LOG_MESSAGES.inspectorInvalid });
    expect(await log('Desde=21-11-2026')).toMatchObject({ statusCode: 400, message: ACCESS_LOG_MESSAGES.dateInvalid });
    expect(await log('PorPagina=5000')).toMatchObject({ statusCode: 400, message: 'La página pedida no es válida' });
    // Another company's administrator reads neither its log nor its inspectors through this company's address.
    const pacifico = await server.login('admin@pacificodemo.cl', '77654321-7');
    expect(
      (await server.request('GET', `/api/perfil/accesos-fiscalizadores/${ANDES.id}/fiscalizadores`, { token: pacifico.token })).status,
    ).toBe(403);
    await server.deps.db.deleteFrom('accesos_fiscalizadores').where('IdFiscalizador', '=', second.IdFiscalizador).execute();
  });

  it('refuses a supervisor without Perfil Empresa and a contractor user, whatever their role grants', async () => {
    const supervisor = await server.login('supervisor@andesdemo.cl');
    expect((await server.request('GET', `/api/perfil/accesos-fiscalizadores/${ANDES.id}`, { token: supervisor.token })).status).toBe(403);
    // The contractor user's role is given Perfil Empresa: still refused, a contractor never reads the company's log.
    const contractor = await server.login('contratista@andesdemo.cl');
    const user = await server.deps.db
      .selectFrom('usuarios')
      .select('IdRol')
      .where('IdUsuario', '=', contractor.userId)
      .executeTakeFirstOrThrow();
    const sub = await server.deps.db
      .selectFrom('submodulos')
      .select('IdSubmodulo')
      .where('Ruta', '=', '/perfil/empresa')
      .executeTakeFirstOrThrow();
    await server.deps.db.deleteFrom('rol_permisos').where('IdRol', '=', user.IdRol).where('IdSubmodulo', '=', sub.IdSubmodulo).execute();
    await server.deps.db
      .insertInto('rol_permisos')
      .values({ IdRol: user.IdRol, IdSubmodulo: sub.IdSubmodulo, Acciones: 'index' })
      .execute();
    const refused = await server.request('GET', `/api/perfil/accesos-fiscalizadores/${ANDES.id}`, { token: contractor.token });
    expect(refused).toMatchObject({ status: 403, body: { code: 'SOLO_EMPRESA' } });
  });
});

describe('sessions', () => {
  it('refuses a company token, a missing token and a challenge token on every portal route (401)', async () => {
    const admin = await server.login('admin@andesdemo.cl');
    const challenge = (await server.deps.tokens.issue(inspector.id, '', 'desafio-fiscal', 0)).token;
    const urls: [string, string][] = [
      ['GET', '/api/fiscales/empresas?q=andes'],
      ['GET', `/api/fiscales/empresas/${ANDES.id}/trabajadores`],
      ['GET', recordsUrl(YEAR_AGO, TODAY)],
      ['POST', `/api/fiscales/empresas/${ANDES.id}/trabajadores/${WORKER.IdPersona}/pdf/incidentes/${seedId(ANDES.id, 'incidente', 2)}`],
    ];
    const before = (await logRows()).length;
    for (const [method, url] of urls) {
      for (const token of [admin.token, undefined, challenge])
        expect((await server.request(method, url, { token })).status, `${method} ${url}`).toBe(401);
    }
    expect(await logRows()).toHaveLength(before);
    // And the inspector's token opens no company route.
    expect((await server.request('GET', `/api/perfil/accesos-fiscalizadores/${ANDES.id}`, { token: inspector.token })).status).toBe(401);
  });
});
