import { DEFAULT_RANGOS } from '#sync/domain/compliance.ts';
import type { Formulario } from '#sync/schemas/formularios.schema.ts';

/** Test data: a valid template with header fields, two items, a sub-question and the default scale. */
export function sampleTemplate(overrides: Partial<Formulario> = {}): Formulario {
  return {
    IdFormulario: '0190f0a0-0000-7000-8000-000000000001',
    IdEmpresa: '76123456',
    Nombre: 'Herramientas y equipos',
    Tipo: 'inspeccion',
    Descripcion: 'Revisión mensual',
    Estado: 1,
    VersionFormulario: 3,
    Contenido: {
      ColumnasEncabezado: 2,
      CamposEncabezado: [{ IdCampo: 'c1', Etiqueta: 'Turno', Tipo: 'texto', Requerido: true }],
      Items: [
        {
          IdItem: 'i1',
          Nombre: 'Herramientas manuales',
          Enunciados: [
            { IdEnunciado: 'e1', Texto: 'Mangos sin fisuras', Ponderacion: 10, Subpreguntas: [] },
            { IdEnunciado: 'e2', Texto: 'Esmeril con guarda', Ponderacion: 20, Subpreguntas: [{ IdSubpregunta: 's1', Texto: 'Código del equipo' }] },
          ],
        },
        { IdItem: 'i2', Nombre: 'Eléctricas', Enunciados: [{ IdEnunciado: 'e7', Texto: 'Cables sin empalmes', Ponderacion: 5, Subpreguntas: [] }] },
      ],
      Rangos: DEFAULT_RANGOS,
    },
    Version: 4,
    ActualizadoEn: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
}
