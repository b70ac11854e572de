import { toWireDate } from '#sync/domain/dates.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import {
  type EppSolicitud,
  EppSolicitudCreateBodySchema,
  pendingRequest,
  type RequestWorker,
  type SolicitudLinea,
} from '#sync/schemas/epp-solicitudes.schema.ts';
import * as v from 'valibot';
import type { AppDb } from '#app/db/app-db.ts';
import { queueCreate } from '#app/records/record-writes.ts';
import { createCrewDraft, type CrewOwner, lineAgain } from './epp-crew-store.ts';
import type { LocalEppTipo } from './epp-queries.ts';

/** A request line for `worker` and `tipo`, its size still to choose when it has sizes. */
export function lineOf(worker: RequestWorker, tipo: LocalEppTipo): SolicitudLinea {
  const { IdPersona, RunPersona, NombreTrabajador } = worker;
  const Talla = tipo.Tallas.length === 1 ? tipo.Tallas[0]! : '';
  return { IdLinea: uuidV7(), IdPersona, RunPersona, NombreTrabajador, IdEpp: tipo.IdEpp, NombreEpp: tipo.NombreEpp, Talla, Cantidad: 1 };
}

/**
 * A new request, made on this device (works offline): its row shows at once, its POST waits in the outbox. The
 * device fills what the server will (the workers' contractor, who raised it); the server checks it all again.
 */
export async function raiseRequest(
  fields: { IdEvaluacion: string | null; Lineas: SolicitudLinea[]; RutContratista: string | null },
  who: { userId: number; userName: string; companyId: string },
): Promise<string> {
  const body = { IdSolicitud: uuidV7(), IdEvaluacion: fields.IdEvaluacion, Fecha: toWireDate(new Date()), Lineas: fields.Lineas };
  // A body the schema refuses throws its first problem, in the schema's Spanish words, for the form to show.
  const parsed = v.parse(EppSolicitudCreateBodySchema, body);
  const row = pendingRequest(parsed, {
    IdEmpresa: who.companyId,
    RutContratista: fields.RutContratista,
    IdUsuario: who.userId,
    Solicitante: who.userName,
  });
  return queueCreate('epp_solicitudes', parsed, { row });
}

/**
 * Opens a dispatched request at the worksite: a crew delivery (the existing signing flow) with the request's
 * workers, items and sizes, whose actas name the request. Workers who already signed for it are left out.
 */
export async function startRequestDelivery(
  db: AppDb,
  request: EppSolicitud,
  tipoById: ReadonlyMap<string, LocalEppTipo>,
  owner: CrewOwner & { idCliente: string | null },
): Promise<string> {
  const done = new Set(request.Entregado.map((row) => row.IdPersona));
  const ids = [...new Set(request.Lineas.map((line) => line.IdPersona))].filter((id) => !done.has(id));
  const workers = (await db.trabajadores.bulkGet(ids)).flatMap((worker) => (worker ? [worker] : []));
  if (workers.length < ids.length)
    throw new Error('Un trabajador de la solicitud no está en este dispositivo: sincroniza e inténtalo de nuevo');
  return createCrewDraft(
    db,
    {
      workers,
      motivo: 3,
      idCliente: owner.idCliente,
      solicitud: request.IdSolicitud,
      lines: (worker) =>
        request.Lineas.filter((line) => line.IdPersona === worker.IdPersona).map((line) =>
          lineAgain({ ...line, VidaUtilMeses: tipoById.get(line.IdEpp)?.VidaUtilMeses ?? 0 }),
        ),
    },
    owner,
  );
}
