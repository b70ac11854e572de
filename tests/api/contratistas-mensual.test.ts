import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { askMonthlyDocuments } from '#server/modules/contratistas/monthly-documents.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { contractorBody } from './support/usuarios-factory.ts';
import { send } from './support/sync-harness.ts';

/**
 * The month's F30-1 (Ley 20.123) and the chains of subcontractors a contract keeps. Each case names its rule id
 * (server/modules/contratistas/README.md).
 */
const test = serverForEachTest();
const BASE = '/api/gestion-contratista';
const CONTRACTOR = '78945612-7';
const SUBCONTRACTOR = '76888111-1';
const DAY = 86_400_000;

type Row = Record<string, unknown>;
type Doc = { NombreRequisito: string; RutContratista: string; Mes: string; EstadoDocumento: string };
type Answer<T = Row> = { statusCode: number; message: string; code?: string; data: T };

async function call<T = Row>(method: 'GET' | 'POST' | 'PUT', path: string, body?: object, token = test.admin.token) {
  return (await send<Answer<T>>(test.server, method, `${BASE}${path}`, { token, body })).body;
}

const f30Of = async (month: string) =>
  (await call<Doc[]>('GET', `/gestion-requisitos/${ANDES.id}`)).data.filter((doc) => doc.NombreRequisito === 'Certificado F30-1' && doc.Mes === month);

describe("a new month's monthly documents (CT-LEY2)", () => {
  it("asks each contract in force this month's F30-1 of every company once, and the accreditations follow it", async () => {
    expect((await f30Of('2026-11')).map((doc) => doc.RutContratista).sort()).toEqual([SUBCONTRACTOR, CONTRACTOR].sort());
    expect(await f30Of('2026-12')).toEqual([]);
    // Still November: nothing is missing.
    expect(await askMonthlyDocuments(test.server.deps)).toBe(0);

    test.server.clock.advance(11 * DAY);
    test.admin = await test.server.login('admin@andesdemo.cl');
    expect(await askMonthlyDocuments(test.server.deps)).toBe(1);
    const december = await f30Of('2026-12');
    expect(december.map((doc) => [doc.RutContratista, doc.EstadoDocumento]).sort()).toEqual(
      [
        [CONTRACTOR, 'pendiente'],
        [SUBCONTRACTOR, 'pendiente'],
      ].sort(),
    );
    // November's stay as they were: a month's certificate is its own document.
    expect((await f30Of('2026-11')).length).toBe(2);
    const accreditations = (await call<{ Acreditado: 0 | 1; Motivos: string[] }[]>('GET', `/acreditacion/${ANDES.id}`)).data;
    expect(accreditations.length).toBeGreaterThan(0);
    for (const row of accreditations) {
      expect(row.Acreditado).toBe(0);
      expect(row.Motivos.some((reason) => reason.startsWith('Certificado F30-1'))).toBe(true);
    }

    // A second run the same month makes nothing and logs nothing.
    const changes = async () => (await test.server.deps.db.selectFrom('cambios').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
    const before = await changes();
    expect(await askMonthlyDocuments(test.server.deps)).toBe(0);
    expect((await f30Of('2026-12')).length).toBe(2);
    expect(await changes()).toBe(before);
  });
});

describe('chains of subcontractors in a contract (CT-CAD2)', () => {
  it('keeps whom each subcontractor works for, and refuses a parent outside the contract or a loop, writing nothing', async () => {
    const third = contractorBody({ Tipo: 1, ContrasenaTemporal: null });
    const created = await send<Answer>(test.server, 'POST', `/api/empresa-contratistas/post/${ANDES.id}`, { token: test.admin.token, body: third });
    expect(created.body.statusCode).toBe(200);
    const level = (await call<Row[]>('GET', `/contrato/${ANDES.id}`)).data[0]!.IdNivel2;
    const base = {
      Nombre: 'Montaje de andamios Planta Norte', RutContratista: CONTRACTOR, FechaInicio: '2026-11-01', FechaTermino: '2027-03-31', IdNivel2: level,
      Subcontratistas: [SUBCONTRACTOR, third.RutCompleto],
    };
    const refused = async (Ascendencias: Row) => call('POST', `/contrato/${ANDES.id}`, { ...base, IdContrato: uuidV7(), Ascendencias });
    expect(await refused({ [third.RutCompleto]: '11111111-1' })).toMatchObject({
      statusCode: 400, message: 'Una subcontratista debe trabajar para la contratista o para otra subcontratista del contrato',
    });
    expect(await refused({ [third.RutCompleto]: SUBCONTRACTOR, [SUBCONTRACTOR]: third.RutCompleto })).toMatchObject({
      statusCode: 400, message: 'Las subcontratistas del contrato no pueden trabajar unas para otras en círculo',
    });
    const names = async () => (await call<Row[]>('GET', `/contrato/${ANDES.id}`)).data.map((row) => row.Nombre);
    expect(await names()).not.toContain(base.Nombre);

    const IdContrato = uuidV7();
    expect(await call('POST', `/contrato/${ANDES.id}`, { ...base, IdContrato, Ascendencias: { [third.RutCompleto]: SUBCONTRACTOR } })).toMatchObject({ statusCode: 200 });
    const stored = (await call<Row>('GET', `/contrato/${IdContrato}/${ANDES.id}`)).data;
    expect(stored.Ascendencias).toEqual({ [third.RutCompleto]: SUBCONTRACTOR });
    // A contract written before chains existed reads as every subcontractor working for the contractor.
    const demo = (await call<Row[]>('GET', `/contrato/${ANDES.id}`)).data.find((row) => row.Nombre === 'Mantención eléctrica Planta Norte')!;
    expect(demo.Ascendencias).toEqual({});
  });
});
