import { NOBODY } from '#server/db/portable-sql.ts';
import type { Insertable, Selectable } from 'kysely';
import type { Reference } from '#sync/records/entity.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import type { Participante, Relator } from '#sync/schemas/capacitaciones-partes.schema.ts';
import type { EvidenciaCapacitacion } from '#sync/schemas/capacitaciones-programa.schema.ts';
import type { Capacitacion } from '#sync/schemas/capacitaciones.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { CapacitacionParticipantesTable, CapacitacionesTable } from '#server/db/schema.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';

/** Sessions and their three lists, each in its own table (migration 0009), read and written whole. */

type SessionRow = Selectable<CapacitacionesTable>;
type Columns = Omit<Insertable<CapacitacionesTable>, 'IdEmpresa' | 'IdCapacitacion'>;

const json = <T>(text: string | null) => (text === null ? null : (JSON.parse(text) as T));
const state = (value: number): 0 | 1 => (value === 1 ? 1 : 0);
const CHUNK = 500;

interface Children {
  Participantes: Participante[];
  Relatores: Relator[];
  Evidencias: EvidenciaCapacitacion[];
}

function toWire(row: SessionRow, children: Children): Capacitacion {
  return {
    IdCapacitacion: row.IdCapacitacion,
    IdEmpresa: row.IdEmpresa,
    Estado: state(row.Estado),
    Version: row.Version,
    IdTipoCapacitacion: row.IdTipoCapacitacion,
    IdPrograma: row.IdPrograma,
    Tema: row.Tema,
    Fecha: row.Fecha,
    HoraInicio: row.HoraInicio,
    Lugar: row.Lugar,
    DuracionHoras: row.DuracionHoras,
    IdNivel2: row.IdNivel2,
    IdNivel3: row.IdNivel3,
    RutContratista: row.RutContratista,
    IdCliente: row.IdCliente,
    CargosParticipantes: json<string[]>(row.CargosParticipantes) ?? [],
    Realizada: state(row.Realizada),
    FechaRealizacion: row.FechaRealizacion,
    VigenciaMeses: row.VigenciaMeses,
    Evaluada: state(row.Evaluada),
    IdUsuario: row.IdUsuario,
    ...children,
  };
}

/** The lists of each session, in their order, read a chunk of sessions at a time. */
async function childrenOf(db: Db, ids: readonly string[]): Promise<Map<string, Children>> {
  const found = new Map<string, Children>(ids.map((id) => [id, { Participantes: [], Relatores: [], Evidencias: [] }]));
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const [participants, presenters, evidence] = await Promise.all([
      db
        .selectFrom('capacitacion_participantes')
        .selectAll()
        .where('IdCapacitacion', 'in', chunk)
        .orderBy('IdCapacitacion')
        .orderBy('Posicion')
        .execute(),
      db
        .selectFrom('capacitacion_relatores')
        .selectAll()
        .where('IdCapacitacion', 'in', chunk)
        .orderBy('IdCapacitacion')
        .orderBy('Posicion')
        .execute(),
      db
        .selectFrom('capacitacion_evidencias')
        .selectAll()
        .where('IdCapacitacion', 'in', chunk)
        .orderBy('IdCapacitacion')
        .orderBy('Posicion')
        .execute(),
    ]);
    for (const row of participants) {
      found.get(row.IdCapacitacion)!.Participantes.push({
        Id: row.Id,
        IdPersona: row.IdPersona,
        IdCargo: row.IdCargo,
        RunPersona: row.RunPersona,
        Nombre: row.Nombre,
        RutContratista: row.RutContratista,
        IdNivel2: row.IdNivel2,
        IdNivel3: row.IdNivel3,
        Asistio: state(row.Asistio),
        Nota: row.Nota,
        Firma: json<FileRef>(row.Firma),
        FirmadoEn: row.FirmadoEn,
        FechaVencimiento: row.FechaVencimiento,
        Estado: state(row.Estado),
      });
    }
    for (const row of presenters) {
      found.get(row.IdCapacitacion)!.Relatores.push({
        Id: row.Id,
        IdUsuario: row.IdUsuario,
        IdCargo: row.IdCargo,
        IdPersona: row.IdPersona,
        Nombre: row.Nombre,
        Rut: row.Rut,
        Firma: json<FileRef>(row.Firma),
        FirmadoEn: row.FirmadoEn,
        Estado: state(row.Estado),
      });
    }
    for (const row of evidence) {
      found.get(row.IdCapacitacion)!.Evidencias.push({
        Id: row.Id,
        Evidencia: row.Evidencia,
        Nombre: row.Nombre,
        TipoEvidencia: row.TipoEvidencia as EvidenciaCapacitacion['TipoEvidencia'],
        Archivo: json<FileRef>(row.Archivo)!,
        Fecha: row.Fecha,
        Estado: state(row.Estado),
      });
    }
  }
  return found;
}

async function withChildren(db: Db, rows: SessionRow[]): Promise<Capacitacion[]> {
  const children = await childrenOf(
    db,
    rows.map((row) => row.IdCapacitacion),
  );
  return rows.map((row) => toWire(row, children.get(row.IdCapacitacion)!));
}

export async function companyOfSession(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom('capacitaciones').select('IdEmpresa').where('IdCapacitacion', '=', id).executeTakeFirst())?.IdEmpresa;
}

export async function loadSession(
  db: Db,
  company: string,
  id: string,
): Promise<{ session: Capacitacion; fieldVersions: string } | undefined> {
  const row = await db
    .selectFrom('capacitaciones')
    .selectAll()
    .where('IdEmpresa', '=', company)
    .where('IdCapacitacion', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [session] = await withChildren(db, [row]);
  return { session: session!, fieldVersions: row.VersionesCampos };
}

export interface SessionFilters {
  realizada?: 0 | 1;
  nv2?: string | null;
  nv3?: string | null;
}

/** Active sessions the viewer may see (SPEC PL7, `partes`), newest first, with their lists. */
export async function listSessions(db: Db, company: string, viewer: Viewer, filters: SessionFilters = {}): Promise<Capacitacion[]> {
  let query = db.selectFrom('capacitaciones').selectAll().where('IdEmpresa', '=', company).where('Estado', '=', 1);
  // An empty RUT or client id matches nothing: a user set up without one sees nothing, not everything.
  if (viewer.kind === 'contratista') query = query.where('RutContratista', '=', viewer.rut === '' ? NOBODY : viewer.rut);
  if (viewer.kind === 'cliente') query = query.where('IdCliente', '=', viewer.id === '' ? NOBODY : viewer.id);
  if (filters.realizada !== undefined) query = query.where('Realizada', '=', filters.realizada);
  if (filters.nv2) query = query.where('IdNivel2', '=', filters.nv2);
  if (filters.nv3) query = query.where('IdNivel3', '=', filters.nv3);
  const rows = await query.orderBy('Fecha', 'desc').orderBy('IdCapacitacion').execute();
  return withChildren(db, rows);
}

function sessionColumns(session: Capacitacion, fieldVersions: string): Columns {
  return {
    IdTipoCapacitacion: session.IdTipoCapacitacion,
    IdPrograma: session.IdPrograma,
    Tema: session.Tema,
    Fecha: session.Fecha,
    HoraInicio: session.HoraInicio,
    Lugar: session.Lugar,
    DuracionHoras: session.DuracionHoras,
    IdNivel2: session.IdNivel2,
    IdNivel3: session.IdNivel3,
    RutContratista: session.RutContratista,
    IdCliente: session.IdCliente,
    CargosParticipantes: JSON.stringify(session.CargosParticipantes),
    Realizada: session.Realizada,
    FechaRealizacion: session.FechaRealizacion,
    VigenciaMeses: session.VigenciaMeses,
    Evaluada: session.Evaluada,
    IdUsuario: session.IdUsuario,
    Estado: session.Estado,
    Version: session.Version,
    VersionesCampos: fieldVersions,
  };
}

/** Each attendance row carries what reports filter and add by, copied from its session on every write. */
function participantRows(session: Capacitacion): Insertable<CapacitacionParticipantesTable>[] {
  return session.Participantes.map((participant, index) => ({
    ...participant,
    Firma: participant.Firma && JSON.stringify(participant.Firma),
    IdCapacitacion: session.IdCapacitacion,
    IdEmpresa: session.IdEmpresa,
    Posicion: index,
    Activa: session.Estado === 1 && participant.Estado === 1 ? 1 : 0,
    IdTipoCapacitacion: session.IdTipoCapacitacion,
    IdPrograma: session.IdPrograma,
    DuracionHoras: session.DuracionHoras,
    Fecha: session.Fecha,
    Realizada: session.Realizada,
    FechaRealizacion: session.FechaRealizacion,
    Mes: session.FechaRealizacion?.slice(0, 7) ?? null,
    Evaluada: session.Evaluada,
    RutContratistaSesion: session.RutContratista,
    IdCliente: session.IdCliente,
  }));
}

/**
 * The session's lists as rows, replaced whole in the write's transaction: the wire row is the truth (children
 * are append-only on the wire, SPEC CF5, so nothing a device sent is lost by rewriting them).
 */
async function writeChildren(db: Db, session: Capacitacion): Promise<void> {
  const id = session.IdCapacitacion;
  await db.deleteFrom('capacitacion_participantes').where('IdCapacitacion', '=', id).execute();
  await db.deleteFrom('capacitacion_relatores').where('IdCapacitacion', '=', id).execute();
  await db.deleteFrom('capacitacion_evidencias').where('IdCapacitacion', '=', id).execute();
  const base = { IdCapacitacion: id, IdEmpresa: session.IdEmpresa };
  const participants = participantRows(session);
  for (let start = 0; start < participants.length; start += 100)
    await db
      .insertInto('capacitacion_participantes')
      .values(participants.slice(start, start + 100))
      .execute();
  if (session.Relatores.length) {
    await db
      .insertInto('capacitacion_relatores')
      .values(
        session.Relatores.map((relator, index) => ({
          ...relator,
          ...base,
          Posicion: index,
          Firma: relator.Firma && JSON.stringify(relator.Firma),
        })),
      )
      .execute();
  }
  if (session.Evidencias.length) {
    await db
      .insertInto('capacitacion_evidencias')
      .values(
        session.Evidencias.map((evidence, index) => ({ ...evidence, ...base, Posicion: index, Archivo: JSON.stringify(evidence.Archivo) })),
      )
      .execute();
  }
}

export async function insertSession(db: Db, session: Capacitacion, fieldVersions: string): Promise<void> {
  await db
    .insertInto('capacitaciones')
    .values({ ...sessionColumns(session, fieldVersions), IdEmpresa: session.IdEmpresa, IdCapacitacion: session.IdCapacitacion })
    .execute();
  await writeChildren(db, session);
}

export async function updateSession(db: Db, session: Capacitacion, fieldVersions: string): Promise<void> {
  await db
    .updateTable('capacitaciones')
    .set(sessionColumns(session, fieldVersions))
    .where('IdEmpresa', '=', session.IdEmpresa)
    .where('IdCapacitacion', '=', session.IdCapacitacion)
    .execute();
  await writeChildren(db, session);
}

export async function activeSessionIds(db: Db, company: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('capacitaciones')
    .select('IdCapacitacion')
    .where('IdEmpresa', '=', company)
    .where('Estado', '=', 1)
    .where('IdCapacitacion', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.IdCapacitacion));
}

/** Whether an active session points at `id` through a reference field of one value (its type, its programme). */
export async function sessionPointsAt(db: Db, company: string, reference: Reference, id: string): Promise<boolean> {
  if (reference.field !== 'IdTipoCapacitacion' && reference.field !== 'IdPrograma') return false;
  const found = await db
    .selectFrom('capacitaciones')
    .select('IdCapacitacion')
    .where('IdEmpresa', '=', company)
    .where('Estado', '=', 1)
    .where(reference.field, '=', id)
    .executeTakeFirst();
  return found !== undefined;
}

/** The session holding a child row (participant, presenter or evidence) of the company, by the child's Id. */
export async function sessionOfChild(
  db: Db,
  company: string,
  table: 'capacitacion_participantes' | 'capacitacion_relatores' | 'capacitacion_evidencias',
  childId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom(table)
    .select('IdCapacitacion')
    .where('IdEmpresa', '=', company)
    .where('Id', '=', childId)
    .executeTakeFirst();
  return row?.IdCapacitacion;
}

/** Of `ids`, those some row of `table` already has (child ids are global UUIDs, like record ids). */
export async function takenChildIds(
  db: Db,
  table: 'capacitacion_participantes' | 'capacitacion_relatores' | 'capacitacion_evidencias',
  ids: readonly string[],
  exceptSession: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(table)
    .select('Id')
    .where('Id', 'in', [...ids])
    .where('IdCapacitacion', '!=', exceptSession)
    .execute();
  return rows.map((row) => row.Id);
}
