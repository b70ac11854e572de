import { describe, expect, it } from 'vitest';
import { toLocalFormulario } from '#app/db/reference-rows.ts';
import { filterTemplates } from './formularios-queries.ts';
import { sampleTemplate } from './formulario-test-factory.ts';

describe('template list', () => {
  const templates = [
    toLocalFormulario(sampleTemplate({ IdFormulario: 'a', Nombre: 'Trabajo en altura', Tipo: 'inspeccion' })),
    toLocalFormulario(sampleTemplate({ IdFormulario: 'b', Nombre: 'Observación de conducta', Tipo: 'observacion' })),
    toLocalFormulario(sampleTemplate({ IdFormulario: 'c', Nombre: 'Altura antigua', Tipo: 'inspeccion', Estado: 0 })),
  ];
  const ids = (filters: Parameters<typeof filterTemplates>[1]) => filterTemplates(templates, filters).map((row) => row.IdFormulario);

  it('retired templates are hidden unless asked for', () => {
    expect(ids({ search: '', tipo: '', showRetired: false })).toEqual(['a', 'b']);
    expect(ids({ search: '', tipo: '', showRetired: true })).toEqual(['a', 'b', 'c']);
  });

  it('search by name ignores accents and case; type narrows', () => {
    expect(ids({ search: 'ALTURA', tipo: '', showRetired: true })).toEqual(['a', 'c']);
    expect(ids({ search: 'observacion', tipo: '', showRetired: false })).toEqual(['b']);
    expect(ids({ search: '', tipo: 'observacion', showRetired: false })).toEqual(['b']);
  });
});
