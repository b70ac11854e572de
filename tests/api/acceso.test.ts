import { beforeEach, describe, expect, it } from 'vitest';
import { DAY_PASS_MESSAGES, dayPassProblem, importPassPublicKey, type PassPublicKey, verifyDayPass } from '#sync/domain/day-pass.ts';
import { GATE_MESSAGES } from '#sync/domain/gate-decision.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { ACCESO_MESSAGES } from '#sync/schemas/acceso.schema.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { send } from './support/sync-harness.ts';
import { SEEDED } from './support/trabajadores-factory.ts';

/**
 * The gate (issue 39), on the demo of Faena Los Andes: its guard's calls, the day pass the server signs, provisional
 * passes, the log of movements and the on-site count. Rule ids in server/modules/acceso/README.md. The clock starts
 * on 2026-11-21 at 12:00 UTC (09:00 in Chile, summer time); the demo's shifts end at 08:00 and 20:00.
 */
const test = serverForEachTest();
const BASE = '/api/control-acceso';
const LOS_ANDES = SEEDED.nv2(1);
const HOUR = 3_600_000;
/** The demo's people: the contract's accredited worker, one of the company's own, the one whose examination was rejected. */
const ACCREDITED = { Rut: '11000000-6', Nombre: 'Juan González Díaz' };
const OWN = '11373541-4';
const REJECTED = '12494164-4';

type Row = Record<string, unknown>;
type Answer<T = Row> = { statusCode: number; message: string; code?: string; data: T };

let guard: { token: string; LlavePases: PassPublicKey };

async function call<T = Row>(method: 'GET' | 'POST' | 'PUT', path: string, body?: object, token = guard.token) {
  return send<Answer<T>>(test.server, method, `${BASE}${path}`, { token, body });
}

beforeEach(async () => {
  const login = await test.server.request<{ token: string; empresa: { LlavePases: PassPublicKey } }>('POST', '/api/auth/login', {
    body: { RutEmpresa: ANDES.rut, Correo: 'guardia@andesdemo.cl', Contrasena: 'Andes.2026' },
  });
  guard = { token: login.body.token, LlavePases: login.body.empresa.LlavePases };
});

const pass = (overrides: object = {}) => ({ IdPase: uuidV7(), Rut: ACCREDITED.Rut, IdNivel2: LOS_ANDES, ...overrides });

describe('the day pass (GA-PAS1, GA-PAS2)', () => {
  it('GA-PAS1: is signed for an accredited person until their accreditation ends, and verifies with the key of the session alone', async () => {
    const answer = await call<Row & { Token: string; Hasta: string }>('POST', '/pases-dia', pass(), test.admin.token);
    expect(answer.body).toMatchObject({ statusCode: 200, data: { Rut: ACCREDITED.Rut, Nombre: ACCREDITED.Nombre, Revocado: 0, RutContratista: '78945612-7' } });
    const key = await importPassPublicKey(guard.LlavePases);
    const verified = await verifyDayPass(key, answer.body.data.Token);
    expect(verified).toMatchObject({ Rut: ACCREDITED.Rut, IdNivel2: LOS_ANDES, Hasta: answer.body.data.Hasta, Emitido: '2026-11-21T12:00:00.000Z' });
    expect(answer.body.data.Hasta > '2026-11-21').toBe(true);
    // Every sign-in hands out the same key: the pass verifies on a tablet that signed in before or after it was made.
    const again = await test.server.request<{ empresa: { LlavePases: PassPublicKey } }>('POST', '/api/auth/login', {
      body: { RutEmpresa: ANDES.rut, Correo: 'supervisor@andesdemo.cl', Contrasena: 'Andes.2026' },
    });
    expect(again.body.empresa.LlavePases).toEqual(guard.LlavePases);
  });

  it('GA-PAS1: is refused for a person not accredited there today, and nothing is stored', async () => {
    const refused = await call('POST', '/pases-dia', pass({ Rut: REJECTED }), test.admin.token);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'NO_ACREDITADO', message: ACCESO_MESSAGES.notAccredited });
    const elsewhere = await call('POST', '/pases-dia', pass({ IdNivel2: SEEDED.nv2(2) }), test.admin.token);
    expect(elsewhere.body.code).toBe('NO_ACREDITADO');
    // Only the demo's pass of the accredited worker is stored.
    const stored = (await call<Row[]>('GET', `/pases-dia/${ANDES.id}`, undefined, test.admin.token)).body.data;
    expect(stored.map((row) => row.Rut)).toEqual([ACCREDITED.Rut]);
  });

  it('GA-PAS2: a revocation is one small change with its reason, made once; the tablet then refuses the pass', async () => {
    const made = (await call<Row & { IdPase: string; Token: string }>('POST', '/pases-dia', pass(), test.admin.token)).body.data;
    const noReason = await call('PUT', `/pases-dia/${made.IdPase}`, { IdPase: made.IdPase, Version: 1, Revocado: 1, MotivoRevocacion: '' }, test.admin.token);
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain(ACCESO_MESSAGES.revocationReason);
    const body = { IdPase: made.IdPase, Version: 1, Revocado: 1, MotivoRevocacion: 'Terminó su contrato' };
    expect((await call('PUT', `/pases-dia/${made.IdPase}`, body, test.admin.token)).body).toMatchObject({ statusCode: 200, data: { Revocado: 1, Version: 2 } });
    // Sent again (a resend, another office user): nothing changes, and a pass is never given back by an edit.
    const twice = await call('PUT', `/pases-dia/${made.IdPase}`, { ...body, Version: 2, MotivoRevocacion: 'Otra razón' }, test.admin.token);
    expect(twice.body.data).toMatchObject({ Revocado: 1, Version: 3, MotivoRevocacion: 'Otra razón' });
    const back = await call('PUT', `/pases-dia/${made.IdPase}`, { ...body, Version: 3, Revocado: 0 }, test.admin.token);
    expect(back.status).toBe(400);
    // The guard's tablet pulls the revoked row and refuses the token it still verifies.
    const rows = (await call<(Row & { IdPase: string; Revocado: number })[]>('GET', `/pases-dia/${ANDES.id}`)).body.data;
    const revoked = new Set(rows.filter((row) => row.Revocado === 1).map((row) => row.IdPase));
    const verified = (await verifyDayPass(await importPassPublicKey(guard.LlavePases), made.Token))!;
    expect(dayPassProblem(verified, { Rut: ACCREDITED.Rut, IdNivel2: LOS_ANDES, today: '2026-11-21', revoked })).toBe(DAY_PASS_MESSAGES.revoked);
  });
});

const provisional = (overrides: object = {}) => ({
  IdPase: uuidV7(),
  Rut: REJECTED,
  Nombre: '',
  IdNivel2: LOS_ANDES,
  Puerta: 'Portería principal',
  Motivo: 'Examen renovado en trámite',
  FechaDispositivo: '2026-11-21T11:30:00.000Z',
  ...overrides,
});

describe('the provisional pass (GA-PRV1, GA-PRV2)', () => {
  it('GA-PRV1: a guard with the permission gives it with a reason until the end of the shift; without either it is refused', async () => {
    const given = await call('POST', '/pases-provisorios', provisional());
    expect(given.body).toMatchObject({ statusCode: 200, data: { Hasta: '2026-11-21T23:00:00.000Z', NombreUsuario: 'Luis Carrasco Olivares', RutContratista: '78945612-7' } });
    const night = await call('POST', '/pases-provisorios', provisional({ FechaDispositivo: '2026-11-21T22:30:00.000Z' }));
    expect(night.body.data).toMatchObject({ Hasta: '2026-11-22T11:00:00.000Z' });
    const noReason = await call('POST', '/pases-provisorios', provisional({ Motivo: ' ' }));
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain(ACCESO_MESSAGES.reasonRequired);
    // The field supervisor reads the gate but may not give passes.
    const supervisor = await test.server.login('supervisor@andesdemo.cl');
    expect((await call('POST', '/pases-provisorios', provisional(), supervisor.token)).status).toBe(403);
  });

  it('GA-PRV2: a person gets at most the company’s number a year (three in the demo, one already given)', async () => {
    for (const day of ['2026-03-02', '2026-07-15']) {
      expect((await call('POST', '/pases-provisorios', provisional({ FechaDispositivo: `${day}T12:00:00.000Z` }))).body.statusCode).toBe(200);
    }
    const fourth = await call('POST', '/pases-provisorios', provisional());
    expect(fourth.status).toBe(409);
    expect(fourth.body).toMatchObject({ code: 'LIMITE_PROVISORIOS', message: ACCESO_MESSAGES.yearlyLimit(3) });
    // A new year starts again.
    expect((await call('POST', '/pases-provisorios', provisional({ FechaDispositivo: '2027-01-05T12:00:00.000Z' }))).body.statusCode).toBe(200);
  });
});

describe('the gate’s answer and its log (GA-ENT1, GA-ENT2)', () => {
  const verify = async (Rut: string) => (await call<Row>('GET', `/verificar/${ANDES.id}?IdNivel2=${LOS_ANDES}&Rut=${Rut}`)).body.data;

  it('GA-ENT1: lets in the accredited worker and the company’s own, and a refused one on their provisional pass until it ends', async () => {
    expect(await verify(ACCREDITED.Rut)).toMatchObject({ Permitido: 1, Via: 'acreditacion', Nombre: ACCREDITED.Nombre });
    expect(await verify(OWN)).toMatchObject({ Permitido: 1, Via: 'personal' });
    expect(await verify(REJECTED)).toMatchObject({ Permitido: 1, Via: 'provisorio', Hasta: '2026-11-21T23:00:00.000Z' });
    test.server.clock.advance(11 * HOUR + 60_000);
    guard.token = (await test.server.login('guardia@andesdemo.cl')).token;
    expect(await verify(REJECTED)).toMatchObject({ Permitido: 0, Motivos: ['Examen preocupacional: rechazado', 'Inducción de seguridad (ODI): en revisión'] });
    expect(await verify('5126663-3')).toMatchObject({ Permitido: 0, Motivos: [GATE_MESSAGES.unknown] });
  });

  it('GA-ENT2: a movement is kept as the tablet sent it, with the server’s clock, the guard and the person’s contractor', async () => {
    const body = {
      IdMovimiento: uuidV7(),
      Tipo: 'salida',
      Sujeto: 'persona',
      Rut: ACCREDITED.Rut,
      Nombre: ACCREDITED.Nombre,
      IdNivel2: LOS_ANDES,
      Puerta: 'Portería principal',
      Permitido: 1,
      Via: '',
      Motivos: [],
      FechaDispositivo: '2026-11-21T08:55:00-03:00',
    };
    const saved = await call('POST', '/movimientos', body);
    expect(saved.body).toMatchObject({
      statusCode: 200,
      data: { FechaDispositivo: '2026-11-21T11:55:00.000Z', FechaServidor: '2026-11-21T12:00:00.000Z', NombreUsuario: 'Luis Carrasco Olivares', RutContratista: '78945612-7' },
    });
    const nobody = await call('POST', '/movimientos', { ...body, IdMovimiento: uuidV7(), Rut: '' });
    expect(nobody.body).toMatchObject({ statusCode: 400, message: ACCESO_MESSAGES.subjectMissing });
    const area = await call('POST', '/movimientos', { ...body, IdMovimiento: uuidV7(), IdNivel2: SEEDED.nv3(1) });
    expect(area.body).toMatchObject({ statusCode: 400, message: ACCESO_MESSAGES.worksiteInvalid });
  });
});

describe('who is on site (GA-ONS1, GA-ONS2)', () => {
  type OnSite = { Personas: number; FueraDeTurno: number; Filas: { Rut: string; FueraDeTurno: number }[] };
  const onSite = async (at?: string) => (await call<OnSite>('GET', `/en-faena/${ANDES.id}?IdNivel2=${LOS_ANDES}${at ? `&En=${at}` : ''}`)).body.data;

  it('GA-ONS1: counts now and at a past moment from the log, refused attempts moving nobody', async () => {
    const now = await onSite();
    expect(now.Filas.map((row) => row.Rut).sort()).toEqual(['11000000-6', '11373541-4', '11747082-2', REJECTED].sort());
    // Before the rejected worker's provisional pass, at 08:05: they had been refused.
    expect((await onSite('2026-11-21T11:05:00.000Z')).Filas.map((row) => row.Rut)).not.toContain(REJECTED);
    // The night before, after the exits of 19:15: only the one who stayed in.
    expect((await onSite('2026-11-21T01:00:00.000Z')).Filas.map((row) => row.Rut)).toEqual(['11747082-2']);
  });

  it('GA-ONS2: flags who is still inside after the end of the shift they came for', async () => {
    const now = await onSite();
    expect(now.Filas.filter((row) => row.FueraDeTurno === 1).map((row) => row.Rut)).toEqual(['11747082-2']);
    const late = await onSite('2026-11-21T23:30:00.000Z');
    expect(late.FueraDeTurno).toBe(4);
  });
});
