import type { FormularioTipo } from '#sync/schemas/formularios.schema.ts';
import type { LocalFormulario } from '#app/db/inspection-rows.ts';
import { searchWords } from '#app/db/reference-rows.ts';

export interface TemplateListFilters {
  search: string;
  tipo: '' | FormularioTipo;
  showRetired: boolean;
}

/** Templates in name order matching every word of the search (accents and case aside), the type and the state. */
export function filterTemplates(templates: readonly LocalFormulario[], filters: TemplateListFilters): LocalFormulario[] {
  const words = searchWords(filters.search);
  return templates.filter(
    (template) =>
      (filters.showRetired || template.Estado === 1) &&
      (!filters.tipo || template.Tipo === filters.tipo) &&
      words.every((word) => template.orden.includes(word)),
  );
}
