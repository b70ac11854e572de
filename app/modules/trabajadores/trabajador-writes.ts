import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import {
  COMPANY_TYPES,
  EMPTY_MEDICAL_DATE,
  type Trabajador,
  TrabajadorCreateBodySchema,
  TrabajadorUpdateBodySchema,
  WORKER_FIELDS,
  type WorkerField,
} from '#sync/schemas/trabajadores.schema.ts';
import * as v from 'valibot';
import { type LocalTrabajador, toLocalTrabajador } from '#app/db/reference-rows.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import { resendCorrection } from '#app/data/refused-writes.ts';
import { queueCreate, queueCreates, queueUpdate } from '#app/records/record-writes.ts';
import { requireDevice } from '#app/sync/device-sync.ts';

/** The worker's child lists: each child has its own id and is only ever appended or replaced by it (SPEC CF5). */
export type WorkerChildren = Pick<Trabajador, 'licencias' | 'certificaciones' | 'evidencias'>;

/** What the form produced: the worker's fields as the server stores them, and the new files to send. */
export interface WorkerDraft {
  fields: Pick<Trabajador, WorkerField>;
  /** Licences, certifications and evidence added in this edit. */
  newChildren: WorkerChildren;
  /** Bytes of every file the draft references for the first time (signature, medical file, children's files). */
  files: LocalFile[];
}

export function fileRefOf(file: LocalFile): FileRef {
  return { Sha256: file.sha256, Tipo: file.type as FileRef['Tipo'] };
}

function sameValue(field: WorkerField, a: unknown, b: unknown): boolean {
  if (field === 'cargos') return JSON.stringify([...(a as string[])].sort()) === JSON.stringify([...(b as string[])].sort());
  if (field === 'Firma' || field === 'FichaMedica') return (a as FileRef | null)?.Sha256 === (b as FileRef | null)?.Sha256;
  return (a ?? null) === (b ?? null);
}

/** SPEC CF2: only the fields that differ from the version the person started from. */
function changedFields(base: Pick<Trabajador, WorkerField>, next: Pick<Trabajador, WorkerField>): Partial<Pick<Trabajador, WorkerField>> {
  const changed: Partial<Record<WorkerField, unknown>> = {};
  for (const field of WORKER_FIELDS) if (!sameValue(field, base[field], next[field])) changed[field] = next[field];
  return changed as Partial<Pick<Trabajador, WorkerField>>;
}

/** The wire form of changed fields: a cleared contractor RUT travels as '' (the server stores null). */
function wireChanges(changed: Partial<Pick<Trabajador, WorkerField>>): Record<string, unknown> {
  return 'RutContratista' in changed ? { ...changed, RutContratista: changed.RutContratista ?? '' } : changed;
}

/** Only the child lists that have something, as an update body carries them. */
function addedChildren(children: Partial<Record<keyof WorkerChildren, unknown>>): Partial<WorkerChildren> {
  return Object.fromEntries(
    Object.entries(children).filter(([, list]) => Array.isArray(list) && list.length > 0),
  ) as Partial<WorkerChildren>;
}

/** A child list with the added children in place of those with the same id, or after the others. */
function appended<Child>(current: Child[], added: Child[] | undefined, idOf: (child: Child) => string): Child[] {
  if (!added?.length) return current;
  const ids = new Set(added.map(idOf));
  return [...current.filter((child) => !ids.has(idOf(child))), ...added];
}

function withChildren(base: WorkerChildren, added: Partial<WorkerChildren>): WorkerChildren {
  return {
    licencias: appended(base.licencias, added.licencias, (child) => child.IdLicencia),
    certificaciones: appended(base.certificaciones, added.certificaciones, (child) => child.IdCertificacion),
    evidencias: appended(base.evidencias, added.evidencias, (child) => child.IdEvidencia),
  };
}

function createBodyOf(id: string, draft: WorkerDraft) {
  return v.parse(TrabajadorCreateBodySchema, {
    ...draft.fields,
    IdPersona: id,
    RutContratista: draft.fields.RutContratista ?? '',
    ...draft.newChildren,
  });
}

function createdRow(companyId: string, body: v.InferOutput<typeof TrabajadorCreateBodySchema>): LocalTrabajador {
  return toLocalTrabajador({
    ...body,
    IdEmpresa: companyId,
    TipoEmpresa: body.TipoEmpresa ?? (body.RutContratista ? COMPANY_TYPES.contratista : COMPANY_TYPES.empresa),
    RutContratista: body.RutContratista || null,
    FechaFichaMedica: body.FechaFichaMedica || EMPTY_MEDICAL_DATE,
    FichaMedicaAnterior: null,
    FirmaAnterior: null,
    Estado: 1,
    Version: 1,
  });
}

/** The row the device shows after an update the server will apply as version `base.Version + 1`. */
function updatedRow(
  base: LocalTrabajador,
  changed: Partial<Pick<Trabajador, WorkerField>>,
  newChildren: Partial<WorkerChildren>,
): LocalTrabajador {
  return toLocalTrabajador({
    ...base,
    ...changed,
    ...withChildren(base, newChildren),
    FirmaAnterior: changed.Firma !== undefined ? base.Firma : base.FirmaAnterior,
    FichaMedicaAnterior: changed.FichaMedica !== undefined ? base.FichaMedica : base.FichaMedicaAnterior,
    // Each queued update raises the version the server will have, so a second offline edit of the same field
    // is based on the first one instead of conflicting with it (SPEC CF3).
    Version: base.Version + 1,
  });
}

export async function createWorker(draft: WorkerDraft): Promise<string> {
  const { companyId } = requireDevice();
  const body = createBodyOf(uuidV7(), draft);
  return queueCreate('trabajadores', body, { row: createdRow(companyId, body), files: draft.files });
}

/**
 * Many new workers at once (a payroll file): each the form's own creation, all queued in one local transaction, so
 * the load is all on the device or none of it is. Returns their ids, in order.
 */
export async function createWorkers(list: readonly WorkerDraft['fields'][]): Promise<string[]> {
  const { companyId } = requireDevice();
  const noChildren = { licencias: [], certificaciones: [], evidencias: [] };
  return queueCreates(
    'trabajadores',
    list.map((fields) => {
      const body = createBodyOf(uuidV7(), { fields, newChildren: noChildren, files: [] });
      return { body, row: createdRow(companyId, body) };
    }),
  );
}

/** False when nothing changed: no write is queued. */
export async function updateWorker(current: LocalTrabajador, draft: WorkerDraft): Promise<boolean> {
  const changed = changedFields(current, draft.fields);
  const children = addedChildren(draft.newChildren);
  if (Object.keys(changed).length === 0 && Object.keys(children).length === 0) return false;
  const body = v.parse(TrabajadorUpdateBodySchema, {
    IdPersona: current.IdPersona,
    Version: current.Version,
    ...wireChanges(changed),
    ...children,
  });
  await queueUpdate('trabajadores', current, body, updatedRow(current, changed, children), draft.files);
  return true;
}

/**
 * RP15 for a refused worker write: the corrected fields go in the entry's place with a new key. A creation is
 * sent whole again; an update is rebased on the newest server version the device knows, with only the fields
 * that differ from it. Files stay those of the refused write.
 */
export async function resendWorker(deadKey: string, current: LocalTrabajador, draft: WorkerDraft): Promise<void> {
  const { companyId } = requireDevice();
  await resendCorrection<LocalTrabajador>(deadKey, {
    table: 'trabajadores',
    id: current.IdPersona,
    current,
    create: (refused) => {
      const { fields, children } = correctedFields(refused, draft);
      const body = v.parse(TrabajadorCreateBodySchema, {
        ...fields,
        ...children,
        IdPersona: current.IdPersona,
        RutContratista: fields.RutContratista ?? '',
      });
      return { body, row: createdRow(companyId, body) };
    },
    update: (base, refused) => {
      const { fields, children } = correctedFields(refused, draft);
      const changed = changedFields(base, fields);
      const body = v.parse(TrabajadorUpdateBodySchema, {
        IdPersona: current.IdPersona,
        Version: base.Version,
        ...wireChanges(changed),
        ...children,
      });
      return { body, row: updatedRow(base, changed, children) };
    },
  });
}

/** The correction form hides the file inputs, so the refused write's signature, medical file and children stay. */
function correctedFields(refused: Record<string, unknown>, draft: WorkerDraft) {
  const kept = {
    ...(refused.Firma !== undefined ? { Firma: refused.Firma } : {}),
    ...(refused.FichaMedica !== undefined ? { FichaMedica: refused.FichaMedica } : {}),
  } as Partial<Trabajador>;
  const children = addedChildren({
    certificaciones: refused.certificaciones,
    licencias: refused.licencias,
    evidencias: refused.evidencias,
  });
  return { fields: { ...draft.fields, ...kept }, children };
}
