import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import {
  type AprobarBody,
  AprobarBodySchema,
  type DesaprobarBody,
  DesaprobarBodySchema,
  type RespuestaCreateBody,
  RespuestaCreateBodySchema,
} from '#sync/schemas/observaciones.schema.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import * as v from 'valibot';
import { localWrite } from '#app/data/local-write.ts';
import { type CycleUser, photoFiles, steppedRow } from '#app/data/review-writes.ts';
import { observacionWorkflow } from '#sync/schemas/observaciones.workflow.ts';
import type { LocalObservacion } from '#app/db/inspection-rows.ts';
import { type DeviceSync, requireDevice } from '#app/sync/device-sync.ts';

export const OBSERVATIONS_PATH = '/api/inspecciones/observaciones-inspecciones';

type WriteDevice = Pick<DeviceSync, 'db' | 'store' | 'replayer'>;

/** SPEC OV2 for an observation. Answer: the step is appended and Respondida becomes 1. */
export function respondedRow(current: LocalObservacion, body: RespuestaCreateBody, user: CycleUser, now: Date): LocalObservacion {
  return steppedRow(observacionWorkflow, 'responder', current, body, user, now);
}

/** Approve: Respondida 0, Aprobada 1, green: the observation is closed. */
export function approvedRow(current: LocalObservacion, body: AprobarBody, user: CycleUser, now: Date): LocalObservacion {
  return steppedRow(observacionWorkflow, 'aprobar', current, body, user, now);
}

/** Reject: the reason and the new deadline; Respondida 0, yellow, or red if that deadline already passed. */
export function rejectedRow(current: LocalObservacion, body: DesaprobarBody, user: CycleUser, now: Date, today: string): LocalObservacion {
  return steppedRow(observacionWorkflow, 'rechazar', current, body, user, now, today);
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

export async function approveObservation(
  current: LocalObservacion,
  texto: string,
  user: CycleUser,
  device: WriteDevice = requireDevice(),
): Promise<void> {
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
  const body = v.parse(DesaprobarBodySchema, {
    IdRespuesta: uuidV7(),
    Texto: input.Texto,
    Plazo: input.Plazo,
    Archivos: input.Archivos,
    Version: current.Version,
  });
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
      request: {
        method: 'DELETE',
        path: `${OBSERVATIONS_PATH}/observaciones/${encodeURIComponent(current.IdObservacion)}?Version=${current.Version}`,
      },
      parents: parentsOf(current),
    },
    device,
  );
}
