import { DEFAULT_RANGOS } from '#sync/domain/compliance.ts';
import { type ContenidoFormulario, ContenidoFormularioSchema, type Formulario } from '#sync/schemas/formularios.schema.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import * as v from 'valibot';
import { type LocalFormulario } from '#app/db/inspection-rows.ts';
import { toLocalFormulario } from '#app/db/reference-rows.ts';
import type { DraftHeader } from './draft-store.ts';

/**
 * Test and bench data: a valid template (parsed by the shared schema) with `statements` statements spread over
 * items of ten, a sub-question on the first statement and one required header field.
 */
export function templateContent(statements = 3): ContenidoFormulario {
  const items = Array.from({ length: Math.ceil(statements / 10) }, (_, itemIndex) => ({
    IdItem: `i${itemIndex + 1}`,
    Nombre: `Ítem ${itemIndex + 1}`,
    Enunciados: Array.from({ length: Math.min(10, statements - itemIndex * 10) }, (_, index) => {
      const number = itemIndex * 10 + index + 1;
      return {
        IdEnunciado: `e${number}`,
        Texto: `Enunciado ${number}: las herramientas están en buen estado`,
        Ponderacion: (number % 3) + 1,
        Subpreguntas: number === 1 ? [{ IdSubpregunta: 's1', Texto: 'Código del equipo' }] : [],
      };
    }),
  }));
  return v.parse(ContenidoFormularioSchema, {
    ColumnasEncabezado: 2,
    CamposEncabezado: [
      { IdCampo: 'turno', Etiqueta: 'Turno', Tipo: 'texto', Requerido: true },
      { IdCampo: 'equipo', Etiqueta: 'N° de equipo', Tipo: 'numero', Requerido: false },
    ],
    Items: items,
    Rangos: DEFAULT_RANGOS,
  });
}

export function templateRow(overrides: Partial<Formulario> = {}, statements = 3): LocalFormulario {
  return toLocalFormulario({
    IdFormulario: uuidV7(),
    IdEmpresa: '76123456',
    Nombre: 'Herramientas y equipos',
    Tipo: 'inspeccion',
    Descripcion: '',
    Estado: 1,
    VersionFormulario: 2,
    Contenido: templateContent(statements),
    Version: 3,
    ActualizadoEn: '2026-03-01T12:00:00.000Z',
    ...overrides,
  });
}

export function completeHeader(overrides: Partial<DraftHeader> = {}): DraftHeader {
  return {
    Fecha: '2026-03-10',
    Lugar: 'Taller central',
    IdNivel2: null,
    IdNivel3: null,
    Supervisor: 'Sofía Supervisora',
    Observados: [],
    EquipoTrabajo: 'Cuadrilla 3',
    RutContratista: null,
    IdCliente: null,
    Encabezado: { turno: 'Mañana' },
    ...overrides,
  };
}
