import {
  COMPANY_TYPES,
  contractorFieldsError,
  TRABAJADORES_MESSAGES,
  WORKER_FIELDS,
  workerFileRefs,
  type Trabajador,
  type TrabajadorCreateBody,
  type TrabajadorUpdateBody,
  type WorkerField,
} from '#sync/schemas/trabajadores.schema.ts';
import type { Db } from '../../db/database.ts';
import { requireFiles } from '../../files/files.repo.ts';
import { HttpError } from '../../http/http-error.ts';
import { activeCargoIds } from '../cargos/cargos.repo.ts';
import { findActiveLevelOfType } from '../niveles/niveles.repo.ts';
import type { WriteContext } from '../niveles/niveles.service.ts';
import { contractorAudience, recordChange } from '../sync/change-log.repo.ts';
import { recordConflict } from '../sync/conflicts.repo.ts';
import { inWriteTransaction } from '../sync/write-transaction.ts';
import { differs, mergeChildren, planUpdate, type WriteOutcome } from './field-versions.ts';
import { workerSearchText } from './trabajador-search.ts';
import * as repo from './trabajadores.repo.ts';

const TABLE = 'trabajadores';

const forbidden = () => new HttpError(403, TRABAJADORES_MESSAGES.contractorOnly, 'CONTRATISTA_AJENO');
const invalid = (message: string) => new HttpError(400, message, 'VALIDACION');

/** A contractor user writes only their own workers: type 2 with their RUT, whatever the body says. */
function contractorFields(viewer: repo.Viewer, tipo: number | undefined, rut: string | undefined): Pick<Trabajador, 'TipoEmpresa' | 'RutContratista'> {
  if (viewer.kind === 'contratista') {
    if ((rut && rut !== viewer.rut) || tipo === COMPANY_TYPES.empresa || viewer.rut === '') throw forbidden();
    return { TipoEmpresa: COMPANY_TYPES.contratista, RutContratista: viewer.rut };
  }
  const rutContratista = rut || null;
  const tipoEmpresa = tipo === COMPANY_TYPES.contratista || (tipo === undefined && rutContratista) ? COMPANY_TYPES.contratista : COMPANY_TYPES.empresa;
  return { TipoEmpresa: tipoEmpresa, RutContratista: rutContratista };
}

async function checkReferences(db: Db, company: string, worker: Pick<Trabajador, 'cargos' | 'IdNivel2' | 'IdNivel3' | 'IdNivel4'>): Promise<void> {
  const known = await activeCargoIds(db, company, worker.cargos);
  if (known.size !== worker.cargos.length) throw invalid(TRABAJADORES_MESSAGES.cargoInvalid);
  const levels = [[worker.IdNivel2, 2], [worker.IdNivel3, 3], [worker.IdNivel4, 4]] as const;
  for (const [id, type] of levels) {
    if (id !== null && !(await findActiveLevelOfType(db, company, id, type))) throw invalid(TRABAJADORES_MESSAGES.levelInvalid);
  }
}

async function checkUniqueRun(db: Db, company: string, run: string, id: string): Promise<void> {
  if (await repo.findActiveByRun(db, company, run, id)) throw new HttpError(409, TRABAJADORES_MESSAGES.rutDuplicate, 'RUT_DUPLICADO');
}

async function conflict(ctx: WriteContext, db: Db, id: string, base: number, current: Trabajador, body: unknown): Promise<WriteOutcome<Trabajador>> {
  await recordConflict(db, { company: ctx.company, table: TABLE, id, baseVersion: base, serverVersion: current.Version, body, user: ctx.user, key: ctx.key }, ctx.now);
  return { kind: 'conflict', row: current };
}

/**
 * The stored row is also the change-log row: what a device pulls is exactly what this answer returns. Only
 * company users and the worker's own contractor pull it; a contractor the worker left gets a tombstone.
 */
async function saved(ctx: WriteContext, db: Db, id: string, previousContractor: string | null = null): Promise<Trabajador> {
  const row = (await repo.loadWireWorker(db, ctx.company, id))!;
  await recordChange(db, { company: ctx.company, table: TABLE, id, op: 'upsert', row, audience: contractorAudience(row.RutContratista) }, ctx.now);
  if (previousContractor && previousContractor !== row.RutContratista) {
    await recordChange(db, { company: ctx.company, table: TABLE, id, op: 'delete', audience: `revocar:${previousContractor}` }, ctx.now);
  }
  return row;
}

function columnsOf(worker: Omit<Trabajador, 'IdPersona' | 'IdEmpresa' | 'Estado' | 'Version' | 'cargos'>): repo.WorkerColumns {
  return {
    RunPersona: worker.RunPersona,
    Nombres: worker.Nombres,
    ApellidoPaterno: worker.ApellidoPaterno,
    ApellidoMaterno: worker.ApellidoMaterno,
    IdNivel2: worker.IdNivel2,
    IdNivel3: worker.IdNivel3,
    IdNivel4: worker.IdNivel4,
    TipoEmpresa: worker.TipoEmpresa,
    RutContratista: worker.RutContratista,
    FichaMedica: repo.fileColumn(worker.FichaMedica),
    FechaFichaMedica: worker.FechaFichaMedica,
    FichaMedicaAnterior: repo.fileColumn(worker.FichaMedicaAnterior),
    Firma: repo.fileColumn(worker.Firma),
    FirmaAnterior: repo.fileColumn(worker.FirmaAnterior),
    Licencias: JSON.stringify(worker.licencias),
    Certificaciones: JSON.stringify(worker.certificaciones),
    Evidencias: JSON.stringify(worker.evidencias),
    Busqueda: workerSearchText(worker),
  };
}

export function createWorker(ctx: WriteContext, viewer: repo.Viewer, body: TrabajadorCreateBody): Promise<WriteOutcome<Trabajador | null>> {
  return inWriteTransaction(ctx.db, async (db) => {
    const existing = await repo.findWorkerById(db, body.IdPersona);
    // SPEC CF6: a replay with the same key is answered by the ledger; the same id under another key is a conflict.
    if (existing) {
      const visible = existing.IdEmpresa === ctx.company && repo.canSee(viewer, existing);
      const current = visible ? ((await repo.loadWireWorker(db, ctx.company, body.IdPersona)) ?? null) : null;
      await recordConflict(db, { company: ctx.company, table: TABLE, id: body.IdPersona, baseVersion: 0, serverVersion: current?.Version ?? 0, body, user: ctx.user, key: ctx.key }, ctx.now);
      return { kind: 'conflict', row: current };
    }
    const contractor = contractorFields(viewer, body.TipoEmpresa, body.RutContratista);
    const fieldsError = contractorFieldsError(contractor.TipoEmpresa, contractor.RutContratista);
    if (fieldsError) throw invalid(fieldsError);
    await requireFiles(db, ctx.company, workerFileRefs(body).map((file) => file.Sha256));
    const worker = { ...body, ...contractor, FichaMedicaAnterior: null, FirmaAnterior: null };
    await checkReferences(db, ctx.company, worker);
    await checkUniqueRun(db, ctx.company, worker.RunPersona, worker.IdPersona);
    await repo.insertWorker(db, ctx.company, worker.IdPersona, columnsOf(worker));
    await repo.setWorkerCargos(db, ctx.company, worker.IdPersona, worker.cargos);
    return { kind: 'written', row: await saved(ctx, db, worker.IdPersona) };
  });
}

/** The scalar fields whose sent value differs from the stored one (the positions compared as a set). */
function changedFields(current: Trabajador, sent: Partial<Pick<Trabajador, WorkerField>>): WorkerField[] {
  return WORKER_FIELDS.filter((field) => {
    const value = sent[field];
    if (value === undefined) return false;
    if (field === 'cargos') return differs([...(value as string[])].sort(), [...current.cargos].sort());
    return differs(value, current[field]);
  });
}

export function updateWorker(ctx: WriteContext, viewer: repo.Viewer, body: TrabajadorUpdateBody): Promise<WriteOutcome<Trabajador>> {
  return inWriteTransaction(ctx.db, async (db) => {
    const row = await repo.findWorker(db, ctx.company, body.IdPersona);
    if (!row || !repo.canSee(viewer, row)) throw new HttpError(404, TRABAJADORES_MESSAGES.notFound);
    const current = (await repo.loadWireWorker(db, ctx.company, body.IdPersona))!;
    const { IdPersona: id, Version: base, licencias, certificaciones, evidencias, ...scalars } = body;
    if (viewer.kind === 'contratista') contractorFields(viewer, scalars.TipoEmpresa, scalars.RutContratista);
    await requireFiles(db, ctx.company, workerFileRefs(body).map((file) => file.Sha256));
    // Editing a worker someone deleted meanwhile must not vanish silently: the person sees it as a conflict.
    if (current.Estado === 0) return conflict(ctx, db, id, base, current, body);

    const sent = { ...scalars, ...(scalars.RutContratista !== undefined ? { RutContratista: scalars.RutContratista || null } : {}) };
    const changed = changedFields(current, sent);
    const plan = planUpdate(row, base, changed);
    if (plan.kind === 'conflict') return conflict(ctx, db, id, base, current, body);
    const children = {
      licencias: mergeChildren(current.licencias, licencias ?? [], (child) => child.IdLicencia),
      certificaciones: mergeChildren(current.certificaciones, certificaciones ?? [], (child) => child.IdCertificacion),
      evidencias: mergeChildren(current.evidencias, evidencias ?? [], (child) => child.IdEvidencia),
    };
    const childrenChanged = Object.values(children).some((child) => child.changed);
    if (plan.kind === 'noop' && !childrenChanged) return { kind: 'unchanged', row: current };

    const merged: Trabajador = {
      ...current,
      ...Object.fromEntries(changed.map((field) => [field, sent[field]])),
      licencias: children.licencias.list,
      certificaciones: children.certificaciones.list,
      evidencias: children.evidencias.list,
      // The replaced file stays reachable (spec: FichaMedicaAnterior, FirmaAnterior).
      FichaMedicaAnterior: changed.includes('FichaMedica') ? current.FichaMedica : current.FichaMedicaAnterior,
      FirmaAnterior: changed.includes('Firma') ? current.Firma : current.FirmaAnterior,
    };
    const fieldsError = contractorFieldsError(merged.TipoEmpresa, merged.RutContratista);
    if (fieldsError) throw invalid(fieldsError);
    await checkReferences(db, ctx.company, merged);
    if (changed.includes('RunPersona')) await checkUniqueRun(db, ctx.company, merged.RunPersona, id);
    const versions = plan.kind === 'apply' ? plan : { version: current.Version + 1, fieldVersions: undefined };
    await repo.updateWorker(db, ctx.company, id, {
      ...columnsOf(merged),
      Version: versions.version,
      ...(versions.fieldVersions ? { VersionesCampos: JSON.stringify(versions.fieldVersions) } : {}),
    });
    if (changed.includes('cargos')) await repo.setWorkerCargos(db, ctx.company, id, merged.cargos);
    return { kind: 'written', row: await saved(ctx, db, id, current.RutContratista) };
  });
}

/** Soft delete with a tombstone; deleting an already deleted worker succeeds (SPEC CF5). */
export function deleteWorker(ctx: WriteContext, viewer: repo.Viewer, id: string, base: number | undefined): Promise<WriteOutcome<Trabajador>> {
  return inWriteTransaction(ctx.db, async (db) => {
    const row = await repo.findWorker(db, ctx.company, id);
    if (!row || !repo.canSee(viewer, row)) throw new HttpError(404, TRABAJADORES_MESSAGES.notFound);
    const current = (await repo.loadWireWorker(db, ctx.company, id))!;
    if (current.Estado === 0) return { kind: 'unchanged', row: current };
    if (base !== undefined && base !== current.Version) return conflict(ctx, db, id, base, current, { Estado: 0, Version: base });
    const version = current.Version + 1;
    await repo.updateWorker(db, ctx.company, id, { Estado: 0, Version: version });
    await recordChange(db, { company: ctx.company, table: TABLE, id, op: 'delete', audience: contractorAudience(current.RutContratista) }, ctx.now);
    return { kind: 'written', row: { ...current, Estado: 0, Version: version } };
  });
}
