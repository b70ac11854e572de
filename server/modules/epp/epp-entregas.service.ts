import { actaSeal } from '#sync/domain/epp-delivery.ts';
import { actaRecord } from '#sync/schemas/epp-acta-record.ts';
import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import {
  deliveryItemProblem,
  EPP_ENTREGAS_MESSAGES,
  type EppEntrega,
  type EppEntregaCreateBody,
  eppEntregaEntity,
} from '#sync/schemas/epp-entregas.schema.ts';
import { eppActaWorkflow } from '#sync/schemas/epp-entregas.workflow.ts';
import type { Db } from '#server/db/database.ts';
import { requireFiles } from '#server/files/files.repo.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { WriteOutcome } from '#server/records/field-versions.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { partiesAudience, recordChange } from '#server/sync/change-log.repo.ts';
import { recordConflict } from '#server/sync/conflicts.repo.ts';
import { inWriteTransaction } from '#server/sync/write-transaction.ts';
import { takeTransitionOn, type WorkflowRules } from '#server/records/workflow-transition.ts';
import { canSeeParties } from '#server/tenancy/viewer.ts';
import * as repo from './epp-entregas.repo.ts';
import { markDelivered } from './epp-solicitudes.service.ts';
import { owePersonalCopy } from './acta-copia.ts';
import { checkDeliverer, workerNameOf } from './acta-personas.ts';

const TABLE = eppEntregaEntity.table;
const invalid = (message: string, code = 'VALIDACION') => new HttpError(400, message, code);

/** Deliveries travel to company users, to the worker's contractor and to the client they name (SPEC PL7, EP5). */
async function logDelivery(db: Db, row: EppEntrega, now: Date): Promise<void> {
  await recordChange(
    db,
    {
      company: row.IdEmpresa,
      table: TABLE,
      id: row.IdEntregadosEpp,
      op: 'upsert',
      row,
      audience: partiesAudience(row.RutContratista, row.IdCliente),
    },
    now,
  );
}

async function idConflict(ctx: WriteContext, db: Db, body: EppEntregaCreateBody): Promise<WriteOutcome<EppEntrega | null>> {
  const existing = await repo.findDeliveryById(db, body.IdEntregadosEpp);
  const current =
    existing && existing.IdEmpresa === ctx.company && canSeeParties(ctx.viewer, existing)
      ? ((await repo.loadDelivery(db, ctx.company, existing.IdEntregadosEpp)) ?? null)
      : null;
  await recordConflict(
    db,
    {
      company: ctx.company,
      table: TABLE,
      id: body.IdEntregadosEpp,
      baseVersion: 0,
      serverVersion: current?.Version ?? 0,
      body,
      user: ctx.user,
      key: ctx.key,
    },
    ctx.now,
  );
  return { kind: 'conflict', row: current };
}

/** The worker exists in the company, the viewer may deliver to them, and the acta names their RUT. */
async function checkWorker(ctx: WriteContext, db: Db, body: EppEntregaCreateBody) {
  const worker = (await ctx.records.trabajadores.load(db, ctx.company, body.IdPersona))?.row;
  if (!worker || (ctx.viewer.kind === 'contratista' && worker.RutContratista !== ctx.viewer.rut))
    throw invalid(EPP_ENTREGAS_MESSAGES.workerInvalid);
  if (worker.RunPersona !== body.RunPersona) throw invalid(EPP_ENTREGAS_MESSAGES.workerRutMismatch);
  return worker;
}

/**
 * Every line names an item of the company's catalogue (retired since is fine: it was delivered before) in one of its
 * sizes. Answers each line's useful life, as the server's catalogue has it now.
 */
async function checkItems(ctx: WriteContext, db: Db, body: EppEntregaCreateBody): Promise<number[]> {
  const lives: number[] = [];
  for (const item of body.Items) {
    const tipo = (await ctx.records.epp_tipos.load(db, ctx.company, item.IdEpp))?.row;
    const problem = deliveryItemProblem(item, tipo);
    if (problem) throw invalid(problem);
    lives.push(tipo!.VidaUtilMeses);
  }
  return lives;
}

/**
 * SPEC EP2: one worker's sealed acta, written whole (acta, lines, change-log row) in one transaction, or refused
 * with nothing written. The seal is computed again here from what arrived, under the version it names (EP6), and a
 * mismatch is refused: the server stores exactly what the worker signed, with its own receipt time, and never
 * changes either. Both people it names are real (EP6, EP7).
 */
export async function createDelivery(ctx: WriteContext, body: EppEntregaCreateBody): Promise<WriteOutcome<EppEntrega | null>> {
  if (body.IdEmpresa !== undefined && body.IdEmpresa !== ctx.company)
    throw new HttpError(403, AUTH_MESSAGES.forbiddenCompany, 'EMPRESA_AJENA');
  const seal = await actaSeal(ctx.company, body);
  return inWriteTransaction(ctx.db, async (db) => {
    // SPEC CF6: a replay with the same key is answered by the ledger; the same id under another key is a conflict.
    if (await repo.findDeliveryById(db, body.IdEntregadosEpp)) return idConflict(ctx, db, body);
    if (seal !== body.Sello) throw invalid(EPP_ENTREGAS_MESSAGES.sealMismatch, 'SELLO_DISTINTO');
    const worker = await checkWorker(ctx, db, body);
    const workerName = await workerNameOf(ctx, db, body, worker);
    await checkDeliverer(ctx, db, body);
    const lives = await checkItems(ctx, db, body);
    if (body.Corrige) {
      const corrected = await repo.findDeliveryById(db, body.Corrige);
      if (!corrected || corrected.IdEmpresa !== ctx.company || corrected.IdPersona !== body.IdPersona)
        throw invalid(EPP_ENTREGAS_MESSAGES.correctedInvalid);
    }
    // Signatures travel first (SPEC FL3): a missing one is 409 ARCHIVO_PENDIENTE, retried after the upload.
    await requireFiles(db, ctx.company, [body.Entregador.Firma.Sha256, body.FirmaTrabajador.Sha256]);

    const record = actaRecord(body, {
      IdEmpresa: ctx.company,
      RutContratista: worker.RutContratista,
      NombreTrabajador: workerName,
      lives: new Map(body.Items.map((item, index) => [item.IdLinea, lives[index]!])),
      IdUsuario: ctx.user,
      RecibidoEn: ctx.now.toISOString(),
    });
    await repo.insertActa(db, record);
    const saved = (await repo.loadDelivery(db, ctx.company, body.IdEntregadosEpp))!;
    await logDelivery(db, saved, ctx.now);
    await owePersonalCopy(db, ctx.company, body.IdPersona, body.IdEntregadosEpp, ctx.now);
    if (body.IdSolicitud) await markDelivered(ctx, db, { ...saved, IdSolicitud: body.IdSolicitud });
    return { kind: 'written', row: saved };
  });
}

/** The acta's annulment over its own tables: the only change a sealed acta takes (markAnnulled), with its change-log row. */
export const eppActaRules: WorkflowRules<EppEntrega> = {
  visible: canSeeParties,
  store: {
    load: (ctx, db, id) => repo.loadDelivery(db, ctx.company, id),
    async save(ctx, db, next, previous) {
      await repo.markAnnulled(db, previous, { AnuladaPor: next.AnuladaPor ?? '', AnuladaEn: next.AnuladaEn ?? '', Version: next.Version });
      const saved = (await repo.loadDelivery(db, ctx.company, next.IdEntregadosEpp))!;
      await logDelivery(db, saved, ctx.now);
      return saved;
    },
  },
};

/** SPEC EP3: annuls an acta (eppActaWorkflow); `base`, the version the person saw, makes a stale one a conflict. */
export const annulDelivery = (ctx: WriteContext, id: string, base?: number) =>
  takeTransitionOn(ctx, eppActaWorkflow, 'anular', id, { Version: base }, eppActaRules);
