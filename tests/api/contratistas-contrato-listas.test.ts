import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { send } from './support/sync-harness.ts';
import { createWorker, deleteWorker, levelBody, workerBody } from './support/trabajadores-factory.ts';
import { contractorBody, roleIdByName, signInFirstTime, userBody, write } from './support/usuarios-factory.ts';

/**
 * The contract form's lists (issue 37, spec /contrato/listas/{…}/{emp}): each answers what the rows this test makes
 * through the API say it should (CT-LIS1); a contractor's user names only its own and its subcontractors' people
 * (CT-LIS2). Rule ids in server/modules/contratistas/README.md.
 */
const test = serverForEachTest();
const BASE = '/api/gestion-contratista';

type Row = Record<string, unknown>;
type Answer<T = Row[]> = { statusCode: number; message?: string; code?: string; data: T };

async function lista<T = Row[]>(name: string, query = '', token = test.admin.token) {
  return (await send<Answer<T>>(test.server, 'GET', `${BASE}/contrato/listas/${name}/${ANDES.id}${query}`, { token })).body;
}

async function ok<T = Row>(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object): Promise<T> {
  const answer = await write<T>(test.server, test.admin.token, method, url, body);
  expect(answer.body, `${method} ${url}`).toMatchObject({ statusCode: 200 });
  return answer.body.data;
}

/**
 * Four contractor companies (Delta deactivated), Alfa holding a contract with Beta as its subcontractor on a new
 * worksite; their workers (one of Alfa's deleted), a contractor user of each of Alfa, Beta and Gamma, and two company
 * users (one disabled).
 */
async function setUp() {
  const contractorRole = await roleIdByName(test.server, 'Contratista');
  const company = async (Nombre: string) => (await ok<{ RutCompleto: string }>('POST', `/api/empresa-contratistas/post/${ANDES.id}`, {
    ...contractorBody({ Nombre, Tipo: 1, ContrasenaTemporal: null }),
  })).RutCompleto;
  const [alfa, beta, gamma, delta] = [await company('Prueba Alfa SpA'), await company('Prueba Beta Ltda.'), await company('Prueba Gamma S.A.'), await company('Prueba Delta SpA')];
  const worker = async (rut: string, ApellidoPaterno: string) => {
    const body = workerBody({ Nombres: 'Luis', ApellidoPaterno, TipoEmpresa: 2, RutContratista: rut });
    expect((await createWorker(test.server, test.admin.token, body)).body.statusCode).toBe(200);
    return { IdPersona: body.IdPersona, RunPersona: body.RunPersona, Nombre: `Luis ${ApellidoPaterno} Lagos`, RutContratista: rut };
  };
  const workers = {
    alfa: [await worker(alfa, 'Zamorano'), await worker(alfa, 'Araya')] as const,
    beta: [await worker(beta, 'Bravo')],
    gamma: [await worker(gamma, 'Castro')],
    delta: [await worker(delta, 'Donoso')],
  };
  const gone = await worker(alfa, 'Eliminado');
  expect((await deleteWorker(test.server, test.admin.token, gone.IdPersona, test.admin.userId)).body.statusCode).toBe(200);
  const deltaId = (await test.server.deps.db.selectFrom('empresas_contratistas').select('IdEmpresaContratista').where('RutCompleto', '=', delta).executeTakeFirstOrThrow())
    .IdEmpresaContratista;
  await ok('PUT', `/api/empresa-contratistas/contratistas/desactivar/${ANDES.id}`, { IdEmpresaContratista: deltaId });

  const user = async (overrides: Row) => {
    const body = userBody(overrides);
    const made = await ok<{ IdUsuario: number }>('POST', '/api/usuarios', body);
    const Nombre = `${String(body.Nombres)} ${String(body.ApellidoPaterno)} ${String(body.ApellidoMaterno)}`;
    return { IdUsuario: made.IdUsuario, Rut: body.RunPersona, Nombre, email: String(body.CorreoElectronicoPersona) };
  };
  const contractorUser = (rut: string, ApellidoPaterno: string) => user({ Tipo: 'contratista', IdContratista: rut, IdRol: contractorRole, ApellidoPaterno });
  const users = { alfa: await contractorUser(alfa, 'Aguirre'), beta: await contractorUser(beta, 'Benavides'), gamma: await contractorUser(gamma, 'Cortés') };
  const adminRole = await roleIdByName(test.server, 'Administrador');
  const office = { enabled: await user({ IdRol: adminRole, Nombres: 'Rocío' }), disabled: await user({ IdRol: adminRole, Nombres: 'Tomás' }) };
  await ok('PUT', `/api/usuarios/desactivar/${ANDES.id}`, { IdUsuario: office.disabled.IdUsuario });

  const site = levelBody({ Nombre: 'Faena Prueba Contratos' });
  const idle = levelBody({ Nombre: 'Faena Prueba Sin Contratos' });
  for (const level of [site, idle]) await ok('POST', `/api/niveles/post/${ANDES.id}`, level);
  await ok('POST', `${BASE}/contrato/${ANDES.id}`, {
    IdContrato: uuidV7(), Nombre: 'Mantención Planta Sur', RutContratista: alfa, FechaInicio: '2026-11-01', FechaTermino: '2027-10-31',
    IdNivel2: site.IdNivel, Subcontratistas: [beta],
  });
  return { ruts: { alfa, beta, gamma, delta }, workers, gone, users, office, levels: { site: site.IdNivel, idle: idle.IdNivel } };
}

const names = { alfa: 'Prueba Alfa SpA', beta: 'Prueba Beta Ltda.', gamma: 'Prueba Gamma S.A.' };
const rutsOf = (rows: Row[]) => rows.map((row) => row.Rut);
const responsible = (worker: { RunPersona: string; Nombre: string; RutContratista: string }) => ({
  Rut: worker.RunPersona,
  Nombre: worker.Nombre,
  RutContratista: worker.RutContratista,
});

describe('the contract form lists (CT-LIS1)', () => {
  it('CT-LIS1: names the active contractor companies, first those the contractor already subcontracts', async () => {
    const s = await setUp();
    const mine = (rows: Row[]) => rows.filter((row) => Object.values(s.ruts).includes(String(row.Rut)));
    expect(mine((await lista('subempresas')).data)).toEqual([
      { Rut: s.ruts.alfa, Nombre: names.alfa }, { Rut: s.ruts.beta, Nombre: names.beta }, { Rut: s.ruts.gamma, Nombre: names.gamma },
    ]);
    expect(mine((await lista('subempresas', `?IdContratista=${s.ruts.alfa}`)).data)).toEqual([
      { Rut: s.ruts.beta, Nombre: names.beta }, { Rut: s.ruts.gamma, Nombre: names.gamma },
    ]);
    const subcontractors = (await lista('subcontratistas', `?IdContratista=${s.ruts.alfa}`)).data;
    expect(subcontractors[0]).toEqual({ Rut: s.ruts.beta, Nombre: names.beta, YaSubcontratista: true });
    expect(subcontractors.filter((row) => row.YaSubcontratista)).toHaveLength(1);
    expect(mine(subcontractors)).toEqual([
      { Rut: s.ruts.beta, Nombre: names.beta, YaSubcontratista: true }, { Rut: s.ruts.gamma, Nombre: names.gamma, YaSubcontratista: false },
    ]);
    expect(rutsOf((await lista('subcontratistas')).data)).toEqual(rutsOf((await lista('subempresas')).data));
    expect(await lista('subempresas', '?IdContratista=12345678-9')).toMatchObject({ statusCode: 400, message: 'El rut no es válido' });
  });

  it('CT-LIS1: answers the active processes and activities, the enabled company users, the masks and the filters of the contracts', async () => {
    const s = await setUp();
    const catalogues = [
      ['procesos', '/api/proceso-faena', (id: string) => `/api/proceso-faena/${id}`],
      ['actividades', `${BASE}/actividad/${ANDES.id}`, (id: string) => `${BASE}/actividad/${id}/${ANDES.id}`],
    ] as const;
    for (const [name, path, one] of catalogues) {
      const kept = { Id: uuidV7(), Info: `Nuevo de ${name}` };
      const deleted = { Id: uuidV7(), Info: `Borrado de ${name}` };
      for (const body of [kept, deleted]) await ok('POST', path, body);
      await ok('DELETE', one(deleted.Id), { Version: 1 });
      const catalogue = (await send<Answer<{ Id: string; Info: string }[]>>(test.server, 'GET', path, { token: test.admin.token })).body.data;
      const answered = (await lista<{ value: string; label: string }[]>(name)).data;
      expect(answered, name).toEqual(catalogue.map((row) => ({ value: row.Id, label: row.Info })));
      expect(answered, name).toContainEqual({ value: kept.Id, label: kept.Info });
      expect(answered.map((row) => row.value), name).not.toContain(deleted.Id);
    }

    const created = [s.office.enabled, s.office.disabled, s.users.alfa].map((user) => user.Rut);
    expect((await lista('administradores')).data.filter((row) => created.includes(String(row.Rut)))).toEqual([
      { Rut: s.office.enabled.Rut, Nombre: s.office.enabled.Nombre },
    ]);

    const masks = (await send<Row[]>(test.server, 'GET', `/api/mascaras/${ANDES.id}`, { token: test.admin.token })).body;
    expect(masks).toHaveLength(3);
    expect((await lista('mascaras')).data).toEqual(masks);

    const filters = (await lista<{ contratistas: Row[]; nv2: Row[] }>('filtros')).data;
    const ours = filters.contratistas.filter((row) => Object.values(s.ruts).includes(String(row.Rut)));
    expect(ours).toEqual([{ Rut: s.ruts.alfa, Nombre: names.alfa }]);
    const levels = filters.nv2.map((level) => level.IdNivel);
    expect(levels).toContain(s.levels.site);
    expect(levels).not.toContain(s.levels.idle);
    expect(filters.nv2.every((level) => level.TipoNivel === 2)).toBe(true);
  });

  it('CT-LIS1: names the active workers of the contractor and its subcontractors, and who may answer for the contractor', async () => {
    const s = await setUp();
    const [zamorano, araya] = s.workers.alfa;
    const ours = [...s.workers.alfa, ...s.workers.beta, ...s.workers.gamma, ...s.workers.delta, s.gone].map((worker) => worker.IdPersona);
    const mine = (rows: Row[]) => rows.filter((row) => ours.includes(String(row.IdPersona)));
    expect((await lista('trabajadores', `?IdContratista=${s.ruts.alfa}`)).data).toEqual([araya, zamorano]);
    const withSubcontractor = `?IdContratista=${s.ruts.alfa}&Subcontratistas=${s.ruts.beta}`;
    expect((await lista('trabajadores', withSubcontractor)).data).toEqual([araya, ...s.workers.beta, zamorano]);
    // None named: every active contractor company's (not the deactivated Delta's, nor the deleted worker).
    expect(mine((await lista('trabajadores')).data)).toEqual([araya, ...s.workers.beta, ...s.workers.gamma, zamorano]);
    expect(await lista('trabajadores', '?Subcontratistas=1-9,abc')).toMatchObject({
      statusCode: 400, message: 'Las subcontratistas se indican como RUT válidos separados por coma',
    });

    expect((await lista('responsables', `?IdContratista=${s.ruts.alfa}`)).data).toEqual([araya, zamorano].map(responsible));
    const accounts = Object.values(s.users).map((user) => user.Rut);
    const users = (await lista('responsables')).data.filter((row) => accounts.includes(String(row.Rut)));
    expect(users).toEqual([
      { Rut: s.users.alfa.Rut, Nombre: s.users.alfa.Nombre, RutContratista: s.ruts.alfa },
      { Rut: s.users.beta.Rut, Nombre: s.users.beta.Nombre, RutContratista: s.ruts.beta },
      { Rut: s.users.gamma.Rut, Nombre: s.users.gamma.Nombre, RutContratista: s.ruts.gamma },
    ]);
  });
});

describe("a contractor's user (CT-LIS2)", () => {
  it("CT-LIS2: names only its own and its subcontractors' workers and people, never the company's users", async () => {
    const s = await setUp();
    const [zamorano, araya] = s.workers.alfa;
    const alfa = (await signInFirstTime(test.server, s.users.alfa.email)).token;
    expect((await lista('trabajadores', '', alfa)).data).toEqual([araya, ...s.workers.beta, zamorano]);
    expect((await lista('trabajadores', `?IdContratista=${s.ruts.alfa}&Subcontratistas=${s.ruts.beta},${s.ruts.gamma}`, alfa)).data).toEqual([araya, ...s.workers.beta, zamorano]);
    expect((await lista('trabajadores', `?IdContratista=${s.ruts.gamma}`, alfa)).data).toEqual([]);
    expect((await lista('responsables', `?IdContratista=${s.ruts.beta}`, alfa)).data).toEqual(s.workers.beta.map(responsible));
    expect((await lista('responsables', `?IdContratista=${s.ruts.gamma}`, alfa)).data).toEqual([]);
    expect((await lista('responsables', '', alfa)).data).toEqual([
      { Rut: s.users.alfa.Rut, Nombre: s.users.alfa.Nombre, RutContratista: s.ruts.alfa },
      { Rut: s.users.beta.Rut, Nombre: s.users.beta.Nombre, RutContratista: s.ruts.beta },
    ]);
    expect(await lista('administradores', '', alfa)).toMatchObject({ statusCode: 403, code: 'SOLO_EMPRESA' });

    // The subcontractor sees its own people, not those of the contractor above it.
    const beta = (await signInFirstTime(test.server, s.users.beta.email)).token;
    expect((await lista('trabajadores', '', beta)).data).toEqual(s.workers.beta);
    expect((await lista('trabajadores', `?IdContratista=${s.ruts.alfa}&Subcontratistas=${s.ruts.beta}`, beta)).data).toEqual(s.workers.beta);
    expect((await lista('responsables', '', beta)).data).toEqual([{ Rut: s.users.beta.Rut, Nombre: s.users.beta.Nombre, RutContratista: s.ruts.beta }]);
  });
});
