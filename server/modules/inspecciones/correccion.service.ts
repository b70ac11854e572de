import { correctionLock } from '#sync/domain/correction-lock.ts';
import { toWireDate } from '#sync/domain/dates.ts';
import { correctionChanges, sameAnswer } from '#sync/domain/inspection-correction-changes.ts';
import { inspectionRefusal } from '#sync/domain/inspection-rules.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import { statementsOf } from '#sync/schemas/formularios.schema.ts';
import { inspectionRecord } from '#sync/schemas/inspeccion-record.ts';
import {
  CORRECCION_LOCKED_CODE,
  CORRECCION_MESSAGES,
  type Correccion,
  type InspeccionCorreccionBody,
} from '#sync/schemas/inspecciones-correccion.schema.ts';
import { INSPECCIONES_MESSAGES, type Inspeccion, type ObservacionNueva } from '#sync/schemas/inspecciones.schema.ts';
import type { Observacion } from '#sync/schemas/observaciones.schema.ts';
import type { Db } from '#server/db/database.ts';
import { requireFiles } from '#server/files/files.repo.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { WriteOutcome } from '#server/records/field-versions.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { recordConflict } from '#server/sync/conflicts.repo.ts';
import { inWriteTransaction } from '#server/sync/write-transaction.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';
import { correctionsOf, insertCorrection } from './correcciones.repo.ts';
import { INSPECTIONS_TABLE, logInspection, logObservation } from './inspecciones-change-log.ts';
import * as repo from './inspecciones.repo.ts';

export interface CorrectedInspection {
  inspeccion: Inspeccion;
  observaciones: Observacion[];
  /** The correction kept in the history; null when the body changed nothing. */
  correccion: Correccion | null;
}

const invalid = (message: string) => new HttpError(400, message, 'VALIDACION');

const asNew = (row: Observacion): ObservacionNueva => ({
  IdObservacion: row.IdObservacion,
  TipoObs: row.TipoObs,
  IdEnunciado: row.IdEnunciado,
  Observacion: row.Observacion,
  Responsable: row.Responsable,
  IdResponsable: row.IdResponsable,
  Plazo: row.Plazo,
  SemaforoObs: row.SemaforoObs,
  Severidad: row.Severidad,
  Archivos: row.Archivos,
});

/** The answers after the correction: the body's replace the stored ones of the same statement, the others stay. */
function mergedAnswers(current: Inspeccion, body: InspeccionCorreccionBody) {
  const answers = new Map(current.Respuestas.map((answer) => [answer.IdEnunciado, answer]));
  const changed = new Set<string>();
  const unknown = (body.Respuestas ?? []).filter((answer) => !answers.has(answer.IdEnunciado));
  for (const answer of body.Respuestas ?? []) {
    if (!answers.has(answer.IdEnunciado) || sameAnswer(answers.get(answer.IdEnunciado), answer)) continue;
    answers.set(answer.IdEnunciado, answer);
    changed.add(answer.IdEnunciado);
  }
  return { respuestas: [...answers.values(), ...unknown], changed };
}

/** The conflict of a correction made on another Version (SPEC CF4): the body kept, the current inspection answered. */
async function versionConflict(ctx: WriteContext, db: Db, current: Inspeccion, body: InspeccionCorreccionBody) {
  const conflict = { company: ctx.company, table: INSPECTIONS_TABLE, id: current.IdEvaluacion, baseVersion: body.Version };
  await recordConflict(db, { ...conflict, serverVersion: current.Version, body, user: ctx.user, key: ctx.key }, ctx.now);
  const observaciones = (await repo.observationsOf(db, ctx.company, current.IdEvaluacion)).map(repo.toWireObservacion);
  return { kind: 'conflict' as const, row: { inspeccion: current, observaciones, correccion: null } };
}

/**
 * Corrects a finished inspection (spec PUT observaciones-inspecciones/{IdEvaluacion}), all or nothing in one
 * transaction: a stale Version is a conflict; an answer whose observation moved past Abierta is locked (409); the
 * result must still meet the template's rules (inspectionRefusal, SPEC IN6) and its grade comes from the same
 * record builder and compliance rule as finishing (inspectionRecord, computeCompliance; SPEC IN4). A statement no
 * longer answered 2 withdraws its open observations; the previous values stay in the correction's history.
 */
export function correctInspection(
  ctx: WriteContext,
  viewer: Viewer,
  id: string,
  body: InspeccionCorreccionBody,
): Promise<WriteOutcome<CorrectedInspection>> {
  // Correcting is the company's own decision, as approving an observation is.
  if (viewer.kind !== 'empresa') throw new HttpError(403, AUTH_MESSAGES.forbiddenAction, 'SIN_PERMISO');
  return inWriteTransaction(ctx.db, async (db) => {
    const row = await repo.findInspection(db, ctx.company, id);
    if (!row || row.Estado !== 1 || !repo.canSee(viewer, row)) throw new HttpError(404, INSPECCIONES_MESSAGES.notFound);
    const current = repo.toWireInspeccion(row);
    if (body.Version !== current.Version) return versionConflict(ctx, db, current, body);
    const template = await ctx.records.formularios.loadVersion!(db, ctx.company, current.IdFormulario, current.VersionFormulario);
    if (!template) throw invalid(INSPECCIONES_MESSAGES.templateInvalid);
    const active = (await repo.observationsOf(db, ctx.company, id)).map(repo.toWireObservacion);
    const { respuestas, changed } = mergedAnswers(current, body);
    const texts = new Map(statementsOf(template.Contenido).map((statement) => [statement.IdEnunciado, statement.Texto]));

    // A changed answer whose observation moved past Abierta is locked: nothing of the correction is applied.
    for (const statement of changed) {
      const locked = active.find((observation) => observation.IdEnunciado === statement && correctionLock(observation));
      if (!locked) continue;
      const message = CORRECCION_MESSAGES.answerLocked(texts.get(statement) ?? statement, correctionLock(locked)!);
      throw new HttpError(409, message, CORRECCION_LOCKED_CODE);
    }
    const general = active.find((observation) => observation.TipoObs === 'General');
    const generalText = body.ObservacionGeneral;
    const generalChanges = generalText !== undefined && generalText !== general?.Observacion;
    if (general && generalChanges && correctionLock(general)) {
      throw new HttpError(409, CORRECCION_MESSAGES.generalLocked(correctionLock(general)!), CORRECCION_LOCKED_CODE);
    }

    // A statement no longer answered 2 takes its open Checklist observations with it (SPEC IN9).
    const newAnswer = new Map(respuestas.map((answer) => [answer.IdEnunciado, answer.Respuesta]));
    const withdrawn = active.filter(
      (observation) => observation.TipoObs === 'Checklist' && changed.has(observation.IdEnunciado ?? '') && newAnswer.get(observation.IdEnunciado ?? '') !== 2,
    );
    const added = body.Observaciones ?? [];
    if (added.some((observation) => observation.TipoObs !== 'Checklist')) throw invalid(CORRECCION_MESSAGES.newObservationNotChecklist);
    const newGeneral: ObservacionNueva[] = generalChanges && !general ? [newGeneralObservation(generalText!)] : [];
    const addedIds = [...added, ...newGeneral].map((observation) => observation.IdObservacion);
    const taken = await repo.existingObservationIds(db, addedIds);
    if (taken.length || new Set(addedIds).size !== addedIds.length) return versionConflict(ctx, db, current, body);
    const kept = active
      .filter((observation) => !withdrawn.includes(observation))
      .map((observation) => asNew(observation === general && generalChanges ? { ...observation, Observacion: generalText! } : observation));

    const { Estado: _state, Version: _version, NombreFormulario: _name, Tipo: _type, IdEmpresa: _company, ...stored } = current;
    const candidate = {
      ...stored,
      Lugar: body.Lugar ?? current.Lugar,
      Supervisor: body.Supervisor ?? current.Supervisor,
      EquipoTrabajo: body.EquipoTrabajo ?? current.EquipoTrabajo,
      Encabezado: { ...current.Encabezado, ...body.Encabezado },
      Respuestas: respuestas,
      Observaciones: [...kept, ...added, ...newGeneral],
    };
    const refusal = inspectionRefusal(candidate, template.Contenido);
    if (refusal) throw invalid(refusal);
    await requireFiles(db, ctx.company, added.flatMap((observation) => observation.Archivos.map((file) => file.Sha256)));

    const record = inspectionRecord(candidate, {
      IdEmpresa: ctx.company,
      template,
      IdSupervisor: current.IdSupervisor,
      Emisor: ctx.userName,
      CreadoEn: ctx.now.toISOString(),
      today: toWireDate(ctx.now),
    });
    const corrected: Inspeccion = { ...current, ...pickCorrected(record.inspeccion), Version: current.Version + 1 };
    const addedRows = record.observaciones.filter((observation) => addedIds.includes(observation.IdObservacion));
    const editedGeneral = general && { ...general, Observacion: generalText!, Version: general.Version + 1 };
    const edited = general && editedGeneral && generalChanges ? [{ before: general, after: editedGeneral }] : [];
    const changes = correctionChanges(current, corrected, template.Contenido, { withdrawn, edited, added: addedRows });
    if (changes.length === 0) return { kind: 'unchanged', row: { inspeccion: current, observaciones: active, correccion: null } };

    await repo.updateInspection(db, ctx.company, id, {
      Lugar: corrected.Lugar,
      Supervisor: corrected.Supervisor,
      EquipoTrabajo: corrected.EquipoTrabajo,
      Encabezado: JSON.stringify(corrected.Encabezado),
      Respuestas: JSON.stringify(corrected.Respuestas),
      Porcentaje: corrected.Porcentaje,
      Nota: corrected.Nota,
      Version: corrected.Version,
    });
    for (const observation of withdrawn) {
      await repo.updateObservation(db, ctx.company, observation.IdObservacion, { Estado: 0, Version: observation.Version + 1 });
      await logObservation(db, { ...observation, Estado: 0, Version: observation.Version + 1 }, ctx.now, 'delete');
    }
    for (const { after } of edited) {
      await repo.updateObservation(db, ctx.company, after.IdObservacion, { Observacion: after.Observacion, Version: after.Version });
      await logObservation(db, after, ctx.now);
    }
    await repo.insertObservations(db, addedRows);
    for (const observation of addedRows) await logObservation(db, observation, ctx.now);

    const previous = previousValues(current, changed, withdrawn, edited);
    const user = { id: ctx.user, name: ctx.userName };
    const entry = { company: ctx.company, idEvaluacion: id, version: corrected.Version, user, changes, previous };
    const correccion = await insertCorrection(db, entry, ctx.now);
    await logInspection(db, { ...corrected, Correcciones: await correctionsOf(db, ctx.company, id) }, ctx.now);
    const observaciones = (await repo.observationsOf(db, ctx.company, id)).map(repo.toWireObservacion);
    return { kind: 'written', row: { inspeccion: corrected, observaciones, correccion } };
  });
}

/** What a correction may change of the stored inspection, from the record built again (never the rest). */
function pickCorrected(record: Inspeccion) {
  const { Lugar, Supervisor, EquipoTrabajo, Encabezado, Respuestas, Porcentaje, Nota } = record;
  return { Lugar, Supervisor, EquipoTrabajo, Encabezado, Respuestas, Porcentaje, Nota };
}

/** The general observation a correction writes where the inspection had none: no statement, deadline or photos. */
function newGeneralObservation(text: string): ObservacionNueva {
  const blank = { IdEnunciado: null, Responsable: '', IdResponsable: null, Plazo: null, SemaforoObs: 1 as const, Severidad: null, Archivos: [] };
  return { IdObservacion: uuidV7(), TipoObs: 'General', Observacion: text, ...blank };
}

/** The stored values the correction replaced, kept whole in its history. */
function previousValues(
  current: Inspeccion,
  changed: Set<string>,
  withdrawn: readonly Observacion[],
  edited: readonly { before: Observacion }[],
) {
  return {
    Version: current.Version,
    Lugar: current.Lugar,
    Supervisor: current.Supervisor,
    EquipoTrabajo: current.EquipoTrabajo,
    Encabezado: current.Encabezado,
    Respuestas: current.Respuestas.filter((answer) => changed.has(answer.IdEnunciado)),
    Porcentaje: current.Porcentaje,
    Nota: current.Nota,
    Observaciones: [...withdrawn, ...edited.map(({ before }) => before)],
  };
}
