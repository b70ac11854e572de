import { semaforoAfterRejection } from '#sync/domain/traffic-light.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { type AprobarBody, AprobarBodySchema, type DesaprobarBody, DesaprobarBodySchema, type RespuestaCreateBody, RespuestaCreateBodySchema, type RespuestaObservacion } from '#sync/schemas/observaciones.schema.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import * as v from 'valibot';
import { type LocalFile, localWrite } from '#app/data/local-write.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { LocalObservacion } from '#app/db/inspection-rows.ts';
import { type DeviceSync, requireDevice } from '#app/sync/device-sync.ts';

export const OBSERVATIONS_PATH = '/api/inspecciones/observaciones-inspecciones';

type WriteDevice = Pick<DeviceSync, 'db' | 'store' | 'replayer'>;

/** Who takes a step of the cycle, as the history shows it. */
export interface CycleUser {
  IdUsuario: number;
  Usuario: string;
}

export const MISSING_PHOTO = 'Una foto ya no está en este dispositivo: quítala y agrégala de nuevo';

function historyStep(
  Tipo: RespuestaObservacion['Tipo'],
  body: { IdRespuesta: string; Texto?: string; Archivos?: FileRef[]; Plazo?: string },
  user: CycleUser,
  now: Date,
): RespuestaObservacion {
  return {
    IdRespuesta: body.IdRespuesta,
    Tipo,
    Texto: body.Texto ?? '',
    Archivos: body.Archivos ?? [],
    IdUsuario: user.IdUsuario,
    Usuario: user.Usuario,
    Fecha: now.toISOString(),
    Plazo: body.Plazo ?? null,
  };
}

/**
 * SPEC OV2, as the device shows each step until the server's row arrives with the next pull and replaces it.
 * Answer: the step is appended and Respondida becomes 1.
 */
export function respondedRow(current: LocalObservacion, body: RespuestaCreateBody, user: CycleUser, now: Date): LocalObservacion {
  return { ...current, Respondida: 1, Respuestas: [...current.Respuestas, historyStep('respuesta', body, user, now)], Version: current.Version + 1 };
}

/** Approve: Respondida 0, Aprobada 1, green: the observation is closed. */
export function approvedRow(current: LocalObservacion, body: AprobarBody, user: CycleUser, now: Date): LocalObservacion {
  return {
    ...current,
    Respondida: 0,
    Aprobada: 1,
    SemaforoObs: 1,
    Respuestas: [...current.Respuestas, historyStep('aprobacion', body, user, now)],
    Version: current.Version + 1,
  };
}

/** Reject: the reason and the new deadline; Respondida 0, yellow, or red if that deadline already passed. */
export function rejectedRow(current: LocalObservacion, body: DesaprobarBody, user: CycleUser, now: Date, today: string): LocalObservacion {
  return {
    ...current,
    Respondida: 0,
    Plazo: body.Plazo,
    SemaforoObs: semaforoAfterRejection(body.Plazo, today),
    Respuestas: [...current.Respuestas, historyStep('rechazo', body, user, now)],
    Version: current.Version + 1,
  };
}

/** The bytes of photos taken on this device, for the outbox to upload before the write (SPEC FL1, FL3). */
export async function photoFiles(db: AppDb, refs: readonly FileRef[]): Promise<LocalFile[]> {
  const files = await db.archivosDispositivo.bulkGet(refs.map((ref) => ref.Sha256));
  return files.map((file) => {
    if (!file) throw new Error(MISSING_PHOTO);
    return { sha256: file.sha256, type: file.type, bytes: file.bytes };
  });
}

/** A step never overtakes the inspection it belongs to when that one is still queued (SPEC OB7). */
function parentsOf(current: LocalObservacion) {
  return [{ table: 'inspecciones' as const, id: current.IdEvaluacion }];
}

const pathOf = (current: LocalObservacion, suffix = '') => `${OBSERVATIONS_PATH}/${encodeURIComponent(current.IdObservacion)}${suffix}`;

export async function respondObservation(
  current: LocalObservacion,
  input: { Texto: string; Archivos: FileRef[] },
  user: CycleUser,
  device: WriteDevice = requireDevice(),
): Promise<void> {
  const body = v.parse(RespuestaCreateBodySchema, { IdRespuesta: uuidV7(), Texto: input.Texto, Archivos: input.Archivos });
  await localWrite(
    {
      table: 'observaciones',
      id: current.IdObservacion,
      row: respondedRow(current, body, user, new Date()),
      request: { method: 'POST', path: pathOf(current), body },
      parents: parentsOf(current),
      files: await photoFiles(device.db, body.Archivos),
    },
    device,
  );
}

export async function approveObservation(current: LocalObservacion, texto: string, user: CycleUser, device: WriteDevice = requireDevice()): Promise<void> {
  const body = v.parse(AprobarBodySchema, { IdRespuesta: uuidV7(), Texto: texto, Version: current.Version });
  await localWrite(
    {
      table: 'observaciones',
      id: current.IdObservacion,
      row: approvedRow(current, body, user, new Date()),
      request: { method: 'POST', path: pathOf(current, '/aprobar'), body },
      parents: parentsOf(current),
    },
    device,
  );
}

export async function rejectObservation(
  current: LocalObservacion,
  input: { Texto: string; Plazo: string; Archivos: FileRef[] },
  user: CycleUser,
  today: string,
  device: WriteDevice = requireDevice(),
): Promise<void> {
  const body = v.parse(DesaprobarBodySchema, { IdRespuesta: uuidV7(), Texto: input.Texto, Plazo: input.Plazo, Archivos: input.Archivos, Version: current.Version });
  await localWrite(
    {
      table: 'observaciones',
      id: current.IdObservacion,
      row: rejectedRow(current, body, user, new Date(), today),
      request: { method: 'POST', path: pathOf(current, '/desaprobar'), body },
      parents: parentsOf(current),
      files: await photoFiles(device.db, body.Archivos),
    },
    device,
  );
}

/** SPEC OV3: the observation leaves the device now; the server keeps it as Estado 0. */
export async function deleteObservation(current: LocalObservacion, device: WriteDevice = requireDevice()): Promise<void> {
  await localWrite(
    {
      table: 'observaciones',
      id: current.IdObservacion,
      row: null,
      request: { method: 'DELETE', path: `${OBSERVATIONS_PATH}/observaciones/${encodeURIComponent(current.IdObservacion)}?Version=${current.Version}` },
      parents: parentsOf(current),
    },
    device,
  );
}
