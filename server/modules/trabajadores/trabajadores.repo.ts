import { NOBODY } from '#server/db/portable-sql.ts';
import { sql, type Selectable } from 'kysely';
import type { Reference } from '#sync/records/entity.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import type { Certificacion, Evidencia, Licencia, Trabajador } from '#sync/schemas/trabajadores.schema.ts';
import type { TrabajadoresQuery } from '#sync/schemas/trabajadores-query.schema.ts';
import { inWorksitesSql, notInWorksitesSql } from '#server/tenancy/worksites.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';
import { reusableQuery, shapedQuery, type Db } from '#server/db/database.ts';
import type { TrabajadoresTable } from '#server/db/schema.ts';
import { containing, searchWords } from '#server/records/search-words.ts';
import { liveIds } from '#server/records/record-store.ts';

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

// A worker's own reads and writes run on every write of a worker: built once (reusableQuery), then only run.
const selectCompanyOf = reusableQuery((db, id: string) => db.selectFrom('trabajadores').select('IdEmpresa').where('IdPersona', '=', id));
const selectWorker = reusableQuery((db, company: string, id: string) =>
  db.selectFrom('trabajadores').selectAll().where('IdEmpresa', '=', company).where('IdPersona', '=', id),
);
const selectCargosOfOne = reusableQuery((db, id: string) =>
  db.selectFrom('trabajador_cargos').select('IdCargo').where('IdPersona', '=', id).orderBy('IdCargo'),
);

/** The company that holds a worker's id, whichever it is (ids are global). */
export async function companyOfWorker(db: Db, id: string): Promise<string | undefined> {
  const [row] = await selectCompanyOf(db, id);
  return row?.IdEmpresa;
}

export async function findWorker(db: Db, company: string, id: string): Promise<WorkerRow | undefined> {
  const [row] = await selectWorker(db, company, id);
  return row;
}

/** One worker's positions, in the order `cargosOf` gives them. */
export async function cargosOfWorker(db: Db, id: string): Promise<string[]> {
  return (await selectCargosOfOne(db, id)).map((row) => row.IdCargo);
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
  return row && toWireWorker(row, await cargosOfWorker(db, id));
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

// Estado = 1 written as a literal: the unique index on the RUT holds only active workers (WHERE Estado = 1), and
// SQLite uses a partial index for a bound parameter only by preparing the statement again on every run.
const selectActiveByRun = reusableQuery((db, company: string, run: string, exceptId: string) =>
  db
    .selectFrom('trabajadores')
    .select('IdPersona')
    .where('IdEmpresa', '=', company)
    .where('RunPersona', '=', run)
    .where('Estado', '=', sql.lit(1))
    .where('IdPersona', '!=', exceptId),
);

/** Another active worker of the company with this RUT. */
export async function findActiveByRun(db: Db, company: string, run: string, exceptId: string) {
  const [row] = await selectActiveByRun(db, company, run, exceptId);
  return row;
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
export function activeWorkerIds(db: Db, company: string, ids: readonly string[], where?: Reference['where']): Promise<Set<string>> {
  return liveIds(db, { table: 'trabajadores', id: 'IdPersona' }, company, ids, where);
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

export type NewWorker = WorkerColumns & Pick<WorkerRow, 'IdEmpresa' | 'IdPersona' | 'VersionesCampos'>;

const insertWorkerQuery = shapedQuery<never>();

/**
 * Stores a new worker, the INSERT compiled once for the columns given, and gives the row as it now stands (the
 * columns written, active, version 1), or undefined when a column was left out for its default: then only reading
 * it back tells.
 */
export async function insertWorker(db: Db, worker: NewWorker): Promise<WorkerRow | undefined> {
  const written = Object.fromEntries(Object.entries(worker).filter(([, value]) => value !== undefined)) as NewWorker;
  const columns = Object.keys(written);
  await insertWorkerQuery(db, columns.join(','), Object.values(written), () => db.insertInto('trabajadores').values(written));
  return columns.length === Object.keys(worker).length ? { ...written, Estado: 1, Version: 1 } : undefined;
}

const insertCargo = reusableQuery((db, id: string, cargo: string, company: string) =>
  db.insertInto('trabajador_cargos').values({ IdPersona: id, IdCargo: cargo, IdEmpresa: company }),
);

/** The positions of a worker just created (none are stored yet). */
export async function addWorkerCargos(db: Db, company: string, id: string, cargos: readonly string[]): Promise<void> {
  for (const cargo of cargos) await insertCargo(db, id, cargo, company);
}

export async function updateWorker(db: Db, company: string, id: string, changes: Partial<WorkerColumns> & Partial<Pick<WorkerRow, 'Estado' | 'Version' | 'VersionesCampos'>>): Promise<void> {
  await db.updateTable('trabajadores').set(changes).where('IdEmpresa', '=', company).where('IdPersona', '=', id).execute();
}

export async function setWorkerCargos(db: Db, company: string, id: string, cargos: readonly string[]): Promise<void> {
  await db.deleteFrom('trabajador_cargos').where('IdPersona', '=', id).execute();
  if (cargos.length) await db.insertInto('trabajador_cargos').values(cargos.map((IdCargo) => ({ IdPersona: id, IdCargo, IdEmpresa: company }))).execute();
}
