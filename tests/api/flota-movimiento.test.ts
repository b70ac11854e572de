import { describe, expect, it } from 'vitest';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { BASE, certificadoBody, createVehiculo, lecturaBody, read, write } from './support/flota-api-factory.ts';
import { SEEDED } from './support/trabajadores-factory.ts';

/**
 * An asset's certificates and readings carry its worksite and contractor (issue 38, SPEC PL13, PL7): when it moves,
 * they move with it, leaving the devices of the old worksite or contractor as removals and reaching the new ones.
 * Rule id in server/modules/flota/README.md.
 */
const test = serverForEachTest();
const admin = () => test.admin.token;
const CONTRACTOR = SEEDED.contractorRut;

type Placed = { IdNivel2: string | null; IdNivel3: string | null; RutContratista: string; Version: number; Estado: number };

async function changesOf(IdRegistro: string, after: number) {
  return test.server.deps.db
    .selectFrom('cambios')
    .select(['Operacion', 'Nivel2', 'Nivel3', 'Audiencia'])
    .where('IdRegistro', '=', IdRegistro)
    .where('Seq', '>', after)
    .orderBy('Seq')
    .execute();
}

async function lastSeq(): Promise<number> {
  const row = await test.server.deps.db.selectFrom('cambios').select((eb) => eb.fn.max('Seq').as('seq')).executeTakeFirstOrThrow();
  return Number(row.seq);
}

describe('certificates and readings follow their asset (FL-MOV1)', () => {
  it('FL-MOV1: moving a vehicle to another worksite and contractor moves its certificates and readings, in the rows and the change log', async () => {
    const { vehiculo } = await createVehiculo(test.server, admin());
    const cert = certificadoBody(vehiculo.IdVehiculo);
    const gone = certificadoBody(vehiculo.IdVehiculo, { Clase: 'seguro' });
    const reading = lecturaBody(vehiculo.IdVehiculo, '2026-11-20T10:00:00Z', 12000);
    for (const [path, body] of [
      ['certificaciones', cert],
      ['certificaciones', gone],
      ['lecturas', reading],
    ] as const) {
      expect((await write(test.server, admin(), 'POST', `${BASE.vehiculos}/${path}`, body)).status).toBe(200);
    }
    expect((await write(test.server, admin(), 'DELETE', `${BASE.vehiculos}/certificaciones/${gone.IdCertificacion}`)).status).toBe(200);
    const before = await lastSeq();

    const destination = { IdNivel2: SEEDED.nv2(2), IdNivel3: SEEDED.nv3(3), RutContratista: CONTRACTOR };
    const move = { IdVehiculo: vehiculo.IdVehiculo, Version: 1, ...destination };
    expect((await write(test.server, admin(), 'PUT', BASE.vehiculos, move)).body).toMatchObject({ statusCode: 200, data: { Version: 2 } });

    const certPath = `${BASE.vehiculos}/certificaciones/one/${cert.IdCertificacion}/${ANDES.id}`;
    const moved = { IdNivel2: SEEDED.nv2(2), IdNivel3: SEEDED.nv3(3), RutContratista: CONTRACTOR, Version: 2 };
    expect((await read<Placed>(test.server, admin(), certPath)).body.data).toMatchObject(moved);
    const readingPath = `${BASE.vehiculos}/lecturas/one/${reading.IdLectura}/${ANDES.id}`;
    expect((await read<Placed>(test.server, admin(), readingPath)).body.data).toMatchObject({ ...moved, Valor: 12000 });
    // A deleted certificate stays where it was deleted: its removal already reached those devices.
    const deletedPath = `${BASE.vehiculos}/certificaciones/one/${gone.IdCertificacion}/${ANDES.id}`;
    const deleted = (await read<Placed>(test.server, admin(), deletedPath)).body.data;
    expect(deleted).toMatchObject({ IdNivel2: SEEDED.nv2(1), Estado: 0, Version: 2 });

    const removal = { Operacion: 'delete', Nivel2: SEEDED.nv2(1), Nivel3: SEEDED.nv3(1), Audiencia: 'empresa' };
    const arrival = { Operacion: 'upsert', Nivel2: SEEDED.nv2(2), Nivel3: SEEDED.nv3(3), Audiencia: `contratista:${CONTRACTOR}` };
    expect(await changesOf(cert.IdCertificacion, before)).toEqual([removal, arrival]);
    expect(await changesOf(reading.IdLectura, before)).toEqual([removal, arrival]);
    expect(await changesOf(gone.IdCertificacion, before)).toEqual([]);
    const stored = await test.server.deps.db
      .selectFrom('cambios')
      .select('Fila')
      .where('IdRegistro', '=', cert.IdCertificacion)
      .where('Seq', '>', before)
      .where('Operacion', '=', 'upsert')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.Fila!)).toMatchObject(moved);

    // Back to the company's own, same worksite: the contractor's devices are told to drop them.
    const back = await write(test.server, admin(), 'PUT', BASE.vehiculos, { IdVehiculo: vehiculo.IdVehiculo, Version: 2, RutContratista: '' });
    expect(back.body).toMatchObject({ statusCode: 200, data: { RutContratista: '', Version: 3 } });
    const middle = await changesOf(cert.IdCertificacion, before);
    expect(middle.slice(2)).toEqual([
      { Operacion: 'upsert', Nivel2: SEEDED.nv2(2), Nivel3: SEEDED.nv3(3), Audiencia: 'empresa' },
      { Operacion: 'delete', Nivel2: null, Nivel3: null, Audiencia: `revocar:${CONTRACTOR}` },
    ]);
    expect((await read<Placed>(test.server, admin(), certPath)).body.data).toMatchObject({ RutContratista: '', Version: 3 });
  });

  it('FL-MOV1: an edit that does not move the asset leaves its certificates as they were', async () => {
    const { vehiculo } = await createVehiculo(test.server, admin());
    const cert = certificadoBody(vehiculo.IdVehiculo);
    await write(test.server, admin(), 'POST', `${BASE.vehiculos}/certificaciones`, cert);
    const before = await lastSeq();
    expect((await write(test.server, admin(), 'PUT', BASE.vehiculos, { IdVehiculo: vehiculo.IdVehiculo, Version: 1, Marca: 'Nissan' })).status).toBe(200);
    expect(await changesOf(cert.IdCertificacion, before)).toEqual([]);
    const path = `${BASE.vehiculos}/certificaciones/one/${cert.IdCertificacion}/${ANDES.id}`;
    expect((await read<Placed>(test.server, admin(), path)).body.data).toMatchObject({ Version: 1, IdNivel2: SEEDED.nv2(1) });
  });
});
