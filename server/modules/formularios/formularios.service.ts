import {
  type ContenidoFormulario,
  FORMULARIOS_MESSAGES,
  type Formulario,
  type FormularioCreateBody,
  type FormularioUpdateBody,
  linkedEppIds,
} from '#sync/schemas/formularios.schema.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { recordChange } from '#server/sync/change-log.repo.ts';
import { recordConflict } from '#server/sync/conflicts.repo.ts';
import { inWriteTransaction } from '#server/sync/write-transaction.ts';
import { differs, planUpdate, type WriteOutcome } from '#server/records/field-versions.ts';
import * as repo from './formularios.repo.ts';

const TABLE = 'formularios';

async function conflict(
  ctx: WriteContext,
  db: Db,
  id: string,
  base: number,
  current: Formulario,
  body: unknown,
): Promise<WriteOutcome<Formulario>> {
  await recordConflict(
    db,
    { company: ctx.company, table: TABLE, id, baseVersion: base, serverVersion: current.Version, body, user: ctx.user, key: ctx.key },
    ctx.now,
  );
  return { kind: 'conflict', row: current };
}

/**
 * The stored template is also its change-log row. Audience 'todos': every device of the company needs the
 * templates (to fill, and to draw the report of any inspection it may see, contractors and clients included).
 * A retired template is an upsert with Estado 0, never a tombstone: a draft started on it must still finish and
 * its reports still be drawn offline, so devices keep it and only stop offering it for new inspections.
 */
async function saved(ctx: WriteContext, db: Db, id: string): Promise<Formulario> {
  const row = (await repo.loadWireFormulario(db, ctx.company, id))!;
  await recordChange(db, { company: ctx.company, table: TABLE, id, op: 'upsert', row }, ctx.now);
  return row;
}

/**
 * Every EPP item a statement is newly linked to is in the company's catalogue (issue #16): otherwise 400, nothing
 * written. A link the current version already had stays valid even if its item was deleted since.
 */
async function checkLinkedEpps(
  ctx: WriteContext,
  db: Db,
  content: ContenidoFormulario,
  current: ContenidoFormulario | null,
): Promise<void> {
  const kept = new Set(current ? linkedEppIds(current) : []);
  const ids = linkedEppIds(content).filter((id) => !kept.has(id));
  if (ids.length === 0) return;
  const found = await ctx.records.epp_tipos.activeIds(db, ctx.company, ids);
  if (found.size !== ids.length) throw new HttpError(400, FORMULARIOS_MESSAGES.eppInvalid, 'VALIDACION');
}

export function createFormulario(ctx: WriteContext, body: FormularioCreateBody): Promise<WriteOutcome<Formulario | null>> {
  return inWriteTransaction(ctx.db, async (db) => {
    const existing = await repo.findFormularioById(db, body.IdFormulario);
    // SPEC CF6: a replay with the same key is answered by the ledger; the same id under another key is a conflict.
    if (existing) {
      const current =
        existing.IdEmpresa === ctx.company ? ((await repo.loadWireFormulario(db, ctx.company, body.IdFormulario)) ?? null) : null;
      await recordConflict(
        db,
        {
          company: ctx.company,
          table: TABLE,
          id: body.IdFormulario,
          baseVersion: 0,
          serverVersion: current?.Version ?? 0,
          body,
          user: ctx.user,
          key: ctx.key,
        },
        ctx.now,
      );
      return { kind: 'conflict', row: current };
    }
    await checkLinkedEpps(ctx, db, body.Contenido, null);
    await repo.insertFormulario(db, {
      IdFormulario: body.IdFormulario,
      IdEmpresa: ctx.company,
      Nombre: body.Nombre,
      Tipo: body.Tipo,
      Descripcion: body.Descripcion,
      ActualizadoEn: ctx.now.toISOString(),
    });
    await repo.insertVersion(db, ctx.company, body.IdFormulario, 1, body.Contenido, ctx.user, ctx.now);
    return { kind: 'written', row: await saved(ctx, db, body.IdFormulario) };
  });
}

/**
 * SPEC CF2–CF4 field by field (Nombre, Tipo, Descripcion, Contenido). A changed Contenido never edits a version:
 * it appends VersionFormulario + 1, so inspections started on the older one still validate against it (IN3).
 */
export function updateFormulario(ctx: WriteContext, id: string, body: FormularioUpdateBody): Promise<WriteOutcome<Formulario>> {
  return inWriteTransaction(ctx.db, async (db) => {
    if (body.IdFormulario !== id) throw new HttpError(400, 'Solicitud inválida', 'VALIDACION');
    const row = await repo.findFormulario(db, ctx.company, id);
    const current = row && (await repo.loadWireFormulario(db, ctx.company, id));
    if (!row || !current) throw new HttpError(404, FORMULARIOS_MESSAGES.notFound);
    // Editing a template someone retired meanwhile must not vanish silently: the person sees it as a conflict.
    if (current.Estado === 0) return conflict(ctx, db, id, body.Version, current, body);
    const { IdFormulario: _id, Version: base, ...fields } = body;
    const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter(
      (field) => fields[field] !== undefined && differs(fields[field], current[field]),
    );
    const plan = planUpdate(row, base, changed);
    if (plan.kind === 'conflict') return conflict(ctx, db, id, base, current, body);
    if (plan.kind === 'noop') return { kind: 'unchanged', row: current };
    const contentChanged = changed.includes('Contenido') && fields.Contenido !== undefined;
    const versionFormulario = contentChanged ? current.VersionFormulario + 1 : current.VersionFormulario;
    if (contentChanged) await checkLinkedEpps(ctx, db, fields.Contenido!, current.Contenido);
    if (contentChanged) await repo.insertVersion(db, ctx.company, id, versionFormulario, fields.Contenido!, ctx.user, ctx.now);
    await repo.updateFormulario(db, ctx.company, id, {
      ...(changed.includes('Nombre') ? { Nombre: fields.Nombre } : {}),
      ...(changed.includes('Tipo') ? { Tipo: fields.Tipo } : {}),
      ...(changed.includes('Descripcion') ? { Descripcion: fields.Descripcion } : {}),
      VersionFormulario: versionFormulario,
      Version: plan.version,
      VersionesCampos: JSON.stringify(plan.fieldVersions),
      ActualizadoEn: ctx.now.toISOString(),
    });
    return { kind: 'written', row: await saved(ctx, db, id) };
  });
}

/** Retire (Estado 0); retiring an already retired template succeeds (SPEC CF5), a stale one is a conflict. */
export function retireFormulario(ctx: WriteContext, id: string, base: number | undefined): Promise<WriteOutcome<Formulario>> {
  return inWriteTransaction(ctx.db, async (db) => {
    const current = await repo.loadWireFormulario(db, ctx.company, id);
    if (!current) throw new HttpError(404, FORMULARIOS_MESSAGES.notFound);
    if (current.Estado === 0) return { kind: 'unchanged', row: current };
    if (base !== undefined && base !== current.Version) return conflict(ctx, db, id, base, current, { Estado: 0, Version: base });
    await repo.updateFormulario(db, ctx.company, id, { Estado: 0, Version: current.Version + 1, ActualizadoEn: ctx.now.toISOString() });
    return { kind: 'written', row: await saved(ctx, db, id) };
  });
}
