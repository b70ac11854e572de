import { CARGOS_MESSAGES, type Cargo, type CargoCreateBody, type CargoUpdateBody } from '#sync/schemas/cargos.schema.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import { findActiveLevelOfType } from '../niveles/niveles.repo.ts';
import type { WriteContext } from '../niveles/niveles.service.ts';
import { recordChange } from '../sync/change-log.repo.ts';
import { recordConflict } from '../sync/conflicts.repo.ts';
import { inWriteTransaction } from '../sync/write-transaction.ts';
import { differs, planUpdate, type WriteOutcome } from '../trabajadores/field-versions.ts';
import * as repo from './cargos.repo.ts';

const TABLE = 'cargos';

/** A position's levels: an active level 2, and a level 3 only under that level 2. */
async function checkLevels(db: Db, company: string, nv2: string | null, nv3: string | null): Promise<void> {
  const level2 = nv2 === null ? null : await findActiveLevelOfType(db, company, nv2, 2);
  const level3 = nv3 === null ? null : await findActiveLevelOfType(db, company, nv3, 3);
  if (level2 === undefined || level3 === undefined) throw new HttpError(400, CARGOS_MESSAGES.levelInvalid, 'VALIDACION');
  if (level3 && level3.IdNivelPadre !== nv2) throw new HttpError(400, CARGOS_MESSAGES.levelMismatch, 'VALIDACION');
}

async function checkUnique(db: Db, company: string, cargo: Pick<Cargo, 'IdCargo' | 'NombreCargo' | 'IdNivel2' | 'IdNivel3'>): Promise<void> {
  if (await repo.findDuplicate(db, company, cargo)) throw new HttpError(409, CARGOS_MESSAGES.duplicate, 'CARGO_DUPLICADO');
}

async function conflict(ctx: WriteContext, db: Db, id: string, base: number, current: Cargo, body: unknown): Promise<WriteOutcome<Cargo>> {
  await recordConflict(db, { company: ctx.company, table: TABLE, id, baseVersion: base, serverVersion: current.Version, body, user: ctx.user, key: ctx.key }, ctx.now);
  return { kind: 'conflict', row: current };
}

async function saved(ctx: WriteContext, db: Db, id: string): Promise<Cargo> {
  const row = repo.toWireCargo((await repo.findCargo(db, ctx.company, id))!);
  await recordChange(db, { company: ctx.company, table: TABLE, id, op: 'upsert', row }, ctx.now);
  return row;
}

export function createCargo(ctx: WriteContext, body: CargoCreateBody): Promise<WriteOutcome<Cargo | null>> {
  return inWriteTransaction(ctx.db, async (db) => {
    const existing = await repo.findCargoById(db, body.IdCargo);
    // SPEC CF6: a replay with the same key is answered by the ledger; the same id under another key is a conflict.
    if (existing) {
      const current = existing.IdEmpresa === ctx.company ? repo.toWireCargo(existing) : null;
      await recordConflict(db, { company: ctx.company, table: TABLE, id: body.IdCargo, baseVersion: 0, serverVersion: current?.Version ?? 0, body, user: ctx.user, key: ctx.key }, ctx.now);
      return { kind: 'conflict', row: current };
    }
    await checkLevels(db, ctx.company, body.IdNivel2, body.IdNivel3);
    await checkUnique(db, ctx.company, body);
    await repo.insertCargo(db, { IdCargo: body.IdCargo, IdEmpresa: ctx.company, NombreCargo: body.NombreCargo, IdNivel2: body.IdNivel2, IdNivel3: body.IdNivel3 });
    return { kind: 'written', row: await saved(ctx, db, body.IdCargo) };
  });
}

export function updateCargo(ctx: WriteContext, body: CargoUpdateBody): Promise<WriteOutcome<Cargo>> {
  return inWriteTransaction(ctx.db, async (db) => {
    const row = await repo.findCargo(db, ctx.company, body.IdCargo);
    if (!row) throw new HttpError(404, CARGOS_MESSAGES.notFound);
    const current = repo.toWireCargo(row);
    if (current.Estado === 0) return conflict(ctx, db, body.IdCargo, body.Version, current, body);
    const { IdCargo: id, Version: base, ...fields } = body;
    const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter((field) => fields[field] !== undefined && differs(fields[field], current[field]));
    const plan = planUpdate(row, base, changed);
    if (plan.kind === 'conflict') return conflict(ctx, db, id, base, current, body);
    if (plan.kind === 'noop') return { kind: 'unchanged', row: current };
    // The merged position must still be coherent: levels checked on the result, not only on the sent fields.
    const merged = { ...current, ...Object.fromEntries(changed.map((field) => [field, fields[field]])) } as Cargo;
    await checkLevels(db, ctx.company, merged.IdNivel2, merged.IdNivel3);
    await checkUnique(db, ctx.company, merged);
    await repo.updateCargo(db, ctx.company, id, {
      NombreCargo: merged.NombreCargo,
      IdNivel2: merged.IdNivel2,
      IdNivel3: merged.IdNivel3,
      Version: plan.version,
      VersionesCampos: JSON.stringify(plan.fieldVersions),
    });
    return { kind: 'written', row: await saved(ctx, db, id) };
  });
}

export interface CargoDeletion {
  IdCargo: string;
  /** When the path names levels, they must be the position's current ones. */
  IdNivel2?: string;
  IdNivel3?: string;
  Version?: number;
}

/** Soft delete with a tombstone; deleting an already deleted position succeeds (SPEC CF5). */
export function deleteCargo(ctx: WriteContext, target: CargoDeletion): Promise<WriteOutcome<Cargo>> {
  return inWriteTransaction(ctx.db, async (db) => {
    const row = await repo.findCargo(db, ctx.company, target.IdCargo);
    const matches = row && (target.IdNivel2 === undefined || row.IdNivel2 === target.IdNivel2) && (target.IdNivel3 === undefined || row.IdNivel3 === target.IdNivel3);
    if (!row || !matches) throw new HttpError(404, CARGOS_MESSAGES.notFound);
    const current = repo.toWireCargo(row);
    if (current.Estado === 0) return { kind: 'unchanged', row: current };
    if (target.Version !== undefined && target.Version !== current.Version) {
      return conflict(ctx, db, target.IdCargo, target.Version, current, { Estado: 0, Version: target.Version });
    }
    if (await repo.cargoHeld(db, ctx.company, target.IdCargo)) throw new HttpError(409, CARGOS_MESSAGES.inUse, 'CARGO_EN_USO');
    const version = current.Version + 1;
    await repo.updateCargo(db, ctx.company, target.IdCargo, { Estado: 0, Version: version });
    await recordChange(db, { company: ctx.company, table: TABLE, id: target.IdCargo, op: 'delete' }, ctx.now);
    return { kind: 'written', row: { ...current, Estado: 0, Version: version } };
  });
}
