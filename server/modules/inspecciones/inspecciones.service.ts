import { toWireDate } from '#sync/domain/dates.ts';
import { INSPECCIONES_MESSAGES, type Inspeccion, type InspeccionCreateBody, inspeccionEntity } from '#sync/schemas/inspecciones.schema.ts';
import { type Observacion } from '#sync/schemas/observaciones.schema.ts';
import type { Db } from '#server/db/database.ts';
import { requireFiles } from '#server/files/files.repo.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';
import { checkReferences } from '#server/records/record-registry.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { recordConflict } from '#server/sync/conflicts.repo.ts';
import { inWriteTransaction } from '#server/sync/write-transaction.ts';
import type { WriteOutcome } from '#server/records/field-versions.ts';
import { inspectionRefusal } from '#sync/domain/inspection-rules.ts';
import { inspectionRecord } from '#sync/schemas/inspeccion-record.ts';
import { INSPECTIONS_TABLE, logInspection, logObservation, OBSERVATIONS_TABLE } from './inspecciones-change-log.ts';
import * as repo from './inspecciones.repo.ts';

const invalid = (message: string) => new HttpError(400, message, 'VALIDACION');
const notFound = () => new HttpError(404, INSPECCIONES_MESSAGES.notFound);

export interface SavedInspection {
  inspeccion: Inspeccion;
  observaciones: Observacion[];
}

/** The contractor as workers store it (12345678-5), or null; its validity is an inspection rule (SPEC IN7). */
/** Levels and observed workers exist and are active (the inspection's references), and its level 3 is under its level 2. */
async function checkPlaceAndPeople(ctx: WriteContext, db: Db, body: InspeccionCreateBody): Promise<void> {
  await checkReferences(ctx.records, db, ctx.company, inspeccionEntity, body, ['IdNivel2', 'IdNivel3', 'Observados']);
  const level3 = body.IdNivel3 ? (await ctx.records.niveles.load(db, ctx.company, body.IdNivel3))?.row : undefined;
  if (level3 && body.IdNivel2 !== null && level3.IdNivelPadre !== body.IdNivel2) throw invalid(INSPECCIONES_MESSAGES.levelInvalid);
}

async function loadSaved(db: Db, company: string, id: string): Promise<SavedInspection> {
  const inspeccion = repo.toWireInspeccion((await repo.findInspection(db, company, id))!);
  return { inspeccion, observaciones: (await repo.observationsOf(db, company, id)).map(repo.toWireObservacion) };
}

async function idConflict(
  ctx: WriteContext,
  db: Db,
  viewer: Viewer,
  table: string,
  id: string,
  body: unknown,
): Promise<WriteOutcome<SavedInspection | null>> {
  const existing = table === INSPECTIONS_TABLE ? await repo.findInspectionById(db, id) : undefined;
  const visible = existing && existing.IdEmpresa === ctx.company && repo.canSee(viewer, existing);
  const current = visible ? await loadSaved(db, ctx.company, id) : null;
  await recordConflict(
    db,
    {
      company: ctx.company,
      table,
      id,
      baseVersion: 0,
      serverVersion: current?.inspeccion.Version ?? 0,
      body,
      user: ctx.user,
      key: ctx.key,
    },
    ctx.now,
  );
  return { kind: 'conflict', row: current };
}

/**
 * SPEC IN2: a finished inspection arrives whole and is written whole (inspection, observations, change-log rows)
 * in one transaction, or refused with nothing written. Every check runs before the first insert.
 */
export function createInspection(
  ctx: WriteContext,
  viewer: Viewer,
  body: InspeccionCreateBody,
): Promise<WriteOutcome<SavedInspection | null>> {
  return inWriteTransaction(ctx.db, async (db) => {
    // SPEC CF6: a replay with the same key is answered by the ledger; the same id under another key is a conflict.
    if (await repo.findInspectionById(db, body.IdEvaluacion))
      return idConflict(ctx, db, viewer, INSPECTIONS_TABLE, body.IdEvaluacion, body);
    const observationIds = body.Observaciones.map((observation) => observation.IdObservacion);
    const taken = await repo.existingObservationIds(db, observationIds);
    const repeated = observationIds.find((id, index) => observationIds.indexOf(id) !== index);
    if (taken.length || repeated) return idConflict(ctx, db, viewer, OBSERVATIONS_TABLE, taken[0] ?? repeated!, body);

    const template = await ctx.records.formularios.loadVersion!(db, ctx.company, body.IdFormulario, body.VersionFormulario);
    // A retired template still takes inspections started on it (SPEC IN3): only an unknown version is refused.
    if (!template) throw invalid(INSPECCIONES_MESSAGES.templateInvalid);
    // SPEC IN6: the template's rules first, then what only the database knows (levels, workers, files).
    const refusal = inspectionRefusal(body, template.Contenido);
    if (refusal) throw invalid(refusal);
    await checkPlaceAndPeople(ctx, db, body);
    // Files travel first (SPEC FL3): a missing one is 409 ARCHIVO_PENDIENTE, retried after the upload.
    const files = [...body.Firmas.map((firma) => firma.Archivo), ...body.Observaciones.flatMap((observation) => observation.Archivos)];
    await requireFiles(
      db,
      ctx.company,
      files.map((file) => file.Sha256),
    );
    // The server's grade and lights, never the device's (SPEC IN4, OV1).
    const record = inspectionRecord(body, {
      IdEmpresa: ctx.company,
      template,
      IdSupervisor: ctx.user,
      Emisor: ctx.userName,
      CreadoEn: ctx.now.toISOString(),
      today: toWireDate(ctx.now),
    });
    await repo.insertRecord(db, record, ctx.now.toISOString());
    const saved = await loadSaved(db, ctx.company, body.IdEvaluacion);
    await logInspection(db, saved.inspeccion, ctx.now);
    for (const observation of saved.observaciones) await logObservation(db, observation, ctx.now);
    return { kind: 'written', row: saved };
  });
}

/**
 * SPEC OV3: the inspection and every observation of it get Estado 0 (a new Version each) and travel as tombstones.
 * Deleting an already deleted inspection succeeds (CF5); a stale `Version` is a conflict (CF4).
 */
export function deleteInspection(
  ctx: WriteContext,
  viewer: Viewer,
  id: string,
  base: number | undefined,
): Promise<WriteOutcome<Inspeccion>> {
  return inWriteTransaction(ctx.db, async (db) => {
    const row = await repo.findInspection(db, ctx.company, id);
    if (!row || !repo.canSee(viewer, row)) throw notFound();
    const current = repo.toWireInspeccion(row);
    if (current.Estado === 0) return { kind: 'unchanged', row: current };
    if (base !== undefined && base !== current.Version) {
      await recordConflict(
        db,
        {
          company: ctx.company,
          table: INSPECTIONS_TABLE,
          id,
          baseVersion: base,
          serverVersion: current.Version,
          body: { Estado: 0, Version: base },
          user: ctx.user,
          key: ctx.key,
        },
        ctx.now,
      );
      return { kind: 'conflict', row: current };
    }
    const deleted: Inspeccion = { ...current, Estado: 0, Version: current.Version + 1 };
    await repo.updateInspection(db, ctx.company, id, { Estado: 0, Version: deleted.Version });
    await logInspection(db, deleted, ctx.now, 'delete');
    for (const observation of await repo.observationsOf(db, ctx.company, id)) {
      await repo.updateObservation(db, ctx.company, observation.IdObservacion, { Estado: 0, Version: observation.Version + 1 });
      await logObservation(db, repo.toWireObservacion(observation), ctx.now, 'delete');
    }
    return { kind: 'written', row: deleted };
  });
}
