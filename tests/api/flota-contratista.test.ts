import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { aptitud, BASE, certificadoBody, createTipo, lecturaBody, read, vehiculoBody, write } from './support/flota-api-factory.ts';
import { createWorker, SEEDED, workerBody } from './support/trabajadores-factory.ts';

/**
 * A contractor's user and the fleet (issue 38, SPEC PL7): it sees and writes only its own contractor's assets, their
 * certificates and readings, and names only its own workers as their operators. The demo contractor user is
 * contratista@andesdemo.cl (RUT 78945612-7). Rule id in server/modules/flota/README.md.
 */
const test = serverForEachTest();
const admin = () => test.admin.token;
const CONTRACTOR = SEEDED.contractorRut;

type Row = { IdVehiculo: string; RutContratista: string };

async function setUp() {
  const contractor = (await test.server.login('contratista@andesdemo.cl')).token;
  const tipo = await createTipo(test.server, admin(), 'vehiculo', { ClaseLicencia: 'B' });
  const type = String(tipo.IdTipoVehiculo);
  const company = vehiculoBody(type);
  expect((await write(test.server, admin(), 'POST', BASE.vehiculos, company)).status).toBe(200);
  const own = vehiculoBody(type);
  const created = await write<Row>(test.server, contractor, 'POST', BASE.vehiculos, own);
  expect(created.body).toMatchObject({ statusCode: 200, data: { IdVehiculo: own.IdVehiculo, RutContratista: CONTRACTOR } });
  return { contractor, type, company, own };
}

describe('a contractor’s own assets (FL-CON1)', () => {
  it('FL-CON1: lists, reads and edits only its own vehicles, and cannot hand one to another company', async () => {
    const { contractor, type, company, own } = await setUp();
    expect((await write(test.server, contractor, 'POST', BASE.vehiculos, vehiculoBody(type, { RutContratista: '11111111-1' }))).body).toEqual({
      statusCode: 403,
      message: 'Solo puedes gestionar los activos de tu empresa contratista',
      code: 'CONTRATISTA_AJENO',
    });
    const listed = (await read<Row[]>(test.server, contractor, `${BASE.vehiculos}/list/${ANDES.id}`)).body.data;
    expect(listed.map((row) => row.IdVehiculo)).toContain(own.IdVehiculo);
    expect(listed.every((row) => row.RutContratista === CONTRACTOR)).toBe(true);
    expect((await read(test.server, contractor, `${BASE.vehiculos}/${company.IdVehiculo}/${ANDES.id}`)).body).toEqual({ statusCode: 200, data: null });
    expect((await write(test.server, contractor, 'PUT', BASE.vehiculos, { IdVehiculo: company.IdVehiculo, Version: 1, Marca: 'Kia' })).body).toMatchObject({
      statusCode: 404,
      message: 'Vehículo no encontrado',
    });
    const handOver = await write(test.server, contractor, 'PUT', BASE.vehiculos, { IdVehiculo: own.IdVehiculo, Version: 1, RutContratista: '', Marca: 'Kia' });
    expect(handOver.body).toMatchObject({ statusCode: 200, data: { RutContratista: CONTRACTOR, Marca: 'Kia', Version: 2 } });
    // The company's own list still holds both.
    const all = (await read<Row[]>(test.server, admin(), `${BASE.vehiculos}/list/${ANDES.id}`)).body.data.map((row) => row.IdVehiculo);
    expect(all).toEqual(expect.arrayContaining([company.IdVehiculo, own.IdVehiculo]));
  });

  it('FL-CON1: certifies and reads only its own vehicles; the others are as if they did not exist', async () => {
    const { contractor, company, own } = await setUp();
    const certs = `${BASE.vehiculos}/certificaciones`;
    expect((await write(test.server, contractor, 'POST', certs, certificadoBody(company.IdVehiculo))).body).toEqual({
      statusCode: 400,
      message: 'El activo indicado no existe',
      code: 'VALIDACION',
    });
    const reading = lecturaBody(company.IdVehiculo, '2026-11-20T10:00:00Z', 100);
    expect((await write(test.server, contractor, 'POST', `${BASE.vehiculos}/lecturas`, reading)).body).toMatchObject({
      statusCode: 400,
      message: 'El activo indicado no existe',
    });
    const mine = certificadoBody(own.IdVehiculo);
    expect((await write(test.server, contractor, 'POST', certs, mine)).body).toMatchObject({ statusCode: 200, data: { RutContratista: CONTRACTOR } });
    const theirs = certificadoBody(company.IdVehiculo);
    expect((await write(test.server, admin(), 'POST', certs, theirs)).status).toBe(200);

    const seen = (await read<{ IdCertificacion: string }[]>(test.server, contractor, `${certs}/all/${ANDES.id}`)).body.data.map((row) => row.IdCertificacion);
    expect(seen).toContain(mine.IdCertificacion);
    expect(seen).not.toContain(theirs.IdCertificacion);
    const edit = await write(test.server, contractor, 'PUT', `${certs}/${theirs.IdCertificacion}`, { IdCertificacion: theirs.IdCertificacion, Version: 1, Certificador: 'X' });
    expect(edit.status).toBe(404);
    const evidences = await read(test.server, contractor, `${BASE.vehiculos}/certificaciones-evidencias/${theirs.IdCertificacion}/${ANDES.id}`);
    expect(evidences.body).toEqual({ statusCode: 200, data: null });
    expect((await aptitud(test.server, contractor, 'vehiculos', company.IdVehiculo)).body).toEqual({ statusCode: 200, data: null });
    expect((await read(test.server, contractor, `${BASE.vehiculos}/niveles/${company.IdVehiculo}/${ANDES.id}`)).body).toEqual({ statusCode: 200, data: [] });
  });

  it('FL-CON1: names only its own workers as operators, and sees only them in the fitness', async () => {
    const { contractor, own } = await setUp();
    const licence = { IdLicencia: '', Clase: 'B', FechaVencimiento: '2028-01-31', Estado: 1 };
    const ownWorker = workerBody({ Nombres: 'Rosa', TipoEmpresa: 2, RutContratista: CONTRACTOR, licencias: [{ ...licence, IdLicencia: uuidV7() }] });
    const staff = workerBody({ Nombres: 'Tomás', licencias: [{ ...licence, IdLicencia: uuidV7() }] });
    for (const worker of [ownWorker, staff]) expect((await createWorker(test.server, admin(), worker)).status).toBe(200);

    const name = (Operadores: string[], Version: number) =>
      write(test.server, contractor, 'PUT', BASE.vehiculos, { IdVehiculo: own.IdVehiculo, Version, Operadores });
    expect((await name([staff.IdPersona], 1)).body).toEqual({ statusCode: 400, message: 'Uno de los operadores indicados no existe', code: 'VALIDACION' });
    expect((await name([ownWorker.IdPersona], 1)).body).toMatchObject({ statusCode: 200, data: { Operadores: [ownWorker.IdPersona] } });
    // The company may name its own staff on a contractor's vehicle; the contractor's user does not see them.
    const both = [ownWorker.IdPersona, staff.IdPersona];
    expect((await write(test.server, admin(), 'PUT', BASE.vehiculos, { IdVehiculo: own.IdVehiculo, Version: 2, Operadores: both })).status).toBe(200);
    const operators = async (token: string) =>
      (await aptitud(test.server, token, 'vehiculos', own.IdVehiculo)).body.data!.Operadores.map((row) => row.IdPersona).sort();
    expect(await operators(contractor)).toEqual([ownWorker.IdPersona]);
    expect(await operators(admin())).toEqual([...both].sort());
  });
});
