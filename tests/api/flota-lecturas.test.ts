import { describe, expect, it } from 'vitest';
import { personName } from '#sync/domain/person-name.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { aptitud, BASE, certificadoBody, createTipo, createVehiculo, equipoBody, lecturaBody, read, write } from './support/flota-api-factory.ts';
import { newKey } from './support/sync-harness.ts';

/**
 * Meter readings (issue 38): they only move forward unless a correction says why, keep who took them, are stored once
 * however often a device resends them, and make a service due by meter. Rule ids in server/modules/flota/README.md.
 */
const test = serverForEachTest();
const LECTURAS = `${BASE.vehiculos}/lecturas`;
const admin = () => test.admin.token;

type Lectura = { IdLectura: string; IdActivo: string; Valor: number; Motivo: string; IdNivel2: string } & {
  IdUsuario: number;
  NombreUsuario: string;
};

async function adminName(): Promise<string> {
  const user = await test.server.deps.db
    .selectFrom('usuarios')
    .select(['Nombres', 'ApellidoPaterno', 'ApellidoMaterno'])
    .where('IdUsuario', '=', test.admin.userId)
    .executeTakeFirstOrThrow();
  return personName(user);
}

describe('readings only move forward (FL-LEC1)', () => {
  it('FL-LEC1: refuses a lower reading without a reason, accepts it with one, and keeps who took each', async () => {
    const { vehiculo } = await createVehiculo(test.server, admin());
    const take = (Fecha: string, Valor: number, Motivo = '') =>
      write<Lectura>(test.server, admin(), 'POST', LECTURAS, lecturaBody(vehiculo.IdVehiculo, Fecha, Valor, { Motivo }));

    const first = await take('2026-11-01T10:00:00Z', 45200);
    expect(first.body).toMatchObject({ statusCode: 200, message: 'Lectura de vehículo creada correctamente' });
    expect(first.body.data).toMatchObject({ Valor: 45200, Motivo: '', IdUsuario: test.admin.userId, NombreUsuario: await adminName() });
    expect(first.body.data.IdNivel2).toBe(vehiculo.IdNivel2);

    expect((await take('2026-11-10T10:00:00Z', 45100)).body).toEqual({
      statusCode: 400,
      message: 'La lectura es menor que la última registrada: indica el motivo de la corrección',
      code: 'LECTURA_MENOR',
    });
    expect((await take('2026-11-10T10:00:00Z', 45900, 'Por si acaso')).body).toEqual({
      statusCode: 400,
      message: 'El motivo de corrección solo se indica cuando la lectura es menor que la última',
      code: 'VALIDACION',
    });
    const corrected = await take('2026-11-10T10:00:00Z', 4510, 'Se digitó un cero de más');
    expect(corrected.body.data).toMatchObject({ Valor: 4510, Motivo: 'Se digitó un cero de más' });
    // The one before a reading is the last taken at or before its moment: the correction, not the highest.
    expect((await take('2026-11-12T08:00:00-03:00', 4600)).body).toMatchObject({ statusCode: 200, data: { Valor: 4600 } });
    // A reading taken before all of them (sent late by a device) has none before it.
    expect((await take('2026-10-01T10:00:00Z', 30000)).body).toMatchObject({ statusCode: 200 });

    const stored = (await read<Lectura[]>(test.server, admin(), `${LECTURAS}/all/${ANDES.id}`)).body.data;
    expect(stored.filter((row) => row.IdActivo === vehiculo.IdVehiculo).map((row) => row.Valor)).toEqual([30000, 45200, 4510, 4600]);
    expect((await aptitud(test.server, admin(), 'vehiculos', vehiculo.IdVehiculo)).body.data?.Lectura).toBe(4600);
  });

  it('FL-LEC1: refuses readings of an asset whose type has no meter', async () => {
    const { vehiculo } = await createVehiculo(test.server, admin(), { Medidor: '' });
    const body = lecturaBody(vehiculo.IdVehiculo, '2026-11-01T10:00:00Z', 100);
    expect((await write(test.server, admin(), 'POST', LECTURAS, body)).body).toEqual({
      statusCode: 400,
      message: 'Este activo no tiene medidor',
      code: 'VALIDACION',
    });
  });
});

describe('a resent reading (FL-LEC2)', () => {
  it('FL-LEC2: stores a reading sent twice under its key once, with the same answer', async () => {
    const tipo = await createTipo(test.server, admin(), 'equipo', { Medidor: 'horas' });
    const equipo = equipoBody(String(tipo.IdTipoEquipo));
    await write(test.server, admin(), 'POST', BASE.equipos, equipo);
    const body = lecturaBody(equipo.IdEquipo, '2026-11-20T18:00:00Z', 1520.5);
    const key = newKey();
    const sent = await write(test.server, admin(), 'POST', `${BASE.equipos}/lecturas`, body, key);
    const resent = await write(test.server, admin(), 'POST', `${BASE.equipos}/lecturas`, body, key);
    expect(sent.body).toMatchObject({ statusCode: 200, data: { IdLectura: body.IdLectura, Valor: 1520.5 } });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual(sent.body);

    const { db } = test.server.deps;
    const logged = await db.selectFrom('cambios').select('Operacion').where('Tabla', '=', 'lecturas_equipo').where('IdRegistro', '=', body.IdLectura).execute();
    expect(logged).toEqual([{ Operacion: 'upsert' }]);
    const rows = (await read<{ IdLectura: string }[]>(test.server, admin(), `${BASE.equipos}/lecturas/all/${ANDES.id}`)).body.data;
    expect(rows.filter((row) => row.IdLectura === body.IdLectura)).toHaveLength(1);
  });
});

describe('maintenance due by date or by meter (FL-MAN1)', () => {
  const service = { Medidor: 'km', Certificaciones: [{ Clase: 'mantencion', VigenciaMeses: 6, IntervaloLectura: 10000 }] };

  it('FL-MAN1: falls due when the meter reaches its reading, before its date', async () => {
    const { vehiculo } = await createVehiculo(test.server, admin(), service);
    const cert = certificadoBody(vehiculo.IdVehiculo, {
      Clase: 'mantencion',
      FechaEmision: '2026-09-01',
      FechaVencimiento: '2027-03-01',
      LecturaVencimiento: 50000,
    });
    await write(test.server, admin(), 'POST', `${BASE.vehiculos}/certificaciones`, cert);
    const readAt = async (Fecha: string, Valor: number) => {
      expect((await write(test.server, admin(), 'POST', LECTURAS, lecturaBody(vehiculo.IdVehiculo, Fecha, Valor))).status).toBe(200);
      return (await aptitud(test.server, admin(), 'vehiculos', vehiculo.IdVehiculo)).body.data!;
    };

    expect(await readAt('2026-11-01T10:00:00Z', 45000)).toMatchObject({
      Apto: 1,
      Motivos: [],
      Lectura: 45000,
      Certificaciones: [{ IdCertificacion: cert.IdCertificacion, Clase: 'mantencion', LecturaVencimiento: 50000, EstadoVigencia: 'vigente' }],
    });
    // Within the last tenth of the interval: about to fall due, still fit.
    expect(await readAt('2026-11-10T10:00:00Z', 49200)).toMatchObject({ Apto: 1, Certificaciones: [{ EstadoVigencia: 'por-vencer' }] });
    expect(await readAt('2026-11-20T10:00:00Z', 50100)).toMatchObject({
      Apto: 0,
      Motivos: ['Mantención: la lectura 50100 alcanzó 50000'],
      Certificaciones: [{ EstadoVigencia: 'vencida' }],
    });
  });

  it('FL-MAN1: falls due on its date, before its reading, on the server’s day in Chile', async () => {
    const { vehiculo } = await createVehiculo(test.server, admin(), service);
    const cert = certificadoBody(vehiculo.IdVehiculo, {
      Clase: 'mantencion',
      FechaEmision: '2026-06-01',
      FechaVencimiento: '2026-11-30',
      LecturaVencimiento: 90000,
    });
    await write(test.server, admin(), 'POST', `${BASE.vehiculos}/certificaciones`, cert);
    await write(test.server, admin(), 'POST', LECTURAS, lecturaBody(vehiculo.IdVehiculo, '2026-11-20T10:00:00Z', 45000));
    expect((await aptitud(test.server, admin(), 'vehiculos', vehiculo.IdVehiculo)).body.data).toMatchObject({
      Apto: 1,
      Lectura: 45000,
      Certificaciones: [{ FechaVencimiento: '2026-11-30', EstadoVigencia: 'por-vencer' }],
    });

    // 2026-12-01 02:30 UTC is still 30 November in Chile (UTC-3): valid through that day.
    test.server.clock.current = new Date('2026-12-01T02:30:00Z');
    let token = (await test.server.login('admin@andesdemo.cl')).token;
    expect((await aptitud(test.server, token, 'vehiculos', vehiculo.IdVehiculo)).body.data).toMatchObject({ Apto: 1 });
    test.server.clock.current = new Date('2026-12-01T12:00:00Z');
    token = (await test.server.login('admin@andesdemo.cl')).token;
    expect((await aptitud(test.server, token, 'vehiculos', vehiculo.IdVehiculo)).body.data).toMatchObject({
      Apto: 0,
      Motivos: ['Mantención: vencida el 30/11/2026'],
      Lectura: 45000,
      Certificaciones: [{ EstadoVigencia: 'vencida' }],
    });
  });
});
