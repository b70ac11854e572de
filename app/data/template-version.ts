import type { Formulario } from '#sync/schemas/formularios.schema.ts';
import type { Inspeccion } from '#sync/schemas/inspecciones.schema.ts';
import { useQuery } from '@tanstack/react-query';
import type { AppDb } from '#app/db/app-db.ts';
import type { DraftTemplate } from '#app/db/inspection-rows.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { apiRequest } from './api-client.ts';
import { errorMessage } from './api-error.ts';

export type TemplateVersionSource = 'borrador' | 'dispositivo' | 'servidor';

export type TemplateVersion =
  | { status: 'loading' }
  | { status: 'ready'; template: DraftTemplate; source: TemplateVersionSource }
  /** Offline with no copy of that version, or the server could not give it. */
  | { status: 'unavailable'; offline: boolean; message: string };

type VersionRef = Pick<Inspeccion, 'IdEvaluacion' | 'IdFormulario' | 'VersionFormulario'>;

function pick(template: DraftTemplate): DraftTemplate {
  const { IdFormulario, Nombre, Tipo, VersionFormulario, Contenido } = template;
  return { IdFormulario, Nombre, Tipo, VersionFormulario, Contenido };
}

/**
 * The exact template version an inspection was filled with, from the device when it has it: the draft's own copy
 * (this device filled it, SPEC IN3), else the pulled template when it is still that version. Null: not on the device.
 */
export async function localTemplateVersion(
  db: AppDb,
  ref: VersionRef,
): Promise<{ template: DraftTemplate; source: TemplateVersionSource } | null> {
  const [draft, template] = await Promise.all([db.borradores.get(ref.IdEvaluacion), db.formularios.get(ref.IdFormulario)]);
  if (draft && draft.formulario.IdFormulario === ref.IdFormulario && draft.formulario.VersionFormulario === ref.VersionFormulario) {
    return { template: pick(draft.formulario), source: 'borrador' };
  }
  if (template && template.VersionFormulario === ref.VersionFormulario) return { template: pick(template), source: 'dispositivo' };
  return null;
}

/** The template version of an inspection; an older version than the device's is asked to the server (immutable, kept). */
export function useTemplateVersion(ref: VersionRef | null | undefined): TemplateVersion {
  const online = useOnlineStatus();
  const id = ref?.IdFormulario ?? '';
  const version = ref?.VersionFormulario ?? 0;
  const local = useDbQuery(async (db) => (ref ? localTemplateVersion(db, ref) : null), [ref?.IdEvaluacion, id, version]);
  const remote = useQuery({
    queryKey: ['formularios', 'version', id, version],
    queryFn: ({ signal }) =>
      apiRequest<{ data: Formulario }>(`/formularios/formularios/one/${encodeURIComponent(id)}?version=${version}`, { signal }),
    enabled: Boolean(ref) && local === null && online,
    // A version never changes (SPEC IN3): once read, it is good for as long as it is kept.
    staleTime: Infinity,
  });
  if (!ref || local === undefined) return { status: 'loading' };
  if (local) return { status: 'ready', ...local };
  const data = remote.data?.data;
  if (data?.Contenido) return { status: 'ready', template: pick({ ...data, VersionFormulario: version }), source: 'servidor' };
  if (!online)
    return {
      status: 'unavailable',
      offline: true,
      message: 'Sin conexión y sin una copia de esta versión del formulario en el dispositivo.',
    };
  if (remote.isError) return { status: 'unavailable', offline: false, message: errorMessage(remote.error) };
  return { status: 'loading' };
}
