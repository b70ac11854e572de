import { describe, expect, it } from 'vitest';
import { complianceLabels, computeCompliance, DEFAULT_RANGOS, gradeFor } from './compliance.ts';

const content = {
  Rangos: DEFAULT_RANGOS,
  Items: [
    { IdItem: 'a', Nombre: 'Herramientas', Enunciados: [{ IdEnunciado: 'e1', Texto: 'Uno', Ponderacion: 2, Subpreguntas: [] }, { IdEnunciado: 'e2', Texto: 'Dos', Ponderacion: 1, Subpreguntas: [] }] },
    { IdItem: 'b', Nombre: 'Orden', Enunciados: [{ IdEnunciado: 'e3', Texto: 'Tres', Ponderacion: 3, Subpreguntas: [] }] },
  ],
};

describe('computeCompliance', () => {
  it('weighs compliant answers over the applicable ones and leaves No aplica out', () => {
    const result = computeCompliance(content, [
      { IdEnunciado: 'e1', Respuesta: 1 },
      { IdEnunciado: 'e2', Respuesta: 2 },
      { IdEnunciado: 'e3', Respuesta: 3 },
    ]);
    expect(result).toEqual({ Porcentaje: 66.7, Nota: 4, Total: 3, Respondidos: 3, Cumple: 1, NoCumple: 1, NoAplica: 1 });
    expect(complianceLabels(result)).toEqual({ porcentaje: '66,7 %', nota: '4,0' });
  });

  it('has no grade until a statement applies, and the last answer given counts', () => {
    expect(computeCompliance(content, [{ IdEnunciado: 'e3', Respuesta: 3 }]).Porcentaje).toBeNull();
    const changed = computeCompliance(content, [
      { IdEnunciado: 'e1', Respuesta: 2 },
      { IdEnunciado: 'e1', Respuesta: 1 },
    ]);
    expect(changed).toMatchObject({ Porcentaje: 100, Nota: 7, Respondidos: 1 });
    expect(complianceLabels({ Porcentaje: null, Nota: null })).toEqual({ porcentaje: '—', nota: '—' });
  });

  it('finds the grade range with its lower bound inclusive and 100 in the last range', () => {
    expect(gradeFor(DEFAULT_RANGOS, 0)).toBe(1.5);
    expect(gradeFor(DEFAULT_RANGOS, 59.9)).toBe(3.3);
    expect(gradeFor(DEFAULT_RANGOS, 60)).toBe(4);
    expect(gradeFor(DEFAULT_RANGOS, 100)).toBe(7);
  });
});
