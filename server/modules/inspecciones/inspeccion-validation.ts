import { computeCompliance, type Compliance } from '#sync/domain/compliance.ts';
import { type ContenidoFormulario, type Enunciado, statementsOf } from '#sync/schemas/formularios.schema.ts';
import { INSPECCIONES_MESSAGES, type InspeccionCreateBody, type ObservacionNueva, type RespuestaEnunciado } from '#sync/schemas/inspecciones.schema.ts';
import { HttpError } from '../../http/http-error.ts';

const invalid = (message: string) => new HttpError(400, message, 'VALIDACION');

export interface CheckedInspection {
  /** Only the template's own header fields, trimmed. */
  encabezado: Record<string, string>;
  /** One answer per statement, in the template's reading order. */
  respuestas: RespuestaEnunciado[];
  /** Each observation with the text of its statement (Checklist) or null. */
  observaciones: (ObservacionNueva & { Enunciado: string | null })[];
  /** The server's own grade (SPEC IN4): the device's is never read. */
  compliance: Compliance;
}

function checkHeader(body: InspeccionCreateBody, content: ContenidoFormulario): Record<string, string> {
  const encabezado: Record<string, string> = {};
  for (const campo of content.CamposEncabezado) {
    const value = (body.Encabezado[campo.IdCampo] ?? '').trim();
    if (campo.Requerido && value === '') throw invalid(INSPECCIONES_MESSAGES.headerFieldRequired);
    if (value !== '') encabezado[campo.IdCampo] = value;
  }
  if (body.Observados.length === 0 && body.EquipoTrabajo === '') throw invalid(INSPECCIONES_MESSAGES.observedRequired);
  return encabezado;
}

/** Every statement answered exactly once, nothing the template does not have (sub-questions included). */
function checkAnswers(body: InspeccionCreateBody, statements: Map<string, Enunciado>): RespuestaEnunciado[] {
  const byStatement = new Map<string, RespuestaEnunciado>();
  for (const answer of body.Respuestas) {
    const statement = statements.get(answer.IdEnunciado);
    if (!statement || byStatement.has(answer.IdEnunciado)) throw invalid(INSPECCIONES_MESSAGES.answerUnknown);
    const known = new Set(statement.Subpreguntas.map((sub) => sub.IdSubpregunta));
    if (Object.keys(answer.Subrespuestas).some((id) => !known.has(id))) throw invalid(INSPECCIONES_MESSAGES.answerUnknown);
    byStatement.set(answer.IdEnunciado, answer);
  }
  if (byStatement.size !== statements.size) throw invalid(INSPECCIONES_MESSAGES.answersIncomplete);
  return [...statements.keys()].map((id) => byStatement.get(id)!);
}

/**
 * Spec 4.4 on a finished inspection: every "No cumple" has at least one Checklist observation with a responsible
 * person and a deadline not before the inspection's date; no other statement has one; General and Brechas belong
 * to the whole inspection.
 */
function checkObservations(body: InspeccionCreateBody, statements: Map<string, Enunciado>, answers: RespuestaEnunciado[]): CheckedInspection['observaciones'] {
  const failed = new Set(answers.filter((answer) => answer.Respuesta === 2).map((answer) => answer.IdEnunciado));
  const observed = new Set<string>();
  const checked = body.Observaciones.map((observation) => {
    if (observation.TipoObs !== 'Checklist') {
      if (observation.IdEnunciado) throw invalid(INSPECCIONES_MESSAGES.generalWithStatement);
      return { ...observation, IdEnunciado: null, Enunciado: null };
    }
    const statement = observation.IdEnunciado ? statements.get(observation.IdEnunciado) : undefined;
    if (!statement) throw invalid(INSPECCIONES_MESSAGES.answerUnknown);
    if (!failed.has(statement.IdEnunciado)) throw invalid(INSPECCIONES_MESSAGES.observationForCompliant);
    if (observation.Responsable === '') throw invalid(INSPECCIONES_MESSAGES.responsibleRequired);
    if (observation.Plazo === null) throw invalid(INSPECCIONES_MESSAGES.deadlineRequired);
    if (observation.Plazo < body.Fecha) throw invalid(INSPECCIONES_MESSAGES.deadlineBeforeDate);
    observed.add(statement.IdEnunciado);
    return { ...observation, IdEnunciado: statement.IdEnunciado, Enunciado: statement.Texto };
  });
  if ([...failed].some((id) => !observed.has(id))) throw invalid(INSPECCIONES_MESSAGES.observationMissing);
  return checked;
}

/**
 * Everything about a finished inspection that its template version decides, without touching the database.
 * Throws a 400 with the Spanish message of the first problem; nothing has been written when it does.
 */
export function checkAgainstTemplate(body: InspeccionCreateBody, content: ContenidoFormulario): CheckedInspection {
  const statements = new Map(statementsOf(content).map((statement) => [statement.IdEnunciado, statement]));
  const encabezado = checkHeader(body, content);
  const respuestas = checkAnswers(body, statements);
  const observaciones = checkObservations(body, statements, respuestas);
  if (body.Firmas.filter((firma) => firma.Rol === 'Ejecutor').length !== 1) throw invalid(INSPECCIONES_MESSAGES.signatureExecutor);
  return { encabezado, respuestas, observaciones, compliance: computeCompliance(content, respuestas) };
}
