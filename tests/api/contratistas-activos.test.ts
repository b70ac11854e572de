import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { BASE as FLEET, createTipo, equipoBody, vehiculoBody, write } from './support/flota-api-factory.ts';
import { uploadImage } from './support/inspecciones-factory.ts';
import { send } from './support/sync-harness.ts';
import { SEEDED } from './support/trabajadores-factory.ts';

/**
 * Contractors' vehicles and machines (issue 38): a contract names them and its activities use them, a requirement asks
 * a document of each, and each has an accreditation row per contract and worksite, kept like a worker's. Rule ids in
 * server/modules/contratistas/README.md.
 */
const test = serverForEachTest();
const BASE = '/api/gestion-contratista';
const CONTRACTOR = SEEDED.contractorRut;
const SUBCONTRACTOR = '76888111-1';
const LOS_ANDES = SEEDED.nv2(1);
const RUTA_5 = SEEDED.nv2(2);

type Row = Record<string, unknown>;
type Answer<T = Row> = { statusCode: number; message: string; code?: string; data: T };
type Doc = Row & { IdDocumento: string; IdRequisito: string; IdActivo: string | null; NombreActivo: string; EstadoDocumento: string };
type AssetAcc = Row & {
  IdActivo: string;
  ClaseActivo: string;
  NombreActivo: string;
  IdContrato: string;
  IdNivel2: string;
  Acreditado: 0 | 1;
};

async function call<T = Row>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object, token = test.admin.token) {
  return (await send<Answer<T>>(test.server, method, `${BASE}${path}`, { token, body })).body;
}

/** A truck of the contractor, one of the company's own, and a machine of the subcontractor, made through the fleet's calls. */
async function fleet() {
  const truckType = await createTipo(test.server, test.admin.token, 'vehiculo');
  const machineType = await createTipo(test.server, test.admin.token, 'equipo', { Medidor: 'horas' });
  const truck = vehiculoBody(String(truckType.IdTipoVehiculo), { RutContratista: CONTRACTOR });
  const own = vehiculoBody(String(truckType.IdTipoVehiculo));
  const crane = equipoBody(String(machineType.IdTipoEquipo), { RutContratista: SUBCONTRACTOR, Nombre: 'Grúa articulada' });
  for (const [url, body] of [[FLEET.vehiculos, truck], [FLEET.vehiculos, own], [FLEET.equipos, crane]] as const) {
    expect((await write(test.server, test.admin.token, 'POST', url, body)).body).toMatchObject({ statusCode: 200 });
  }
  return { truck, own, crane };
}

const requirement = (Nombre: string, Aplicacion: string) => ({
  IdRequisito: uuidV7(),
  Nombre,
  Aplicacion,
  Frecuencia: 'unica',
  TipoRequisito: 'Certificado',
  PeriodoMeses: 12,
  Obligatorio: 1,
});

const contractBody = (overrides: Row) => ({
  IdContrato: uuidV7(),
  Nombre: 'Transporte y montaje con grúa',
  RutContratista: CONTRACTOR,
  FechaInicio: '2026-11-01',
  FechaTermino: '2027-10-31',
  IdNivel2: LOS_ANDES,
  Subcontratistas: [SUBCONTRACTOR],
  ...overrides,
});

const assetAccreditations = async (IdContrato: string, token = test.admin.token) =>
  (await call<AssetAcc[]>('GET', `/acreditacion-activos/${ANDES.id}`, undefined, token)).data.filter((row) => row.IdContrato === IdContrato);

describe('a contract’s vehicles and machines (CT-ACT4)', () => {
  it('lists the contractor’s and subcontractor’s assets, and refuses the company’s own or one outside an activity’s contract', async () => {
    const { truck, own, crane } = await fleet();
    const listed = async (kind: 'vehiculos' | 'equipos', query: string) =>
      (await call<{ IdActivo: string; Nombre: string; RutContratista: string }[]>('GET', `/contrato/listas/${kind}/${ANDES.id}${query}`)).data;
    expect(await listed('vehiculos', `?IdContratista=${CONTRACTOR}`)).toContainEqual({ IdActivo: truck.IdVehiculo, Nombre: truck.Patente, RutContratista: CONTRACTOR });
    expect((await listed('vehiculos', '')).map((row) => row.IdActivo)).not.toContain(own.IdVehiculo);
    expect(await listed('equipos', `?IdContratista=${CONTRACTOR}&Subcontratistas=${SUBCONTRACTOR}`)).toContainEqual({
      IdActivo: crane.IdEquipo,
      Nombre: `${crane.Codigo} · Grúa articulada`,
      RutContratista: SUBCONTRACTOR,
    });
    expect((await listed('equipos', `?IdContratista=${CONTRACTOR}`)).map((row) => row.IdActivo)).not.toContain(crane.IdEquipo);

    expect(await call('POST', `/contrato/${ANDES.id}`, contractBody({ Vehiculos: [own.IdVehiculo] }))).toMatchObject({
      statusCode: 400,
      code: 'VEHICULO_AJENO',
      message: 'Un vehículo del contrato debe ser de la empresa contratista o de una de sus subcontratistas',
    });
    expect(await call('POST', `/contrato/${ANDES.id}`, contractBody({ Equipos: [crane.IdEquipo], Subcontratistas: [] }))).toMatchObject({
      statusCode: 400,
      code: 'EQUIPO_AJENO',
    });
    expect(await call('POST', `/contrato/${ANDES.id}`, contractBody({ Vehiculos: [uuidV7()] }))).toMatchObject({
      statusCode: 400,
      message: 'Uno de los vehículos indicados no existe',
    });
    const activities = await call<{ value: string }[]>('GET', `/contrato/listas/actividades/${ANDES.id}`);
    const Actividades = [{ IdActividad: activities.data[0]!.value, Recursos: { Vehiculos: [truck.IdVehiculo] } }];
    expect(await call('POST', `/contrato/${ANDES.id}`, contractBody({ Actividades }))).toMatchObject({
      statusCode: 400,
      message: 'Un vehículo de una actividad debe estar entre los vehículos del contrato',
    });
  });
});

describe('documents and accreditation of vehicles and machines (CT-ACR5)', () => {
  it('asks each asset its document once, accredits it until its earliest due date, and drops its row when it leaves', async () => {
    const { truck, crane } = await fleet();
    const gases = requirement('Certificado de emisiones (prueba)', 'vehiculo');
    const lifting = requirement('Certificación de grúa (prueba)', 'equipo');
    for (const body of [gases, lifting]) expect((await call('POST', `/requisitos/${ANDES.id}`, body)).statusCode).toBe(200);
    const activities = await call<{ value: string }[]>('GET', `/contrato/listas/actividades/${ANDES.id}`);
    const Requisitos = [gases.IdRequisito, lifting.IdRequisito];
    const contract = contractBody({
      Vehiculos: [truck.IdVehiculo],
      Equipos: [crane.IdEquipo],
      Actividades: [{ IdActividad: activities.data[0]!.value, IdNivel2: RUTA_5, Recursos: { Vehiculos: [truck.IdVehiculo] } }],
      Requisitos,
    });
    expect(await call('POST', `/contrato/${ANDES.id}`, contract)).toMatchObject({ statusCode: 200 });
    // Written again unchanged: still one document per asset.
    expect(await call('PUT', `/contrato/${contract.IdContrato}/${ANDES.id}`, { IdContrato: contract.IdContrato, Version: 1, Nombre: 'Transporte y grúa' })).toMatchObject({
      statusCode: 200,
    });
    const docs = (await call<Doc[]>('GET', `/gestion-requisitos/${ANDES.id}`)).data.filter((doc) => Requisitos.includes(doc.IdRequisito));
    expect(docs.map((doc) => [doc.IdRequisito, doc.IdActivo, doc.NombreActivo, doc.RutContratista]).sort()).toEqual(
      [
        [gases.IdRequisito, truck.IdVehiculo, truck.Patente, CONTRACTOR],
        [lifting.IdRequisito, crane.IdEquipo, `${crane.Codigo} · Grúa articulada`, SUBCONTRACTOR],
      ].sort(),
    );

    // The truck works at Ruta 5 Norte (its activity), the crane at the contract's worksite; neither has its document yet.
    const rows = await assetAccreditations(contract.IdContrato);
    expect(rows.map((row) => [row.NombreActivo, row.ClaseActivo, row.IdNivel2, row.Acreditado, row.Motivos]).sort()).toEqual(
      [
        [truck.Patente, 'vehiculo', RUTA_5, 0, ['Certificado de emisiones (prueba): pendiente de subir']],
        [`${crane.Codigo} · Grúa articulada`, 'equipo', LOS_ANDES, 0, ['Certificación de grúa (prueba): pendiente de subir']],
      ].sort(),
    );

    const contractor = await test.server.login('contratista@andesdemo.cl');
    const truckDoc = docs.find((doc) => doc.IdActivo === truck.IdVehiculo)!;
    const transition = (name: string, body?: object, token = test.admin.token) =>
      call('POST', `/gestion-requisitos/${ANDES.id}/${truckDoc.IdDocumento}${name}`, body, token);
    const Archivo: FileRef = await uploadImage(test.server, contractor.token);
    expect(await transition('/documento', { Archivo, FechaEmision: '2026-11-10' }, contractor.token)).toMatchObject({ statusCode: 200 });
    expect(await transition('/revision')).toMatchObject({ statusCode: 200 });
    expect(await transition('/aprobar')).toMatchObject({ statusCode: 200 });
    const truckRow = (await assetAccreditations(contract.IdContrato)).find((row) => row.IdActivo === truck.IdVehiculo);
    expect(truckRow).toMatchObject({ Acreditado: 1, AcreditadoHasta: '2027-11-10', Motivos: [] });
    // The contractor reads its truck's row; the subcontractor's crane belongs to the subcontractor.
    expect((await assetAccreditations(contract.IdContrato, contractor.token)).map((row) => row.IdActivo)).toEqual([truck.IdVehiculo]);

    // The crane leaves the contract: its row goes, to devices as a removal.
    expect(await call('PUT', `/contrato/${contract.IdContrato}/${ANDES.id}`, { IdContrato: contract.IdContrato, Version: 2, Equipos: [] })).toMatchObject({
      statusCode: 200,
    });
    expect((await assetAccreditations(contract.IdContrato)).map((row) => row.IdActivo)).toEqual([truck.IdVehiculo]);
    const removed = await test.server.deps.db
      .selectFrom('cambios')
      .select('IdRegistro')
      .where('Tabla', '=', 'acreditaciones_activo')
      .where('Operacion', '=', 'delete')
      .execute();
    expect(removed).toHaveLength(1);
  });
});

describe('the demo (CT-ACR5)', () => {
  it('names the contractor’s pickup PRTZ17 on its contract, accredited by its approved entry inspection', async () => {
    const contract = (await call<{ IdContrato: string; Nombre: string; Vehiculos: string[] }[]>('GET', `/contrato/${ANDES.id}`)).data.find(
      (row) => row.Nombre === 'Mantención eléctrica Planta Norte',
    )!;
    expect(contract.Vehiculos).toHaveLength(1);
    const [row] = await assetAccreditations(contract.IdContrato);
    expect(row).toMatchObject({ IdActivo: contract.Vehiculos[0], NombreActivo: 'PRTZ17', ClaseActivo: 'vehiculo', Acreditado: 1, Motivos: [] });
  });
});
