import { computeCompliance } from '#sync/domain/compliance.ts';
import type { Rango } from '#sync/schemas/formularios.schema.ts';
import type { ChecklistReportData, ReportObservation } from '#sync/schemas/inspecciones.schema.ts';
import type { ReportImage } from '#sync/records/record-fields.ts';

/**
 * A realistic checklist report for tests and the benchmark (no UI imports it): items of numbered statements with
 * sub-questions, some not compliant with an observation each (responsible, deadline, photos), signatures, a
 * general observation and a gap. Images are given by the caller, who decides how they are made.
 */
export interface SampleReportOptions {
  items: number;
  statementsPerItem: number;
  /** Statement numbers (1-based, across items) answered No cumple; each gets an observation. */
  failed: number[];
  /** Statement numbers answered No aplica. */
  notApplicable: number[];
  logo: ReportImage | null;
  signatures: ReportImage[];
  /** Photos shared out in order among the observations of the failed statements. */
  photos: ReportImage[];
  photosPerObservation: number;
  rangos: Rango[];
}

export const SAMPLE_RESPONSIBLES = ['Pedro Muñoz Araya', 'Ana Pérez Soto', 'Íñigo Valdés Rojas', 'Sofía Ñanco Tapia'];
export const SAMPLE_SIGNERS = ['Juan Carlos Núñez', 'María José Ñancupil', 'Hernán Cárdenas', 'Lucía Ortúzar'];
const SIGNER_RUTS = ['12345678-5', '9876543-3', '15111222-0', '7654321-6'];
const TOPICS = [
  'el andamio tiene barandas y rodapiés instalados',
  'los trabajadores usan arnés con doble cabo sobre 1,8 m',
  'el extintor está vigente, señalizado y accesible',
  'la zanja cuenta con entibación y acceso por escala',
  'los tableros eléctricos están cerrados y rotulados',
  'el área de trabajo está demarcada y ordenada',
  'la herramienta eléctrica tiene doble aislación',
  'existe permiso de trabajo en altura firmado',
];
const ITEM_NAMES = ['Trabajo en altura', 'Orden y aseo', 'Riesgo eléctrico', 'Excavaciones', 'Equipos de protección', 'Maquinaria'];

export function sampleStatementText(number: number): string {
  return `Enunciado ${number}: ${TOPICS[(number - 1) % TOPICS.length]}`;
}

export function sampleChecklistReport(options: SampleReportOptions): ChecklistReportData {
  const failed = new Set(options.failed);
  const notApplicable = new Set(options.notApplicable);
  const answerOf = (number: number) => (failed.has(number) ? 2 : notApplicable.has(number) ? 3 : 1);
  const preguntas: ChecklistReportData['Preguntas'] = [];
  let number = 0;
  for (let item = 0; item < options.items; item++) {
    const enunciados = [];
    for (let i = 0; i < options.statementsPerItem; i++) {
      number += 1;
      enunciados.push({
        Numero: number,
        Texto: sampleStatementText(number),
        Respuesta: answerOf(number),
        Subpreguntas: number % 4 === 0 ? [{ Texto: 'Código del equipo', Respuesta: `EQ-${1000 + number}` }] : [],
      });
    }
    preguntas.push({ Item: `${item + 1}. ${ITEM_NAMES[item % ITEM_NAMES.length]}`, Enunciados: enunciados });
  }

  const all = preguntas.flatMap((item) => item.Enunciados);
  const compliance = computeCompliance(
    {
      Items: [
        {
          IdItem: 'i',
          Nombre: 'i',
          Enunciados: all.map((e) => ({ IdEnunciado: String(e.Numero), Texto: e.Texto, Ponderacion: 1, Subpreguntas: [] })),
        },
      ],
      Rangos: options.rangos,
    },
    all.map((e) => ({ IdEnunciado: String(e.Numero), Respuesta: answerOf(e.Numero) })),
  );

  const observations: ReportObservation[] = options.failed.map((statement, index) => ({
    Enunciado: sampleStatementText(statement),
    Observacion: `No cumple: ${TOPICS[(statement - 1) % TOPICS.length]}. Se instruye corregir antes de reanudar la tarea y registrar la corrección con fotografías.`,
    Responsable: SAMPLE_RESPONSIBLES[index % SAMPLE_RESPONSIBLES.length]!,
    Plazo: `2026-04-${String(10 + (index % 18)).padStart(2, '0')}`,
    SemaforoObs: ([1, 2, 3] as const)[index % 3]!,
    Severidad: (['Alta', 'Media', 'Baja'] as const)[index % 3]!,
    Estado: 'abierta',
    EstadoTexto: 'Abierta',
    Fotos: options.photos.slice(index * options.photosPerObservation, (index + 1) * options.photosPerObservation),
  }));

  return {
    Empresa: { Nombre: 'Constructora Peñalolén Ltda.', Rut: '76123456-0', Logo: options.logo },
    Titulo: 'Inspección de faena — condiciones de seguridad',
    Encabezado: {
      Columnas: 2,
      Filas: [
        { Etiqueta: 'Fecha', Valor: '09/03/2026' },
        { Etiqueta: 'Lugar', Valor: 'Edificio Ñuñoa, piso 4' },
        { Etiqueta: 'Faena', Valor: 'Obra Avenida Grecia' },
        { Etiqueta: 'Área', Valor: 'Estructuras' },
        { Etiqueta: 'Supervisor', Valor: 'Andrés Gutiérrez' },
        { Etiqueta: 'Equipo de trabajo', Valor: 'Cuadrilla de moldajes' },
        { Etiqueta: 'Contratista', Valor: '' },
        { Etiqueta: 'Turno', Valor: 'Mañana' },
      ],
    },
    Preguntas: preguntas,
    Nota: {
      Porcentaje: compliance.Porcentaje,
      Nota: compliance.Nota,
      Cumple: compliance.Cumple,
      NoCumple: compliance.NoCumple,
      NoAplica: compliance.NoAplica,
    },
    Firmas: options.signatures.map((image, index) => ({
      Rol: index === 0 ? 'Ejecutor' : 'Firmante',
      Nombre: SAMPLE_SIGNERS[index % SAMPLE_SIGNERS.length]!,
      Rut: SIGNER_RUTS[index % SIGNER_RUTS.length]!,
      Cargo: index === 0 ? 'Prevencionista de riesgos' : 'Jefe de terreno',
      Imagen: image,
      FirmadoEn: '2026-03-09T14:30:00.000Z',
    })),
    Observaciones: observations,
    ObservacionesG: [
      {
        Enunciado: null,
        Observacion: 'La faena mantiene buen orden general; reforzar la charla de cinco minutos sobre caídas a distinto nivel.',
        Responsable: 'Andrés Gutiérrez',
        Plazo: null,
        SemaforoObs: 1,
        Severidad: 'Baja',
        Estado: 'abierta',
        EstadoTexto: 'Abierta',
        Fotos: [],
      },
    ],
    ObservacionesB: [
      {
        Enunciado: null,
        Observacion: 'Brecha: no hay procedimiento escrito para el izaje de moldajes con grúa torre.',
        Responsable: 'Sofía Ñanco Tapia',
        Plazo: '2026-05-04',
        SemaforoObs: 2,
        Severidad: 'Media',
        Estado: 'respondida',
        EstadoTexto: 'Respondida',
        Fotos: [],
      },
    ],
  };
}
