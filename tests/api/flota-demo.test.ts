import { describe, expect, it } from 'vitest';
import { assetFitness, certificateState, type CertificadoActivo, type RequisitoClase } from '#sync/domain/fleet-fitness.ts';
import type { VencimientoFlotaRow } from '#sync/schemas/flota-vencimientos.schema.ts';
import { seedFleetDemo } from '#server/modules/flota/demo-flota.ts';
import { seedId } from '#server/seed/seed-id.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { countRows, send } from './support/sync-harness.ts';
import { SEEDED } from './support/trabajadores-factory.ts';

/**
 * The demo company's fleet (issue 38, FL-DEMO1), seeded at the tests' start (2026-11-21 in Chile) with dates
 * relative to it: read back through the kit's calls and the expiries report.
 */
const test = serverForEachTest();
const TODAY = '2026-11-21';
const ID = {
  pickup: seedId(ANDES.id, 'vehiculo', 1),
  contractorPickup: seedId(ANDES.id, 'vehiculo', 2),
  forklift: seedId(ANDES.id, 'equipo', 1),
  tank: seedId(ANDES.id, 'instalacion', 1),
};

type Row = Record<string, unknown>;
const list = async <T = Row>(path: string) => (await send<{ data: T[] }>(test.server, 'GET', `${path}/${ANDES.id}`, { token: test.admin.token })).body.data;

type Certificate = CertificadoActivo & { IdActivo: string };
type Type = { Nombre: string; Certificaciones: RequisitoClase[]; ClaseLicencia: string; CertificacionesOperador: string[] };

describe('the demo fleet (FL-DEMO1)', () => {
  it('has certificates in every state, one unfit machine, one corrected reading and an operator with an expired licence', async () => {
    const pickupTypes = await list<Type & { IdTipoVehiculo: string }>('/api/tipos-vehiculo/all');
    const forkliftTypes = await list<Type & { IdTipoEquipo: string }>('/api/tipos-equipo/all');
    const pickupType = pickupTypes.find((type) => type.Nombre === 'Camioneta')!;
    const forkliftType = forkliftTypes.find((type) => type.Nombre === 'Grúa horquilla')!;
    expect(pickupType).toMatchObject({ ClaseLicencia: 'B', Certificaciones: expect.arrayContaining([expect.objectContaining({ Clase: 'mantencion', IntervaloLectura: 10_000 })]) });
    type Named = { IdCertificacion: string; Nombre: string };
    const catalogue = (await send<{ data: Named[] }>(test.server, 'GET', '/api/certificaciones', { token: test.admin.token })).body.data;
    expect(forkliftType.CertificacionesOperador.map((id) => catalogue.find((row) => row.IdCertificacion === id)?.Nombre)).toEqual([
      'Examen psicosensotécnico',
      'Autorización interna: grúa horquilla',
    ]);

    const vehicles = await list<{ IdVehiculo: string; Patente: string; RutContratista: string }>('/api/vehiculos/list');
    const pickups = vehicles.filter((row) => [ID.pickup, ID.contractorPickup].includes(row.IdVehiculo));
    expect(pickups.map((row) => [row.Patente, row.RutContratista])).toEqual([
      ['JHKL42', ''],
      ['PRTZ17', SEEDED.contractorRut],
    ]);
    const vehicleCerts = await list<Certificate>('/api/vehiculos/certificaciones/all');
    const machineCerts = await list<Certificate>('/api/equipos/certificaciones/all');
    const states = [...vehicleCerts, ...machineCerts]
      .filter((cert) => Object.values(ID).includes(cert.IdActivo))
      .map((cert) => certificateState(cert, undefined, TODAY, null));
    expect(new Set(states)).toEqual(new Set(['vigente', 'por-vencer', 'vencida']));

    const forkliftCerts = machineCerts.filter((cert) => cert.IdActivo === ID.forklift);
    expect(assetFitness(forkliftType.Certificaciones, forkliftCerts, TODAY, 1_180)).toEqual({
      Apto: 0,
      Motivos: ['Certificación de izaje: vencida el 11/11/2026'],
    });
    const pickupCerts = vehicleCerts.filter((cert) => cert.IdActivo === ID.pickup);
    expect(assetFitness(pickupType.Certificaciones, pickupCerts, TODAY, 48_350)).toEqual({ Apto: 1, Motivos: [] });

    const readings = (await list<{ IdActivo: string; Fecha: string; Valor: number; Motivo: string }>('/api/vehiculos/lecturas/all'))
      .filter((reading) => reading.IdActivo === ID.pickup)
      .sort((a, b) => a.Fecha.localeCompare(b.Fecha));
    expect(readings.map((reading) => reading.Valor)).toEqual([48_120, 481_200, 48_350]);
    expect(readings.filter((reading) => reading.Motivo !== '')).toEqual([expect.objectContaining({ Valor: 48_350, Motivo: expect.stringContaining('Corrige') })]);

    const driver = (await send<{ data: { licencias: { Clase: string; FechaVencimiento: string }[] } }>(
      test.server, 'GET', `/api/trabajadores/newtrabajadores2/detalle/${ANDES.id}/${SEEDED.worker(11)}`, { token: test.admin.token },
    )).body.data;
    expect(driver.licencias).toEqual([expect.objectContaining({ Clase: 'B', FechaVencimiento: '2026-11-11' })]);
  });

  it('shows in the expiries report what needs someone, and the forklift operator fit', async () => {
    const page = (await send<{ data: VencimientoFlotaRow[] }>(test.server, 'GET', `/api/vehiculos/vencimientos/${ANDES.id}?PorPagina=1000`, {
      token: test.admin.token,
    })).body;
    const demo = page.data.filter((row) => Object.values(ID).includes(row.IdActivo));
    expect(demo.map((row) => [row.Faena, row.Activo, row.Documento, row.Operador !== '', row.Situacion, row.FechaVencimiento])).toEqual([
      ['Faena Los Andes', 'Estanque de combustible diésel', 'Seguro', false, 'sin-registrar', ''],
      ['Faena Ruta 5 Norte', 'PRTZ17', 'Licencia clase B', true, 'sin-registrar', ''],
      ['Faena Los Andes', 'JHKL42', 'Licencia clase B', true, 'vencida', '2026-11-11'],
      ['Faena Ruta 5 Norte', 'GH-01 · Grúa horquilla 2,5 t', 'Certificación de izaje', false, 'vencida', '2026-11-11'],
      ['Faena Ruta 5 Norte', 'PRTZ17', 'SOAP', false, 'por-vencer', '2026-12-11'],
    ]);
    // Their licence D, exam and authorisation in force: nothing of the forklift's operator.
    expect(page.data.filter((row) => row.IdPersona === SEEDED.worker(15))).toEqual([]);
  });

  it('seeds once: starting again changes nothing', async () => {
    const changes = await countRows(test.server, 'cambios');
    const { deps } = test.server;
    await seedFleetDemo(deps.db, ANDES.id, deps.now(), { records: deps.records, files: deps.files });
    expect(await countRows(test.server, 'cambios')).toBe(changes);
  });
});
