import { NIVELES_MESSAGES, type LevelType, type Nivel, type NivelCreateBody, type NivelUpdateBody } from '#sync/schemas/niveles.schema.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import { recordChange } from '../sync/change-log.repo.ts';
import { recordConflict } from '../sync/conflicts.repo.ts';
import { inWriteTransaction } from '../sync/write-transaction.ts';
import { differs, planUpdate, type WriteOutcome } from '../trabajadores/field-versions.ts';
import * as repo from './niveles.repo.ts';

const TABLE = 'niveles';

/** Who writes and under which Idempotency-Key: the company always comes from the token. */
export interface WriteContext {
  db: Db;
  company: string;
  user: number;
  key: string | undefined;
  now: Date;
}

async function checkParent(db: Db, company: string, type: LevelType, parent: string | null): Promise<void> {
  if (type === 2) {
    if (parent !== null) throw new HttpError(400, NIVELES_MESSAGES.parentForbidden, 'VALIDACION');
    return;
  }
  const found = parent === null ? undefined : await repo.findActiveLevelOfType(db, company, parent, (type - 1) as LevelType);
  if (!found) throw new HttpError(400, NIVELES_MESSAGES.parentInvalid, 'VALIDACION');
}

async function conflict(ctx: WriteContext, db: Db, id: string, base: number, current: Nivel, body: unknown): Promise<WriteOutcome<Nivel>> {
  await recordConflict(db, { company: ctx.company, table: TABLE, id, baseVersion: base, serverVersion: current.Version, body, user: ctx.user, key: ctx.key }, ctx.now);
  return { kind: 'conflict', row: current };
}

async function saved(ctx: WriteContext, db: Db, id: string): Promise<Nivel> {
  const row = repo.toWireLevel((await repo.findLevel(db, ctx.company, id))!);
  await recordChange(db, { company: ctx.company, table: TABLE, id, op: 'upsert', row }, ctx.now);
  return row;
}

export function createLevel(ctx: WriteContext, body: NivelCreateBody): Promise<WriteOutcome<Nivel | null>> {
  return inWriteTransaction(ctx.db, async (db) => {
    const existing = await repo.findLevelById(db, body.IdNivel);
    // SPEC CF6: the same key replaying this create never gets here (the ledger answers); another key is a conflict.
    if (existing) {
      const current = existing.IdEmpresa === ctx.company ? repo.toWireLevel(existing) : null;
      await recordConflict(db, { company: ctx.company, table: TABLE, id: body.IdNivel, baseVersion: 0, serverVersion: current?.Version ?? 0, body, user: ctx.user, key: ctx.key }, ctx.now);
      return { kind: 'conflict', row: current };
    }
    await checkParent(db, ctx.company, body.TipoNivel, body.IdNivelPadre);
    await repo.insertLevel(db, {
      IdNivel: body.IdNivel,
      IdEmpresa: ctx.company,
      TipoNivel: body.TipoNivel,
      IdNivelPadre: body.IdNivelPadre,
      Nombre: body.Nombre,
      RutNivel: body.RutNivel,
    });
    return { kind: 'written', row: await saved(ctx, db, body.IdNivel) };
  });
}

export function updateLevel(ctx: WriteContext, id: string, body: NivelUpdateBody): Promise<WriteOutcome<Nivel>> {
  return inWriteTransaction(ctx.db, async (db) => {
    const row = await repo.findLevel(db, ctx.company, id);
    if (!row) throw new HttpError(404, NIVELES_MESSAGES.notFound);
    const current = repo.toWireLevel(row);
    // Editing a level someone deleted meanwhile must not vanish silently: the person sees it as a conflict.
    if (current.Estado === 0) return conflict(ctx, db, id, body.Version, current, body);
    const { Version: base, ...fields } = body;
    const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter((field) => fields[field] !== undefined && differs(fields[field], current[field]));
    const plan = planUpdate(row, base, changed);
    if (plan.kind === 'conflict') return conflict(ctx, db, id, base, current, body);
    if (plan.kind === 'noop') return { kind: 'unchanged', row: current };
    if (fields.IdNivelPadre !== undefined) await checkParent(db, ctx.company, current.TipoNivel, fields.IdNivelPadre);
    await repo.updateLevel(db, ctx.company, id, { ...fields, Version: plan.version, VersionesCampos: JSON.stringify(plan.fieldVersions) });
    return { kind: 'written', row: await saved(ctx, db, id) };
  });
}

/** Soft delete with a tombstone; deleting an already deleted level succeeds (SPEC CF5). */
export function deleteLevel(ctx: WriteContext, id: string, base: number | undefined): Promise<WriteOutcome<Nivel>> {
  return inWriteTransaction(ctx.db, async (db) => {
    const row = await repo.findLevel(db, ctx.company, id);
    if (!row) throw new HttpError(404, NIVELES_MESSAGES.notFound);
    const current = repo.toWireLevel(row);
    if (current.Estado === 0) return { kind: 'unchanged', row: current };
    if (base !== undefined && base !== current.Version) return conflict(ctx, db, id, base, current, { Estado: 0, Version: base });
    if (await repo.levelInUse(db, ctx.company, id)) throw new HttpError(409, NIVELES_MESSAGES.inUse, 'NIVEL_EN_USO');
    await repo.updateLevel(db, ctx.company, id, { Estado: 0, Version: current.Version + 1 });
    await recordChange(db, { company: ctx.company, table: TABLE, id, op: 'delete' }, ctx.now);
    return { kind: 'written', row: { ...current, Estado: 0, Version: current.Version + 1 } };
  });
}
