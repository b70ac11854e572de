import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { uploadImage } from './support/inspecciones-factory.ts';
import { send } from './support/sync-harness.ts';
import { createWorker, SEEDED, workerBody } from './support/trabajadores-factory.ts';
import { contractorBody, roleIdByName, signInFirstTime, userBody, write } from './support/usuarios-factory.ts';

/**
 * A subcontracting chain's documents (issue 37, CT-CAD3): Alfa holds a contract; Beta works for Alfa and Gamma for
 * Beta. Each company sees and uploads its own documents and those of the companies below it in the chain, on the list
 * and in what its devices pull; moving Gamma up to work for Alfa takes Gamma's documents off Beta's devices.
 */
const test = serverForEachTest();
const BASE = '/api/gestion-contratista';

type Row = Record<string, unknown>;
type ChangePage = { cursor: number; more: boolean; changes: { table: string; id: string; op: 'upsert' | 'delete'; row: Row | null }[] };
type Doc = { IdDocumento: string; RutContratista: string; IdPersona: string | null; Superiores: string[] };

async function ok<T = Row>(method: 'POST' | 'PUT', url: string, body?: object, token = test.admin.token): Promise<T> {
  const answer = await write<T>(test.server, token, method, url, body);
  expect(answer.body, `${method} ${url}`).toMatchObject({ statusCode: 200 });
  return answer.body.data;
}

async function setUp() {
  const company = async (Nombre: string) =>
    (await ok<{ RutCompleto: string }>('POST', `/api/empresa-contratistas/post/${ANDES.id}`, contractorBody({ Nombre, Tipo: 1, ContrasenaTemporal: null })))
      .RutCompleto;
  const ruts = { alfa: await company('Cadena Alfa SpA'), beta: await company('Cadena Beta Ltda.'), gamma: await company('Cadena Gamma S.A.') };
  const role = await roleIdByName(test.server, 'Contratista');
  const token = async (rut: string, ApellidoPaterno: string) => {
    const body = userBody({ Tipo: 'contratista', IdContratista: rut, IdRol: role, ApellidoPaterno });
    await ok('POST', '/api/usuarios', body);
    return (await signInFirstTime(test.server, String(body.CorreoElectronicoPersona))).token;
  };
  const tokens = { alfa: await token(ruts.alfa, 'Aguirre'), beta: await token(ruts.beta, 'Bustos'), gamma: await token(ruts.gamma, 'Carrasco') };
  const gammaWorker = workerBody({ Nombres: 'Iván', ApellidoPaterno: 'Godoy', TipoEmpresa: 2, RutContratista: ruts.gamma });
  expect((await createWorker(test.server, test.admin.token, gammaWorker)).status).toBe(200);
  const requirement = { IdRequisito: uuidV7(), Nombre: 'Contrato de trabajo (cadena)', Aplicacion: 'trabajador', Frecuencia: 'unica', TipoRequisito: 'Documento', PeriodoMeses: 0, Obligatorio: 1 };
  await ok('POST', `${BASE}/requisitos/${ANDES.id}`, requirement);
  const company2 = { IdRequisito: uuidV7(), Nombre: 'Escritura (cadena)', Aplicacion: 'empresa', Frecuencia: 'unica', TipoRequisito: 'Documento', PeriodoMeses: 0, Obligatorio: 1 };
  await ok('POST', `${BASE}/requisitos/${ANDES.id}`, company2);
  const contract = {
    IdContrato: uuidV7(),
    Nombre: 'Cadena de prueba',
    RutContratista: ruts.alfa,
    FechaInicio: '2026-11-01',
    FechaTermino: '2027-10-31',
    IdNivel2: SEEDED.nv2(1),
    Subcontratistas: [ruts.beta, ruts.gamma],
    Ascendencias: { [ruts.gamma]: ruts.beta },
    Trabajadores: [gammaWorker.IdPersona],
    Requisitos: [requirement.IdRequisito, company2.IdRequisito],
  };
  await ok('POST', `${BASE}/contrato/${ANDES.id}`, contract);
  const asked = [requirement.IdRequisito, company2.IdRequisito];
  const listed = async (token: string) =>
    (await send<{ data: Doc[] }>(test.server, 'GET', `${BASE}/gestion-requisitos/${ANDES.id}`, { token })).body.data.filter((doc) => asked.includes(
      (doc as Doc & { IdRequisito: string }).IdRequisito,
    ));
  const companiesSeen = async (token: string) => [...new Set((await listed(token)).map((doc) => doc.RutContratista))].sort();
  /** Every change of documents the user's device pulls from the start, page after page. */
  const pulled = async (token: string) => {
    const changes: ChangePage['changes'] = [];
    for (let since = 0, more = true; more; ) {
      const page = (await send<ChangePage>(test.server, 'GET', `/api/sync/changes?since=${since}&limit=1000`, { token })).body;
      changes.push(...page.changes.filter((change) => change.table === 'documentos_requisito'));
      [since, more] = [page.cursor, page.more];
    }
    return changes;
  };
  return { ruts, tokens, contract, gammaWorker, listed, companiesSeen, pulled };
}

describe('documents along a subcontracting chain (CT-CAD3)', () => {
  it('shows each company its own documents and those below it, on the list and in the pull, and lets it upload them', async () => {
    const s = await setUp();
    const { alfa, beta, gamma } = s.ruts;
    expect(await s.companiesSeen(s.tokens.alfa)).toEqual([alfa, beta, gamma].sort());
    expect(await s.companiesSeen(s.tokens.beta)).toEqual([beta, gamma].sort());
    expect(await s.companiesSeen(s.tokens.gamma)).toEqual([gamma]);
    const gammaDocs = (await s.listed(s.tokens.gamma)).map((doc) => doc.Superiores);
    expect(gammaDocs).toEqual([[alfa, beta].sort(), [alfa, beta].sort()]);

    const rowsPulled = async (token: string) => {
      const latest = new Map((await s.pulled(token)).map((change) => [change.id, change]));
      return [...latest.values()].filter((change) => change.op === 'upsert').map((change) => (change.row as unknown as Doc).RutContratista);
    };
    expect([...new Set(await rowsPulled(s.tokens.beta))].sort()).toEqual([beta, gamma].sort());
    expect([...new Set(await rowsPulled(s.tokens.gamma))]).toEqual([gamma]);

    // Beta, the subcontractor in the middle, uploads the contract of Gamma's worker.
    const workerDoc = (await s.listed(s.tokens.beta)).find((doc) => doc.IdPersona === s.gammaWorker.IdPersona)!;
    const Archivo = await uploadImage(test.server, s.tokens.beta);
    await ok('POST', `${BASE}/gestion-requisitos/${ANDES.id}/${workerDoc.IdDocumento}/documento`, { Archivo, FechaEmision: '2026-11-02' }, s.tokens.beta);
    const seenByGamma = (await s.listed(s.tokens.gamma)).find((doc) => doc.IdDocumento === workerDoc.IdDocumento);
    expect(seenByGamma).toMatchObject({ EstadoDocumento: 'subido' });
  });

  it('takes the documents of a company moved up the chain off the devices of the one it no longer works for', async () => {
    const s = await setUp();
    const { alfa, beta, gamma } = s.ruts;
    await ok('PUT', `${BASE}/contrato/${s.contract.IdContrato}/${ANDES.id}`, { IdContrato: s.contract.IdContrato, Version: 1, Ascendencias: {} });
    expect(await s.companiesSeen(s.tokens.beta)).toEqual([beta]);
    expect(await s.companiesSeen(s.tokens.alfa)).toEqual([alfa, beta, gamma].sort());
    const gammaIds = new Set((await s.listed(s.tokens.gamma)).map((doc) => doc.IdDocumento));
    const last = new Map((await s.pulled(s.tokens.beta)).map((change) => [change.id, change.op]));
    expect([...gammaIds].map((id) => last.get(id))).toEqual([...gammaIds].map(() => 'delete'));
  });
});
