import type { Insertable } from 'kysely';
import type { Capacitacion } from '#sync/schemas/capacitaciones.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { CapacitacionParticipantesTable, CapacitacionesTable } from '#server/db/schema.ts';
import { keepingSummary } from '#server/records/indicators/monthly-summary.ts';
import { sessionShares } from './dashboard-meses.ts';

/** Sessions written whole: the row and its three lists, each in its own table (migration 0009). */

type Columns = Omit<Insertable<CapacitacionesTable>, 'IdEmpresa' | 'IdCapacitacion'>;

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

/**
 * Every write of a session passes here (the store's insert and update: creation, realisation, edits, lists, deletion)
 * and rewrites its attendance rows, so here the session's share of the monthly summaries is taken away as it was
 * and added as it is, in the write's transaction: the summaries never part from the rows.
 */
function keepingShares(db: Db, session: Capacitacion, write: () => Promise<void>): Promise<void> {
  return keepingSummary(db, () => sessionShares(db, session.IdEmpresa, session.IdCapacitacion), write);
}

export function insertSession(db: Db, session: Capacitacion, fieldVersions: string): Promise<void> {
  return keepingShares(db, session, async () => {
    await db
      .insertInto('capacitaciones')
      .values({ ...sessionColumns(session, fieldVersions), IdEmpresa: session.IdEmpresa, IdCapacitacion: session.IdCapacitacion })
      .execute();
    await writeChildren(db, session);
  });
}

export function updateSession(db: Db, session: Capacitacion, fieldVersions: string): Promise<void> {
  return keepingShares(db, session, async () => {
    await db
      .updateTable('capacitaciones')
      .set(sessionColumns(session, fieldVersions))
      .where('IdEmpresa', '=', session.IdEmpresa)
      .where('IdCapacitacion', '=', session.IdCapacitacion)
      .execute();
    await writeChildren(db, session);
  });
}
