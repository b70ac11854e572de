import { ANSWER_LABELS, type Answer } from '#sync/domain/traffic-light.ts';
import { type ContenidoFormulario, type Enunciado, statementsOf } from '#sync/schemas/formularios.schema.ts';
import type { CambioCorreccion } from '#sync/schemas/inspecciones-correccion.schema.ts';
import type { Inspeccion, RespuestaEnunciado } from '#sync/schemas/inspecciones.schema.ts';
import type { Observacion } from '#sync/schemas/observaciones.schema.ts';

/**
 * What a correction changed, as the inspection's history and its PDF print it: the header fields, the statements
 * whose answer changed and the observations that came or went with them. Pure: the inspection before and after.
 */

const HEADER_FIELDS = [
  ['Lugar', 'Lugar'],
  ['Supervisor', 'Supervisor'],
  ['EquipoTrabajo', 'Equipo de trabajo'],
] as const;

/** Sub-answers without the empty ones, in a fixed order: two answers that read alike are the same answer. */
function subAnswers(answer: RespuestaEnunciado | undefined): [string, string][] {
  return Object.entries(answer?.Subrespuestas ?? {})
    .filter(([, value]) => value.trim() !== '')
    .sort(([a], [b]) => a.localeCompare(b));
}

export function sameAnswer(a: RespuestaEnunciado | undefined, b: RespuestaEnunciado | undefined): boolean {
  return a?.Respuesta === b?.Respuesta && JSON.stringify(subAnswers(a)) === JSON.stringify(subAnswers(b));
}

/** "No cumple (Horómetro: 1200)": the answer's word and its written sub-answers. */
export function answerText(statement: Enunciado, answer: RespuestaEnunciado | undefined): string {
  if (!answer) return 'Sin respuesta';
  const word = ANSWER_LABELS[answer.Respuesta as Answer] ?? ANSWER_LABELS[3];
  const labels = new Map(statement.Subpreguntas.map((sub) => [sub.IdSubpregunta, sub.Texto]));
  const subs = subAnswers(answer).map(([id, value]) => `${labels.get(id) ?? id}: ${value}`);
  return subs.length ? `${word} (${subs.join('; ')})` : word;
}

/** Why an observation's statement no longer takes corrections: it moved past Abierta (SPEC OV5). Null while open. */
export function lockReason(observation: Observacion): string | null {
  if (observation.Aprobada === 1) return 'aprobada';
  if (observation.Respondida === 1) return 'respondida';
  if (observation.Respuestas.at(-1)?.Tipo === 'rechazo') return 'rechazada';
  return observation.Respuestas.length > 0 ? 'respondida' : null;
}

const observationLabel = (observation: Pick<Observacion, 'TipoObs' | 'Enunciado'>) =>
  observation.TipoObs === 'General' ? 'Observación general' : `Observación de "${observation.Enunciado ?? ''}"`;

export interface ObservationMoves {
  /** Open observations withdrawn (their statement no longer fails). */
  withdrawn: readonly Observacion[];
  /** Observations whose text changed, before and after. */
  edited: readonly { before: Observacion; after: Observacion }[];
  added: readonly Observacion[];
}

/** Every change between `before` and `after` in reading order: header, template fields, statements, observations. */
export function correctionChanges(
  before: Inspeccion,
  after: Inspeccion,
  content: Pick<ContenidoFormulario, 'Items' | 'CamposEncabezado'>,
  moves: ObservationMoves,
): CambioCorreccion[] {
  const changes: CambioCorreccion[] = [];
  for (const [field, label] of HEADER_FIELDS) {
    if (before[field] !== after[field]) changes.push({ Tipo: 'encabezado', Clave: field, Campo: label, Antes: before[field], Despues: after[field] });
  }
  for (const campo of content.CamposEncabezado) {
    const [was, is] = [before.Encabezado[campo.IdCampo] ?? '', after.Encabezado[campo.IdCampo] ?? ''];
    if (was !== is) changes.push({ Tipo: 'encabezado', Clave: campo.IdCampo, Campo: campo.Etiqueta, Antes: was, Despues: is });
  }
  const answerOf = (inspection: Inspeccion, id: string) => inspection.Respuestas.find((answer) => answer.IdEnunciado === id);
  for (const statement of statementsOf(content)) {
    const [was, is] = [answerOf(before, statement.IdEnunciado), answerOf(after, statement.IdEnunciado)];
    if (sameAnswer(was, is)) continue;
    changes.push({
      Tipo: 'enunciado',
      Clave: statement.IdEnunciado,
      Campo: statement.Texto,
      Antes: answerText(statement, was),
      Despues: answerText(statement, is),
    });
  }
  const observation = (row: Observacion, Antes: string, Despues: string): CambioCorreccion => ({
    Tipo: 'observacion',
    Clave: row.IdObservacion,
    Campo: observationLabel(row),
    Antes,
    Despues,
  });
  for (const row of moves.withdrawn) changes.push(observation(row, row.Observacion, 'Eliminada'));
  for (const { before: was, after: is } of moves.edited) changes.push(observation(is, was.Observacion, is.Observacion));
  for (const row of moves.added) changes.push(observation(row, '', row.Observacion));
  return changes;
}
