import type * as v from 'valibot';
import { toWireDate } from '../domain/dates.ts';
import { semaforoAfterRejection } from '../domain/traffic-light.ts';
import type { AnyEntity } from './entity.ts';
import type { FileRef } from './record-fields.ts';
import type { ReviewStepRow } from './review-step.ts';
import { type TransitionContext, type Workflow, type WorkflowRefusal, transition } from './workflow.ts';

/**
 * The answer-approve-reject cycle (SPEC OV2) as a workflow: an open record is answered (Respondida 1), an answered
 * one approved (closed) or rejected with a new deadline (open again). Every record with the cycle (an observation,
 * a control measure) describes it with `reviewWorkflow`: its calls, its words and what each decision sets.
 */

/** What a record of the cycle carries. */
export interface Reviewable {
  Version: number;
  Respondida: 0 | 1;
  Aprobada: 0 | 1;
  Respuestas: ReviewStepRow[];
}

export type ReviewStage = 'abierta' | 'respondida' | 'cerrada';

/** Where a record stands in the cycle: closed once approved, answered while an answer waits for review. */
export function reviewStage(row: Pick<Reviewable, 'Respondida' | 'Aprobada'>): ReviewStage {
  if (row.Aprobada === 1) return 'cerrada';
  return row.Respondida === 1 ? 'respondida' : 'abierta';
}

/** A step's body as the three calls send it. */
export interface StepBody {
  IdRespuesta: string;
  Texto?: string;
  Archivos?: FileRef[];
  Plazo?: string;
  Version?: number;
}

/** One step as the history shows it: the body, its author and its time. */
export function authoredStep(Tipo: ReviewStepRow['Tipo'], body: StepBody, who: TransitionContext): ReviewStepRow {
  return {
    IdRespuesta: body.IdRespuesta,
    Tipo,
    Texto: body.Texto ?? '',
    Archivos: body.Archivos ?? [],
    IdUsuario: who.user,
    Usuario: who.userName,
    Fecha: who.now.toISOString(),
    Plazo: body.Plazo ?? null,
  };
}

/** Steps are append-only children (CF5): the same IdRespuesta again changes nothing. */
export function stepTaken(row: Pick<Reviewable, 'Respuestas'>, idRespuesta: string): boolean {
  return row.Respuestas.some((step) => step.IdRespuesta === idRespuesta);
}

type Call = { method: 'POST'; path: string };

export interface ReviewWorkflowOptions<Row extends Reviewable> {
  entity: AnyEntity;
  /** The permission route's actions: answering is editing, deciding is approving. */
  calls: { responder: Call; aprobar: Call; rechazar: Call };
  bodies: { responder: v.GenericSchema; aprobar: v.GenericSchema; rechazar: v.GenericSchema };
  messages: { responder: string; aprobar: string; rechazar: string };
  refusals: { notFound: WorkflowRefusal; closed: WorkflowRefusal; notAnswered: WorkflowRefusal };
  /**
   * The record's traffic light: green once approved, yellow after a rejection (red if its new `Plazo` already passed,
   * on `today` in America/Santiago), red when `Plazo` passes while open (SPEC OV1).
   */
  light: keyof Row & string;
  summaries: { responder: string; aprobar: string; rechazar: string };
}

const STATES = [
  { value: 'abierta', label: 'Abiertas', name: 'Abierta', empty: 'No hay registros abiertos.' },
  { value: 'respondida', label: 'Respondidas', name: 'Respondida', empty: 'No hay respuestas por revisar.' },
  { value: 'cerrada', label: 'Cerradas', name: 'Aprobada', empty: 'No hay registros cerrados.' },
] as const;

const stepFiles = (body: StepBody) => (body.Archivos ?? []).map((file) => file.Sha256);

/**
 * A decision is versioned (CF4): the losing step is kept as the step it would have appended, with the Version it
 * saw; taken once per IdRespuesta (CF5); its files the company's.
 */
function decision(Tipo: 'aprobacion' | 'rechazo') {
  return {
    versioned: true,
    kept: (body: StepBody) => ({
      IdRespuesta: body.IdRespuesta,
      Tipo,
      Texto: body.Texto ?? '',
      Archivos: body.Archivos ?? [],
      Plazo: body.Plazo ?? null,
      Version: body.Version,
    }),
    taken: (row: Reviewable, body: StepBody) => stepTaken(row, body.IdRespuesta),
    files: stepFiles,
  };
}

/** The cycle of one kind of record, from its calls and words. `apply` never moves `Version`: whoever stores it does. */
export function reviewWorkflow<Row extends Reviewable>(options: ReviewWorkflowOptions<Row>) {
  const { refusals } = options;
  const decided = (row: Row) => (row.Aprobada === 1 ? refusals.closed : refusals.notAnswered);
  const withStep = (row: Row, step: ReviewStepRow, state: Partial<Row>): Row => ({
    ...row,
    ...state,
    Respuestas: [...row.Respuestas, step],
  });
  const workflow: Workflow<AnyEntity, ReviewStage> = {
    entity: options.entity,
    stateOf: (row) => reviewStage(row as unknown as Row),
    states: STATES,
    notFound: refusals.notFound,
    overdue: { deadline: 'Plazo', light: options.light },
    transitions: {
      responder: transition<Row, StepBody>({
        label: 'Responder',
        action: 'editar',
        call: options.calls.responder,
        body: options.bodies.responder as v.GenericSchema<unknown, StepBody>,
        // An answer may follow another while it waits for review; once approved, the record is closed.
        from: ['abierta', 'respondida'],
        wrongState: refusals.closed,
        apply: (row, body, who) => withStep(row, authoredStep('respuesta', body, who), { Respondida: 1 } as Partial<Row>),
        taken: (row, body) => stepTaken(row, body.IdRespuesta),
        files: stepFiles,
        message: options.messages.responder,
        summary: options.summaries.responder,
      }),
      aprobar: transition<Row, StepBody>({
        label: 'Aprobar',
        action: 'aprobar',
        call: options.calls.aprobar,
        body: options.bodies.aprobar as v.GenericSchema<unknown, StepBody>,
        from: ['respondida'],
        wrongState: decided,
        ...decision('aprobacion'),
        apply: (row, body, who) =>
          withStep(row, authoredStep('aprobacion', body, who), { Respondida: 0, Aprobada: 1, [options.light]: 1 } as Partial<Row>),
        message: options.messages.aprobar,
        summary: options.summaries.aprobar,
      }),
      rechazar: transition<Row, StepBody>({
        label: 'Rechazar',
        action: 'aprobar',
        call: options.calls.rechazar,
        body: options.bodies.rechazar as v.GenericSchema<unknown, StepBody>,
        from: ['respondida'],
        wrongState: decided,
        ...decision('rechazo'),
        apply: (row, body, who) => {
          const light = semaforoAfterRejection(body.Plazo!, who.today ?? toWireDate(who.now));
          const state = { Respondida: 0, Plazo: body.Plazo, [options.light]: light };
          return withStep(row, authoredStep('rechazo', body, who), state as unknown as Partial<Row>);
        },
        message: options.messages.rechazar,
        summary: options.summaries.rechazar,
      }),
    },
  };
  return workflow;
}

export type ReviewWorkflow = ReturnType<typeof reviewWorkflow>;
