import { describe, expect, it } from 'vitest';
import { DEFAULT_RANGOS } from '#sync/domain/compliance.ts';
import type { ContenidoFormulario } from '#sync/schemas/formularios.schema.ts';
import type { Firma, Inspeccion } from '#sync/schemas/inspecciones.schema.ts';
import type { ReportImage, FileRef } from '#sync/records/record-fields.ts';
import type { Observacion } from '#sync/schemas/observaciones.schema.ts';
import { buildChecklistReportData, type ReportContext, templateContentFor, type TemplateVersion } from './checklist-report-data.ts';

const sha = (n: number) => n.toString(16).padStart(64, '0');
const file = (n: number, Tipo: FileRef['Tipo'] = 'image/jpeg'): FileRef => ({ Sha256: sha(n), Tipo });

function content(): ContenidoFormulario {
  return {
    ColumnasEncabezado: 2,
    CamposEncabezado: [
      { IdCampo: 'turno', Etiqueta: 'Turno', Tipo: 'texto', Requerido: true },
      { IdCampo: 'revision', Etiqueta: 'Próxima revisión', Tipo: 'fecha', Requerido: false },
    ],
    Items: [
      {
        IdItem: 'altura',
        Nombre: 'Trabajo en altura',
        Enunciados: [
          {
            IdEnunciado: 'e1',
            Texto: 'Andamio con barandas',
            Ponderacion: 1,
            Subpreguntas: [{ IdSubpregunta: 's1', Texto: 'Código del andamio' }],
          },
          { IdEnunciado: 'e2', Texto: 'Arnés con doble cabo', Ponderacion: 1, Subpreguntas: [] },
        ],
      },
      {
        IdItem: 'orden',
        Nombre: 'Orden y aseo',
        Enunciados: [
          { IdEnunciado: 'e3', Texto: 'Área demarcada', Ponderacion: 1, Subpreguntas: [] },
          { IdEnunciado: 'e4', Texto: 'Extintor vigente', Ponderacion: 1, Subpreguntas: [] },
        ],
      },
    ],
    Rangos: DEFAULT_RANGOS,
  };
}

function firma(Rol: Firma['Rol'], Nombre: string, n: number): Firma {
  return {
    IdFirma: `f${n}`,
    Rol,
    Nombre,
    Rut: '12345678-5',
    Cargo: 'Supervisor',
    Archivo: file(n, 'image/png'),
    FirmadoEn: '2026-03-10T02:30:00.000Z',
  };
}

function inspeccion(overrides: Partial<Inspeccion> = {}): Inspeccion {
  return {
    IdEvaluacion: 'ev-1',
    IdEmpresa: '76123456',
    IdFormulario: 'form-1',
    VersionFormulario: 2,
    NombreFormulario: 'Inspección de andamios',
    Tipo: 'inspeccion',
    Fecha: '2026-03-09',
    Lugar: 'Edificio Ñuñoa',
    IdNivel2: 'n2',
    IdNivel3: null,
    IdSupervisor: 7,
    Supervisor: 'Andrés Gutiérrez',
    Observados: ['p1', 'p2'],
    EquipoTrabajo: '',
    RutContratista: '765432109',
    IdCliente: null,
    Encabezado: { turno: 'Mañana', revision: '2026-04-01' },
    Respuestas: [
      { IdEnunciado: 'e1', Respuesta: 1, Subrespuestas: { s1: 'AND-12' } },
      { IdEnunciado: 'e2', Respuesta: 2, Subrespuestas: {} },
      { IdEnunciado: 'e3', Respuesta: 1, Subrespuestas: {} },
      { IdEnunciado: 'e4', Respuesta: 3, Subrespuestas: {} },
    ],
    Firmas: [firma('Firmante', 'María José Ñancupil', 2), firma('Ejecutor', 'Juan Carlos Núñez', 1)],
    Porcentaje: null,
    Nota: null,
    Estado: 1,
    IniciadaEn: '2026-03-09T12:00:00.000Z',
    FinalizadaEn: '2026-03-09T13:00:00.000Z',
    Version: 1,
    ...overrides,
  };
}

function observacion(overrides: Partial<Observacion>): Observacion {
  return {
    IdObservacion: 'o',
    IdEvaluacion: 'ev-1',
    IdEmpresa: '76123456',
    IdFormulario: 'form-1',
    TipoObs: 'Checklist',
    IdEnunciado: 'e2',
    Enunciado: null,
    Observacion: 'Falta el segundo cabo',
    Responsable: 'Pedro Muñoz',
    IdResponsable: null,
    Plazo: '2026-03-20',
    SemaforoObs: 1,
    Severidad: 'Alta',
    Respondida: 0,
    Aprobada: 0,
    Estado: 1,
    EmisorObs: 'Andrés Gutiérrez',
    Archivos: [],
    Respuestas: [],
    Fecha: '2026-03-09',
    IdNivel2: 'n2',
    IdNivel3: null,
    RutContratista: null,
    IdCliente: null,
    CreadoEn: '2026-03-09T12:30:00.000Z',
    Version: 1,
    ...overrides,
  };
}

/** Files 1-9 are on the device; anything else is not. */
function context(overrides: Partial<ReportContext> = {}): ReportContext {
  return {
    company: { Nombre: 'Constructora Peñalolén', Rut: '76123456-0', Logo: null },
    levelLabels: { 2: 'Faena', 3: 'Área' },
    levelNames: new Map([['n2', 'Obra Avenida Grecia']]),
    workerNames: new Map([
      ['p1', 'Rosa Vera'],
      ['p2', 'Luis Soto'],
    ]),
    loadFile: async (ref) =>
      parseInt(ref.Sha256, 16) < 10
        ? ({ Sha256: ref.Sha256, Tipo: ref.Tipo, Url: `data:${ref.Tipo};base64,AAAA` } satisfies ReportImage)
        : null,
    today: '2026-03-15',
    ...overrides,
  };
}

describe('buildChecklistReportData', () => {
  it('numbers the statements across items, with their answers and written sub-answers', async () => {
    const { data } = await buildChecklistReportData({ inspeccion: inspeccion(), observaciones: [], content: content() }, context());
    expect(data.Empresa).toEqual({ Nombre: 'Constructora Peñalolén', Rut: '76.123.456-0', Logo: null });
    expect(data.Titulo).toBe('Inspección de andamios');
    expect(data.Preguntas).toEqual([
      {
        Item: 'Trabajo en altura',
        Enunciados: [
          { Numero: 1, Texto: 'Andamio con barandas', Respuesta: 1, Subpreguntas: [{ Texto: 'Código del andamio', Respuesta: 'AND-12' }] },
          { Numero: 2, Texto: 'Arnés con doble cabo', Respuesta: 2, Subpreguntas: [] },
        ],
      },
      {
        Item: 'Orden y aseo',
        Enunciados: [
          { Numero: 3, Texto: 'Área demarcada', Respuesta: 1, Subpreguntas: [] },
          { Numero: 4, Texto: 'Extintor vigente', Respuesta: 3, Subpreguntas: [] },
        ],
      },
    ]);
  });

  it('leaves an unanswered statement without answer and its sub-question blank', async () => {
    const partial = inspeccion({ Respuestas: [{ IdEnunciado: 'e2', Respuesta: 1, Subrespuestas: {} }] });
    const { data } = await buildChecklistReportData({ inspeccion: partial, observaciones: [], content: content() }, context());
    expect(data.Preguntas[0]!.Enunciados[0]).toMatchObject({
      Respuesta: null,
      Subpreguntas: [{ Texto: 'Código del andamio', Respuesta: '' }],
    });
  });

  it('grades with the compliance rule, but prints the stored grade once the server gave one', async () => {
    const local = await buildChecklistReportData({ inspeccion: inspeccion(), observaciones: [], content: content() }, context());
    // 2 compliant of 3 that apply: 66,7 % -> 4,0 on the default scale.
    expect(local.data.Nota).toEqual({ Porcentaje: 66.7, Nota: 4, Cumple: 2, NoCumple: 1, NoAplica: 1 });
    const pulled = await buildChecklistReportData(
      { inspeccion: inspeccion({ Porcentaje: 70, Nota: 4.8 }), observaciones: [], content: content() },
      context(),
    );
    expect(pulled.data.Nota).toMatchObject({ Porcentaje: 70, Nota: 4.8, Cumple: 2 });
  });

  it('builds the header rows in the template columns, with level, workers, contractor and template fields', async () => {
    const { data } = await buildChecklistReportData({ inspeccion: inspeccion(), observaciones: [], content: content() }, context());
    expect(data.Encabezado).toEqual({
      Columnas: 2,
      Filas: [
        { Etiqueta: 'Fecha', Valor: '09/03/2026' },
        { Etiqueta: 'Lugar', Valor: 'Edificio Ñuñoa' },
        { Etiqueta: 'Faena', Valor: 'Obra Avenida Grecia' },
        { Etiqueta: 'Supervisor', Valor: 'Andrés Gutiérrez' },
        { Etiqueta: 'Trabajadores observados', Valor: 'Rosa Vera, Luis Soto' },
        { Etiqueta: 'Contratista', Valor: '76.543.210-9' },
        { Etiqueta: 'Turno', Valor: 'Mañana' },
        { Etiqueta: 'Próxima revisión', Valor: '01/04/2026' },
      ],
    });
  });

  it('puts the executor first among the signatures, with formatted RUTs, and loads their images', async () => {
    const { data, missingFiles } = await buildChecklistReportData(
      { inspeccion: inspeccion(), observaciones: [], content: content() },
      context(),
    );
    expect(data.Firmas.map((f) => [f.Rol, f.Nombre, f.Rut, f.Imagen.Url])).toEqual([
      ['Ejecutor', 'Juan Carlos Núñez', '12.345.678-5', 'data:image/png;base64,AAAA'],
      ['Firmante', 'María José Ñancupil', '12.345.678-5', 'data:image/png;base64,AAAA'],
    ]);
    expect(missingFiles).toBe(0);
  });

  it('sorts observations by statement into Checklist, General and Brechas, skipping deleted ones and other inspections', async () => {
    const observaciones = [
      observacion({ IdObservacion: 'b', TipoObs: 'Brechas', IdEnunciado: null, Observacion: 'Sin procedimiento de izaje', Plazo: null }),
      observacion({ IdObservacion: 'c2', IdEnunciado: 'e3', Observacion: 'Demarcación incompleta' }),
      observacion({
        IdObservacion: 'c1',
        IdEnunciado: 'e2',
        Observacion: 'Falta el segundo cabo',
        Archivos: [file(3), file(4, 'application/pdf'), file(42)],
      }),
      observacion({ IdObservacion: 'g', TipoObs: 'General', IdEnunciado: null, Observacion: 'Buen orden general' }),
      observacion({ IdObservacion: 'x', Estado: 0, Observacion: 'Borrada' }),
      observacion({ IdObservacion: 'y', IdEvaluacion: 'otra', Observacion: 'De otra inspección' }),
    ];
    const { data, missingFiles } = await buildChecklistReportData(
      { inspeccion: inspeccion(), observaciones, content: content() },
      context(),
    );
    expect(data.Observaciones.map((o) => [o.Enunciado, o.Observacion])).toEqual([
      ['Arnés con doble cabo', 'Falta el segundo cabo'],
      ['Área demarcada', 'Demarcación incompleta'],
    ]);
    expect(data.ObservacionesG.map((o) => [o.Enunciado, o.Observacion])).toEqual([[null, 'Buen orden general']]);
    expect(data.ObservacionesB.map((o) => o.Observacion)).toEqual(['Sin procedimiento de izaje']);
    // Only images become photos; one photo is not on this device: it prints as "no disponible" and is counted.
    expect(data.Observaciones[0]!.Fotos).toEqual([
      { Sha256: sha(3), Tipo: 'image/jpeg', Url: 'data:image/jpeg;base64,AAAA' },
      { Sha256: sha(42), Tipo: 'image/jpeg', Url: '' },
    ]);
    expect(missingFiles).toBe(1);
  });

  it('keeps the statement text stored with an observation, and the written order within a statement', async () => {
    const observaciones = [
      observacion({ IdObservacion: 'late', IdEnunciado: 'e2', Observacion: 'Segunda', CreadoEn: '2026-03-09T12:40:00.000Z' }),
      observacion({ IdObservacion: 'first', IdEnunciado: 'e2', Observacion: 'Primera', Enunciado: 'Arnés (versión impresa)' }),
      observacion({ IdObservacion: 'tie', IdEnunciado: 'e2', Observacion: 'Empate', CreadoEn: '2026-03-09T12:40:00.000Z' }),
    ];
    const { data } = await buildChecklistReportData({ inspeccion: inspeccion(), observaciones, content: content() }, context());
    expect(data.Observaciones.map((o) => [o.Enunciado, o.Observacion])).toEqual([
      ['Arnés (versión impresa)', 'Primera'],
      ['Arnés con doble cabo', 'Segunda'],
      ['Arnés con doble cabo', 'Empate'],
    ]);
  });

  it('prints the state beside the light (SPEC OV5) and turns an overdue one red (SPEC OV1), on the Chile day it is made', async () => {
    const step = { Texto: '', Archivos: [], IdUsuario: 2, Usuario: 'Andrés Gutiérrez', Fecha: '2026-03-12T12:00:00.000Z', Plazo: null };
    const observaciones = [
      observacion({ IdObservacion: 'a', IdEnunciado: 'e1', Plazo: '2026-03-10', SemaforoObs: 1 }),
      observacion({ IdObservacion: 'b', IdEnunciado: 'e2', Plazo: '2026-03-10', SemaforoObs: 2, Respondida: 1 }),
      observacion({ IdObservacion: 'c', IdEnunciado: 'e3', Plazo: '2026-03-10', SemaforoObs: 1, Aprobada: 1 }),
      observacion({ IdObservacion: 'd', IdEnunciado: 'e4', Plazo: '2026-03-30', SemaforoObs: 2, Respondida: 1 }),
      observacion({
        IdObservacion: 'e',
        IdEnunciado: 'e4',
        Plazo: '2026-03-30',
        SemaforoObs: 2,
        CreadoEn: '2026-03-09T12:50:00.000Z',
        Respuestas: [
          { ...step, IdRespuesta: 'r1', Tipo: 'respuesta' },
          { ...step, IdRespuesta: 'r2', Tipo: 'rechazo', Plazo: '2026-03-30' },
        ],
      }),
      // A new observation with the light its inspector chose: green, and still open.
      observacion({ IdObservacion: 'f', IdEnunciado: 'e4', Plazo: '2026-03-15', SemaforoObs: 1, CreadoEn: '2026-03-09T12:55:00.000Z' }),
    ];
    const { data } = await buildChecklistReportData({ inspeccion: inspeccion(), observaciones, content: content() }, context());
    expect(data.Observaciones.map((o) => [o.Estado, o.EstadoTexto, o.SemaforoObs])).toEqual([
      ['vencida', 'Vencida', 3],
      ['vencida', 'Vencida', 3],
      ['aprobada', 'Aprobada', 1],
      ['respondida', 'Respondida', 2],
      ['rechazada', 'Rechazada', 2],
      ['abierta', 'Abierta', 1],
    ]);
  });

  it('counts a signature missing on the device', async () => {
    const insp = inspeccion({ Firmas: [firma('Ejecutor', 'Juan Carlos Núñez', 77)] });
    const { data, missingFiles } = await buildChecklistReportData({ inspeccion: insp, observaciones: [], content: content() }, context());
    expect(data.Firmas[0]!.Imagen).toEqual({ Sha256: sha(77), Tipo: 'image/png', Url: '' });
    expect(missingFiles).toBe(1);
  });
});

describe('templateContentFor', () => {
  const draftOf = (version: number): { formulario: TemplateVersion } => ({
    formulario: { IdFormulario: 'form-1', VersionFormulario: version, Contenido: { ...content(), ColumnasEncabezado: 1 } },
  });
  const pulled = (version: number): TemplateVersion => ({
    IdFormulario: 'form-1',
    VersionFormulario: version,
    Contenido: content(),
  });

  it('takes the draft copy of the version the inspection was filled with (SPEC IN3)', () => {
    expect(templateContentFor(inspeccion(), draftOf(2), pulled(3))?.ColumnasEncabezado).toBe(1);
  });

  it('takes the pulled template only when it still is that version', () => {
    expect(templateContentFor(inspeccion(), undefined, pulled(2))?.ColumnasEncabezado).toBe(2);
    expect(templateContentFor(inspeccion(), draftOf(1), pulled(3))).toBeNull();
    expect(templateContentFor(inspeccion(), undefined, undefined)).toBeNull();
  });
});
