import { isWireDate, TIME_ZONE, toWireDate } from './dates.ts';
import { CLASIFICACIONES, type Clasificacion, fieldsNotStored, involvesInjury } from './incident-form.ts';
import { type Gravedad, gravityOf, needsProof } from './legal-clock.ts';
import { DEFAULT_RISK_MATRIX, isWeighting, riskLevel } from './risk-matrix.ts';

/**
 * SPEC IC2: the rules a report must meet, ONE function run by the device before it sends a report or saves an edit
 * (each problem shown beside its field) and by the server on every create and update (400 with the first one).
 */
export const REPORT_RULE_MESSAGES = {
  classificationRequired: 'La clasificación es requerida',
  dateRequired: 'La fecha de ocurrencia es requerida',
  dateInFuture: 'La fecha de ocurrencia no puede ser posterior a hoy',
  timeRequired: 'La hora de ocurrencia es requerida (HH:mm)',
  placeRequired: 'El lugar es requerido',
  eventTypeRequired: 'El tipo de evento es requerido',
  injuredRequired: 'El nombre del accidentado es requerido',
  injuredRutRequired: 'El rut del accidentado es requerido',
  dischargeBeforeDate: 'La fecha de alta no puede ser anterior a la fecha de ocurrencia',
  fieldNotApplicable: 'Un campo no corresponde a la clasificación del accidente',
  weightingInvalid: 'La probabilidad o la consecuencia no están en la matriz de riesgo',
  knownAtInvalid: 'La fecha y hora en que la empresa supo del accidente no es válida',
  knownBeforeDate: 'La empresa no pudo saber del accidente antes de que ocurriera',
  reporterRequired: 'El nombre de quien reporta es requerido',
  reporterSignatureRequired: 'Falta la firma de quien reporta',
  deadlineBeforeDate: 'El plazo no puede ser anterior a la fecha del accidente',
  proofRequired: 'Un accidente de trayecto necesita su medio de prueba para presentar la DIAT',
  diatFiledBy: 'Indica quién presentó la DIAT',
  diatFolio: 'El folio de la mutualidad es requerido',
} as const;

const M = REPORT_RULE_MESSAGES;

/** What the rules read of a report: the create body, a draft about to be sent, or a stored case after an edit. */
export interface ReportCandidate {
  Clasificacion: string | null;
  FechaOcurrencia: string;
  HoraOcurrencia: string;
  FechaAlta: string;
  Lugar: string;
  TipoEvento: string | null;
  NombreAccidentado: string;
  Rut: string;
  Monto: number | null;
  Probabilidad: number | null;
  Consecuencia: number | null;
  FechaConocimiento: string;
  NombreInformador: string;
  FirmaInformador: unknown;
  MedioPrueba: string;
  DiatPresentadaEn: string | null;
  DiatPresentadaPor: string;
  DiatFolio: string;
  MedidasControl: readonly { IdMedidaControl: string; Plazo: string }[];
}

export interface ReportProblem {
  /** The form's field (the spec's Campo), or `MedidasControl:<id>` for a measure. */
  field: string;
  message: string;
}

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';

export function isClasificacion(value: string | null): value is Clasificacion {
  return (CLASIFICACIONES as readonly (string | null)[]).includes(value);
}

/** `today` is the Chile date (YYYY-MM-DD) of the side that checks. */
export function reportProblems(report: ReportCandidate, today: string): ReportProblem[] {
  const problems: ReportProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const clasificacion = isClasificacion(report.Clasificacion) ? report.Clasificacion : null;
  if (!clasificacion) add('Clasificacion', M.classificationRequired);
  const dated = isWireDate(report.FechaOcurrencia);
  if (!dated) add('FechaOcurrencia', M.dateRequired);
  else if (report.FechaOcurrencia > today) add('FechaOcurrencia', M.dateInFuture);
  if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(report.HoraOcurrencia.trim())) add('HoraOcurrencia', M.timeRequired);
  if (blank(report.Lugar)) add('Lugar', M.placeRequired);
  if (blank(report.TipoEvento)) add('TipoEvento', M.eventTypeRequired);
  if (clasificacion && involvesInjury(clasificacion)) {
    if (blank(report.NombreAccidentado)) add('NombreAccidentado', M.injuredRequired);
    if (blank(report.Rut)) add('Rut', M.injuredRutRequired);
  }
  if (clasificacion) {
    const notStored = fieldsNotStored(clasificacion);
    if (notStored.includes('FechaAlta') && !blank(report.FechaAlta)) add('FechaAlta', M.fieldNotApplicable);
    if (notStored.includes('Monto') && report.Monto !== null) add('Monto', M.fieldNotApplicable);
  }
  if (dated && !blank(report.FechaAlta) && report.FechaAlta < report.FechaOcurrencia) add('FechaAlta', M.dischargeBeforeDate);
  if (report.Probabilidad !== null && !isWeighting(report.Probabilidad, DEFAULT_RISK_MATRIX.Probabilidades)) add('Probabilidad', M.weightingInvalid);
  if (report.Consecuencia !== null && !isWeighting(report.Consecuencia, DEFAULT_RISK_MATRIX.Consecuencias)) add('Consecuencia', M.weightingInvalid);
  const known = Date.parse(report.FechaConocimiento);
  if (Number.isNaN(known)) add('FechaConocimiento', M.knownAtInvalid);
  else if (dated && toWireDate(new Date(known)) < report.FechaOcurrencia) add('FechaConocimiento', M.knownBeforeDate);
  if (blank(report.NombreInformador)) add('NombreInformador', M.reporterRequired);
  if (!report.FirmaInformador) add('FirmaInformador', M.reporterSignatureRequired);
  for (const measure of report.MedidasControl) {
    if (dated && isWireDate(measure.Plazo) && measure.Plazo < report.FechaOcurrencia) add(`MedidasControl:${measure.IdMedidaControl}`, M.deadlineBeforeDate);
  }
  if (report.DiatPresentadaEn) {
    if (blank(report.DiatPresentadaPor)) add('DiatPresentadaPor', M.diatFiledBy);
    if (blank(report.DiatFolio)) add('DiatFolio', M.diatFolio);
    if (needsProof(clasificacion) && blank(report.MedioPrueba)) add('MedioPrueba', M.proofRequired);
  }
  return problems;
}

const DAY_MS = 86_400_000;

/**
 * Days lost (spec: DiasPerdidos, shown disabled): calendar days from the accident to the medical discharge (the
 * day of the accident is not lost; the day of discharge is). Null without a discharge date, or for a CDM.
 */
export function lostDays(report: { Clasificacion: string | null; FechaOcurrencia: string; FechaAlta: string }): number | null {
  if (!isClasificacion(report.Clasificacion) || fieldsNotStored(report.Clasificacion).includes('DiasPerdidos')) return null;
  if (!isWireDate(report.FechaOcurrencia) || !isWireDate(report.FechaAlta) || report.FechaAlta < report.FechaOcurrencia) return null;
  return Math.round((Date.parse(`${report.FechaAlta}T12:00:00Z`) - Date.parse(`${report.FechaOcurrencia}T12:00:00Z`)) / DAY_MS);
}

const folioParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The display folio of a report (spec: IdAccidente, a timestamp): YYYYMMDDHHmmss when it was made, in Chile. */
export function incidentFolio(instant: Date): string {
  const parts = Object.fromEntries(folioParts.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}`;
}

export interface DerivedIncidentFields {
  DiasPerdidos: number | null;
  Gravedad: Gravedad;
  ValorRiesgo: number | null;
  NivelRiesgo: string;
}

/**
 * What a case's stored fields say that nobody types (SPEC IC2): lost days, gravity and risk level. The server
 * stores its own; the device shows the same from the same rules before the server's row comes back.
 */
export function derivedIncidentFields(report: {
  Clasificacion: string | null;
  FechaOcurrencia: string;
  FechaAlta: string;
  CriteriosGravedad: readonly string[];
  Probabilidad: number | null;
  Consecuencia: number | null;
}): DerivedIncidentFields {
  const clasificacion = isClasificacion(report.Clasificacion) ? report.Clasificacion : null;
  const risk = riskLevel(report.Probabilidad, report.Consecuencia);
  return {
    DiasPerdidos: lostDays(report),
    Gravedad: gravityOf({ Clasificacion: clasificacion, CriteriosGravedad: report.CriteriosGravedad }),
    ValorRiesgo: risk?.Valor ?? null,
    NivelRiesgo: risk?.Nivel ?? '',
  };
}
