import { computeCompliance } from '#sync/domain/compliance.ts';
import { correctionChanges } from '#sync/domain/inspection-correction-changes.ts';
import { correctionLock } from '#sync/domain/correction-lock.ts';
import { type InspectionProblem, inspectionProblems } from '#sync/domain/inspection-rules.ts';
import { type Answer, ANSWERS } from '#sync/domain/traffic-light.ts';
import { type ContenidoFormulario, statementsOf } from '#sync/schemas/formularios.schema.ts';
import type { InspeccionCorreccionBody } from '#sync/schemas/inspecciones-correccion.schema.ts';
import type { ObservacionNueva, RespuestaEnunciado } from '#sync/schemas/inspecciones.schema.ts';
import type { DraftObservation, LocalInspeccion, LocalObservacion } from '#app/db/inspection-rows.ts';
import { blankObservation } from './draft-store.ts';

type Content = Pick<ContenidoFormulario, 'Items' | 'CamposEncabezado' | 'Rangos'>;

/** What the correction screen holds: the header, one answer per statement, new observations and the general one. */
export interface CorrectionForm {
  Lugar: string;
  Supervisor: string;
  EquipoTrabajo: string;
  Encabezado: Record<string, string>;
  answers: Record<string, Answer>;
  /** A new Checklist observation for each statement corrected to No cumple that has none (SPEC IN9). */
  added: Record<string, DraftObservation>;
  general: string;
}

const active = (observations: readonly LocalObservacion[]) => observations.filter((observation) => observation.Estado === 1);
const generalOf = (observations: readonly LocalObservacion[]) => active(observations).find((observation) => observation.TipoObs === 'General');
const checklistOf = (observations: readonly LocalObservacion[], statement: string) =>
  active(observations).filter((observation) => observation.TipoObs === 'Checklist' && observation.IdEnunciado === statement);

export function correctionFormOf(inspection: LocalInspeccion, observations: readonly LocalObservacion[]): CorrectionForm {
  return {
    Lugar: inspection.Lugar,
    Supervisor: inspection.Supervisor,
    EquipoTrabajo: inspection.EquipoTrabajo ?? '',
    Encabezado: { ...inspection.Encabezado },
    answers: Object.fromEntries(inspection.Respuestas.map((answer) => [answer.IdEnunciado, answer.Respuesta as Answer])),
    added: {},
    general: generalOf(observations)?.Observacion ?? '',
  };
}

/** Why a statement's answer cannot be corrected («aprobada»…), from its observations; null when it can. */
export function statementLock(observations: readonly LocalObservacion[], statement: string): string | null {
  for (const observation of checklistOf(observations, statement)) {
    const lock = correctionLock(observation);
    if (lock) return lock;
  }
  return null;
}

export function generalLock(observations: readonly LocalObservacion[]): string | null {
  const general = generalOf(observations);
  return general ? correctionLock(general) : null;
}

/** The form after choosing an answer: No cumple without an observation of its own opens a blank one to write. */
export function withAnswer(
  form: CorrectionForm,
  observations: readonly LocalObservacion[],
  statement: string,
  answer: Answer,
): CorrectionForm {
  const added = { ...form.added };
  if (answer === ANSWERS.noCumple && checklistOf(observations, statement).length === 0) added[statement] ??= blankObservation('Checklist', statement);
  if (answer !== ANSWERS.noCumple) delete added[statement];
  return { ...form, answers: { ...form.answers, [statement]: answer }, added };
}

/** The open Checklist observations a correction withdraws: their statement's answer changed away from No cumple. */
function withdrawnBy(observations: readonly LocalObservacion[], changed: readonly RespuestaEnunciado[]): LocalObservacion[] {
  const answers = new Map(changed.map((answer) => [answer.IdEnunciado, answer.Respuesta]));
  return active(observations).filter((observation) => {
    const answer = answers.get(observation.IdEnunciado ?? '');
    return observation.TipoObs === 'Checklist' && answer !== undefined && answer !== ANSWERS.noCumple;
  });
}

const withoutState = ({ Estado: _state, ...observation }: DraftObservation): ObservacionNueva => observation;

/** The answers as the corrected inspection holds them: the form's choice, with the sub-answers it had. */
function answersOf(inspection: LocalInspeccion, form: CorrectionForm): RespuestaEnunciado[] {
  return inspection.Respuestas.map((answer) => ({ ...answer, Respuesta: form.answers[answer.IdEnunciado] ?? answer.Respuesta }));
}

/**
 * The body of the spec's PUT with only what changed, or null when nothing did. The same rules as finishing
 * (inspectionProblems) run on the inspection as it would be, so the device shows each problem before sending.
 */
export function correctionOf(
  inspection: LocalInspeccion,
  observations: readonly LocalObservacion[],
  content: Content,
  form: CorrectionForm,
): { body: InspeccionCorreccionBody | null; problems: InspectionProblem[] } {
  const body: InspeccionCorreccionBody = { Version: inspection.Version };
  if (form.Lugar.trim() !== inspection.Lugar) body.Lugar = form.Lugar.trim();
  if (form.Supervisor.trim() !== inspection.Supervisor) body.Supervisor = form.Supervisor.trim();
  if (form.EquipoTrabajo.trim() !== (inspection.EquipoTrabajo ?? '')) body.EquipoTrabajo = form.EquipoTrabajo.trim();
  const header = Object.entries(form.Encabezado).filter(([campo, value]) => value.trim() !== (inspection.Encabezado[campo] ?? ''));
  if (header.length > 0) body.Encabezado = Object.fromEntries(header.map(([campo, value]) => [campo, value.trim()]));
  const answers = answersOf(inspection, form);
  const changed = answers.filter((answer, index) => answer.Respuesta !== inspection.Respuestas[index]!.Respuesta);
  if (changed.length > 0) body.Respuestas = changed;
  const added = Object.values(form.added).filter((observation) => form.answers[observation.IdEnunciado ?? ''] === ANSWERS.noCumple);
  if (added.length > 0) body.Observaciones = added.map(withoutState);
  const general = generalOf(observations)?.Observacion ?? '';
  if (form.general.trim() !== general && form.general.trim() !== '') body.ObservacionGeneral = form.general.trim();

  const withdrawn = withdrawnBy(observations, changed);
  const kept = active(observations).filter((observation) => !withdrawn.includes(observation));
  const problems = inspectionProblems(
    {
      ...inspection,
      Lugar: body.Lugar ?? inspection.Lugar,
      Supervisor: body.Supervisor ?? inspection.Supervisor,
      EquipoTrabajo: body.EquipoTrabajo ?? inspection.EquipoTrabajo,
      Encabezado: { ...inspection.Encabezado, ...body.Encabezado },
      Respuestas: answers,
      Observaciones: [...kept, ...(body.Observaciones ?? [])],
    },
    content,
  );
  return { body: Object.keys(body).length > 1 ? body : null, problems };
}

/** Who corrects, and when: the device's own entry in the history until the server's copy replaces it. */
export interface Corrector {
  id: number;
  name: string;
  now: Date;
}

/**
 * The inspection as the device shows it until the server's copy arrives: the corrected header and answers, graded
 * by the same rule as finishing (computeCompliance), and this correction in its history with what it changed (the
 * same list the server keeps). Observations withdrawn or added come with the server's copy.
 */
export function correctedRow(
  inspection: LocalInspeccion,
  observations: readonly LocalObservacion[],
  content: Content,
  body: InspeccionCorreccionBody,
  corrector: Corrector,
): LocalInspeccion {
  const answers = new Map((body.Respuestas ?? []).map((answer) => [answer.IdEnunciado, answer]));
  const Respuestas = inspection.Respuestas.map((answer) => answers.get(answer.IdEnunciado) ?? answer);
  const { Porcentaje, Nota } = computeCompliance(content, Respuestas);
  const after: LocalInspeccion = {
    ...inspection,
    Lugar: body.Lugar ?? inspection.Lugar,
    Supervisor: body.Supervisor ?? inspection.Supervisor,
    EquipoTrabajo: body.EquipoTrabajo ?? inspection.EquipoTrabajo,
    Encabezado: { ...inspection.Encabezado, ...body.Encabezado },
    Respuestas,
    Porcentaje,
    Nota,
    Version: inspection.Version + 1,
  };
  const texts = new Map(statementsOf(content).map((statement) => [statement.IdEnunciado, statement.Texto]));
  const withdrawn = withdrawnBy(observations, body.Respuestas ?? []);
  const general = generalOf(observations);
  const text = body.ObservacionGeneral;
  const edited = general && text !== undefined ? [{ before: general, after: { ...general, Observacion: text } }] : [];
  const added = [
    ...(body.Observaciones ?? []).map((observation) => ({ ...observation, Enunciado: texts.get(observation.IdEnunciado ?? '') ?? null })),
    ...(!general && text !== undefined ? [{ IdObservacion: 'general', TipoObs: 'General' as const, Enunciado: null, Observacion: text }] : []),
  ];
  const Cambios = correctionChanges(inspection, after, content, { withdrawn, edited, added });
  const correction = { Version: after.Version, Fecha: corrector.now.toISOString(), IdUsuario: corrector.id, Usuario: corrector.name };
  return { ...after, Correcciones: [...(inspection.Correcciones ?? []), { ...correction, Cambios }] };
}
