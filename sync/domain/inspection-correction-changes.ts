import { toWireDate } from './dates.ts';
import { ANSWER_LABELS, type Answer } from './traffic-light.ts';
import { type ContenidoFormulario, type Enunciado, statementsOf } from '../schemas/formularios.schema.ts';
import type { CambioCorreccion, Correccion } from '../schemas/inspecciones-correccion.schema.ts';
import type { ChecklistReportData, Inspeccion, RespuestaEnunciado } from '../schemas/inspecciones.schema.ts';
import type { Observacion } from '../schemas/observaciones.schema.ts';

/**
 * What a correction changed, as the inspection's history and its PDF print it: the header fields, the statements
 * whose answer changed and the observations that came or went with them. Pure: the inspection before and after; the
 * server keeps it in the history, the device shows it on its PDF until the server's copy arrives.
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

type MovedObservation = Pick<Observacion, 'IdObservacion' | 'TipoObs' | 'Enunciado' | 'Observacion'>;

const observationLabel = (observation: Pick<Observacion, 'TipoObs' | 'Enunciado'>) =>
  observation.TipoObs === 'General' ? 'Observación general' : `Observación de "${observation.Enunciado ?? ''}"`;

export interface ObservationMoves {
  /** Open observations withdrawn (their statement no longer fails). */
  withdrawn: readonly MovedObservation[];
  /** Observations whose text changed, before and after. */
  edited: readonly { before: MovedObservation; after: MovedObservation }[];
  added: readonly MovedObservation[];
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
  const observation = (row: MovedObservation, Antes: string, Despues: string): CambioCorreccion => ({
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

/** The corrections as a report prints them: the day each was made (in Chile) and what it changed. */
export function reportCorrections(corrections: readonly Correccion[]): NonNullable<ChecklistReportData['Correcciones']> {
  return corrections.map((correction) => ({
    Fecha: toWireDate(new Date(correction.Fecha)),
    Usuario: correction.Usuario,
    Cambios: correction.Cambios.map(({ Campo, Antes, Despues }) => ({ Campo, Antes, Despues })),
  }));
}
