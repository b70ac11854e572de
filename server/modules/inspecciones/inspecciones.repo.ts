import { NOBODY } from '#server/db/portable-sql.ts';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Semaforo } from '#sync/domain/traffic-light.ts';
import type { Firma, Inspeccion, RespuestaEnunciado, SeguimientoQuery } from '#sync/schemas/inspecciones.schema.ts';
import type { Observacion, RespuestaObservacion } from '#sync/schemas/observaciones.schema.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import type { Db } from '#server/db/database.ts';
import type { InspectionRecord } from '#sync/schemas/inspeccion-record.ts';
import type { EvaluacionesTable, ObservacionesTable } from '#server/db/schema.ts';
import { canSeeParties, type Viewer } from '#server/tenancy/viewer.ts';

export type InspectionRow = Selectable<EvaluacionesTable>;
export type ObservationRow = Selectable<ObservacionesTable>;

const json = <T>(text: string) => JSON.parse(text) as T;

export function toWireInspeccion(row: InspectionRow): Inspeccion {
  return {
    IdEvaluacion: row.IdEvaluacion,
    IdEmpresa: row.IdEmpresa,
    IdFormulario: row.IdFormulario,
    VersionFormulario: row.VersionFormulario,
    NombreFormulario: row.NombreFormulario,
    Tipo: row.Tipo,
    Fecha: row.Fecha,
    Lugar: row.Lugar,
    IdNivel2: row.IdNivel2,
    IdNivel3: row.IdNivel3,
    IdSupervisor: row.IdSupervisor,
    Supervisor: row.Supervisor,
    Observados: json<string[]>(row.Observados),
    EquipoTrabajo: row.EquipoTrabajo,
    RutContratista: row.RutContratista,
    IdCliente: row.IdCliente,
    Encabezado: json<Record<string, string>>(row.Encabezado),
    Respuestas: json<RespuestaEnunciado[]>(row.Respuestas),
    Firmas: json<Firma[]>(row.Firmas),
    Porcentaje: row.Porcentaje,
    Nota: row.Nota,
    Estado: row.Estado === 1 ? 1 : 0,
    IniciadaEn: row.IniciadaEn,
    FinalizadaEn: row.FinalizadaEn,
    Version: row.Version,
  };
}

export function toWireObservacion(row: ObservationRow): Observacion {
  return {
    IdObservacion: row.IdObservacion,
    IdEvaluacion: row.IdEvaluacion,
    IdEmpresa: row.IdEmpresa,
    IdFormulario: row.IdFormulario,
    TipoObs: row.TipoObs,
    IdEnunciado: row.IdEnunciado,
    Enunciado: row.Enunciado,
    Observacion: row.Observacion,
    Responsable: row.Responsable,
    IdResponsable: row.IdResponsable,
    Plazo: row.Plazo,
    SemaforoObs: row.SemaforoObs as Semaforo,
    Severidad: row.Severidad,
    Respondida: row.Respondida === 1 ? 1 : 0,
    Aprobada: row.Aprobada === 1 ? 1 : 0,
    Estado: row.Estado === 1 ? 1 : 0,
    EmisorObs: row.EmisorObs,
    Archivos: json<FileRef[]>(row.Archivos),
    Respuestas: json<RespuestaObservacion[]>(row.Respuestas),
    Fecha: row.Fecha,
    IdNivel2: row.IdNivel2,
    IdNivel3: row.IdNivel3,
    RutContratista: row.RutContratista,
    IdCliente: row.IdCliente,
    CreadoEn: row.CreadoEn,
    Version: row.Version,
  };
}

/** Whether `viewer` may see a record of the inspections module (an inspection or one of its observations). */
export function canSee(viewer: Viewer, record: { RutContratista: string | null; IdCliente: string | null }): boolean {
  return canSeeParties(viewer, record);
}

/**
 * The company, the viewer's limit and the follow-up filters both lists share (their columns have the same names).
 * A contractor or client user is limited here, whatever the query string asks.
 */
function sharedConditions(company: string, viewer: Viewer, filters: SeguimientoQuery): RawBuilder<boolean>[] {
  const conditions = [sql<boolean>`"IdEmpresa" = ${company}`, sql<boolean>`"Estado" = 1`];
  // An empty RUT or client id matches nothing (a user set up without one sees nothing, not everything).
  if (viewer.kind === 'contratista') conditions.push(sql<boolean>`"RutContratista" = ${viewer.rut === '' ? NOBODY : viewer.rut}`);
  if (viewer.kind === 'cliente') conditions.push(sql<boolean>`"IdCliente" = ${viewer.id === '' ? NOBODY : viewer.id}`);
  if (filters.IdFormulario) conditions.push(sql<boolean>`"IdFormulario" = ${filters.IdFormulario.toLowerCase()}`);
  if (filters.nv2) conditions.push(sql<boolean>`"IdNivel2" = ${filters.nv2.toLowerCase()}`);
  if (filters.nv3) conditions.push(sql<boolean>`"IdNivel3" = ${filters.nv3.toLowerCase()}`);
  if (filters.RutContratista) conditions.push(sql<boolean>`"RutContratista" = ${filters.RutContratista.replace(/[.\s]/g, '').toUpperCase()}`);
  if (filters.desde) conditions.push(sql<boolean>`"Fecha" >= ${filters.desde}`);
  if (filters.hasta) conditions.push(sql<boolean>`"Fecha" <= ${filters.hasta}`);
  return conditions;
}

/** Active inspections visible to `viewer`, newest first. `semaforo`: those with an active observation of that light. */
export async function listInspections(db: Db, company: string, viewer: Viewer, filters: SeguimientoQuery): Promise<Inspeccion[]> {
  let query = db.selectFrom('evaluaciones').selectAll();
  for (const condition of sharedConditions(company, viewer, filters)) query = query.where(condition);
  if (filters.tipoEval) query = query.where('Tipo', '=', filters.tipoEval);
  if (filters.semaforo) {
    const light = Number(filters.semaforo);
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('observaciones as o')
          .select('o.IdObservacion')
          .whereRef('o.IdEvaluacion', '=', 'evaluaciones.IdEvaluacion')
          .where('o.Estado', '=', 1)
          .where('o.SemaforoObs', '=', light),
      ),
    );
  }
  const rows = await query.orderBy('Fecha', 'desc').orderBy('FinalizadaEn', 'desc').orderBy('IdEvaluacion').execute();
  return rows.map(toWireInspeccion);
}

/** Active observations visible to `viewer`, by deadline. `estado`: abierta, respondida (waiting review), aprobada. */
export async function listObservations(db: Db, company: string, viewer: Viewer, filters: SeguimientoQuery): Promise<Observacion[]> {
  let query = db.selectFrom('observaciones').selectAll();
  for (const condition of sharedConditions(company, viewer, filters)) query = query.where(condition);
  if (filters.tipoEval) {
    const tipo = filters.tipoEval;
    query = query.where('IdEvaluacion', 'in', (eb) => eb.selectFrom('evaluaciones').select('IdEvaluacion').where('IdEmpresa', '=', company).where('Tipo', '=', tipo));
  }
  if (filters.semaforo) query = query.where('SemaforoObs', '=', Number(filters.semaforo));
  if (filters.estado === 'abierta') query = query.where('Respondida', '=', 0).where('Aprobada', '=', 0);
  if (filters.estado === 'respondida') query = query.where('Respondida', '=', 1).where('Aprobada', '=', 0);
  if (filters.estado === 'aprobada') query = query.where('Aprobada', '=', 1);
  const rows = await query.orderBy('Fecha', 'desc').orderBy('CreadoEn').orderBy('IdObservacion').execute();
  return rows.map(toWireObservacion);
}

export function findInspectionById(db: Db, id: string) {
  return db.selectFrom('evaluaciones').selectAll().where('IdEvaluacion', '=', id).executeTakeFirst();
}

export function findInspection(db: Db, company: string, id: string) {
  return db.selectFrom('evaluaciones').selectAll().where('IdEmpresa', '=', company).where('IdEvaluacion', '=', id).executeTakeFirst();
}

export function findObservation(db: Db, company: string, id: string) {
  return db.selectFrom('observaciones').selectAll().where('IdEmpresa', '=', company).where('IdObservacion', '=', id).executeTakeFirst();
}

/** Which of `ids` already exist, in any company (ids are global: UUIDs made on devices). */
export async function existingObservationIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('observaciones').select('IdObservacion').where('IdObservacion', 'in', ids).execute();
  return rows.map((row) => row.IdObservacion);
}

/** The inspection's observations, active only unless `all`, in the order they were written. */
export async function observationsOf(db: Db, company: string, idEvaluacion: string, all = false): Promise<ObservationRow[]> {
  let query = db.selectFrom('observaciones').selectAll().where('IdEmpresa', '=', company).where('IdEvaluacion', '=', idEvaluacion);
  if (!all) query = query.where('Estado', '=', 1);
  return query.orderBy('CreadoEn').orderBy(sql`rowid`).execute();
}

/** Stores an inspection's records (inspectionRecord) as its row and its observations' rows. */
export async function insertRecord(db: Db, record: InspectionRecord, createdAt: string): Promise<void> {
  const { Estado: _state, Version: _version, ...inspection } = record.inspeccion;
  await db
    .insertInto('evaluaciones')
    .values({
      ...inspection,
      Observados: JSON.stringify(inspection.Observados),
      Encabezado: JSON.stringify(inspection.Encabezado),
      Respuestas: JSON.stringify(inspection.Respuestas),
      Firmas: JSON.stringify(inspection.Firmas),
      CreadoEn: createdAt,
    })
    .execute();
  await insertObservations(db, record.observaciones);
}

/** New observations of an inspection (its finishing, or a correction that answers a statement 2). */
export async function insertObservations(db: Db, rows: readonly Observacion[]): Promise<void> {
  // State, version, the cycle's flags and steps take the table's defaults: a new observation is open.
  const observations = rows.map(({ Estado: _s, Version: _v, Respondida: _r, Aprobada: _a, Respuestas: _steps, ...row }) => {
    return { ...row, Archivos: JSON.stringify(row.Archivos) };
  });
  if (observations.length) await db.insertInto('observaciones').values(observations).execute();
}

/** The columns a deletion or a correction changes (JSON columns as their text). */
type InspectionChanges = Partial<
  Pick<InspectionRow, 'Estado' | 'Version' | 'Lugar' | 'Supervisor' | 'EquipoTrabajo' | 'Encabezado' | 'Respuestas' | 'Porcentaje' | 'Nota'>
>;

export async function updateInspection(db: Db, company: string, id: string, changes: InspectionChanges): Promise<void> {
  await db.updateTable('evaluaciones').set(changes).where('IdEmpresa', '=', company).where('IdEvaluacion', '=', id).execute();
}

export async function updateObservation(
  db: Db,
  company: string,
  id: string,
  changes: Partial<Pick<ObservationRow, 'Estado' | 'Version' | 'SemaforoObs' | 'Respondida' | 'Aprobada' | 'Plazo' | 'Respuestas' | 'Observacion'>>,
): Promise<void> {
  await db.updateTable('observaciones').set(changes).where('IdEmpresa', '=', company).where('IdObservacion', '=', id).execute();
}
