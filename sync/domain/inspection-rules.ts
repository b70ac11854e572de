import { type ContenidoFormulario, statementsOf } from '../schemas/formularios.schema.ts';
import { INSPECCIONES_MESSAGES, type InspeccionCreateBody } from '../schemas/inspecciones.schema.ts';
import { isWireDate } from './dates.ts';
import { rutError } from './rut.ts';

/**
 * SPEC IN6-IN10: the rules a finished inspection must meet beyond the shape of its body (which
 * InspeccionCreateBodySchema checks) and beyond what only the database knows. The device runs them before
 * finishing and shows each problem beside its place; the server runs the very same function and refuses the
 * inspection with the message of the first problem (`inspectionRefusal`).
 */

/** Beside an unanswered statement; the inspection as a whole is refused with `answersIncomplete`. */
export const UNANSWERED_STATEMENT = 'Falta la respuesta de este enunciado';

export type HeaderField = 'Fecha' | 'Lugar' | 'Supervisor' | 'Observados' | 'RutContratista';
export type ObservationField = 'Observacion' | 'Responsable' | 'Plazo';

export type ProblemTarget =
  | { kind: 'encabezado'; field: HeaderField }
  | { kind: 'campo'; id: string }
  | { kind: 'enunciado'; id: string }
  | { kind: 'observacion'; id: string; field: ObservationField }
  | { kind: 'firmas' }
  | { kind: 'general' };

export interface InspectionProblem {
  target: ProblemTarget;
  message: string;
}

/** What is checked: the body as the device would send it, before or after the schema parsed (trimmed) it. */
export type InspectionCandidate = Pick<
  InspeccionCreateBody,
  'Fecha' | 'Lugar' | 'Supervisor' | 'Observados' | 'EquipoTrabajo' | 'RutContratista' | 'Encabezado' | 'Respuestas' | 'Observaciones' | 'Firmas'
>;

export type InspectionTemplate = Pick<ContenidoFormulario, 'Items' | 'CamposEncabezado'>;

/** The header part of a candidate: what the header form holds. */
export type InspectionHeaderCandidate = Pick<InspectionCandidate, 'Fecha' | 'Lugar' | 'Supervisor' | 'Observados' | 'EquipoTrabajo' | 'RutContratista' | 'Encabezado'>;

type AddProblem = (target: ProblemTarget, message: string) => void;

const blank = (text: string | null | undefined) => (text ?? '').trim() === '';

/** IN7: the header the spec asks for and the template's own required fields. */
function checkHeader(body: InspectionHeaderCandidate, content: Pick<InspectionTemplate, 'CamposEncabezado'>, add: AddProblem): void {
  if (!isWireDate(body.Fecha)) add({ kind: 'encabezado', field: 'Fecha' }, INSPECCIONES_MESSAGES.dateRequired);
  if (blank(body.Lugar)) add({ kind: 'encabezado', field: 'Lugar' }, INSPECCIONES_MESSAGES.placeRequired);
  if (blank(body.Supervisor)) add({ kind: 'encabezado', field: 'Supervisor' }, INSPECCIONES_MESSAGES.supervisorRequired);
  if (body.Observados.length === 0 && blank(body.EquipoTrabajo)) add({ kind: 'encabezado', field: 'Observados' }, INSPECCIONES_MESSAGES.observedRequired);
  const contractorError = blank(body.RutContratista) ? null : rutError(body.RutContratista);
  if (contractorError) add({ kind: 'encabezado', field: 'RutContratista' }, contractorError);
  for (const campo of content.CamposEncabezado) {
    if (campo.Requerido && blank(body.Encabezado[campo.IdCampo])) add({ kind: 'campo', id: campo.IdCampo }, INSPECCIONES_MESSAGES.headerFieldRequired);
  }
}

/** IN9: what an answer-2 statement needs, on each of its Checklist observations. */
function checkFailedStatement(body: InspectionCandidate, statementId: string, add: AddProblem): void {
  const observations = body.Observaciones.filter((observation) => observation.TipoObs === 'Checklist' && observation.IdEnunciado === statementId);
  if (observations.length === 0) add({ kind: 'enunciado', id: statementId }, INSPECCIONES_MESSAGES.observationMissing);
  for (const observation of observations) {
    const at = (field: ObservationField): ProblemTarget => ({ kind: 'observacion', id: observation.IdObservacion, field });
    if (blank(observation.Observacion)) add(at('Observacion'), INSPECCIONES_MESSAGES.observationText);
    if (blank(observation.Responsable)) add(at('Responsable'), INSPECCIONES_MESSAGES.responsibleRequired);
    if (!observation.Plazo || !isWireDate(observation.Plazo)) add(at('Plazo'), INSPECCIONES_MESSAGES.deadlineRequired);
    else if (isWireDate(body.Fecha) && observation.Plazo < body.Fecha) add(at('Plazo'), INSPECCIONES_MESSAGES.deadlineBeforeDate);
  }
}

/**
 * Every problem of the inspection, each with its place, in the order the filling screen shows them: header,
 * answers, statements in reading order, the inspection's other observations, signatures. Empty when it can be
 * finished (as far as the template decides: levels, workers and files are the server's to check).
 */
export function inspectionProblems(body: InspectionCandidate, content: InspectionTemplate): InspectionProblem[] {
  const problems: InspectionProblem[] = [];
  const seen = new Set<string>();
  // The same problem at the same place is listed once (two unknown answers are one line).
  const add: AddProblem = (target, message) => {
    const key = JSON.stringify([target, message]);
    if (!seen.has(key)) problems.push({ target, message });
    seen.add(key);
  };
  checkHeader(body, content, add);

  // IN8: each statement answered exactly once, with nothing the template does not have (sub-questions included).
  const statements = new Map(statementsOf(content).map((statement) => [statement.IdEnunciado, statement]));
  const answers = new Map<string, number>();
  for (const answer of body.Respuestas) {
    const statement = statements.get(answer.IdEnunciado);
    const known = new Set(statement?.Subpreguntas.map((sub) => sub.IdSubpregunta));
    if (!statement || answers.has(answer.IdEnunciado) || Object.keys(answer.Subrespuestas).some((id) => !known.has(id))) {
      add({ kind: 'general' }, INSPECCIONES_MESSAGES.answerUnknown);
    }
    if (!answers.has(answer.IdEnunciado)) answers.set(answer.IdEnunciado, answer.Respuesta);
  }
  for (const id of statements.keys()) {
    const answer = answers.get(id);
    if (answer === undefined) add({ kind: 'enunciado', id }, UNANSWERED_STATEMENT);
    else if (answer !== 1 && answer !== 2 && answer !== 3) add({ kind: 'enunciado', id }, INSPECCIONES_MESSAGES.answerInvalid);
    else if (answer === 2) checkFailedStatement(body, id, add);
  }

  // IN9: Checklist observations only on answer-2 statements; General and Brechas belong to the whole inspection.
  for (const observation of body.Observaciones) {
    if (observation.TipoObs === 'Checklist') {
      if (!observation.IdEnunciado || !statements.has(observation.IdEnunciado)) add({ kind: 'general' }, INSPECCIONES_MESSAGES.answerUnknown);
      else if (answers.get(observation.IdEnunciado) !== 2) add({ kind: 'general' }, INSPECCIONES_MESSAGES.observationForCompliant);
      continue;
    }
    if (observation.IdEnunciado) add({ kind: 'general' }, INSPECCIONES_MESSAGES.generalWithStatement);
    if (blank(observation.Observacion)) add({ kind: 'observacion', id: observation.IdObservacion, field: 'Observacion' }, INSPECCIONES_MESSAGES.observationText);
  }

  // IN10: one person carried it out and signs as Ejecutor; everyone who signs is named.
  if (body.Firmas.filter((firma) => firma.Rol === 'Ejecutor').length !== 1) add({ kind: 'firmas' }, INSPECCIONES_MESSAGES.signatureExecutor);
  if (body.Firmas.some((firma) => blank(firma.Nombre))) add({ kind: 'firmas' }, INSPECCIONES_MESSAGES.signerName);
  return problems;
}

/**
 * IN7 alone, with the messages finishing gives: the header form checks it before the person goes on (starting the
 * inspection, closing the form), so a missing field is not first heard of at the end.
 */
export function headerProblems(header: InspectionHeaderCandidate, content: Pick<InspectionTemplate, 'CamposEncabezado'>): InspectionProblem[] {
  const problems: InspectionProblem[] = [];
  checkHeader(header, content, (target, message) => problems.push({ target, message }));
  return problems;
}

/** IN6: the message the whole inspection is refused with (its first problem), or null when the rules pass. */
export function inspectionRefusal(body: InspectionCandidate, content: InspectionTemplate): string | null {
  const [first] = inspectionProblems(body, content);
  if (!first) return null;
  return first.message === UNANSWERED_STATEMENT ? INSPECCIONES_MESSAGES.answersIncomplete : first.message;
}
