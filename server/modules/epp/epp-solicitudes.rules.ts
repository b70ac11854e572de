import { deliveryItemProblem } from '#sync/schemas/epp-entregas.schema.ts';
import {
  EPP_SOLICITUDES_MESSAGES,
  type EppSolicitud,
  type EppSolicitudCreateBody,
  pendingRequest,
  type SolicitudLinea,
} from '#sync/schemas/epp-solicitudes.schema.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import { canSeeContractorRows } from '#server/tenancy/viewer.ts';
import type { RecordRules } from '#server/records/record-writes.ts';
import type { WriteContext } from '#server/records/write-answer.ts';

const invalid = (message: string) => new HttpError(400, message, 'VALIDACION');

/** 409: only a pending request is edited, deleted or dispatched. */
export const notPending = () => new HttpError(409, EPP_SOLICITUDES_MESSAGES.notPending, 'SOLICITUD_DESPACHADA');

/**
 * The request's workers exist, are the contractor's own for a contractor user, are named by their RUT and all belong
 * to one employer (the request travels to that contractor, SPEC PL7); every item is in the catalogue in one of its
 * sizes. Answers the workers' contractor (null: the company's own staff).
 */
async function checkLines(ctx: WriteContext, db: Db, lines: readonly SolicitudLinea[]): Promise<string | null> {
  const contractors = new Set<string | null>();
  for (const id of new Set(lines.map((line) => line.IdPersona))) {
    const worker = (await ctx.records.trabajadores.load(db, ctx.company, id))?.row;
    if (!worker || worker.Estado !== 1 || (ctx.viewer.kind === 'contratista' && worker.RutContratista !== ctx.viewer.rut))
      throw invalid(EPP_SOLICITUDES_MESSAGES.workerInvalid);
    if (lines.some((line) => line.IdPersona === id && line.RunPersona !== worker.RunPersona))
      throw invalid(EPP_SOLICITUDES_MESSAGES.workerRutMismatch);
    contractors.add(worker.RutContratista || null);
  }
  if (contractors.size > 1) throw invalid(EPP_SOLICITUDES_MESSAGES.contractorsMixed);
  const tipos = new Map<string, Awaited<ReturnType<WriteContext['records']['epp_tipos']['load']>>>();
  for (const line of lines) {
    if (!tipos.has(line.IdEpp)) tipos.set(line.IdEpp, await ctx.records.epp_tipos.load(db, ctx.company, line.IdEpp));
    const tipo = tipos.get(line.IdEpp)?.row;
    if (!tipo || tipo.Estado !== 1) throw invalid(EPP_SOLICITUDES_MESSAGES.eppInvalid);
    const problem = deliveryItemProblem(line, tipo);
    if (problem) throw invalid(`${line.NombreEpp}: ${problem}`);
  }
  return [...contractors][0] ?? null;
}

export const eppSolicitudRules: RecordRules<EppSolicitud> = {
  // A contractor user reaches only its own workers' requests; a client user none (requests name no client).
  visible: canSeeContractorRows,
  async created(ctx, body, db) {
    const request = body as unknown as EppSolicitudCreateBody;
    const RutContratista = await checkLines(ctx, db, request.Lineas);
    return pendingRequest(request, { IdEmpresa: ctx.company, RutContratista, IdUsuario: ctx.user, Solicitante: ctx.userName });
  },
  async merged(ctx, merged, current, changed, db) {
    if (current.Estado !== 1) throw notPending();
    return changed.includes('Lineas') ? { ...merged, RutContratista: await checkLines(ctx, db, merged.Lineas) } : merged;
  },
  // Sizes and quantities change while the request is pending; afterwards the dispatch stands as it was sent.
  deletable(row) {
    if (row.Estado === 2 || row.Estado === 3) throw notPending();
    return true;
  },
};
