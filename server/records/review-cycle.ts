import { type Reviewable, stepTaken, type StepBody, type ReviewWorkflow } from '#sync/records/review-workflow.ts';
import { type Transition, transitionRefusal, type WorkflowRefusal } from '#sync/records/workflow.ts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../db/database.ts';
import { requireFiles } from '../files/files.repo.ts';
import { HttpError } from '../http/http-error.ts';
import { recordConflict } from '../sync/conflicts.repo.ts';
import { inWriteTransaction } from '../sync/write-transaction.ts';
import type { WriteOutcome } from './field-versions.ts';
import type { WriteContext } from './write-answer.ts';

/**
 * The answer-approve-reject cycle on the server, from the record's workflow description (sync/records/review-workflow.ts):
 * its states, refusals and the record each step makes are the description's, the same the device shows.
 */

/** What a module tells the cycle about its record: its workflow, and where its rows live. */
export interface ReviewCycle<R extends Reviewable> {
  workflow: ReviewWorkflow;
  /** The active record the writer may see, or a 404 with the module's message. */
  load(ctx: WriteContext, db: Db, id: string): Promise<R>;
  /** Stores the record after a step (state, steps, Version) with its change-log row. */
  save(ctx: WriteContext, db: Db, next: R): Promise<void>;
}

const refused = (refusal: WorkflowRefusal) => new HttpError((refusal.status ?? 409) as ContentfulStatusCode, refusal.message, refusal.code);

/** The step's record: the description's `apply`, its files checked as the company's, and the next Version stored. */
async function take<R extends Reviewable>(cycle: ReviewCycle<R>, name: string, ctx: WriteContext, db: Db, current: R, body: StepBody) {
  await requireFiles(
    db,
    ctx.company,
    (body.Archivos ?? []).map((file) => file.Sha256),
  );
  const step = cycle.workflow.transitions[name] as unknown as Transition<R, StepBody>;
  const next: R = { ...step.apply(current, body, { user: ctx.user, userName: ctx.userName, now: ctx.now }), Version: current.Version + 1 };
  await cycle.save(ctx, db, next);
  return { kind: 'written', row: next } as const;
}

/** An answer: `Respondida` 1. Never a conflict (an appended child); refused once the record is closed. */
export function answerStep<R extends Reviewable>(
  cycle: ReviewCycle<R>,
  ctx: WriteContext,
  id: string,
  body: StepBody,
  allowed?: (current: R) => void,
) {
  return inWriteTransaction(ctx.db, async (db): Promise<WriteOutcome<R>> => {
    const current = await cycle.load(ctx, db, id);
    allowed?.(current);
    if (stepTaken(current, body.IdRespuesta)) return { kind: 'unchanged', row: current };
    const refusal = transitionRefusal(cycle.workflow, 'responder', current);
    if (refusal) throw refused(refusal);
    return take(cycle, 'responder', ctx, db, current, body);
  });
}

/**
 * An approval or a rejection of an answered record: a decision on what the reviewer saw, so a stale `Version` is a
 * conflict (CF4) that keeps the losing step. `check` is the module's own rule on the decision (a new deadline not
 * before today), after the cycle's.
 */
export function reviewStep<R extends Reviewable>(
  cycle: ReviewCycle<R>,
  ctx: WriteContext,
  id: string,
  decision: 'aprobar' | 'rechazar',
  body: StepBody,
  check?: () => void,
) {
  return inWriteTransaction(ctx.db, async (db): Promise<WriteOutcome<R>> => {
    const current = await cycle.load(ctx, db, id);
    if (stepTaken(current, body.IdRespuesta)) return { kind: 'unchanged', row: current };
    const { Version: base } = body;
    if (base !== undefined && base !== current.Version) {
      const conflict = { company: ctx.company, table: cycle.workflow.entity.table, id, baseVersion: base, serverVersion: current.Version };
      await recordConflict(db, { ...conflict, body: conflictBody(decision, body), user: ctx.user, key: ctx.key }, ctx.now);
      return { kind: 'conflict', row: current };
    }
    const refusal = transitionRefusal(cycle.workflow, decision, current);
    if (refusal) throw refused(refusal);
    check?.();
    return take(cycle, decision, ctx, db, current, body);
  });
}

/** The losing step as the conflict keeps it: what the decision would have appended, with the Version it saw. */
function conflictBody(decision: 'aprobar' | 'rechazar', body: StepBody) {
  return {
    IdRespuesta: body.IdRespuesta,
    Tipo: decision === 'aprobar' ? 'aprobacion' : 'rechazo',
    Texto: body.Texto ?? '',
    Archivos: body.Archivos ?? [],
    Plazo: body.Plazo ?? null,
    Version: body.Version,
  };
}
