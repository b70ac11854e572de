import { shiftEndOf } from '#sync/domain/on-site.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { entityOf } from '#sync/records/entities.ts';
import { ACCESO_MESSAGES } from '#sync/schemas/acceso.schema.ts';
import * as v from 'valibot';
import type { LocalRows } from '#app/db/reference-rows.ts';
import { queueCreate, queueUpdate } from '#app/records/record-writes.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { type GateSettings, provisionalPassesOf } from './gate-lookup.ts';
import { type GateCheck, type MovementPlace, movementBody, passesThisYear } from './gate-view.ts';

type Fields = Record<string, unknown>;

/** Who made it: the server records the session's user; the row made here says it until the server's copy arrives. */
export interface GateUser {
  IdUsuario: number;
  NombreUsuario: string;
}

function shownRow(body: Fields, who: GateUser, extra: Fields = {}): Fields {
  return { ...body, ...who, ...extra, IdEmpresa: requireDevice().companyId, Estado: 1, Version: 1, FechaServidor: '', RutContratista: '' };
}

/** An entry, an exit or a refused attempt, kept on this device and queued (SPEC OB1): the gate works offline. */
export async function queueMovement(check: GateCheck, Tipo: 'entrada' | 'salida', place: MovementPlace, who: GateUser): Promise<string> {
  const body = v.parse(entityOf('movimientos_acceso').createBody!, movementBody(check, Tipo, place, { IdMovimiento: uuidV7(), at: new Date() })) as Fields;
  return queueCreate('movimientos_acceso', body, { row: shownRow(body, who) as unknown as LocalRows['movimientos_acceso'] });
}

export type ProvisionalResult = { ok: true } | { ok: false; field: 'Motivo' | 'general'; message: string };

/**
 * SPEC GA-PRV on the device: a provisional pass until the end of the shift it is given in, then the entry it opens.
 * The device refuses past the yearly limit with what it holds; the server checks again with all of them.
 */
export async function queueProvisionalPass(
  check: GateCheck,
  Motivo: string,
  place: MovementPlace,
  settings: GateSettings,
  who: GateUser,
): Promise<ProvisionalResult> {
  const now = new Date();
  const given = passesThisYear(await provisionalPassesOf(requireDevice().db, check.Rut), now);
  if (given >= settings.MaxProvisoriosAnio) return { ok: false, field: 'general', message: ACCESO_MESSAGES.yearlyLimit(settings.MaxProvisoriosAnio) };
  const fields = {
    IdPase: uuidV7(),
    Rut: check.Rut,
    Nombre: check.Nombre,
    IdNivel2: place.IdNivel2,
    Puerta: place.Puerta,
    Motivo,
    FechaDispositivo: now.toISOString(),
  };
  const parsed = v.safeParse(entityOf('pases_provisorios').createBody!, fields);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const field = issue.path?.[0]?.key === 'Motivo' ? 'Motivo' : 'general';
    return { ok: false, field, message: issue.message };
  }
  const body = parsed.output as Fields;
  const Hasta = shiftEndOf(now.toISOString(), settings.FinesTurno);
  await queueCreate('pases_provisorios', body, { row: shownRow(body, who, { Hasta }) as unknown as LocalRows['pases_provisorios'] });
  const admitted: GateCheck = { ...check, answer: { Permitido: 1, Via: 'provisorio', Hasta, Motivos: [] } };
  await queueMovement(admitted, 'entrada', place, who);
  return { ok: true };
}

export type PassWriteResult = { ok: true } | { ok: false; message: string };

/** The first message of a body its create or update schema refuses, or the parsed body. */
function parsedBody(schema: v.GenericSchema, fields: Fields): { body: Fields; message: null } | { body: null; message: string } {
  const parsed = v.safeParse(schema, fields);
  return parsed.success ? { body: parsed.output as Fields, message: null } : { body: null, message: parsed.issues[0].message };
}

/**
 * SPEC GA-PAS1 from the office: a day pass asked for a person at a worksite. The server signs it when the request
 * arrives (and refuses it if the person is not accredited there that day); until then the row says it waits.
 */
export async function queueDayPass(Rut: string, IdNivel2: string, who: GateUser): Promise<PassWriteResult> {
  const { body, message } = parsedBody(entityOf('pases_dia').createBody!, { IdPase: uuidV7(), Rut, IdNivel2 });
  if (!body) return { ok: false, message };
  const row = { ...shownRow(body, who), Nombre: '', Hasta: '', Emitido: '', Token: '', Revocado: 0, MotivoRevocacion: '' };
  await queueCreate('pases_dia', body, { row: row as unknown as LocalRows['pases_dia'] });
  return { ok: true };
}

/** SPEC GA-PAS2: revoking a pass, with its reason; the gate's tablets refuse it once they have the change. */
export async function queueRevocation(pass: LocalRows['pases_dia'], MotivoRevocacion: string): Promise<PassWriteResult> {
  const fields = { IdPase: pass.IdPase, Version: pass.Version, Revocado: 1, MotivoRevocacion };
  const { body, message } = parsedBody(entityOf('pases_dia').updateBody!, fields);
  if (!body) return { ok: false, message };
  await queueUpdate('pases_dia', pass, body, { ...pass, Revocado: 1, MotivoRevocacion: String(body.MotivoRevocacion) });
  return { ok: true };
}
