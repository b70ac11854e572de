import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { lastJobRun } from '#server/jobs/job-runs.repo.ts';
import { sendFleetReminders, startFleetRemindersJob } from '#server/modules/flota/recordatorios-flota.ts';
import { serverForEachTest, TEST_ENGINE } from './support/api-harness.ts';
import { secondNode } from './support/second-node.ts';
import { send } from './support/sync-harness.ts';
import { SEEDED } from './support/trabajadores-factory.ts';

/**
 * Reminders of the fleet's certificates (issue 38, FL-REC): 30, 15 and 7 days before a certificate expires, its
 * asset's responsible gets one e-mail per step, kept in `correos` (no SMTP in the tests). The clock starts at
 * 2026-11-21 (Chile) and is moved by whole days; the job is called directly.
 */
const test = serverForEachTest();
const RESPONSIBLE = 'flota-rec@example.cl';

async function post(path: string, body: Record<string, unknown>) {
  const answer = await send<{ statusCode: number; message: string }>(test.server, 'POST', path, { token: test.admin.token, body });
  expect(answer.body, `${path} ${answer.body.message}`).toMatchObject({ statusCode: 200 });
}

/** A vehicle type asking a SOAP and a revisión técnica, and a vehicle of it at Los Andes answered for by `CorreoResponsable`. */
async function vehicle(Patente: string, CorreoResponsable = RESPONSIBLE) {
  const [IdTipoVehiculo, IdVehiculo] = [uuidV7(), uuidV7()];
  const Certificaciones = ['soap', 'revision_tecnica'].map((Clase) => ({ Clase, VigenciaMeses: 12, Obligatoria: 1, IntervaloLectura: null }));
  await post('/api/tipos-vehiculo', { IdTipoVehiculo, Nombre: `Camioneta ${Patente}`, Medidor: 'km', Certificaciones });
  await post('/api/vehiculos', { IdVehiculo, Patente, IdTipoVehiculo, IdNivel2: SEEDED.nv2(1), CorreoResponsable });
  return IdVehiculo;
}

async function certificate(IdActivo: string, Clase: string, FechaEmision: string, FechaVencimiento: string, LecturaVencimiento?: number) {
  const IdCertificacion = uuidV7();
  await post('/api/vehiculos/certificaciones', { IdCertificacion, IdActivo, Clase, FechaEmision, FechaVencimiento, LecturaVencimiento });
  return IdCertificacion;
}

const mails = (to = RESPONSIBLE) =>
  test.server.deps.db.selectFrom('correos').select(['Asunto', 'Texto']).where('Para', '=', to).orderBy('IdCorreo').execute();

const sent = async (id: string) =>
  (
    await test.server.deps.db
      .withTables<{ recordatorios_flota: { IdCertificacion: string; Paso: number; Tabla: string } }>()
      .selectFrom('recordatorios_flota')
      .select(['Paso', 'Tabla'])
      .where('IdCertificacion', '=', id)
      .orderBy('Paso', 'desc')
      .execute()
  ).map((row) => [Number(row.Paso), row.Tabla]);

async function advanceTo(day: string) {
  const target = Date.parse(`${day}T12:00:00Z`);
  test.server.clock.advance(target - test.server.clock.now().getTime());
  test.admin = await test.server.login('admin@andesdemo.cl');
}

describe('reminders 30, 15 and 7 days before a certificate expires (FL-REC1)', () => {
  it('sends one mail per certificate and step, naming the asset, the certificate and the day, never twice', async () => {
    const pickup = await vehicle('ZZRE11');
    const soap = await certificate(pickup, 'soap', '2025-12-25', '2026-12-25');
    // Due by meter only, and a vehicle nobody answers for: no reminder.
    await certificate(pickup, 'mantencion', '2026-11-01', '', 60_000);
    await certificate(await vehicle('ZZRE22', ''), 'soap', '2025-12-20', '2026-12-20');
    const { deps } = test.server;

    await sendFleetReminders(deps); // 34 days left.
    expect(await mails()).toEqual([]);
    await advanceTo('2026-11-26'); // 29: the 30-day step, though the job missed its day.
    await sendFleetReminders(deps);
    await sendFleetReminders(deps);
    expect(await mails()).toEqual([
      {
        Asunto: 'SOAP del vehículo ZZRE11 vence el 25/12/2026',
        Texto: expect.stringContaining('La certificación «SOAP» del vehículo ZZRE11 (Faena Los Andes) vence el 25/12/2026, en 29 días.'),
      },
    ]);

    // Two nodes run it at once on the 15-day step: one mail.
    await advanceTo('2026-12-10');
    const other = TEST_ENGINE === 'postgres' ? await secondNode(test.server) : test.server;
    try {
      await Promise.all([sendFleetReminders(deps), sendFleetReminders(other.deps)]);
    } finally {
      if (other !== test.server) await other.close();
    }
    await advanceTo('2026-12-12');
    await sendFleetReminders(deps);
    await advanceTo('2026-12-19');
    await sendFleetReminders(deps);
    await advanceTo('2026-12-26'); // Expired: nothing more.
    await sendFleetReminders(deps);
    expect((await mails()).map((mail) => mail.Asunto)).toEqual(Array(3).fill('SOAP del vehículo ZZRE11 vence el 25/12/2026'));
    expect((await mails()).map((mail) => mail.Texto.split('\n')[2]!.split(', ').at(-1))).toEqual(['en 29 días.', 'en 15 días.', 'en 6 días.']);
    expect(await sent(soap)).toEqual([[30, 'certificaciones_vehiculo'], [15, 'certificaciones_vehiculo'], [7, 'certificaciones_vehiculo']]);
  });

  it('sends a certificate first seen at 6 days only its 7-day step, once', async () => {
    const pickup = await vehicle('ZZRE33');
    await advanceTo('2026-12-19');
    const inspection = await certificate(pickup, 'revision_tecnica', '2025-12-25', '2026-12-25');
    await sendFleetReminders(test.server.deps);
    await advanceTo('2026-12-22');
    await sendFleetReminders(test.server.deps);
    expect((await mails()).map((mail) => mail.Asunto)).toEqual(['Revisión técnica del vehículo ZZRE33 vence el 25/12/2026']);
    expect(await sent(inspection)).toEqual([[7, 'certificaciones_vehiculo']]);
  });

  it('runs hourly as the scheduled job recordatorios-flota', async () => {
    const pickup = await vehicle('ZZRE44');
    await certificate(pickup, 'soap', '2025-11-28', '2026-11-28');
    const job = startFleetRemindersJob(test.server.deps);
    await job.ready;
    await job.stop();
    expect(await lastJobRun(test.server.deps.db, 'recordatorios-flota')).toMatchObject({ UltimoFin: expect.any(String), Error: null });
    expect((await mails()).map((mail) => mail.Asunto)).toEqual(['SOAP del vehículo ZZRE44 vence el 28/11/2026']);
  });
});

describe('a renewed certificate (FL-REC2)', () => {
  it("stops the old one's reminders; the renewal has its own steps", async () => {
    const pickup = await vehicle('ZZRE55');
    const old = await certificate(pickup, 'soap', '2025-12-01', '2026-12-01');
    await sendFleetReminders(test.server.deps); // 10 days left: the 15-day step.
    await advanceTo('2026-11-25');
    const renewal = await certificate(pickup, 'soap', '2026-11-25', '2027-11-25');
    await sendFleetReminders(test.server.deps);
    await advanceTo('2026-11-28'); // The old one at 3 days: it no longer counts.
    await sendFleetReminders(test.server.deps);
    expect(await sent(old)).toEqual([[15, 'certificaciones_vehiculo']]);
    expect(await sent(renewal)).toEqual([]);

    await advanceTo('2027-10-30'); // 26 days before the renewal expires.
    await sendFleetReminders(test.server.deps);
    expect(await sent(renewal)).toEqual([[30, 'certificaciones_vehiculo']]);
    expect((await mails()).map((mail) => mail.Asunto)).toEqual([
      'SOAP del vehículo ZZRE55 vence el 01/12/2026',
      'SOAP del vehículo ZZRE55 vence el 25/11/2027',
    ]);
  });
});
