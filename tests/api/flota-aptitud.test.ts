import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { serverForEachTest } from './support/api-harness.ts';
import { aptitud, BASE, certificadoBody, createTipo, createVehiculo, equipoBody, instalacionBody, write } from './support/flota-api-factory.ts';
import { createWorker, workerBody } from './support/trabajadores-factory.ts';

/**
 * Fit to operate (issue 38): an asset works while every mandatory certification its type asks is registered and in
 * force, and with an operator only while the operator's licence and certifications are too. Today is 2026-11-21 in
 * Chile (the tests' clock). Rule ids in server/modules/flota/README.md.
 */
const test = serverForEachTest();
const admin = () => test.admin.token;
const CERTS = `${BASE.vehiculos}/certificaciones`;

const soapAndInsurance = {
  Certificaciones: [
    { Clase: 'soap', VigenciaMeses: 12, Obligatoria: 1 },
    { Clase: 'seguro', VigenciaMeses: 12, Obligatoria: 0 },
  ],
};

async function certify(kindBase: string, IdActivo: string, fields: Record<string, unknown>) {
  const body = certificadoBody(IdActivo, fields);
  expect((await write(test.server, admin(), 'POST', `${kindBase}/certificaciones`, body)).status).toBe(200);
  return body;
}

describe('mandatory certifications by type (FL-APT1)', () => {
  it('FL-APT1: an asset without the SOAP its type asks is unfit; an expired optional insurance does not stop it', async () => {
    const { vehiculo } = await createVehiculo(test.server, admin(), soapAndInsurance);
    expect((await aptitud(test.server, admin(), 'vehiculos', vehiculo.IdVehiculo)).body).toEqual({
      statusCode: 200,
      data: { Apto: 0, Motivos: ['SOAP: sin registrar'], Lectura: null, Certificaciones: [], Operadores: [] },
    });

    const insurance = await certify(BASE.vehiculos, vehiculo.IdVehiculo, { Clase: 'seguro', FechaEmision: '2025-10-01', FechaVencimiento: '2026-09-30' });
    expect((await aptitud(test.server, admin(), 'vehiculos', vehiculo.IdVehiculo)).body.data).toMatchObject({
      Apto: 0,
      Motivos: ['SOAP: sin registrar'],
      Certificaciones: [{ IdCertificacion: insurance.IdCertificacion, Clase: 'seguro', EstadoVigencia: 'vencida' }],
    });

    const soap = await certify(BASE.vehiculos, vehiculo.IdVehiculo, { Clase: 'soap', FechaEmision: '2026-03-31', FechaVencimiento: '2027-03-31' });
    expect((await aptitud(test.server, admin(), 'vehiculos', vehiculo.IdVehiculo)).body.data).toEqual({
      Apto: 1,
      Motivos: [],
      Lectura: null,
      Certificaciones: [
        { IdCertificacion: soap.IdCertificacion, Clase: 'soap', FechaVencimiento: '2027-03-31', LecturaVencimiento: null, EstadoVigencia: 'vigente' },
        { IdCertificacion: insurance.IdCertificacion, Clase: 'seguro', FechaVencimiento: '2026-09-30', LecturaVencimiento: null, EstadoVigencia: 'vencida' },
      ],
      Operadores: [],
    });

    // A deleted certificate no longer counts.
    expect((await write(test.server, admin(), 'DELETE', `${CERTS}/${soap.IdCertificacion}`)).status).toBe(200);
    expect((await aptitud(test.server, admin(), 'vehiculos', vehiculo.IdVehiculo)).body.data).toMatchObject({ Apto: 0, Motivos: ['SOAP: sin registrar'] });
  });

  it('FL-APT1: an installation asks its own certifications, and an unknown asset answers null', async () => {
    const plant = instalacionBody({ Certificaciones: [{ Clase: 'prueba_carga', VigenciaMeses: 12 }] });
    await write(test.server, admin(), 'POST', BASE.instalaciones, plant);
    expect((await aptitud(test.server, admin(), 'instalaciones', plant.IdInstalacion)).body.data).toEqual({
      Apto: 0,
      Motivos: ['Prueba de carga: sin registrar'],
      Lectura: null,
      Certificaciones: [],
      Operadores: [],
    });
    await certify(BASE.instalaciones, plant.IdInstalacion, { Clase: 'prueba_carga', FechaEmision: '2026-02-01', FechaVencimiento: '2026-11-20' });
    expect((await aptitud(test.server, admin(), 'instalaciones', plant.IdInstalacion)).body.data).toMatchObject({
      Apto: 0,
      Motivos: ['Prueba de carga: vencida el 20/11/2026'],
    });
    expect((await aptitud(test.server, admin(), 'vehiculos', plant.IdInstalacion)).body).toEqual({ statusCode: 200, data: null });
  });
});

describe('fit with an operator (FL-APT2)', () => {
  const licence = (FechaVencimiento: string) => ({ IdLicencia: uuidV7(), Clase: 'D', FechaVencimiento, Estado: 1 });

  it('FL-APT2: fit only when both the asset and the operator are; a renewed SOAP makes the asset fit again', async () => {
    const exam = { IdCertificacion: uuidV7(), Nombre: 'Psicosensotécnico riguroso', Emisor: 'Mutual', Vence: 1, VigenciaMeses: 24 };
    expect((await write(test.server, admin(), 'POST', '/api/certificaciones', exam)).status).toBe(200);
    const tipo = await createTipo(test.server, admin(), 'equipo', {
      Medidor: 'horas',
      Certificaciones: [{ Clase: 'soap', VigenciaMeses: 12 }],
      ClaseLicencia: 'd',
      CertificacionesOperador: [exam.IdCertificacion],
    });
    const examHeld = { IdCertificacion: uuidV7(), IdCertificacionCatalogo: exam.IdCertificacion, Nombre: exam.Nombre, FechaVencimiento: '2027-05-31' };
    const rosa = workerBody({ Nombres: 'Rosa', ApellidoPaterno: 'Araya', licencias: [licence('2028-01-31')], certificaciones: [examHeld] });
    const tomas = workerBody({ Nombres: 'Tomás', ApellidoPaterno: 'Bravo', licencias: [licence('2026-10-31')] });
    for (const worker of [rosa, tomas]) expect((await createWorker(test.server, admin(), worker)).status).toBe(200);
    const equipo = equipoBody(String(tipo.IdTipoEquipo), { Operadores: [tomas.IdPersona, rosa.IdPersona] });
    expect((await write(test.server, admin(), 'POST', BASE.equipos, equipo)).status).toBe(200);
    await certify(BASE.equipos, equipo.IdEquipo, { Clase: 'soap', FechaEmision: '2025-11-02', FechaVencimiento: '2026-11-01' });

    const soapExpired = 'SOAP: vencida el 01/11/2026';
    expect((await aptitud(test.server, admin(), 'equipos', equipo.IdEquipo)).body.data).toMatchObject({
      Apto: 0,
      Motivos: [soapExpired],
      Operadores: [
        { IdPersona: rosa.IdPersona, Nombre: 'Rosa Araya Lagos', Apto: 0, Motivos: [`Equipo: ${soapExpired}`] },
        {
          IdPersona: tomas.IdPersona,
          Nombre: 'Tomás Bravo Lagos',
          Apto: 0,
          Motivos: [
            `Equipo: ${soapExpired}`,
            'Operador: Licencia clase D: vencida el 31/10/2026',
            'Operador: Psicosensotécnico riguroso: sin registrar',
          ],
        },
      ],
    });

    await certify(BASE.equipos, equipo.IdEquipo, { Clase: 'soap', FechaEmision: '2026-11-02', FechaVencimiento: '2027-11-01' });
    expect((await aptitud(test.server, admin(), 'equipos', equipo.IdEquipo)).body.data).toMatchObject({
      Apto: 1,
      Motivos: [],
      Certificaciones: [{ Clase: 'soap', FechaVencimiento: '2027-11-01', EstadoVigencia: 'vigente' }],
      Operadores: [
        { Nombre: 'Rosa Araya Lagos', Apto: 1, Motivos: [] },
        {
          Nombre: 'Tomás Bravo Lagos',
          Apto: 0,
          Motivos: ['Operador: Licencia clase D: vencida el 31/10/2026', 'Operador: Psicosensotécnico riguroso: sin registrar'],
        },
      ],
    });
  });
});
