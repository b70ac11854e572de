import { describe, expect, it } from 'vitest';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import {
  BASE,
  certificadoBody,
  createTipo,
  createVehiculo,
  equipoBody,
  instalacionBody,
  read,
  tipoBody,
  vehiculoBody,
  write,
} from './support/flota-api-factory.ts';
import { countRows } from './support/sync-harness.ts';
import { SEEDED } from './support/trabajadores-factory.ts';

/**
 * The fleet's records on the kit (issue 38): types, vehicles, machines, installations and their certificates, each
 * with its own rules. Rule ids in server/modules/flota/README.md.
 */
const test = serverForEachTest();
const TIPOS = '/api/tipos-vehiculo';
const admin = () => test.admin.token;

describe('vehicle and equipment types (FL-CRUD1)', () => {
  it('FL-CRUD1: creates, lists, reads, edits and deletes a type; refuses a repeated name and an interval without a meter', async () => {
    const body = tipoBody('vehiculo', { Nombre: 'Camión tolva', Certificaciones: [{ Clase: 'soap', VigenciaMeses: 12 }], ClaseLicencia: 'a4' });
    const created = await write(test.server, admin(), 'POST', TIPOS, body);
    expect(created.body).toMatchObject({ statusCode: 200, message: 'Tipo de vehículo creado correctamente' });
    expect(created.body.data).toEqual({
      ...body,
      ClaseLicencia: 'A4',
      Certificaciones: [{ Clase: 'soap', VigenciaMeses: 12, Obligatoria: 1, IntervaloLectura: null }],
      IdEmpresa: ANDES.id,
      Estado: 1,
      Version: 1,
    });
    const listed = (await read<{ IdTipoVehiculo: string }[]>(test.server, admin(), `${TIPOS}/all/${ANDES.id}`)).body.data;
    expect(listed.map((row) => row.IdTipoVehiculo)).toContain(body.IdTipoVehiculo);
    expect((await read(test.server, admin(), `${TIPOS}/${String(body.IdTipoVehiculo)}`)).body.data).toMatchObject({ Nombre: 'Camión tolva' });

    const changes = await countRows(test.server, 'cambios');
    expect((await write(test.server, admin(), 'POST', TIPOS, tipoBody('vehiculo', { Nombre: 'CAMIÓN TOLVA' }))).body).toEqual({
      statusCode: 409,
      message: 'Ya existe un tipo con ese nombre',
      code: 'TIPO_DE_VEHICULO_DUPLICADO',
    });
    const interval = { Medidor: '', Certificaciones: [{ Clase: 'mantencion', VigenciaMeses: 6, IntervaloLectura: 5000 }] };
    expect((await write(test.server, admin(), 'POST', TIPOS, tipoBody('vehiculo', interval))).body).toEqual({
      statusCode: 400,
      message: 'Un intervalo por lectura necesita que el tipo tenga medidor',
      code: 'VALIDACION',
    });
    expect(await countRows(test.server, 'cambios')).toBe(changes);

    const edited = await write(test.server, admin(), 'PUT', TIPOS, { IdTipoVehiculo: body.IdTipoVehiculo, Version: 1, Nombre: 'Camión tolva 20 m3' });
    expect(edited.body.data).toMatchObject({ Nombre: 'Camión tolva 20 m3', Version: 2 });
    expect((await write(test.server, admin(), 'DELETE', `${TIPOS}/${String(body.IdTipoVehiculo)}`)).body).toMatchObject({
      statusCode: 200,
      data: { Estado: 0 },
    });
  });

  it('FL-CRUD1: refuses to delete a type an active vehicle names, and deletes it once the vehicle is gone', async () => {
    const { tipo, vehiculo } = await createVehiculo(test.server, admin());
    const remove = () => write(test.server, admin(), 'DELETE', `${TIPOS}/${String(tipo.IdTipoVehiculo)}`);
    expect((await remove()).body).toEqual({
      statusCode: 409,
      message: 'No se puede eliminar: hay activos de este tipo de vehículo',
      code: 'TIPO_DE_VEHICULO_EN_USO',
    });
    expect((await write(test.server, admin(), 'DELETE', `${BASE.vehiculos}/${vehiculo.IdVehiculo}`)).status).toBe(200);
    expect((await remove()).body).toMatchObject({ statusCode: 200, data: { Estado: 0 } });
  });
});

describe('vehicles, machines and installations (FL-CRUD1)', () => {
  it('FL-CRUD1: keeps a plate once per company, cleaned, and the area inside the worksite', async () => {
    const { tipo, vehiculo } = await createVehiculo(test.server, admin(), {}, { Patente: 'kx-bt 21' });
    expect((await read(test.server, admin(), `${BASE.vehiculos}/${vehiculo.IdVehiculo}/${ANDES.id}`)).body.data).toMatchObject({
      Patente: 'KXBT21',
      IdNivel2: SEEDED.nv2(1),
      IdNivel3: SEEDED.nv3(1),
      RutContratista: '',
      Estado: 1,
    });
    const listed = (await read<{ IdVehiculo: string }[]>(test.server, admin(), `${BASE.vehiculos}/list/${ANDES.id}`)).body.data;
    expect(listed.map((row) => row.IdVehiculo)).toContain(vehiculo.IdVehiculo);

    const again = vehiculoBody(String(tipo.IdTipoVehiculo), { Patente: 'KXBT-21' });
    expect((await write(test.server, admin(), 'POST', BASE.vehiculos, again)).body).toEqual({
      statusCode: 409,
      message: 'Ya existe un vehículo con esa patente',
      code: 'VEHICULO_DUPLICADO',
    });
    // Movimiento de Tierra (nv3 3) is an area of Ruta 5 Norte, not of Los Andes.
    const elsewhere = vehiculoBody(String(tipo.IdTipoVehiculo), { IdNivel3: SEEDED.nv3(3) });
    expect((await write(test.server, admin(), 'POST', BASE.vehiculos, elsewhere)).body).toEqual({
      statusCode: 400,
      message: 'El área indicada no existe',
      code: 'NIVEL3_AJENO',
    });
    const edit = { IdVehiculo: vehiculo.IdVehiculo, Version: 1, IdNivel2: SEEDED.nv2(2), IdNivel3: SEEDED.nv3(3), Marca: 'Ford' };
    expect((await write(test.server, admin(), 'PUT', BASE.vehiculos, edit)).body.data).toMatchObject({ ...edit, Version: 2 });
    expect((await write(test.server, admin(), 'DELETE', `${BASE.vehiculos}/${vehiculo.IdVehiculo}`)).body.data).toMatchObject({ Estado: 0 });
    expect((await write(test.server, admin(), 'POST', BASE.vehiculos, again)).status).toBe(200);
  });

  it('FL-CRUD1: keeps a machine code once per company and an installation’s intervals by reading out', async () => {
    const tipo = await createTipo(test.server, admin(), 'equipo', { Medidor: 'horas' });
    const first = equipoBody(String(tipo.IdTipoEquipo), { Codigo: 'grua-07' });
    expect((await write(test.server, admin(), 'POST', BASE.equipos, first)).body.data).toMatchObject({ Codigo: 'GRUA-07', Estado: 1 });
    expect((await read(test.server, admin(), `${BASE.equipos}/${first.IdEquipo}/${ANDES.id}`)).body.data).toMatchObject({ Codigo: 'GRUA-07' });
    expect((await write(test.server, admin(), 'POST', BASE.equipos, equipoBody(String(tipo.IdTipoEquipo), { Codigo: 'Grua-07' }))).body).toEqual({
      statusCode: 409,
      message: 'Ya existe un equipo con ese código',
      code: 'EQUIPO_DUPLICADO',
    });

    const plant = instalacionBody({ Certificaciones: [{ Clase: 'mantencion', VigenciaMeses: 12 }] });
    expect((await write(test.server, admin(), 'POST', BASE.instalaciones, plant)).body.data).toMatchObject({ Nombre: plant.Nombre, Estado: 1 });
    const byReading = instalacionBody({ Certificaciones: [{ Clase: 'mantencion', VigenciaMeses: 12, IntervaloLectura: 500 }] });
    expect((await write(test.server, admin(), 'POST', BASE.instalaciones, byReading)).body).toEqual({
      statusCode: 400,
      message: 'Un intervalo por lectura necesita que el tipo tenga medidor',
      code: 'VALIDACION',
    });
    const renamed = await write(test.server, admin(), 'PUT', BASE.instalaciones, { IdInstalacion: plant.IdInstalacion, Version: 1, Nombre: 'Subestación' });
    expect(renamed.body.data).toMatchObject({ Nombre: 'Subestación', Version: 2 });
  });
});

describe('certificates (FL-CRUD1)', () => {
  it('FL-CRUD1: copies the asset’s worksite and contractor, checks the dates, and refuses a due reading where there is no meter', async () => {
    const { vehiculo } = await createVehiculo(test.server, admin(), {}, { RutContratista: SEEDED.contractorRut });
    const certs = `${BASE.vehiculos}/certificaciones`;
    // Whatever the device says of where it is, the server copies the asset's.
    const body = certificadoBody(vehiculo.IdVehiculo, { Certificador: 'Mutual' });
    const created = await write(test.server, admin(), 'POST', certs, { ...body, IdNivel2: SEEDED.nv2(2) });
    expect(created.body).toMatchObject({ statusCode: 200, message: 'Certificación de vehículo creada correctamente' });
    expect(created.body.data).toEqual({
      ...body,
      IdNivel2: SEEDED.nv2(1),
      IdNivel3: SEEDED.nv3(1),
      RutContratista: SEEDED.contractorRut,
      IdEmpresa: ANDES.id,
      Estado: 1,
      Version: 1,
    });
    expect((await read(test.server, admin(), `${certs}/one/${body.IdCertificacion}/${ANDES.id}`)).body.data).toMatchObject({ Urls: {} });

    const refused = async (fields: Record<string, unknown>) => (await write(test.server, admin(), 'POST', certs, certificadoBody(vehiculo.IdVehiculo, fields))).body;
    expect(await refused({ FechaVencimiento: '2026-01-01' })).toMatchObject({
      statusCode: 400,
      message: 'La fecha de vencimiento no puede ser anterior a la de emisión',
    });
    expect(await refused({ FechaVencimiento: '' })).toMatchObject({ statusCode: 400, message: 'Indica la fecha de vencimiento o la lectura de vencimiento' });
    expect(await refused({ IdActivo: body.IdCertificacion })).toMatchObject({ statusCode: 400, message: 'El activo indicado no existe' });

    const edited = await write(test.server, admin(), 'PUT', `${certs}/${body.IdCertificacion}`, {
      IdCertificacion: body.IdCertificacion,
      Version: 1,
      LecturaVencimiento: 150000,
    });
    expect(edited.body.data).toMatchObject({ LecturaVencimiento: 150000, Version: 2, IdNivel2: SEEDED.nv2(1) });

    const meterless = await createVehiculo(test.server, admin(), { Medidor: '' });
    const bare = { FechaVencimiento: '', LecturaVencimiento: 20000 };
    expect((await write(test.server, admin(), 'POST', certs, certificadoBody(meterless.vehiculo.IdVehiculo, bare))).body).toEqual({
      statusCode: 400,
      message: 'Este activo no tiene medidor',
      code: 'VALIDACION',
    });
    const plant = instalacionBody();
    await write(test.server, admin(), 'POST', BASE.instalaciones, plant);
    const plantCert = certificadoBody(plant.IdInstalacion, { Clase: 'mantencion', LecturaVencimiento: 100 });
    expect((await write(test.server, admin(), 'POST', `${BASE.instalaciones}/certificaciones`, plantCert)).body).toMatchObject({
      statusCode: 400,
      message: 'Este activo no tiene medidor',
    });
    // A vehicle's id is no installation.
    const crossed = certificadoBody(vehiculo.IdVehiculo);
    expect((await write(test.server, admin(), 'POST', `${BASE.instalaciones}/certificaciones`, crossed)).body).toMatchObject({
      statusCode: 400,
      message: 'El activo indicado no existe',
    });
    expect((await write(test.server, admin(), 'DELETE', `${certs}/${body.IdCertificacion}`)).body.data).toMatchObject({ Estado: 0 });
  });
});
