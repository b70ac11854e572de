import * as v from 'valibot';
import { DEFAULT_RANGOS } from '#sync/domain/compliance.ts';
import { type CampoEncabezado, type FormularioCreateBody, FormularioCreateBodySchema, type FormularioTipo } from '#sync/schemas/formularios.schema.ts';

/** A statement as written here: text, weight, its sub-questions and the demo EPP item whose use it checks. */
type StatementSpec = [texto: string, ponderacion: number, subpreguntas?: string[], epp?: string];

interface TemplateSpec {
  key: string;
  nombre: string;
  tipo: FormularioTipo;
  descripcion: string;
  columnas: 1 | 2;
  campos: CampoEncabezado[];
  items: [nombre: string, enunciados: StatementSpec[]][];
}

const TOOLS: TemplateSpec = {
  key: 'herramientas',
  nombre: 'Inspección de herramientas y equipos',
  tipo: 'inspeccion',
  descripcion: 'Revisión mensual de herramientas manuales, eléctricas y elementos de levante en faena.',
  columnas: 1,
  campos: [
    { IdCampo: 'area', Etiqueta: 'Área inspeccionada', Tipo: 'texto', Requerido: true },
    { IdCampo: 'equipos', Etiqueta: 'N° de equipos revisados', Tipo: 'numero', Requerido: false },
  ],
  items: [
    [
      'Herramientas manuales',
      [
        ['Las herramientas manuales están en buen estado, sin mangos quebrados ni astillados', 5],
        ['Las herramientas de golpe no presentan cabezas deformadas ni rebabas', 4],
        ['Se usa la herramienta adecuada para cada tarea', 3],
        ['Las herramientas cortantes se guardan con protección en el filo', 3],
        ['Llaves y alicates no presentan desgaste que provoque deslizamiento', 2],
      ],
    ],
    [
      'Herramientas eléctricas portátiles',
      [
        ['Cables y enchufes sin cortes, empalmes ni aislación dañada', 8],
        ['La herramienta tiene su protección (guarda) original instalada', 8],
        ['Existe protección diferencial en el tablero de alimentación', 10],
        ['La herramienta tiene la cinta de inspección del mes vigente', 5],
        ['El interruptor de hombre muerto funciona correctamente', 6],
      ],
    ],
    [
      'Equipos y elementos de levante',
      [
        ['Eslingas y estrobos sin cortes, nudos ni alambres cortados', 10, ['Código de la eslinga revisada']],
        ['Grilletes y ganchos con seguro y capacidad marcada', 8],
        ['Tecles y señoritas certificados', 7, ['N° de certificado']],
        ['El operador del equipo de levante está acreditado', 9],
        ['Se segrega el área bajo cargas suspendidas', 9],
      ],
    ],
    [
      'Orden, almacenamiento y EPP',
      [
        ['Las herramientas se guardan ordenadas en pañol o caja', 2],
        ['El pañol lleva registro de entrega y devolución', 2],
        ['Los equipos defectuosos están rotulados "Fuera de servicio"', 5],
        ['El trabajador usa guantes y lentes de seguridad para la tarea', 4],
        ['Hay un extintor vigente y accesible en el área', 4],
      ],
    ],
  ],
};

const HEIGHTS: TemplateSpec = {
  key: 'altura',
  nombre: 'Trabajo en altura',
  tipo: 'inspeccion',
  descripcion: 'Verificación de permisos, sistemas de detención de caídas, andamios y escalas antes y durante trabajos sobre 1,8 m.',
  columnas: 2,
  campos: [
    { IdCampo: 'altura', Etiqueta: 'Altura de trabajo (m)', Tipo: 'numero', Requerido: true },
    { IdCampo: 'permiso', Etiqueta: 'N° de permiso de trabajo', Tipo: 'texto', Requerido: true },
  ],
  items: [
    [
      'Planificación y permisos',
      [
        ['Existe permiso de trabajo en altura firmado y vigente', 10, ['Nombre de quien autoriza']],
        ['Se realizó el análisis de riesgos de la tarea (AST) con el equipo', 8],
        ['Los trabajadores tienen examen de altura física vigente', 9, ['Fecha de vencimiento del examen']],
        ['Los trabajadores están capacitados en trabajo en altura', 7],
        ['Existe un plan de rescate definido y conocido por el equipo', 8],
      ],
    ],
    [
      'Arnés y sistema personal de detención de caídas',
      [
        ['El arnés de cuerpo completo está certificado y sin daños', 10, ['N° de serie del arnés']],
        ['Costuras y cintas del arnés sin cortes ni quemaduras', 8],
        ['Argollas y hebillas funcionan y no están deformadas', 6],
        ['La cola de seguridad tiene absorbedor de impacto', 9],
        ['Los mosquetones tienen doble seguro', 7],
        ['El arnés está bien ajustado al cuerpo del trabajador', 5],
        ['El equipo tiene su registro de inspección previa al uso', 4],
      ],
    ],
    [
      'Puntos de anclaje y líneas de vida',
      [
        ['Los puntos de anclaje resisten al menos 22 kN (2.270 kg)', 10],
        ['La línea de vida está instalada y tensada según diseño', 9],
        ['El anclaje está sobre la cabeza del trabajador', 6],
        ['Se mantiene 100 % de conexión durante los desplazamientos', 10],
        ['Los cables de la línea de vida no presentan corrosión ni deshilachado', 6],
      ],
    ],
    [
      'Andamios',
      [
        ['El andamio tiene tarjeta verde de habilitación', 10, ['Color de la tarjeta observada']],
        ['Plataformas completas y fijas, sin huecos', 8],
        ['Barandas a 1 m, baranda intermedia y rodapié', 8],
        ['Base nivelada sobre placas de apoyo', 6],
        ['El andamio está arriostrado a la estructura', 6],
        ['El acceso es por escalera interior o adosada', 4],
      ],
    ],
    [
      'Escalas',
      [
        ['La escala está en buen estado, sin peldaños dañados', 5],
        ['La escala sobrepasa 1 m el punto de apoyo superior', 3],
        ['La escala está amarrada o sujeta por un ayudante', 4],
      ],
    ],
    [
      'Entorno y señalización',
      [
        ['El área bajo el trabajo está segregada y señalizada', 7],
        ['Las herramientas se usan con cuerda de retención', 5],
        ['Las condiciones climáticas permiten el trabajo (viento, lluvia)', 6],
        ['Hay supervisión permanente durante la tarea', 5],
      ],
    ],
  ],
};

const BEHAVIOUR: TemplateSpec = {
  key: 'conducta',
  nombre: 'Observación de conducta',
  tipo: 'observacion',
  descripcion: 'Observación planeada de conductas seguras e inseguras de un trabajador o cuadrilla durante su tarea.',
  columnas: 1,
  campos: [{ IdCampo: 'actividad', Etiqueta: 'Actividad observada', Tipo: 'texto', Requerido: true }],
  items: [
    [
      'Uso de elementos de protección personal',
      [
        // Linked to the EPP catalogue: a No cumple is a finding of non-use of the item (EPP dashboard).
        ['Usa casco con barbiquejo', 5, [], 'casco'],
        ['Usa lentes de seguridad', 5, [], 'lentes'],
        ['Usa guantes adecuados a la tarea', 4, [], 'guantes'],
        ['Usa calzado de seguridad', 4, [], 'zapatos'],
      ],
    ],
    [
      'Posición y ergonomía',
      [
        ['Se ubica fuera de la línea de fuego', 8],
        ['Levanta cargas con la espalda recta y las piernas flectadas', 5],
        ['Mantiene tres puntos de apoyo al subir o bajar', 6],
        ['Evita posturas forzadas prolongadas', 3],
      ],
    ],
    [
      'Procedimientos y herramientas',
      [
        ['Conoce y aplica el procedimiento de la tarea', 7],
        ['Usa la herramienta correcta para el trabajo', 4],
        ['Aplica bloqueo y etiquetado cuando corresponde', 10],
        ['Revisa sus herramientas antes de usarlas', 3],
      ],
    ],
    [
      'Orden y comunicación',
      [
        ['Mantiene su área de trabajo ordenada y limpia', 2],
        ['Se comunica con su equipo antes de cada maniobra', 4],
        ['Detiene el trabajo ante una condición insegura', 8],
      ],
    ],
  ],
};

export const DEMO_TEMPLATES = [TOOLS, HEIGHTS, BEHAVIOUR];

/**
 * The create body of a demo template, through the shared schema (so the seed can never store an invalid one).
 * Ids inside the content are short and stable: items i1.., statements e1.. in reading order, sub-questions s1...
 */
export function demoTemplateBody(spec: TemplateSpec, id: string, eppId: (key: string) => string): FormularioCreateBody {
  let statement = 0;
  return v.parse(FormularioCreateBodySchema, {
    IdFormulario: id,
    Nombre: spec.nombre,
    Tipo: spec.tipo,
    Descripcion: spec.descripcion,
    Contenido: {
      ColumnasEncabezado: spec.columnas,
      CamposEncabezado: spec.campos,
      Items: spec.items.map(([nombre, enunciados], item) => ({
        IdItem: `i${item + 1}`,
        Nombre: nombre,
        Enunciados: enunciados.map(([texto, ponderacion, subpreguntas = [], epp]) => {
          statement += 1;
          return { IdEnunciado: `e${statement}`, Texto: texto, Ponderacion: ponderacion, Subpreguntas: subpreguntas.map((sub, i) => ({ IdSubpregunta: `s${i + 1}`, Texto: sub })), ...(epp ? { IdEpp: eppId(epp) } : {}) };
        }),
      })),
      Rangos: DEFAULT_RANGOS,
    },
  });
}
