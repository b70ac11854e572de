import type { RecordView } from './record-view.ts';

/**
 * A view's labels from its noun: «Nueva certificación» (the button and the new form), «Editar certificación»,
 * «Corregir certificación», «Datos de la certificación». A view whose words differ overrides them.
 */
export function recordLabels(one: string, feminine = false): RecordView<never>['labels'] {
  const create = `${feminine ? 'Nueva' : 'Nuevo'} ${one}`;
  const data = `Datos ${feminine ? 'de la' : 'del'} ${one}`;
  return { create, newTitle: create, editTitle: `Editar ${one}`, correctTitle: `Corregir ${one}`, data };
}
