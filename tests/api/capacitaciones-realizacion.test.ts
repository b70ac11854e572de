import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { Capacitacion } from '#sync/schemas/capacitaciones.schema.ts';
import { ANDES, serverForEachTest, type TestServer } from './support/api-harness.ts';
import { CAPACITACIONES, CREADAS, footprint, REALIZAR, realisationBody, rows, sessionBody, signature, TIPOS, typeBody, write } from './support/capacitaciones-factory.ts';
import { SEEDED } from './support/trabajadores-factory.ts';
import { newKey, send, sendBatch } from './support/sync-harness.ts';

const test = serverForEachTest();

/** A type of `months` validity (evaluated or not) and a session of three workers of it. */
async function sessionOf(server: TestServer, token: string, months: number, evaluated: 0 | 1): Promise<Capacitacion> {
  const type = typeBody({ VigenciaMeses: months, Evaluada: evaluated });
  await write(server, token, 'POST', TIPOS, type);
  return (await write(server, token, 'POST', CREADAS, sessionBody(type.IdTipoCapacitacion))).body.data;
}

const expiries = (session: Capacitacion) => session.Participantes.map((participant) => participant.FechaVencimiento);

describe('TR2-TR4: realising a session with the attendance taken at the worksite', () => {
  it('TR4: fixes each attendance to the realisation date plus the vigencia, clamped to the month end; 0 months is indefinite; a failed grade holds none', async () => {
    const { server, admin } = test;
    const firma = await signature(server, admin.token);
    const monthly = await sessionOf(server, admin.token, 1, 1);
    const realised = await write(server, admin.token, 'PUT', REALIZAR, realisationBody(monthly, firma, [6.5, 4, 3.9], { FechaRealizacion: '2026-01-31' }));
    expect(realised.body).toMatchObject({ statusCode: 200, message: 'Capacitación realizada registrada correctamente', data: { Realizada: 1, FechaRealizacion: '2026-01-31', VigenciaMeses: 1, Version: 2 } });
    expect(expiries(realised.body.data)).toEqual(['2026-02-28', '2026-02-28', null]);
    // Sent again on a leap year: the same rows, their expiry from the new date (rating saves replace the row with the same Id).
    const leap = await write(server, admin.token, 'PUT', REALIZAR, realisationBody(realised.body.data, firma, [6.5, 4, 4.5], { FechaRealizacion: '2028-01-31' }));
    expect(expiries(leap.body.data)).toEqual(['2028-02-29', '2028-02-29', '2028-02-29']);
    expect(leap.body.data.Participantes).toHaveLength(3);

    const indefinite = await sessionOf(server, admin.token, 0, 0);
    const forever = await write(server, admin.token, 'PUT', REALIZAR, realisationBody(indefinite, firma, null));
    expect(expiries(forever.body.data)).toEqual([null, null, null]);

    // Fixed when realised: a later change of the type's vigencia does not move it.
    const yearly = await sessionOf(server, admin.token, 12, 0);
    const done = (await write(server, admin.token, 'PUT', REALIZAR, realisationBody(yearly, firma, null, { FechaRealizacion: '2026-03-15' }))).body.data;
    await write(server, admin.token, 'PUT', TIPOS, { IdTipoCapacitacion: yearly.IdTipoCapacitacion, Version: 1, VigenciaMeses: 36 });
    const corrected = await write(server, admin.token, 'PUT', CREADAS, { IdCapacitacion: yearly.IdCapacitacion, Version: done.Version, Lugar: 'Sala de reuniones' });
    expect(expiries(corrected.body.data)).toEqual(['2027-03-15', '2027-03-15', '2027-03-15']);
    const stored = await server.deps.db.selectFrom('capacitacion_participantes').select(['FechaVencimiento', 'Realizada', 'FechaRealizacion']).where('IdCapacitacion', '=', yearly.IdCapacitacion).execute();
    expect(stored.every((row) => row.FechaVencimiento === '2027-03-15' && row.Realizada === 1 && row.FechaRealizacion === '2026-03-15')).toBe(true);
  });

  it('TR3: refuses a realisation without attendees, without signatures, with missing, extra or bad grades, or without the presenter, writing nothing', async () => {
    const { server, admin } = test;
    const firma = await signature(server, admin.token);
    const session = await sessionOf(server, admin.token, 12, 1);
    const plain = await sessionOf(server, admin.token, 12, 0);
    const before = await footprint(server);
    const refused = async (body: unknown) => (await write(server, admin.token, 'PUT', REALIZAR, body)).body;
    const good = realisationBody(session, firma, [6, 5, 4]);
    const absent = good.Participantes.map((participant) => ({ ...participant, Asistio: 0 as const, Nota: null, Firma: null }));
    expect(await refused({ ...good, Participantes: absent })).toMatchObject({ statusCode: 400, message: 'Registra al menos un asistente con su firma para marcar la capacitación como realizada' });
    expect(await refused({ ...good, Participantes: [{ ...good.Participantes[0]!, Firma: null }, ...good.Participantes.slice(1)] })).toMatchObject({ statusCode: 400, message: 'Cada asistente debe firmar su asistencia' });
    expect(await refused({ ...good, Participantes: [{ ...good.Participantes[0]!, Nota: null }, ...good.Participantes.slice(1)] })).toMatchObject({ statusCode: 400, message: 'Cada asistente de una capacitación evaluada necesita su nota' });
    expect(await refused({ ...good, Participantes: [{ ...good.Participantes[0]!, Nota: 7.5 }] })).toMatchObject({ statusCode: 400, message: 'La nota debe estar entre 1,0 y 7,0, con un decimal' });
    expect(await refused({ ...good, Participantes: [{ ...good.Participantes[0]!, Nota: 5.55 }] })).toMatchObject({ statusCode: 400, message: 'La nota debe estar entre 1,0 y 7,0, con un decimal' });
    expect(await refused(realisationBody(plain, firma, [6, 5, 4]))).toMatchObject({ statusCode: 400, message: 'Esta capacitación no se evalúa: sus asistentes no llevan nota' });
    expect(await refused({ ...good, Relatores: [{ Id: session.Relatores[0]!.Id, Firma: null }] })).toMatchObject({ statusCode: 400, message: 'El relator debe firmar para marcar la capacitación como realizada' });
    expect(await refused({ ...good, FechaRealizacion: '31/01/2026' })).toMatchObject({ statusCode: 400, message: 'La fecha de realización es requerida' });
    expect(await refused({ ...good, IdCapacitacion: uuidV7() })).toMatchObject({ statusCode: 404, message: 'Capacitación no encontrada' });
    expect(await footprint(server)).toEqual(before);
  });

  it('arrives exactly once by its key, alone or in a batch; people added on site travel inside it', async () => {
    const { server, admin } = test;
    const firma = await signature(server, admin.token);
    const session = await sessionOf(server, admin.token, 12, 0);
    const body = realisationBody(session, firma, null);
    const key = newKey();
    const first = await write(server, admin.token, 'PUT', REALIZAR, body, key);
    const again = await write(server, admin.token, 'PUT', REALIZAR, body, key);
    expect(again.body).toEqual(first.body);
    const before = await footprint(server);
    const batch = await sendBatch(server, admin.token, [{ key, method: 'PUT', path: REALIZAR, body }]);
    expect(batch.body.results[0]).toMatchObject({ status: 200 });
    expect(await footprint(server)).toEqual(before);
    expect(await rows(server, 'capacitacion_participantes')).toBe(before[1]);
    // A worker found on site (not listed before) joins inside the same write, signed, completed from the worker record.
    const other = await sessionOf(server, admin.token, 12, 0);
    const listed = realisationBody(other, firma, null).Participantes;
    const onSite = { Id: uuidV7(), IdPersona: SEEDED.worker(12), Asistio: 1 as const, Nota: null, Firma: firma, FirmadoEn: '2026-11-20T12:00:00.000Z' };
    const joined = await write(server, admin.token, 'PUT', REALIZAR, realisationBody(other, firma, null, { Participantes: [...listed, onSite] }));
    expect(joined.body.data.Participantes.at(-1)).toMatchObject({ Id: onSite.Id, IdPersona: SEEDED.worker(12), Asistio: 1, FechaVencimiento: '2027-11-20', RunPersona: expect.stringMatching(/-/) });
  });

  it('merges a realisation based on an older Version when the office edited other fields; a second one with another date is a conflict', async () => {
    const { server, admin } = test;
    const firma = await signature(server, admin.token);
    const session = await sessionOf(server, admin.token, 12, 0);
    await write(server, admin.token, 'PUT', CREADAS, { IdCapacitacion: session.IdCapacitacion, Version: 1, Lugar: 'Comedor' });
    const merged = await write(server, admin.token, 'PUT', REALIZAR, realisationBody(session, firma, null));
    expect(merged.body).toMatchObject({ statusCode: 200, data: { Lugar: 'Comedor', Realizada: 1, Version: 3 } });
    const conflict = await write(server, admin.token, 'PUT', REALIZAR, realisationBody(session, firma, null, { FechaRealizacion: '2026-11-19' }));
    expect(conflict.body).toMatchObject({ statusCode: 409, code: 'CONFLICTO', data: { FechaRealizacion: '2026-11-20' } });
  });

  it('lists realised sessions, reads one attendance, takes a worker out of a realised session, and makes the certificate', async () => {
    const { server, admin } = test;
    const firma = await signature(server, admin.token);
    const session = await sessionOf(server, admin.token, 12, 1);
    expect((await write(server, admin.token, 'DELETE', `${CAPACITACIONES}/detalles/trabajador/${session.Participantes[0]!.Id}`)).body).toMatchObject({ statusCode: 400, message: 'La capacitación aún no se ha realizado' });
    const realised = (await write(server, admin.token, 'PUT', REALIZAR, realisationBody(session, firma, [6.5, 5, 2.9]))).body.data;
    const list = await send<{ data: Capacitacion[] }>(server, 'GET', `${CAPACITACIONES}/realizadas/${ANDES.id}`, { token: admin.token });
    expect(list.body.data.filter((row) => row.IdCapacitacion === session.IdCapacitacion)).toHaveLength(1);
    expect(list.body.data.every((row) => row.Realizada === 1)).toBe(true);
    const [first, , failed] = realised.Participantes;
    const one = await send<{ data: { Participante: { Nota: number }; Capacitacion: { Tema: string } } }>(server, 'GET', `${CAPACITACIONES}/detalles/one/${first!.Id}`, { token: admin.token });
    expect(one.body.data).toMatchObject({ Participante: { Nota: 6.5 }, Capacitacion: { Tema: session.Tema } });

    const certificate = await write<Record<string, unknown>>(server, admin.token, 'POST', `${CAPACITACIONES}/recursos-app/pdf`, { IdObjeto: first!.Id, Empresa: ANDES.id });
    expect(certificate.body.data).toMatchObject({ Participante: { Nombre: first!.Nombre }, Nota: '6,5', Resultado: 'Aprobado', Vigencia: 'Vigente hasta el 20/11/2027', Capacitacion: { Tema: session.Tema, Fecha: '20/11/2026', Horas: '4 horas' } });
    const failedCertificate = await write<Record<string, unknown>>(server, admin.token, 'POST', `${CAPACITACIONES}/recursos-app/pdf`, { IdObjeto: failed!.Id, Empresa: ANDES.id });
    expect(failedCertificate.body.data).toMatchObject({ Nota: '2,9', Resultado: 'Reprobado', Vigencia: 'Sin vigencia: nota inferior a 4,0' });
    const pdf = await server.app.request(`${CAPACITACIONES}/recursos-app/pdf`, { method: 'POST', headers: { Authorization: `Bearer ${admin.token}`, Accept: 'application/pdf', 'Content-Type': 'application/json' }, body: JSON.stringify({ IdObjeto: first!.Id, Empresa: ANDES.id }) });
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await write(server, admin.token, 'POST', `${CAPACITACIONES}/recursos-app/pdf`, { IdObjeto: first!.Id, Empresa: '77654321' })).body).toMatchObject({ statusCode: 403, code: 'EMPRESA_AJENA' });

    const out = await write(server, admin.token, 'DELETE', `${CAPACITACIONES}/detalles/trabajador/${failed!.Id}`);
    expect(out.body).toMatchObject({ message: 'Participante eliminado correctamente' });
    expect((await write(server, admin.token, 'POST', `${CAPACITACIONES}/recursos-app/pdf`, { IdObjeto: failed!.Id, Empresa: ANDES.id })).body).toMatchObject({ statusCode: 404, message: 'Participante no encontrado' });
  });
});
