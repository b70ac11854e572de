import {
  INCIDENTES_MESSAGES,
  type Incidente,
  type IncidenteCreateBody,
  incidenteEntity,
  type IncidenteUpdateBody,
} from '#sync/schemas/incidentes.schema.ts';
import { type MedidaControl, medidaControlEntity } from '#sync/schemas/medidas-control.schema.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { WriteOutcome } from '#server/records/field-versions.ts';
import { createRecord, deleteRecord, logRecord, updateRecord } from '#server/records/record-writes.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { partiesAudience, recordChange } from '#server/sync/change-log.repo.ts';
import { recordConflict } from '#server/sync/conflicts.repo.ts';
import { inWriteTransaction } from '#server/sync/write-transaction.ts';
import { canSeeParties } from '#server/tenancy/viewer.ts';
import { companyOnly, incidentRules, workerContractorOf } from './incidentes.rules.ts';
import { measuresOf } from './medidas.repo.ts';
import { addMeasures, followCaseParties } from './medidas.service.ts';

/** A case and its measures, as the case's write answers them. */
export interface SavedIncident {
  incident: Incidente;
  measures: MedidaControl[];
}

const notFound = () => new HttpError(404, INCIDENTES_MESSAGES.notFound);

/** The writes below join the write's transaction (`inWriteTransaction` nests): the case and its measures commit together. */
const within = (ctx: WriteContext, db: Db): WriteContext => ({ ...ctx, db });

async function visibleIncident(ctx: WriteContext, db: Db, id: string): Promise<Incidente> {
  const row = (await ctx.records.incidentes.load(db, ctx.company, id))?.row;
  if (!row || row.Estado === 0 || !canSeeParties(ctx.viewer, row)) throw notFound();
  return row;
}

/**
 * SPEC IC1: a report arrives whole (stage 1, maybe stages 2 and 3, its files and measures) and is written whole, or
 * refused with nothing written. The same id under another key is a conflict (CF6).
 */
export function createIncident(ctx: WriteContext, body: IncidenteCreateBody): Promise<WriteOutcome<SavedIncident | null>> {
  companyOnly(ctx.viewer);
  return inWriteTransaction(ctx.db, async (db) => {
    const { MedidasControl: measures, ...fields } = body;
    const rules = incidentRules(measures, await workerContractorOf(ctx, db, fields.IdPersona));
    const outcome = await createRecord(within(ctx, db), incidenteEntity, fields, rules);
    if (outcome.kind !== 'written' || !outcome.row)
      return { kind: outcome.kind, row: outcome.row && { incident: outcome.row, measures: [] } } as WriteOutcome<SavedIncident | null>;
    const added = await addMeasures(within(ctx, db), db, outcome.row, measures);
    return { kind: 'written', row: { incident: outcome.row, measures: added } };
  });
}

/**
 * Stages 2 and 3 later, at the office or on the device (SPEC IC2): only the fields that changed (CF2, merged by field
 * when stale, CF3), new evidence, statements and investigators appended (CF5), new control measures added.
 */
export function updateIncident(ctx: WriteContext, id: string, body: IncidenteUpdateBody): Promise<WriteOutcome<SavedIncident>> {
  companyOnly(ctx.viewer);
  return inWriteTransaction(ctx.db, async (db) => {
    const current = await visibleIncident(ctx, db, id);
    const { MedidasControl: measures, ...fields } = body;
    const idPersona = fields.IdPersona === undefined ? current.IdPersona : fields.IdPersona;
    const rules = incidentRules(measures, await workerContractorOf(ctx, db, idPersona));
    const outcome = await updateRecord(
      within(ctx, db),
      incidenteEntity,
      id,
      fields as Record<string, unknown> & { Version: number },
      rules,
    );
    if (outcome.kind === 'conflict')
      return { kind: 'conflict', row: { incident: outcome.row, measures: await measuresOf(db, ctx.company, id) } };
    const existing = await measuresOf(db, ctx.company, id);
    await followCaseParties(within(ctx, db), db, outcome.row, existing);
    const added = await addMeasures(within(ctx, db), db, outcome.row, measures);
    const kind = outcome.kind === 'unchanged' && added.length === 0 ? 'unchanged' : 'written';
    return { kind, row: { incident: outcome.row, measures: await measuresOf(db, ctx.company, id) } };
  });
}

/** Estado 0 for the case and every measure of it, each a tombstone (CF5: deleting again succeeds). */
export function deleteIncident(ctx: WriteContext, id: string, base: number | undefined): Promise<WriteOutcome<Incidente>> {
  companyOnly(ctx.viewer);
  return inWriteTransaction(ctx.db, async (db) => {
    const outcome = await deleteRecord(within(ctx, db), incidenteEntity, id, base, { visible: canSeeParties });
    if (outcome.kind !== 'written') return outcome;
    for (const measure of await measuresOf(db, ctx.company, id)) {
      await ctx.records.medidas_control.update!(db, { ...measure, Estado: 0, Version: measure.Version + 1 }, '{}');
      await recordChange(
        db,
        {
          company: ctx.company,
          table: medidaControlEntity.table,
          id: measure.IdMedidaControl,
          op: 'delete',
          audience: partiesAudience(measure.RutContratista, measure.IdCliente),
        },
        ctx.now,
      );
    }
    return outcome;
  });
}

/**
 * Close (2) or reopen (1) a case (spec: cerrar/registro, abrir/registro). A case closes only when every control
 * measure is approved (SPEC IC4). A decision on the case the person saw: a stale `Version` is a conflict (CF4).
 * Closing a closed case, or opening an open one, changes nothing.
 */
export function setIncidentState(ctx: WriteContext, id: string, target: 1 | 2, base: number | undefined): Promise<WriteOutcome<Incidente>> {
  companyOnly(ctx.viewer);
  return inWriteTransaction(ctx.db, async (db) => {
    const current = await visibleIncident(ctx, db, id);
    if (current.Estado === target) return { kind: 'unchanged', row: current };
    if (base !== undefined && base !== current.Version) {
      await recordConflict(
        db,
        {
          company: ctx.company,
          table: incidenteEntity.table,
          id,
          baseVersion: base,
          serverVersion: current.Version,
          body: { Estado: target, Version: base },
          user: ctx.user,
          key: ctx.key,
        },
        ctx.now,
      );
      return { kind: 'conflict', row: current };
    }
    if (target === 2) {
      const open = (await measuresOf(db, ctx.company, id)).filter((measure) => measure.Aprobada !== 1);
      if (open.length > 0) throw new HttpError(409, INCIDENTES_MESSAGES.closeRefused, 'MEDIDAS_SIN_APROBAR');
    }
    const stored = await ctx.records.incidentes.load(db, ctx.company, id);
    const next: Incidente = {
      ...current,
      Estado: target,
      CerradoEn: target === 2 ? ctx.now.toISOString() : null,
      Version: current.Version + 1,
    };
    await ctx.records.incidentes.update!(db, next, stored!.fieldVersions);
    return { kind: 'written', row: (await logRecord(within(ctx, db), db, incidenteEntity, id, current)) as Incidente };
  });
}
