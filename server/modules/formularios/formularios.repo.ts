import type { Selectable } from 'kysely';
import type { ContenidoFormulario, Formulario, FormularioTipo } from '#sync/schemas/formularios.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { FormulariosTable } from '#server/db/schema.ts';

export type FormularioRow = Selectable<FormulariosTable>;

export function toWireFormulario(row: FormularioRow, contenido: ContenidoFormulario): Formulario {
  return {
    IdFormulario: row.IdFormulario,
    IdEmpresa: row.IdEmpresa,
    Nombre: row.Nombre,
    Tipo: row.Tipo,
    Descripcion: row.Descripcion,
    Estado: row.Estado === 1 ? 1 : 0,
    VersionFormulario: row.VersionFormulario,
    Contenido: contenido,
    Version: row.Version,
    ActualizadoEn: row.ActualizadoEn,
  };
}

export function findFormularioById(db: Db, id: string) {
  return db.selectFrom('formularios').selectAll().where('IdFormulario', '=', id).executeTakeFirst();
}

export function findFormulario(db: Db, company: string, id: string) {
  return db.selectFrom('formularios').selectAll().where('IdEmpresa', '=', company).where('IdFormulario', '=', id).executeTakeFirst();
}

/** One content version of a company's template, or undefined. */
export async function findVersion(db: Db, company: string, id: string, version: number): Promise<ContenidoFormulario | undefined> {
  const row = await db
    .selectFrom('formulario_versiones')
    .select('Contenido')
    .where('IdEmpresa', '=', company)
    .where('IdFormulario', '=', id)
    .where('VersionFormulario', '=', version)
    .executeTakeFirst();
  return row && (JSON.parse(row.Contenido) as ContenidoFormulario);
}

/** A template with its newest content, as lists, devices and the change log see it. */
export async function loadWireFormulario(db: Db, company: string, id: string): Promise<Formulario | undefined> {
  const row = await findFormulario(db, company, id);
  if (!row) return undefined;
  const contenido = await findVersion(db, company, id, row.VersionFormulario);
  return contenido && toWireFormulario(row, contenido);
}

/** The company's templates (retired ones too, with Estado 0: devices keep them for started drafts), by name. */
export async function listFormularios(db: Db, company: string, filters: { tipo?: FormularioTipo } = {}): Promise<Formulario[]> {
  let query = db
    .selectFrom('formularios as f')
    .innerJoin('formulario_versiones as v', (join) =>
      join.onRef('v.IdFormulario', '=', 'f.IdFormulario').onRef('v.VersionFormulario', '=', 'f.VersionFormulario'),
    )
    .selectAll('f')
    .select('v.Contenido')
    .where('f.IdEmpresa', '=', company);
  if (filters.tipo) query = query.where('f.Tipo', '=', filters.tipo);
  const rows = await query.orderBy('f.Estado', 'desc').orderBy('f.Nombre').orderBy('f.IdFormulario').execute();
  return rows.map(({ Contenido, ...row }) => toWireFormulario(row, JSON.parse(Contenido) as ContenidoFormulario));
}

export async function insertFormulario(
  db: Db,
  row: Omit<FormularioRow, 'Estado' | 'Version' | 'VersionesCampos' | 'VersionFormulario'>,
): Promise<void> {
  await db.insertInto('formularios').values(row).execute();
}

/** Versions are append-only: a new row per VersionFormulario, never an update (the table refuses one). */
export async function insertVersion(
  db: Db,
  company: string,
  id: string,
  version: number,
  contenido: ContenidoFormulario,
  user: number | null,
  now: Date,
): Promise<void> {
  await db
    .insertInto('formulario_versiones')
    .values({
      IdFormulario: id,
      VersionFormulario: version,
      IdEmpresa: company,
      Contenido: JSON.stringify(contenido),
      IdUsuario: user,
      CreadoEn: now.toISOString(),
    })
    .execute();
}

export async function updateFormulario(
  db: Db,
  company: string,
  id: string,
  changes: Partial<
    Pick<
      FormularioRow,
      'Nombre' | 'Tipo' | 'Descripcion' | 'Estado' | 'VersionFormulario' | 'Version' | 'VersionesCampos' | 'ActualizadoEn'
    >
  >,
): Promise<void> {
  await db.updateTable('formularios').set(changes).where('IdEmpresa', '=', company).where('IdFormulario', '=', id).execute();
}
