import { rutCheckDigit } from '#sync/domain/rut.ts';
import {
  type Despacho,
  EPP_SOLICITUDES_MESSAGES,
  type EppSolicitud,
  eppSolicitudEntity,
  requestWorkers,
} from '#sync/schemas/epp-solicitudes.schema.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import { logRecord } from '#server/records/record-writes.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { inWriteTransaction } from '#server/sync/write-transaction.ts';
import { canSeeRequest } from './epp-solicitudes.rules.ts';

const notFound = () => new HttpError(404, EPP_SOLICITUDES_MESSAGES.notFound);

/** The request as stored, visible to the writer, or 404. */
async function visibleRequest(ctx: WriteContext, db: Db, id: string) {
  const found = await ctx.records.epp_solicitudes.load(db, ctx.company, id);
  if (!found || found.row.Estado === 0 || !canSeeRequest(ctx.viewer, found.row)) throw notFound();
  return found;
}

/** Stores a request's new state through the kit's store, and logs it as the row a device pulls. */
async function store(ctx: WriteContext, db: Db, previous: EppSolicitud, next: EppSolicitud, fieldVersions: string): Promise<EppSolicitud> {
  await ctx.records.epp_solicitudes.update!(db, { ...next, Version: previous.Version + 1 }, fieldVersions);
  return (await logRecord(ctx, db, eppSolicitudEntity, previous.IdSolicitud, previous as never)) as unknown as EppSolicitud;
}

/**
 * Dispatches pending requests (spec: POST solicitud/despacho/{id} and despacho-masivo): all of them in one
 * transaction, or none when one is missing (404) or no longer pending (409). The dispatcher's RUT must be valid;
 * who dispatched on record is the token's user.
 */
export function dispatchRequests(ctx: WriteContext, ids: readonly string[], despacho: Despacho): Promise<EppSolicitud[]> {
  if (rutCheckDigit(despacho.RutDespachador) !== despacho.DvDespachador)
    throw new HttpError(400, EPP_SOLICITUDES_MESSAGES.dispatcherRut, 'VALIDACION');
  return inWriteTransaction(ctx.db, async (db) => {
    const saved: EppSolicitud[] = [];
    for (const id of ids) {
      const { row, fieldVersions } = await visibleRequest(ctx, db, id);
      if (row.Estado !== 1) throw new HttpError(409, EPP_SOLICITUDES_MESSAGES.alreadyDispatched, 'SOLICITUD_DESPACHADA');
      const next: EppSolicitud = {
        ...row,
        Estado: 2,
        CodigoDespacho: despacho.CodigoDespacho,
        FechaDespacho: despacho.FechaDespacho,
        RutDespachador: despacho.RutDespachador,
        DvDespachador: despacho.DvDespachador,
        NombreDespachador: despacho.NombreDespachador,
        DespachadoPor: ctx.user,
        DespachadoEn: ctx.now.toISOString(),
      };
      saved.push(await store(ctx, db, row, next, fieldVersions));
    }
    return saved;
  });
}

/** DELETE solicituddespachada/{id}/{company}: a dispatch nobody signed for yet goes back to pending. */
export function undoDispatch(ctx: WriteContext, id: string): Promise<EppSolicitud> {
  return inWriteTransaction(ctx.db, async (db) => {
    const { row, fieldVersions } = await visibleRequest(ctx, db, id);
    if (row.Estado === 1) throw new HttpError(409, EPP_SOLICITUDES_MESSAGES.notDispatched, 'SOLICITUD_PENDIENTE');
    if (row.Entregado.length > 0) throw new HttpError(409, EPP_SOLICITUDES_MESSAGES.alreadyDelivered, 'SOLICITUD_ENTREGADA');
    const next: EppSolicitud = {
      ...row,
      Estado: 1,
      CodigoDespacho: null,
      FechaDespacho: null,
      RutDespachador: null,
      DvDespachador: null,
      NombreDespachador: null,
      DespachadoPor: null,
      DespachadoEn: null,
    };
    return store(ctx, db, row, next, fieldVersions);
  });
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
  await store(ctx, db, row, { ...row, Entregado, Estado: done ? 3 : 2 }, fieldVersions);
}
