import { computeCompliance, type Compliance } from '#sync/domain/compliance.ts';
import { inspectionRefusal } from '#sync/domain/inspection-rules.ts';
import { type ContenidoFormulario, statementsOf } from '#sync/schemas/formularios.schema.ts';
import type { InspeccionCreateBody, ObservacionNueva, RespuestaEnunciado } from '#sync/schemas/inspecciones.schema.ts';
import { HttpError } from '#server/http/http-error.ts';

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

/**
 * SPEC IN6: everything about a finished inspection that its template version decides, by the same rules the
 * device checked before finishing (sync/domain/inspection-rules.ts). Throws a 400 with the Spanish message of the
 * first problem; nothing has been written when it does. Otherwise answers what the server stores.
 */
export function checkAgainstTemplate(body: InspeccionCreateBody, content: ContenidoFormulario): CheckedInspection {
  const refusal = inspectionRefusal(body, content);
  if (refusal) throw new HttpError(400, refusal, 'VALIDACION');

  const encabezado = Object.fromEntries(
    content.CamposEncabezado.map((campo) => [campo.IdCampo, (body.Encabezado[campo.IdCampo] ?? '').trim()] as const).filter(([, value]) => value !== ''),
  );
  const statements = statementsOf(content);
  // The rules passed: each statement has exactly one answer.
  const respuestas = statements.map((statement) => body.Respuestas.find((answer) => answer.IdEnunciado === statement.IdEnunciado)!);
  const texts = new Map(statements.map((statement) => [statement.IdEnunciado, statement.Texto]));
  const observaciones = body.Observaciones.map((observation) =>
    observation.TipoObs === 'Checklist' ? { ...observation, Enunciado: texts.get(observation.IdEnunciado!) ?? null } : { ...observation, IdEnunciado: null, Enunciado: null },
  );
  return { encabezado, respuestas, observaciones, compliance: computeCompliance(content, respuestas) };
}
