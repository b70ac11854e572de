import { NOBODY } from '#server/db/portable-sql.ts';
import { sql, type Selectable } from 'kysely';
import type { Reference } from '#sync/records/entity.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import type { Certificacion, Evidencia, Licencia, Trabajador } from '#sync/schemas/trabajadores.schema.ts';
import type { TrabajadoresQuery } from '#sync/schemas/trabajadores-query.schema.ts';
import { inWorksitesSql, notInWorksitesSql } from '#server/tenancy/worksites.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';
import type { Db } from '#server/db/database.ts';
import type { TrabajadoresTable } from '#server/db/schema.ts';
import { containing, searchWords } from '#server/records/search-words.ts';

export type WorkerRow = Selectable<TrabajadoresTable>;

/** The contractor RUT the viewer's workers must carry; a value no worker has when they may see none; undefined: all. */
function onlyContractor(viewer: Viewer): string | undefined {
  if (viewer.kind === 'cliente') return NOBODY;
  if (viewer.kind === 'contratista') return viewer.rut === '' ? NOBODY : viewer.rut;
  return undefined;
}

const parseFile = (json: string | null) => (json === null ? null : (JSON.parse(json) as FileRef));
export const fileColumn = (file: FileRef | null) => (file === null ? null : JSON.stringify(file));

export function toWireWorker(row: WorkerRow, cargos: string[]): Trabajador {
  return {
    IdPersona: row.IdPersona,
    IdEmpresa: row.IdEmpresa,
    RunPersona: row.RunPersona,
    Nombres: row.Nombres,
    ApellidoPaterno: row.ApellidoPaterno,
    ApellidoMaterno: row.ApellidoMaterno,
    cargos,
    IdNivel2: row.IdNivel2,
    IdNivel3: row.IdNivel3,
    IdNivel4: row.IdNivel4,
    TipoEmpresa: row.TipoEmpresa === 2 ? 2 : 1,
    RutContratista: row.RutContratista,
    FichaMedica: parseFile(row.FichaMedica),
    FechaFichaMedica: row.FechaFichaMedica,
    FichaMedicaAnterior: parseFile(row.FichaMedicaAnterior),
    Firma: parseFile(row.Firma),
    FirmaAnterior: parseFile(row.FirmaAnterior),
    CorreoPersonal: row.CorreoPersonal,
    ConsentimientoCorreo: row.ConsentimientoCorreo,
    licencias: JSON.parse(row.Licencias) as Licencia[],
    certificaciones: JSON.parse(row.Certificaciones) as Certificacion[],
    evidencias: JSON.parse(row.Evidencias) as Evidencia[],
    Estado: row.Estado === 1 ? 1 : 0,
    Version: row.Version,
  };
}

export function findWorkerById(db: Db, id: string) {
  return db.selectFrom('trabajadores').selectAll().where('IdPersona', '=', id).executeTakeFirst();
}

export function findWorker(db: Db, company: string, id: string) {
  return db.selectFrom('trabajadores').selectAll().where('IdEmpresa', '=', company).where('IdPersona', '=', id).executeTakeFirst();
}

/** The positions of each worker, in a stable order. */
export async function cargosOf(db: Db, ids: readonly string[]): Promise<Map<string, string[]>> {
  const byWorker = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom('trabajador_cargos')
      .select(['IdPersona', 'IdCargo'])
      .where('IdPersona', 'in', ids.slice(start, start + 500))
      .orderBy('IdPersona')
      .orderBy('IdCargo')
      .execute();
    for (const row of rows) byWorker.get(row.IdPersona)?.push(row.IdCargo);
  }
  return byWorker;
}

export async function loadWireWorker(db: Db, company: string, id: string): Promise<Trabajador | undefined> {
  const row = await findWorker(db, company, id);
  return row && toWireWorker(row, (await cargosOf(db, [id])).get(id) ?? []);
}

/** One page of the company's active workers, visible to `viewer`, matching every filter; ordered by surname. */
export async function listWorkers(
  db: Db,
  company: string,
  viewer: Viewer,
  query: TrabajadoresQuery,
  scope: { worksites: readonly string[] | null; before?: readonly string[] } | null = null,
) {
  let base = db.selectFrom('trabajadores as t').where('t.IdEmpresa', '=', company).where('t.Estado', '=', 1);
  if (scope?.worksites) base = base.where(inWorksitesSql('t.IdNivel2', 't.IdNivel3', scope.worksites));
  if (scope?.before) base = base.where(notInWorksitesSql('t.IdNivel2', 't.IdNivel3', scope.before));
  const contractor = onlyContractor(viewer);
  if (contractor !== undefined) base = base.where('t.RutContratista', '=', contractor);
  if (query.RutContratista) base = base.where('t.RutContratista', '=', query.RutContratista);
  if (query.TipoEmpresa !== undefined) base = base.where('t.TipoEmpresa', '=', query.TipoEmpresa);
  if (query.nv2) base = base.where('t.IdNivel2', '=', query.nv2);
  if (query.nv3) base = base.where('t.IdNivel3', '=', query.nv3);
  if (query.Cargo) {
    const cargo = query.Cargo;
    base = base.where((eb) =>
      eb.exists(eb.selectFrom('trabajador_cargos as tc').select('tc.IdCargo').whereRef('tc.IdPersona', '=', 't.IdPersona').where('tc.IdCargo', '=', cargo)),
    );
  }
  for (const word of searchWords(query.Buscar ?? '')) {
    base = base.where(sql<boolean>`t."Busqueda" LIKE ${containing(word)} ESCAPE '\\'`);
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('t')
    .orderBy('t.ApellidoPaterno')
    .orderBy('t.ApellidoMaterno')
    .orderBy('t.Nombres')
    .orderBy('t.IdPersona')
    .limit(query.PorPagina)
    .offset((query.Pagina - 1) * query.PorPagina)
    .execute();
  const cargos = await cargosOf(db, rows.map((row) => row.IdPersona));
  return { total: Number(total), data: rows.map((row) => toWireWorker(row, cargos.get(row.IdPersona) ?? [])) };
}

/** Another active worker of the company with this RUT. */
export function findActiveByRun(db: Db, company: string, run: string, exceptId: string) {
  return db
    .selectFrom('trabajadores')
    .select('IdPersona')
    .where('IdEmpresa', '=', company)
    .where('RunPersona', '=', run)
    .where('Estado', '=', 1)
    .where('IdPersona', '!=', exceptId)
    .executeTakeFirst();
}

/** The contractor RUTs among the company's active workers (what the contractor filter offers). */
export async function listContractorRuts(db: Db, company: string, viewer: Viewer): Promise<string[]> {
  let query = db
    .selectFrom('trabajadores')
    .select('RutContratista')
    .distinct()
    .where('IdEmpresa', '=', company)
    .where('Estado', '=', 1)
    .where('RutContratista', 'is not', null);
  const contractor = onlyContractor(viewer);
  if (contractor !== undefined) query = query.where('RutContratista', '=', contractor);
  const rows = await query.orderBy('RutContratista').execute();
  return rows.map((row) => row.RutContratista).filter((rut): rut is string => rut !== null);
}

/** Every active worker the viewer may see, by surname (what a device downloads again, SPEC PL5). */
export async function listAllActive(db: Db, company: string, viewer: Viewer): Promise<Trabajador[]> {
  let query = db.selectFrom('trabajadores').selectAll().where('IdEmpresa', '=', company).where('Estado', '=', 1);
  const contractor = onlyContractor(viewer);
  if (contractor !== undefined) query = query.where('RutContratista', '=', contractor);
  const rows = await query.orderBy('ApellidoPaterno').orderBy('ApellidoMaterno').orderBy('Nombres').orderBy('IdPersona').execute();
  const cargos = await cargosOf(db, rows.map((row) => row.IdPersona));
  return rows.map((row) => toWireWorker(row, cargos.get(row.IdPersona) ?? []));
}

/** Of `ids`, the company's active workers (matching `where`). */
export async function activeWorkerIds(db: Db, company: string, ids: readonly string[], where: Reference['where'] = {}): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  let query = db.selectFrom('trabajadores').select('IdPersona').where('IdEmpresa', '=', company).where('Estado', '=', 1).where('IdPersona', 'in', [...ids]);
  for (const [field, value] of Object.entries(where)) query = query.where(field as 'IdPersona', '=', String(value));
  return new Set((await query.execute()).map((row) => row.IdPersona));
}

/** Whether an active worker points at `id` through `reference` (its positions live in `trabajador_cargos`). */
export async function workerPointsAt(db: Db, company: string, reference: Reference, id: string): Promise<boolean> {
  let query = db.selectFrom('trabajadores as t').select('t.IdPersona').where('t.IdEmpresa', '=', company).where('t.Estado', '=', 1);
  if (reference.field === 'cargos') {
    query = query.where((eb) => eb.exists(eb.selectFrom('trabajador_cargos as tc').select('tc.IdCargo').whereRef('tc.IdPersona', '=', 't.IdPersona').where('tc.IdCargo', '=', id)));
  } else {
    query = query.where(`t.${reference.field}` as 't.IdNivel2', '=', id);
  }
  return (await query.executeTakeFirst()) !== undefined;
}

export type WorkerColumns = Omit<WorkerRow, 'IdEmpresa' | 'IdPersona' | 'Estado' | 'Version' | 'VersionesCampos'>;

export async function insertWorker(db: Db, company: string, id: string, columns: WorkerColumns & Pick<WorkerRow, 'VersionesCampos'>): Promise<void> {
  await db.insertInto('trabajadores').values({ ...columns, IdEmpresa: company, IdPersona: id }).execute();
}

export async function updateWorker(db: Db, company: string, id: string, changes: Partial<WorkerColumns> & Partial<Pick<WorkerRow, 'Estado' | 'Version' | 'VersionesCampos'>>): Promise<void> {
  await db.updateTable('trabajadores').set(changes).where('IdEmpresa', '=', company).where('IdPersona', '=', id).execute();
}

export async function setWorkerCargos(db: Db, company: string, id: string, cargos: readonly string[]): Promise<void> {
  await db.deleteFrom('trabajador_cargos').where('IdPersona', '=', id).execute();
  if (cargos.length) await db.insertInto('trabajador_cargos').values(cargos.map((IdCargo) => ({ IdPersona: id, IdCargo, IdEmpresa: company }))).execute();
}
