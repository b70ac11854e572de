import type { AnyEntity } from '#sync/records/entity.ts';
import type { Db } from '../db/database.ts';
import { requireFiles } from '../files/files.repo.ts';
import type { HttpError } from '../http/http-error.ts';
import { recordConflict } from '../sync/conflicts.repo.ts';
import { inWriteTransaction } from '../sync/write-transaction.ts';
import type { WriteOutcome } from './field-versions.ts';
import type { WriteContext } from './write-answer.ts';

/** One step of a cycle: an answer of the responsible person, an approval or a rejection (with a new deadline). */
export interface ReviewStep {
  IdRespuesta: string;
  Tipo: 'respuesta' | 'aprobacion' | 'rechazo';
  Texto: string;
  Archivos: { Sha256: string; Tipo: string }[];
  Plazo: string | null;
  IdUsuario: number;
  Usuario: string;
  Fecha: string;
}

/** A record with an answer-approve-reject cycle (an observation; an incident's control measure). */
export interface Reviewable {
  Version: number;
  /** 1 once answered, back to 0 when reviewed (spec 4.4). */
  Respondida: 0 | 1;
  /** 1 once approved: closed. */
  Aprobada: 0 | 1;
  Respuestas: ReviewStep[];
}

/** What a module tells the cycle about its record: where it lives, and its own words for the refusals. */
export interface ReviewCycle<R extends Reviewable> {
  entity: AnyEntity;
  /** The active record the writer may see, or a 404 with the module's message. */
  load(ctx: WriteContext, db: Db, id: string): Promise<R>;
  /** Stores the record after a step (state, steps, Version) with its change-log row. */
  save(ctx: WriteContext, db: Db, next: R): Promise<void>;
  refusals: { closed: HttpError; notAnswered: HttpError };
}

type NewStep = Omit<ReviewStep, 'IdUsuario' | 'Usuario' | 'Fecha'>;

/** Steps are append-only children (CF5): the same IdRespuesta again changes nothing. */
const alreadyApplied = (current: Reviewable, id: string) => current.Respuestas.some((step) => step.IdRespuesta === id);

async function append<R extends Reviewable>(
  cycle: ReviewCycle<R>,
  ctx: WriteContext,
  db: Db,
  current: R,
  step: NewStep,
  state: Partial<R>,
): Promise<WriteOutcome<R>> {
  await requireFiles(
    db,
    ctx.company,
    step.Archivos.map((file) => file.Sha256),
  );
  const authored: ReviewStep = { ...step, IdUsuario: ctx.user, Usuario: ctx.userName, Fecha: ctx.now.toISOString() };
  const next: R = { ...current, ...state, Respuestas: [...current.Respuestas, authored], Version: current.Version + 1 };
  await cycle.save(ctx, db, next);
  return { kind: 'written', row: next };
}

/** An answer: `Respondida` 1. Never a conflict (an appended child); refused once the record is closed. */
export function answerStep<R extends Reviewable>(
  cycle: ReviewCycle<R>,
  ctx: WriteContext,
  id: string,
  step: Omit<NewStep, 'Tipo' | 'Plazo'>,
  allowed?: (current: R) => void,
) {
  return inWriteTransaction(ctx.db, async (db): Promise<WriteOutcome<R>> => {
    const current = await cycle.load(ctx, db, id);
    allowed?.(current);
    if (alreadyApplied(current, step.IdRespuesta)) return { kind: 'unchanged', row: current };
    if (current.Aprobada === 1) throw cycle.refusals.closed;
    return append(cycle, ctx, db, current, { ...step, Tipo: 'respuesta', Plazo: null }, { Respondida: 1 } as Partial<R>);
  });
}

/**
 * An approval or a rejection of an answered record: a decision on what the reviewer saw, so a stale `Version` is a
 * conflict (CF4) that keeps the losing step. `state` is what the decision sets (the module's light, a new deadline).
 */
export function reviewStep<R extends Reviewable>(
  cycle: ReviewCycle<R>,
  ctx: WriteContext,
  id: string,
  step: Omit<NewStep, 'Tipo'> & { Tipo: 'aprobacion' | 'rechazo'; Version?: number },
  state: (current: R) => Partial<R>,
) {
  return inWriteTransaction(ctx.db, async (db): Promise<WriteOutcome<R>> => {
    const current = await cycle.load(ctx, db, id);
    if (alreadyApplied(current, step.IdRespuesta)) return { kind: 'unchanged', row: current };
    const { Version: base, ...fields } = step;
    if (base !== undefined && base !== current.Version) {
      await recordConflict(
        db,
        {
          company: ctx.company,
          table: cycle.entity.table,
          id,
          baseVersion: base,
          serverVersion: current.Version,
          body: step,
          user: ctx.user,
          key: ctx.key,
        },
        ctx.now,
      );
      return { kind: 'conflict', row: current };
    }
    if (current.Aprobada === 1) throw cycle.refusals.closed;
    if (current.Respondida !== 1) throw cycle.refusals.notAnswered;
    return append(cycle, ctx, db, current, fields, { Respondida: 0, ...state(current) } as Partial<R>);
  });
}
