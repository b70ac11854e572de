import { describe, expect, it } from 'vitest';
import { DEFAULT_RANGOS } from '#sync/domain/compliance.ts';
import type { ContenidoFormulario } from '#sync/schemas/formularios.schema.ts';
import type { LocalInspeccion, LocalObservacion } from '#app/db/inspection-rows.ts';
import { correctedRow, correctionFormOf, correctionOf, statementLock, withAnswer } from './correccion-form.ts';

const content: ContenidoFormulario = {
  ColumnasEncabezado: 2,
  CamposEncabezado: [{ IdCampo: 'turno', Etiqueta: 'Turno', Tipo: 'texto', Requerido: true }],
  Items: [
    {
      IdItem: 'i1',
      Nombre: 'Condiciones',
      Enunciados: [
        { IdEnunciado: 'e1', Texto: 'Extintor señalizado', Ponderacion: 1, Subpreguntas: [] },
        { IdEnunciado: 'e2', Texto: 'Vías despejadas', Ponderacion: 1, Subpreguntas: [] },
        { IdEnunciado: 'e3', Texto: 'Botiquín completo', Ponderacion: 2, Subpreguntas: [] },
      ],
    },
  ],
  Rangos: DEFAULT_RANGOS,
};

const inspection = {
  IdEvaluacion: 'insp-1',
  Version: 1,
  Fecha: '2026-11-20',
  Lugar: 'Bodega 2',
  Supervisor: 'Jorge Araya',
  Observados: [],
  EquipoTrabajo: 'Cuadrilla 1',
  RutContratista: null,
  Encabezado: { turno: 'Día' },
  Respuestas: [
    { IdEnunciado: 'e1', Respuesta: 1, Subrespuestas: {} },
    { IdEnunciado: 'e2', Respuesta: 2, Subrespuestas: {} },
    { IdEnunciado: 'e3', Respuesta: 1, Subrespuestas: {} },
  ],
  Porcentaje: 75,
  Nota: 5,
  Firmas: [{ IdFirma: 'f1', Rol: 'Ejecutor', Nombre: 'Jorge Araya', Rut: '', Cargo: '', Archivo: { Sha256: 'a'.repeat(64), Tipo: 'image/png' }, FirmadoEn: '' }],
} as unknown as LocalInspeccion;

const observation = (overrides: Partial<LocalObservacion>) =>
  ({
    IdObservacion: 'obs-e2',
    Estado: 1,
    TipoObs: 'Checklist',
    IdEnunciado: 'e2',
    Enunciado: 'Vías despejadas',
    Observacion: 'Pallets en la vía',
    Responsable: 'Patricio Fuentes',
    Plazo: '2026-11-30',
    Aprobada: 0,
    Respondida: 0,
    Respuestas: [],
    ...overrides,
  }) as LocalObservacion;

const corrector = { id: 7, name: 'Marcela Soto', now: new Date('2026-11-27T15:00:00Z') };

describe('correcting a finished inspection on the device', () => {
  it('sends only what changed, and nothing when nothing did', () => {
    const observations = [observation({})];
    const form = correctionFormOf(inspection, observations);
    expect(correctionOf(inspection, observations, content, form).body).toBeNull();
    const corrected = withAnswer({ ...form, Lugar: ' Bodega 3 ' }, observations, 'e2', 1);
    expect(correctionOf(inspection, observations, content, corrected)).toEqual({
      body: { Version: 1, Lugar: 'Bodega 3', Respuestas: [{ IdEnunciado: 'e2', Respuesta: 1, Subrespuestas: {} }] },
      problems: [],
    });
  });

  it('asks for the observation of a statement corrected to No cumple, by the same rules as finishing', () => {
    const form = withAnswer(correctionFormOf(inspection, [observation({})]), [observation({})], 'e3', 2);
    const added = form.added.e3!;
    const { problems } = correctionOf(inspection, [observation({})], content, form);
    expect(problems.map((problem) => problem.target)).toEqual([
      { kind: 'observacion', id: added.IdObservacion, field: 'Observacion' },
      { kind: 'observacion', id: added.IdObservacion, field: 'Responsable' },
      { kind: 'observacion', id: added.IdObservacion, field: 'Plazo' },
    ]);
    const written = { ...form, added: { e3: { ...added, Observacion: 'Faltan vendas', Responsable: 'Ana Pérez', Plazo: '2026-12-05' } } };
    const { body } = correctionOf(inspection, [observation({})], content, written);
    expect(body?.Observaciones).toEqual([expect.objectContaining({ IdEnunciado: 'e3', Observacion: 'Faltan vendas', TipoObs: 'Checklist' })]);
    expect(withAnswer(written, [observation({})], 'e3', 1).added).toEqual({});
  });

  it('locks the answer of an observation that moved past Abierta, not one that is only overdue', () => {
    expect(statementLock([observation({ Plazo: '2020-01-01' })], 'e2')).toBeNull();
    expect(statementLock([observation({ Respondida: 1, Respuestas: [{ Tipo: 'respuesta' }] as LocalObservacion['Respuestas'] })], 'e2')).toBe('respondida');
    expect(statementLock([observation({ Aprobada: 1 })], 'e2')).toBe('aprobada');
    expect(statementLock([observation({ Respuestas: [{ Tipo: 'rechazo' }] as LocalObservacion['Respuestas'] })], 'e2')).toBe('rechazada');
  });

  it('shows the corrected grade and this correction in the history until the server answers', () => {
    const observations = [observation({})];
    const body = { Version: 1, Lugar: 'Bodega 3', Respuestas: [{ IdEnunciado: 'e2', Respuesta: 1 as const, Subrespuestas: {} }] };
    const row = correctedRow(inspection, observations, content, body, corrector);
    expect(row).toMatchObject({ Lugar: 'Bodega 3', Porcentaje: 100, Version: 2 });
    expect(row.Correcciones).toEqual([
      {
        Version: 2,
        Fecha: '2026-11-27T15:00:00.000Z',
        IdUsuario: 7,
        Usuario: 'Marcela Soto',
        Cambios: [
          { Tipo: 'encabezado', Clave: 'Lugar', Campo: 'Lugar', Antes: 'Bodega 2', Despues: 'Bodega 3' },
          { Tipo: 'enunciado', Clave: 'e2', Campo: 'Vías despejadas', Antes: 'No cumple', Despues: 'Cumple' },
          { Tipo: 'observacion', Clave: 'obs-e2', Campo: 'Observación de "Vías despejadas"', Antes: 'Pallets en la vía', Despues: 'Eliminada' },
        ],
      },
    ]);
  });
});
