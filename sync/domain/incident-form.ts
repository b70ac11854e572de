/**
 * The static accident form of the spec (part 2, "Accidents": form and alias Accidentes), as data: stages 1-3,
 * sections 1-11, each field with its title and type, and the six classifications that decide which fields appear.
 * The device draws the form from it and the server applies the same visibility, so a field hidden for a
 * classification is never stored for it.
 */
export const CLASIFICACIONES = [
  'Accidente con tiempo perdido',
  'Cuasi Accidente',
  'Accidente de Trayecto',
  'Accidente Fatal',
  'Accidente sin tiempo perdido',
  'Accidente CDM',
] as const;
export type Clasificacion = (typeof CLASIFICACIONES)[number];

/** "CDM": con daño material, material damage only. */
export const CLASIFICACION_CDM: Clasificacion = 'Accidente CDM';
export const CLASIFICACION_CUASI: Clasificacion = 'Cuasi Accidente';
export const CLASIFICACION_TRAYECTO: Clasificacion = 'Accidente de Trayecto';
export const CLASIFICACION_FATAL: Clasificacion = 'Accidente Fatal';

export type FieldType = 'Select' | 'Date' | 'Time' | 'Text' | 'TextArea' | 'Number' | 'MultiSelect' | 'Worker';

export interface AccidentFormField {
  Campo: string;
  Titulo: string;
  TipoCampo: FieldType;
  Etapa: 1 | 2 | 3;
  /** 1-11; null for the fields the spec places in no section (probability and consequence). */
  Seccion: number | null;
  /** Classifications for which the field does not appear. */
  omitIn?: readonly Clasificacion[];
  /** Classifications for which the field appears disabled (computed, or not applicable). */
  disabledIn?: readonly Clasificacion[];
  /** Shown, never typed: the server computes it. */
  computed?: boolean;
}

const ALL = CLASIFICACIONES;

/** In the spec's order. Fields this product adds where the spec is silent are marked in the comments. */
export const ACCIDENT_FORM: readonly AccidentFormField[] = [
  { Campo: 'FechaOcurrencia', Titulo: 'Fecha de ocurrencia', TipoCampo: 'Date', Etapa: 1, Seccion: 1 },
  { Campo: 'HoraOcurrencia', Titulo: 'Hora de ocurrencia', TipoCampo: 'Time', Etapa: 1, Seccion: 1 },
  { Campo: 'FechaAlta', Titulo: 'Fecha de alta', TipoCampo: 'Date', Etapa: 1, Seccion: 1, omitIn: [CLASIFICACION_CDM] },
  {
    Campo: 'DiasPerdidos',
    Titulo: 'Días perdidos',
    TipoCampo: 'Number',
    Etapa: 1,
    Seccion: 1,
    omitIn: [CLASIFICACION_CDM],
    disabledIn: ALL,
    computed: true,
  },
  { Campo: 'Lugar', Titulo: 'Lugar', TipoCampo: 'Text', Etapa: 1, Seccion: 1 },
  // Added: the levels of the worksite (dashboards and rates filter by them).
  { Campo: 'IdNivel2', Titulo: 'Nivel 2', TipoCampo: 'Select', Etapa: 1, Seccion: 1 },
  { Campo: 'IdNivel3', Titulo: 'Nivel 3', TipoCampo: 'Select', Etapa: 1, Seccion: 1 },
  { Campo: 'ProcesoFaena', Titulo: 'Proceso de la faena', TipoCampo: 'Text', Etapa: 1, Seccion: 1 },
  { Campo: 'EquipoTrabajo', Titulo: 'Equipo de trabajo', TipoCampo: 'Text', Etapa: 1, Seccion: 1 },
  { Campo: 'FuenteEvento', Titulo: 'Fuente del evento', TipoCampo: 'Select', Etapa: 1, Seccion: 1 },
  { Campo: 'AgenteEvento', Titulo: 'Agente del evento', TipoCampo: 'Select', Etapa: 1, Seccion: 1 },
  { Campo: 'TipoEvento', Titulo: 'Tipo de evento', TipoCampo: 'Select', Etapa: 1, Seccion: 1 },
  { Campo: 'NombreAccidentado', Titulo: 'Nombre del accidentado', TipoCampo: 'Worker', Etapa: 1, Seccion: 2 },
  { Campo: 'Rut', Titulo: 'Rut', TipoCampo: 'Text', Etapa: 1, Seccion: 2 },
  { Campo: 'Cargo', Titulo: 'Cargo', TipoCampo: 'Text', Etapa: 1, Seccion: 2 },
  { Campo: 'Edad', Titulo: 'Edad', TipoCampo: 'Number', Etapa: 1, Seccion: 2 },
  { Campo: 'AntiguedadCargo', Titulo: 'Antigüedad en el cargo', TipoCampo: 'Text', Etapa: 1, Seccion: 2 },
  { Campo: 'TipoLesion', Titulo: 'Tipo de lesión', TipoCampo: 'Select', Etapa: 2, Seccion: 3 },
  { Campo: 'ParteCuerpo', Titulo: 'Parte del cuerpo', TipoCampo: 'Select', Etapa: 2, Seccion: 3 },
  { Campo: 'Equipo', Titulo: 'Equipo involucrado', TipoCampo: 'Select', Etapa: 2, Seccion: 3 },
  { Campo: 'Proceso', Titulo: 'Proceso', TipoCampo: 'Text', Etapa: 2, Seccion: 3 },
  { Campo: 'Monto', Titulo: 'Monto (USD)', TipoCampo: 'Number', Etapa: 2, Seccion: 3, disabledIn: ['Accidente con tiempo perdido'] },
  { Campo: 'Descripcion', Titulo: 'Descripción', TipoCampo: 'TextArea', Etapa: 2, Seccion: 4 },
  { Campo: 'ActosSubestandar', Titulo: 'Actos subestándares', TipoCampo: 'MultiSelect', Etapa: 2, Seccion: 5 },
  { Campo: 'Factores', Titulo: 'Factores', TipoCampo: 'MultiSelect', Etapa: 2, Seccion: 6 },
  { Campo: 'CondicionSubestandar', Titulo: 'Condiciones subestándares', TipoCampo: 'MultiSelect', Etapa: 2, Seccion: 7 },
  { Campo: 'CausasBasicas', Titulo: 'Causas básicas', TipoCampo: 'MultiSelect', Etapa: 2, Seccion: 8 },
  { Campo: 'ItemCausasBasicas', Titulo: 'Ítems de las causas básicas', TipoCampo: 'MultiSelect', Etapa: 2, Seccion: 9 },
  // Added beside probability and consequence: the lack of control and the specific risk (their dashboards need them).
  { Campo: 'FaltaControl', Titulo: 'Falta de control', TipoCampo: 'MultiSelect', Etapa: 2, Seccion: null },
  { Campo: 'IdRiesgoEspecifico', Titulo: 'Riesgo específico', TipoCampo: 'Select', Etapa: 2, Seccion: null },
  { Campo: 'Probabilidad', Titulo: 'Probabilidad', TipoCampo: 'Select', Etapa: 2, Seccion: null },
  { Campo: 'Consecuencia', Titulo: 'Consecuencia', TipoCampo: 'Select', Etapa: 2, Seccion: null },
  { Campo: 'MedidaControl', Titulo: 'Medida de control', TipoCampo: 'TextArea', Etapa: 3, Seccion: 10 },
  { Campo: 'Plazo', Titulo: 'Plazo', TipoCampo: 'Date', Etapa: 3, Seccion: 11 },
  { Campo: 'Responsable', Titulo: 'Responsable', TipoCampo: 'Text', Etapa: 3, Seccion: 11 },
];

export const SECTION_TITLES: Record<number, string> = {
  1: '1. Cuándo, dónde y cómo',
  2: '2. Persona afectada',
  3: '3. Lesión, equipo y costo',
  4: '4. Descripción',
  5: '5. Actos subestándares',
  6: '6. Factores',
  7: '7. Condiciones subestándares',
  8: '8. Causas básicas',
  9: '9. Ítems de las causas básicas',
  10: '10. Medidas de control',
  11: '11. Plazo y responsable',
};

function fieldOf(campo: string): AccidentFormField {
  const field = ACCIDENT_FORM.find((candidate) => candidate.Campo === campo);
  if (!field) throw new Error(`El formulario de accidentes no tiene el campo ${campo}`);
  return field;
}

/** Whether the field appears for the classification (a case without one yet shows every field). */
export function fieldShown(campo: string, clasificacion: Clasificacion | null): boolean {
  return clasificacion === null || !(fieldOf(campo).omitIn ?? []).includes(clasificacion);
}

/** Whether the field appears but cannot be typed for the classification. */
export function fieldDisabled(campo: string, clasificacion: Clasificacion | null): boolean {
  return clasificacion !== null && (fieldOf(campo).disabledIn ?? []).includes(clasificacion);
}

/** The fields a classification does not store: hidden, or disabled and not computed (Monto of a lost-time accident). */
export function fieldsNotStored(clasificacion: Clasificacion): string[] {
  return ACCIDENT_FORM.filter(
    (field) => !fieldShown(field.Campo, clasificacion) || (fieldDisabled(field.Campo, clasificacion) && !field.computed),
  ).map((field) => field.Campo);
}

/** Classifications with an injured worker whose accident is a work accident under Ley 16.744 (the DIAT applies). */
export function involvesInjury(clasificacion: Clasificacion): boolean {
  return clasificacion !== CLASIFICACION_CDM && clasificacion !== CLASIFICACION_CUASI;
}
