import type { AuditEntity, AuditoriaEntrada } from '#sync/schemas/usuarios.schema.ts';
import type { Db } from '../db/database.ts';

/** Who made a change: the session's user, by id and by name as it was then. */
export interface AuditAuthor {
  id: number;
  name: string;
}

export interface FieldChange {
  Campo: string;
  Antes: string;
  Despues: string;
}

export interface AuditInput {
  company: string;
  author: AuditAuthor;
  entity: AuditEntity;
  id: string | number;
  /** The record's name at the time (kept after it is deleted). */
  name: string;
  action: string;
  changes?: FieldChange[];
}

const text = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(text).join(', ');
  return String(value);
};

/** The labelled fields whose values differ between `before` and `after` (only those `after` names). */
export function fieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  labels: Readonly<Record<string, string>>,
): FieldChange[] {
  return Object.entries(labels)
    .filter(([field]) => field in after && text(before?.[field]) !== text(after[field]))
    .map(([field, label]) => ({ Campo: label, Antes: text(before?.[field]), Despues: text(after[field]) }));
}

/**
 * Every change of a user, role, permission, contractor company or client (issue: who, when, what changed). Written
 * in the same transaction as the change, so the log never tells of a change that did not happen, nor misses one.
 */
export async function recordAudit(db: Db, entry: AuditInput, now: Date): Promise<void> {
  await db
    .insertInto('auditoria')
    .values({
      IdEmpresa: entry.company,
      Fecha: now.toISOString(),
      IdAutor: entry.author.id,
      NombreAutor: entry.author.name,
      Entidad: entry.entity,
      IdRegistro: String(entry.id),
      NombreRegistro: entry.name,
      Accion: entry.action,
      Cambios: JSON.stringify(entry.changes ?? []),
    })
    .execute();
}

export const AUDIT_PAGE = 100;

/** The company's changes, newest first, a page at a time; of one kind of record, or of one record. */
export async function listAudit(
  db: Db,
  company: string,
  filter: { Entidad?: AuditEntity; IdRegistro?: string; Pagina: number },
): Promise<AuditoriaEntrada[]> {
  let query = db.selectFrom('auditoria').selectAll().where('IdEmpresa', '=', company);
  if (filter.Entidad) query = query.where('Entidad', '=', filter.Entidad);
  if (filter.IdRegistro) query = query.where('IdRegistro', '=', filter.IdRegistro);
  const rows = await query
    .orderBy('IdAuditoria', 'desc')
    .limit(AUDIT_PAGE)
    .offset((filter.Pagina - 1) * AUDIT_PAGE)
    .execute();
  return rows.map(({ IdEmpresa: _company, Cambios, Entidad, ...row }) => ({
    ...row,
    Entidad: Entidad as AuditEntity,
    Cambios: JSON.parse(Cambios) as FieldChange[],
  }));
}

/** Whether the log says this record was deleted in this company: deleting it again then answers 200. */
export async function wasDeleted(db: Db, company: string, entity: AuditEntity, id: string | number): Promise<boolean> {
  const row = await db
    .selectFrom('auditoria')
    .select('IdAuditoria')
    .where('IdEmpresa', '=', company)
    .where('Entidad', '=', entity)
    .where('IdRegistro', '=', String(id))
    .where('Accion', '=', 'eliminar')
    .executeTakeFirst();
  return row !== undefined;
}
