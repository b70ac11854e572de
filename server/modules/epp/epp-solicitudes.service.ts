import { rutCheckDigit } from '#sync/domain/rut.ts';
import { type Despacho, EPP_SOLICITUDES_MESSAGES, eppSolicitudEntity, requestWorkers } from '#sync/schemas/epp-solicitudes.schema.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import { logRecord } from '#server/records/record-writes.ts';
import type { WriteContext } from '#server/records/write-answer.ts';

/** A dispatch names who dispatched by a valid RUT (spec: RutDespachador, DvDespachador); who did it on record is the token's user. */
export function checkDispatcherRut(despacho: Despacho): void {
  if (rutCheckDigit(despacho.RutDespachador) !== despacho.DvDespachador)
    throw new HttpError(400, EPP_SOLICITUDES_MESSAGES.dispatcherRut, 'VALIDACION');
}

/**
 * An acta naming its request (inside the acta's own write transaction): that worker is marked delivered, and the
 * request is Entregada once every worker signed. A request that is not dispatched, or does not name the worker,
 * leaves the acta standing on its own: a signed acta is never refused for its link.
 */
export async function markDelivered(
  ctx: WriteContext,
  db: Db,
  acta: { IdSolicitud: string; IdPersona: string; RunPersona: string; NombreTrabajador: string; IdEntregadosEpp: string; Fecha: string },
): Promise<void> {
  const found = await ctx.records.epp_solicitudes.load(db, ctx.company, acta.IdSolicitud);
  if (!found || found.row.Estado !== 2) return;
  const { row, fieldVersions } = found;
  const workers = requestWorkers(row);
  if (!workers.some((worker) => worker.IdPersona === acta.IdPersona) || row.Entregado.some((done) => done.IdPersona === acta.IdPersona))
    return;
  const [run = '', dv = ''] = acta.RunPersona.split('-');
  const Entregado = [
    ...row.Entregado,
    {
      IdPersona: acta.IdPersona,
      RunPersona: run,
      DvPersona: dv,
      NombreCompleto: acta.NombreTrabajador,
      IdEntregadosEpp: acta.IdEntregadosEpp,
      Fecha: acta.Fecha,
    },
  ];
  const done = workers.every((worker) => Entregado.some((signed) => signed.IdPersona === worker.IdPersona));
  // Stored through the kit's store, and logged as the row a device pulls.
  await ctx.records.epp_solicitudes.update!(db, { ...row, Entregado, Estado: done ? 3 : 2, Version: row.Version + 1 }, fieldVersions);
  await logRecord(ctx, db, eppSolicitudEntity, row.IdSolicitud, row as never);
}
