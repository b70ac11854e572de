import type { Insertable } from 'kysely';
import { toWireDate } from '#sync/domain/dates.ts';
import { cleanRut } from '#sync/domain/rut.ts';
import { semaforoOnDay } from '#sync/domain/traffic-light.ts';
import { INSPECCIONES_MESSAGES, type Inspeccion, type InspeccionCreateBody, inspeccionEntity } from '#sync/schemas/inspecciones.schema.ts';
import { type Observacion } from '#sync/schemas/observaciones.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { ObservacionesTable } from '#server/db/schema.ts';
import { requireFiles } from '#server/files/files.repo.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';
import { checkReferences } from '#server/records/record-registry.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { recordConflict } from '#server/sync/conflicts.repo.ts';
import { inWriteTransaction } from '#server/sync/write-transaction.ts';
import type { WriteOutcome } from '#server/records/field-versions.ts';
import { checkAgainstTemplate } from './inspeccion-validation.ts';
import { INSPECTIONS_TABLE, logInspection, logObservation, OBSERVATIONS_TABLE } from './inspecciones-change-log.ts';
import * as repo from './inspecciones.repo.ts';

const invalid = (message: string) => new HttpError(400, message, 'VALIDACION');
const notFound = () => new HttpError(404, INSPECCIONES_MESSAGES.notFound);

export interface SavedInspection {
  inspeccion: Inspeccion;
  observaciones: Observacion[];
}

/** The contractor as workers store it (12345678-5), or null; its validity is an inspection rule (SPEC IN7). */
function contractorRut(value: string | null): string | null {
  const rut = cleanRut(value ?? '');
  return rut === '' ? null : rut;
}

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
    const content = template.Contenido;
    // SPEC IN6: the template's rules first, then what only the database knows (levels, workers, files).
    const checked = checkAgainstTemplate(body, content);
    const rutContratista = contractorRut(body.RutContratista);
    const idCliente = body.IdCliente?.trim() || null;
    await checkPlaceAndPeople(ctx, db, body);
    // Files travel first (SPEC FL3): a missing one is 409 ARCHIVO_PENDIENTE, retried after the upload.
    const files = [...body.Firmas.map((firma) => firma.Archivo), ...body.Observaciones.flatMap((observation) => observation.Archivos)];
    await requireFiles(
      db,
      ctx.company,
      files.map((file) => file.Sha256),
    );

    const createdAt = ctx.now.toISOString();
    const today = toWireDate(ctx.now);
    await repo.insertInspection(db, {
      IdEvaluacion: body.IdEvaluacion,
      IdEmpresa: ctx.company,
      IdFormulario: body.IdFormulario,
      VersionFormulario: body.VersionFormulario,
      NombreFormulario: template.Nombre,
      Tipo: template.Tipo,
      Fecha: body.Fecha,
      Lugar: body.Lugar,
      IdNivel2: body.IdNivel2,
      IdNivel3: body.IdNivel3,
      IdSupervisor: ctx.user,
      Supervisor: body.Supervisor,
      Observados: JSON.stringify([...new Set(body.Observados)]),
      EquipoTrabajo: body.EquipoTrabajo,
      RutContratista: rutContratista,
      IdCliente: idCliente,
      Encabezado: JSON.stringify(checked.encabezado),
      Respuestas: JSON.stringify(checked.respuestas),
      Firmas: JSON.stringify(body.Firmas),
      Porcentaje: checked.compliance.Porcentaje,
      Nota: checked.compliance.Nota,
      IniciadaEn: body.IniciadaEn,
      FinalizadaEn: body.FinalizadaEn,
      CreadoEn: createdAt,
    });
    const emitter = ctx.userName;
    const rows: Insertable<ObservacionesTable>[] = checked.observaciones.map((observation) => ({
      IdObservacion: observation.IdObservacion,
      IdEvaluacion: body.IdEvaluacion,
      IdEmpresa: ctx.company,
      IdFormulario: body.IdFormulario,
      TipoObs: observation.TipoObs,
      IdEnunciado: observation.IdEnunciado,
      Enunciado: observation.Enunciado,
      Observacion: observation.Observacion,
      Responsable: observation.Responsable,
      IdResponsable: observation.IdResponsable,
      Plazo: observation.Plazo,
      // The server's light, not the device's: a deadline already past is red from the start (SPEC OV1).
      SemaforoObs: semaforoOnDay({ Estado: 1, Aprobada: 0, Plazo: observation.Plazo, SemaforoObs: observation.SemaforoObs }, today),
      Severidad: observation.Severidad,
      EmisorObs: emitter,
      Archivos: JSON.stringify(observation.Archivos),
      Fecha: body.Fecha,
      IdNivel2: body.IdNivel2,
      IdNivel3: body.IdNivel3,
      RutContratista: rutContratista,
      IdCliente: idCliente,
      CreadoEn: createdAt,
    }));
    await repo.insertObservations(db, rows);
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
