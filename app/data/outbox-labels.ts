import type { EntryState, OutboxEntry } from '#sync/outbox/outbox-entry.ts';
import { formatRut } from '#sync/domain/rut.ts';
import type { LocalRow } from '#app/db/reference-rows.ts';

const NOUNS: Record<string, string> = {
  trabajadores: 'trabajador',
  cargos: 'cargo',
  niveles: 'nivel',
  formularios: 'formulario',
  inspecciones: 'inspección',
  observaciones: 'observación',
};
const VERBS: Record<OutboxEntry['method'], string> = { POST: 'Crear', PUT: 'Editar', PATCH: 'Editar', DELETE: 'Eliminar' };

export const ENTRY_STATE_LABELS: Record<EntryState, string> = {
  pending: 'En cola',
  sending: 'Enviando',
  'failed-retrying': 'Se reintentará',
  paused: 'En pausa hasta iniciar sesión',
  dead: 'Rechazado',
};

export function tableOfEntry(entry: Pick<OutboxEntry, 'recordKey'>): string | undefined {
  return entry.recordKey?.split(':')[0];
}

export function idOfEntry(entry: Pick<OutboxEntry, 'recordKey'>): string | undefined {
  return entry.recordKey?.split(':')[1];
}

function nameOf(source: Record<string, unknown> | null | undefined): string {
  if (!source) return '';
  if (typeof source.Nombres === 'string') {
    const name = [source.Nombres, source.ApellidoPaterno].filter((part) => typeof part === 'string' && part).join(' ');
    return typeof source.RunPersona === 'string' ? `${name} (${formatRut(source.RunPersona)})` : name;
  }
  if (typeof source.NombreCargo === 'string') return source.NombreCargo;
  if (typeof source.Nombre === 'string') return source.Nombre;
  if (typeof source.Lugar === 'string') return typeof source.Fecha === 'string' ? `${source.Lugar} (${source.Fecha})` : source.Lugar;
  if (typeof source.Observacion === 'string') return source.Observacion.length > 60 ? `${source.Observacion.slice(0, 57)}…` : source.Observacion;
  return '';
}

/** The observation cycle's calls are POSTs on an existing observation: say what they do (SPEC OV2). */
function verbOf(entry: OutboxEntry): string {
  if (tableOfEntry(entry) === 'observaciones' && entry.method === 'POST') {
    if (entry.path.endsWith('/desaprobar')) return 'Rechazar';
    if (entry.path.endsWith('/aprobar')) return 'Aprobar';
    return 'Responder';
  }
  return VERBS[entry.method];
}

/** "Crear trabajador Ana Pérez (12.345.678-5)": what a queued write does, in the person's words. */
export function describeEntry(entry: OutboxEntry, row: LocalRow | null | undefined): string {
  const noun = NOUNS[tableOfEntry(entry) ?? ''] ?? 'registro';
  const name = nameOf(entry.body as Record<string, unknown> | null) || nameOf(row as Record<string, unknown> | null | undefined);
  return `${verbOf(entry)} ${noun}${name ? ` ${name}` : ''}`;
}
