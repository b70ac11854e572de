import type { OutboxEntry } from '#sync/outbox/outbox-entry.ts';
import type { Session } from '#sync/schemas/auth.schema.ts';
import { LEVEL_TYPES, type LevelType } from '#sync/schemas/niveles.schema.ts';
import { idOfEntry, tableOfEntry } from '#app/data/outbox-labels.ts';
import { loadRefusedWrite, type RefusedWrite } from '#app/data/refused-writes.ts';
import type { LocalRow, ReferenceTable } from '#app/db/reference-rows.ts';
import { LEVEL_PATHS, paths, type RecordPaths } from '#app/routes/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

/** The permission route the server checks for a table's writes; every level (2, 3 and 4) answers to "Nivel 2". */
export const WRITE_PERMISSION_ROUTES: Record<ReferenceTable, string> = {
  trabajadores: paths.trabajadores.list.href,
  cargos: paths.cargos.list.href,
  niveles: paths.nv2.list.href,
  formularios: paths.formularios.list.href,
  inspecciones: paths.inspecciones.list.href,
  observaciones: paths.observaciones.list.href,
};

function isLevelType(value: unknown): value is LevelType {
  return (LEVEL_TYPES as readonly unknown[]).includes(value);
}

/** The maintainer whose form edits the entry's record; a level's depends on its type (row, or a creation's body). */
function routesOf(table: string | undefined, entry: OutboxEntry, row: LocalRow | null | undefined): RecordPaths | undefined {
  if (table === 'trabajadores') return paths.trabajadores;
  if (table === 'cargos') return paths.cargos;
  if (table === 'niveles') {
    const type = (row as { TipoNivel?: unknown } | null | undefined)?.TipoNivel ?? (entry.body as { TipoNivel?: unknown } | null)?.TipoNivel;
    return isLevelType(type) ? LEVEL_PATHS[type] : undefined;
  }
  // A refused finished inspection is corrected in its draft, reopened on this device (SPEC IN11).
  if (table === 'inspecciones') return entry.method === 'POST' ? paths.inspecciones : undefined;
  return undefined;
}

/** The action the server checks for the corrected write: an inspection is only ever created (IN2), never edited. */
function correctionAction(table: ReferenceTable): 'crear' | 'editar' {
  return table === 'inspecciones' ? 'crear' : 'editar';
}

/**
 * SPEC RP15: where the person corrects and resends a refused write (`editar/{id}?corregir={key}`), or undefined
 * when it cannot be corrected (a delete, which can only be discarded) or the person may not edit that record.
 */
export function correctionHref(session: Session, entry: OutboxEntry, row?: LocalRow | null): string | undefined {
  const table = tableOfEntry(entry);
  const id = idOfEntry(entry);
  if (entry.state !== 'dead' || entry.method === 'DELETE' || !table || !id) return undefined;
  const routes = routesOf(table, entry, row);
  if (!routes || !hasPermission(session, WRITE_PERMISSION_ROUTES[table as ReferenceTable], correctionAction(table as ReferenceTable))) return undefined;
  return `${routes.editar.href(id)}?corregir=${encodeURIComponent(entry.key)}`;
}

/** The write a form page corrects (`?corregir=<key>`): undefined while loading, null without a key or entry. */
export function useRefusedWrite(key: string | null, table: ReferenceTable, id: string | undefined): RefusedWrite | null | undefined {
  return useDbQuery(async (db) => (key && id ? loadRefusedWrite(db, key, table, id) : null), [key, table, id]);
}

/** True when the form resends a refused write instead of saving a new edit. */
export function isCorrecting(refused: RefusedWrite | null | undefined): refused is RefusedWrite {
  return refused?.entry.state === 'dead';
}

/** Above a correction form: the server's message and what to do (`hint`), or why the form now saves a plain edit. */
export function CorrectionNotice({ refused, hint }: { refused: RefusedWrite | null | undefined; hint?: string }) {
  if (isCorrecting(refused)) {
    return (
      <div className="notice notice--error" role="alert">
        <p>El servidor rechazó este cambio: {refused.entry.lastError?.message}</p>
        <p>{hint ?? 'Corrige los datos y guárdalos para enviarlo nuevamente.'}</p>
      </div>
    );
  }
  return <p className="notice notice--info">Este cambio ya no está rechazado; los datos se guardarán como una edición nueva.</p>;
}

/** What the form page tells the person once a correction is saved. */
export const CORRECTION_SAVED = 'Corrección guardada: el cambio se enviará nuevamente';
