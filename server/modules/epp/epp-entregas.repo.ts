import { NOBODY } from '#server/db/portable-sql.ts';
import type { Selectable } from 'kysely';
import type { FileRef } from '#sync/records/record-fields.ts';
import type { EntregaLinea, Entregador, EppEntrega } from '#sync/schemas/epp-entregas.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { EppEntregasLineasTable, EppEntregasTable } from '#server/db/schema.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';
import { summariseActaLines } from './dashboard-lineas.ts';

export type DeliveryRow = Selectable<EppEntregasTable>;
export type LineRow = Selectable<EppEntregasLineasTable>;

export function toLinea(row: LineRow): EntregaLinea {
  return {
    IdLinea: row.IdLinea,
    IdEpp: row.IdEpp,
    NombreEpp: row.NombreEpp,
    Talla: row.Talla,
    Cantidad: row.Cantidad,
    VidaUtilMeses: row.VidaUtilMeses,
    VenceEl: row.VenceEl,
  };
}

export function toWireEntrega(row: DeliveryRow, lines: readonly LineRow[]): EppEntrega {
  return {
    IdEntregadosEpp: row.IdEntregadosEpp,
    IdEmpresa: row.IdEmpresa,
    Estado: row.Estado === 1 ? 1 : 0,
    Version: row.Version,
    IdEntrega: row.IdEntrega,
    IdPersona: row.IdPersona,
    RunPersona: row.RunPersona,
    NombreTrabajador: row.NombreTrabajador,
    RutContratista: row.RutContratista,
    IdCliente: row.IdCliente,
    Motivo: row.Motivo as EppEntrega['Motivo'],
    Fecha: row.Fecha,
    Items: [...lines].sort((a, b) => a.Orden - b.Orden).map(toLinea),
    Entregador: JSON.parse(row.Entregador) as Entregador,
    FirmaTrabajador: JSON.parse(row.FirmaTrabajador) as FileRef,
    FirmadoEn: row.FirmadoEn,
    Corrige: row.Corrige,
    Sello: row.Sello,
    VersionSello: row.VersionSello === 2 ? 2 : 1,
    RecibidoEn: row.RecibidoEn,
    IdUsuario: row.IdUsuario,
    Anulada: row.Anulada === 1 ? 1 : 0,
    AnuladaPor: row.AnuladaPor,
    AnuladaEn: row.AnuladaEn,
  };
}

export function findDeliveryById(db: Db, id: string) {
  return db.selectFrom('epp_entregas').selectAll().where('IdEntregadosEpp', '=', id).executeTakeFirst();
}

export function findDeliveryBySeal(db: Db, seal: string) {
  return db.selectFrom('epp_entregas').selectAll().where('Sello', '=', seal).executeTakeFirst();
}

export function linesOf(db: Db, id: string): Promise<LineRow[]> {
  return db.selectFrom('epp_entregas_lineas').selectAll().where('IdEntregadosEpp', '=', id).orderBy('Orden').execute();
}

/** One delivery of the company with its lines, whatever its state. */
export async function loadDelivery(db: Db, company: string, id: string): Promise<EppEntrega | undefined> {
  const row = await db
    .selectFrom('epp_entregas')
    .selectAll()
    .where('IdEmpresa', '=', company)
    .where('IdEntregadosEpp', '=', id)
    .executeTakeFirst();
  return row && toWireEntrega(row, await linesOf(db, id));
}

/** The company's active actas the viewer may see; an empty RUT or client id matches nothing (a user set up without one sees nothing). */
function visibleActas(db: Db, company: string, viewer: Viewer) {
  let query = db.selectFrom('epp_entregas').where('IdEmpresa', '=', company).where('Estado', '=', 1);
  if (viewer.kind === 'contratista') query = query.where('RutContratista', '=', viewer.rut === '' ? NOBODY : viewer.rut);
  if (viewer.kind === 'cliente') query = query.where('IdCliente', '=', viewer.id === '' ? NOBODY : viewer.id);
  return query;
}

/** The company's deliveries the viewer may see (annulled ones too: they are kept), newest first, with their lines. */
export async function listDeliveries(db: Db, company: string, viewer: Viewer): Promise<EppEntrega[]> {
  const acta = visibleActas(db, company, viewer);
  const rows = await acta.selectAll().orderBy('Fecha', 'desc').orderBy('FirmadoEn', 'desc').orderBy('IdEntregadosEpp').execute();
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom('epp_entregas_lineas')
    .selectAll()
    .where('IdEmpresa', '=', company)
    .where('IdEntregadosEpp', 'in', acta.select('IdEntregadosEpp'))
    .execute();
  const byDelivery = new Map<string, LineRow[]>();
  for (const line of lines) {
    const found = byDelivery.get(line.IdEntregadosEpp);
    if (found) found.push(line);
    else byDelivery.set(line.IdEntregadosEpp, [line]);
  }
  return rows.map((row) => toWireEntrega(row, byDelivery.get(row.IdEntregadosEpp) ?? []));
}

/** Stores an acta's record (actaRecord) as its row and its lines, in the order they were signed. */
export async function insertActa(db: Db, acta: EppEntrega & { RecibidoEn: string }): Promise<void> {
  // State, version and annulment take the table's defaults: a new acta is active, version 1, not annulled.
  const { Items, Entregador, FirmaTrabajador, Estado: _state, Version: _version, ...signed } = acta;
  const { Anulada: _annulled, AnuladaPor: _by, AnuladaEn: _on, ...row } = signed;
  await db
    .insertInto('epp_entregas')
    .values({ ...row, Entregador: JSON.stringify(Entregador), FirmaTrabajador: JSON.stringify(FirmaTrabajador) })
    .execute();
  const lines = Items.map((item, index) => ({
    IdLinea: item.IdLinea,
    IdEntregadosEpp: acta.IdEntregadosEpp,
    IdEmpresa: acta.IdEmpresa,
    Orden: index,
    IdPersona: acta.IdPersona,
    IdEpp: item.IdEpp,
    NombreEpp: item.NombreEpp,
    Talla: item.Talla,
    Cantidad: item.Cantidad,
    Fecha: acta.Fecha,
    VidaUtilMeses: item.VidaUtilMeses,
    VenceEl: item.VenceEl,
  }));
  await db.insertInto('epp_entregas_lineas').values(lines).execute();
  await summariseActaLines(db, acta, 1);
}

/** Annulling is the only change an acta takes: the sealed columns refuse any other (migration 0010). */
export async function markAnnulled(
  db: Db,
  acta: EppEntrega,
  changes: { AnuladaPor: string; AnuladaEn: string; Version: number },
): Promise<void> {
  await summariseActaLines(db, acta, -1);
  await db
    .updateTable('epp_entregas')
    .set({ Anulada: 1, ...changes })
    .where('IdEmpresa', '=', acta.IdEmpresa)
    .where('IdEntregadosEpp', '=', acta.IdEntregadosEpp)
    .execute();
}
