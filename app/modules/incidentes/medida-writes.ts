import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { fillPath } from '#sync/records/entity.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { incidenteEntity } from '#sync/schemas/incidentes.schema.ts';
import { MedidaAprobarBodySchema, MedidaRechazarBodySchema, MedidaRespuestaBodySchema } from '#sync/schemas/medidas-control.schema.ts';
import * as v from 'valibot';
import { localWrite } from '#app/data/local-write.ts';
import { type CycleUser, photoFiles, steppedRow } from '#app/data/review-writes.ts';
import { medidaControlWorkflow } from '#sync/schemas/medidas-control.workflow.ts';
import type { LocalMedida } from '#app/db/incident-rows.ts';
import { type DeviceSync, requireDevice } from '#app/sync/device-sync.ts';

type WriteDevice = Pick<DeviceSync, 'db' | 'store' | 'replayer'>;

const REGISTRO = `${incidenteEntity.api.base}/registro-accidentes`;

/** A step never overtakes the case it belongs to when that one is still queued (SPEC OB7). */
const parentsOf = (measure: LocalMedida) => [{ table: 'incidentes' as const, id: measure.IdEvaluacion }];

/** SPEC OV2 for a control measure, answered by its responsible person with text and files. */
export async function respondMeasure(
  current: LocalMedida,
  input: { Texto: string; Archivos: FileRef[] },
  user: CycleUser,
  device: WriteDevice = requireDevice(),
): Promise<void> {
  const body = v.parse(MedidaRespuestaBodySchema, { IdRespuesta: uuidV7(), Texto: input.Texto, Archivos: input.Archivos });
  await localWrite(
    {
      table: 'medidas_control',
      id: current.IdMedidaControl,
      row: steppedRow(medidaControlWorkflow, 'responder', current, body, user, new Date()),
      request: {
        method: 'POST',
        path: `${REGISTRO}${fillPath('/:IdMedidaControl/:company', { IdMedidaControl: current.IdMedidaControl, company: current.IdEmpresa })}`,
        body,
      },
      parents: parentsOf(current),
      files: await photoFiles(device.db, body.Archivos),
    },
    device,
  );
}

/** Approved: Respondida 0, Aprobada 1, green. */
export async function approveMeasure(current: LocalMedida, user: CycleUser, device: WriteDevice = requireDevice()): Promise<void> {
  const body = v.parse(MedidaAprobarBodySchema, {
    IdMedidaControl: current.IdMedidaControl,
    IdRespuesta: uuidV7(),
    Texto: '',
    Version: current.Version,
  });
  await localWrite(
    {
      table: 'medidas_control',
      id: current.IdMedidaControl,
      row: steppedRow(medidaControlWorkflow, 'aprobar', current, body, user, new Date()),
      request: { method: 'POST', path: `${REGISTRO}/aprobar/medida/control`, body },
      parents: parentsOf(current),
    },
    device,
  );
}

/** Rejected with the reason and a new deadline: Respondida 0, yellow, or red if that deadline already passed. */
export async function rejectMeasure(
  current: LocalMedida,
  input: { Texto: string; Plazo: string; Archivos: FileRef[] },
  user: CycleUser,
  today: string,
  device: WriteDevice = requireDevice(),
): Promise<void> {
  const body = v.parse(MedidaRechazarBodySchema, {
    IdMedidaControl: current.IdMedidaControl,
    IdRespuesta: uuidV7(),
    ...input,
    Version: current.Version,
  });
  await localWrite(
    {
      table: 'medidas_control',
      id: current.IdMedidaControl,
      row: steppedRow(medidaControlWorkflow, 'rechazar', current, body, user, new Date(), today),
      request: { method: 'POST', path: `${REGISTRO}/desaprobar/medida/control`, body },
      parents: parentsOf(current),
      files: await photoFiles(device.db, body.Archivos),
    },
    device,
  );
}
