import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { EmpresaAsociada, EmpresaAsociadaDetalle } from '#sync/schemas/contratistas-empresas.schema.ts';
import { ANDES, PACIFICO, serverForEachTest } from './support/api-harness.ts';
import { newKey, send, sendBatch } from './support/sync-harness.ts';
import { auditOf, clientBody, contractorBody, freshRut, read, userWithRole, write } from './support/usuarios-factory.ts';

/**
 * Associated companies (issue 37, spec screen empresas-asociadas): one directory over contractor companies (Tipo 1)
 * and clients (Tipo 2) whose writes are each type's own. Each case names its rule id (server/modules/contratistas/README.md).
 */
const test = serverForEachTest();
const BASE = '/api/gestion-contratista/empresa';
const CONTRACTOR = { Rut: '78945612-7', Nombre: 'Montajes Industriales del Sur SpA' };
const SUBCONTRACTOR = { Rut: '76888111-1', Nombre: 'Andamios Bío Bío Ltda.' };
const CLIENT = { Id: 'CLI-001', Nombre: 'Minera Cordillera Norte S.A.' };

const list = (token = test.admin.token) => read<EmpresaAsociada[]>(test.server, token, `${BASE}/${ANDES.id}`);
const one = (id: string, tipo: number | string) => read<EmpresaAsociadaDetalle | null>(test.server, test.admin.token, `${BASE}/${id}/${tipo}/${ANDES.id}`);
const change = <T = EmpresaAsociada>(method: string, path: string, body?: unknown) => write<T>(test.server, test.admin.token, method, `${BASE}${path}`, body);
const byRut = async (rut: string) => (await list()).body.data.find((row) => row.Rut === rut)!;

async function newContractor() {
  const body = contractorBody({ Tipo: 1, ContrasenaTemporal: null });
  const made = await write(test.server, test.admin.token, 'POST', `/api/empresa-contratistas/post/${ANDES.id}`, body);
  expect(made.status).toBe(200);
  return { id: body.IdEmpresaContratista, Rut: body.RutCompleto, Nombre: body.Nombre };
}

/** The demo contractor's user, its role granted Ver on Empresas Asociadas. */
async function grantedContractor() {
  const { db } = test.server.deps;
  const user = await db.selectFrom('usuarios').select('IdRol').where('CorreoElectronicoPersona', '=', 'contratista@andesdemo.cl').executeTakeFirstOrThrow();
  await db.deleteFrom('rol_permisos').where('IdRol', '=', user.IdRol).where('IdSubmodulo', '=', 66).execute();
  await db.insertInto('rol_permisos').values({ IdRol: user.IdRol, IdSubmodulo: 66, Acciones: 'index' }).execute();
  return test.server.login('contratista@andesdemo.cl');
}

describe('the directory lists both kinds (CT-EMP1)', () => {
  it('lists contractor companies and clients by name with their Tipo, RUT as stored, Estado and contact', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const rows = res.body.data;
    expect(rows).toContainEqual(
      expect.objectContaining({ Tipo: 1, Nombre: CONTRACTOR.Nombre, Rut: CONTRACTOR.Rut, Estado: 1, Logo: '/logo-predeterminado.svg', ConCuenta: true }),
    );
    expect(rows).toContainEqual(expect.objectContaining({ Tipo: 1, Nombre: SUBCONTRACTOR.Nombre, Correo: 'contacto@andamiosbiobio.cl', ConCuenta: false }));
    expect(rows).toContainEqual(expect.objectContaining({ Tipo: 2, Id: CLIENT.Id, Nombre: CLIENT.Nombre, Estado: 1 }));
    const names = rows.map((row) => row.Nombre);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
  });

  it('is for company users with Ver on Empresas Asociadas: a contractor user, another company or no permission is refused', async () => {
    const supervisor = await test.server.login('supervisor@andesdemo.cl');
    expect((await list(supervisor.token)).status).toBe(200);
    // Even with the permission in its role, a contractor's user never reads who else may sign in.
    const contractor = await grantedContractor();
    expect((await list(contractor.token)).body).toMatchObject({ statusCode: 403, code: 'SOLO_EMPRESA' });
    const other = await read(test.server, test.admin.token, `${BASE}/${PACIFICO.id}`);
    expect(other.status).toBe(403);
    const without = await userWithRole(test.server, test.admin, [{ Ruta: '/empresa-contratistas', Acciones: ['index', 'editar'] }]);
    expect((await list(without.session.token)).body).toMatchObject({ statusCode: 403, code: 'SIN_PERMISO' });
    const edit = await send(test.server, 'PUT', `${BASE}/procedimiento/desactivar/${CLIENT.Id}/2/${ANDES.id}`, { token: supervisor.token, key: newKey() });
    expect(edit.body).toMatchObject({ statusCode: 403, code: 'SIN_PERMISO' });
  });
});

describe('one company by id and type (CT-EMP2)', () => {
  it('answers a contractor with its contracts and a client with none; an unknown id or type is null, a malformed type 400', async () => {
    const contractor = await byRut(CONTRACTOR.Rut);
    const detail = (await one(contractor.Id, 1)).body.data!;
    expect(detail).toMatchObject({ ...contractor, Contratos: [expect.objectContaining({ Nombre: 'Mantención eléctrica Planta Norte', Rol: 'contratista' })] });
    expect(detail.Contratos[0]!.Contratista).toEqual({ Rut: CONTRACTOR.Rut, Nombre: CONTRACTOR.Nombre });
    // A contractor's id is read as its own calls read it, in any case.
    expect((await one(contractor.Id.toUpperCase(), 1)).body.data?.Id).toBe(contractor.Id);
    expect((await one(CLIENT.Id, 2)).body.data).toMatchObject({ Id: CLIENT.Id, Tipo: 2, Contratos: [], Cadenas: [] });
    for (const [id, tipo] of [[uuidV7(), 1], [CLIENT.Id, 1], [contractor.Id, 2], [CLIENT.Id, 3]] as const)
      expect((await one(id, tipo)).body, `${id} ${tipo}`).toEqual({ statusCode: 200, data: null });
    expect((await one(CLIENT.Id, 'x')).body).toMatchObject({ statusCode: 400, message: 'El tipo de empresa debe ser 1 (contratista) o 2 (cliente)' });
  });
});

describe('writes through /empresa are the type own calls (CT-EMP3)', () => {
  it('edits a contractor company and a client with their own rules, answering the spec message', async () => {
    const made = await newContractor();
    const edited = await change('PUT', `/${made.id}/1/${ANDES.id}`, { Telefono: '+56 9 8888 7777', Direccion: 'Av. Prat 500, Talcahuano' });
    expect(edited.body).toMatchObject({
      statusCode: 200,
      message: 'Empresa editada con exito',
      data: { Id: made.id, Tipo: 1, Telefono: '+56 9 8888 7777', Direccion: 'Av. Prat 500, Talcahuano' },
    });
    const own = await read(test.server, test.admin.token, `/api/empresa-contratistas/one/${ANDES.id}/${made.id}`);
    expect(own.body.data).toMatchObject({ Telefono: '+56 9 8888 7777' });
    expect((await auditOf(test.server, 'empresa_contratista', made.id)).map((row) => row.Accion)).toEqual(['crear', 'editar']);
    expect((await change('PUT', `/${made.id}/1/${ANDES.id}`, { RutCompleto: freshRut() })).body).toMatchObject({
      statusCode: 400,
      message: 'El RUT de una empresa contratista no se cambia: sus registros lo llevan',
    });
    expect((await change('PUT', `/${made.id}/1/${ANDES.id}`, { Nombre: '' })).body).toMatchObject({ statusCode: 400, message: 'La razón social es requerida' });

    const client = clientBody({ Tipo: 1, ContrasenaTemporal: null });
    expect((await write(test.server, test.admin.token, 'POST', `/api/clientes/${ANDES.id}`, client)).status).toBe(200);
    const renamed = await change('PUT', `/${client.IdCliente}/2/${ANDES.id}`, { Nombre: 'Minera Altiplano S.A.' });
    expect(renamed.body).toMatchObject({ message: 'Empresa editada con exito', data: { Id: client.IdCliente, Tipo: 2, Nombre: 'Minera Altiplano S.A.' } });
    const taken = (await read<{ RutCliente: string }>(test.server, test.admin.token, `/api/clientes/${ANDES.id}/${CLIENT.Id}`)).body.data.RutCliente;
    expect((await change('PUT', `/${client.IdCliente}/2/${ANDES.id}`, { RutCliente: taken })).body).toMatchObject({ statusCode: 409, code: 'RUT_EN_USO' });
  });

  it('deactivates and activates either kind, ending its users sign-in as the type own call does', async () => {
    const contractor = await byRut(CONTRACTOR.Rut);
    const off = await change('PUT', `/procedimiento/desactivar/${contractor.Id}/1/${ANDES.id}`);
    expect(off.body).toMatchObject({ statusCode: 200, message: 'Empresa desactivada con éxito', data: { Id: contractor.Id, Estado: 2 } });
    const login = await test.server.request<{ code?: string }>('POST', '/api/auth/login', {
      body: { RutEmpresa: ANDES.rut, Correo: 'contratista@andesdemo.cl', Contrasena: 'Andes.2026' },
    });
    expect(login.status).not.toBe(200);
    expect((await change('PUT', `/procedimiento/activar/${contractor.Id}/1/${ANDES.id}`)).body).toMatchObject({
      message: 'Empresa activada con éxito',
      data: { Estado: 1 },
    });
    expect((await change('PUT', `/procedimiento/desactivar/${CLIENT.Id}/2/${ANDES.id}`)).body).toMatchObject({ data: { Tipo: 2, Estado: 2 } });
    const own = await read<{ Estado: number }>(test.server, test.admin.token, `/api/clientes/${ANDES.id}/${CLIENT.Id}`);
    expect(own.body.data.Estado).toBe(2);
    expect((await change('PUT', `/procedimiento/activar/${uuidV7()}/1/${ANDES.id}`)).body).toMatchObject({
      statusCode: 404,
      message: 'Empresa contratista no encontrada',
    });
    expect((await change('PUT', `/procedimiento/activar/${CLIENT.Id}/7/${ANDES.id}`)).body).toMatchObject({ statusCode: 404, message: 'Empresa no encontrada' });
  });

  it('deletes with the type own rules (a contractor with active workers is kept), again answers 200, and runs as a batch entry', async () => {
    const contractor = await byRut(CONTRACTOR.Rut);
    expect((await change('DELETE', `/${contractor.Id}/1/${ANDES.id}`)).body).toMatchObject({ statusCode: 409, code: 'CONTRATISTA_CON_TRABAJADORES' });
    const made = await newContractor();
    const gone = await change('DELETE', `/${made.id}/1/${ANDES.id}`);
    expect(gone.body).toEqual({ statusCode: 200, message: 'Empresa eliminada con exito' });
    expect((await change('DELETE', `/${made.id}/1/${ANDES.id}`)).body).toEqual({ statusCode: 200, message: 'Empresa eliminada con exito' });
    expect((await one(made.id, 1)).body.data).toBeNull();
    expect((await change('DELETE', `/${uuidV7()}/2/${ANDES.id}`)).body).toMatchObject({ statusCode: 404, message: 'Cliente no encontrado' });

    const batch = await sendBatch(test.server, test.admin.token, [
      { key: newKey(), method: 'PUT', path: `${BASE}/procedimiento/desactivar/${CLIENT.Id}/2/${ANDES.id}` },
      { key: newKey(), method: 'DELETE', path: `${BASE}/${CLIENT.Id}/2/${ANDES.id}` },
    ]);
    expect(batch.body.results.map((result) => [result.status, (result.body as { message: string }).message])).toEqual([
      [200, 'Empresa desactivada con éxito'],
      [200, 'Empresa eliminada con exito'],
    ]);
    expect((await list()).body.data.some((row) => row.Id === CLIENT.Id)).toBe(false);
    expect((await auditOf(test.server, 'cliente', CLIENT.Id)).map((row) => row.Accion)).toEqual(['desactivar', 'eliminar']);
  });
});

describe('the directory lists (CT-EMP4)', () => {
  it('answers the economic activities as rubros, and the names in use as the contractor and client calls do', async () => {
    const rubros = await read<{ value: string; label: string }[]>(test.server, test.admin.token, `${BASE}/listas/rubros`);
    const activities = await read<{ IdActividadEconomica: string; Codigo: string; Nombre: string }[]>(
      test.server,
      test.admin.token,
      `/api/actividades-economicas?idEmpresa=${ANDES.id}`,
    );
    expect(rubros.body.data.length).toBeGreaterThan(0);
    expect(rubros.body.data).toEqual(
      activities.body.data.map((row) => ({ value: row.IdActividadEconomica, label: `${row.Codigo} ${row.Nombre}` })),
    );
    const reserved = await change<{ Correos: string[] }>('POST', `/listas/usuarios_reservados/${ANDES.id}`, {});
    expect(reserved.body.data.Correos).toContain('contratista@andesdemo.cl');
    const clients = await write(test.server, test.admin.token, 'POST', `/api/clientes/usuarios_reservados/${ANDES.id}`, {});
    expect(reserved.body.data).toEqual(clients.body.data);
    const contractor = await grantedContractor();
    expect((await read(test.server, contractor.token, `${BASE}/listas/rubros`)).body).toMatchObject({ code: 'SOLO_EMPRESA' });
  });
});

describe('subcontractor chains in the detail (CT-CAD1)', () => {
  it('shows each chain of a contract from its contractor down, by name, in the detail of every company in it', async () => {
    const [first, second] = [await newContractor(), await newContractor()];
    const level = (await read<{ IdNivel2: string }[]>(test.server, test.admin.token, `/api/gestion-contratista/contrato/${ANDES.id}`)).body.data[0]!
      .IdNivel2;
    const contract = {
      IdContrato: uuidV7(),
      Nombre: 'Montaje de estructuras Sector Sur',
      RutContratista: CONTRACTOR.Rut,
      FechaInicio: '2026-11-01',
      FechaTermino: '2027-10-31',
      IdNivel2: level,
      Subcontratistas: [first.Rut, second.Rut],
      // The second works for the first, which works for the contractor.
      Ascendencias: { [second.Rut]: first.Rut },
    };
    const made = await write(test.server, test.admin.token, 'POST', `/api/gestion-contratista/contrato/${ANDES.id}`, contract);
    expect(made.body).toMatchObject({ statusCode: 200 });
    const chainOf = (detail: EmpresaAsociadaDetalle) => detail.Cadenas.filter((chain) => chain.IdContrato === contract.IdContrato);
    const expected = [
      {
        IdContrato: contract.IdContrato,
        Contrato: contract.Nombre,
        Empresas: [CONTRACTOR, { Rut: first.Rut, Nombre: first.Nombre }, { Rut: second.Rut, Nombre: second.Nombre }],
      },
    ];
    const lead = (await one((await byRut(CONTRACTOR.Rut)).Id, 1)).body.data!;
    expect(chainOf(lead)).toEqual(expected);
    // The demo contract's chain: its one subcontractor under the contractor.
    const names = lead.Cadenas.map((chain) => chain.Empresas.map((company) => company.Nombre));
    expect(names).toContainEqual([CONTRACTOR.Nombre, SUBCONTRACTOR.Nombre]);
    const middle = (await one(first.id, 1)).body.data!;
    expect(chainOf(middle)).toEqual(expected);
    expect(middle.Contratos).toEqual([expect.objectContaining({ IdContrato: contract.IdContrato, Rol: 'subcontratista', Contratista: CONTRACTOR })]);
    expect(chainOf((await one(second.id, 1)).body.data!)).toEqual(expected);
    expect((await one(SUBCONTRACTOR.Rut, 1)).body.data).toBeNull();
  });
});
