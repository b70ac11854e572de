import { createHash } from 'node:crypto';
import { toWireDate } from '#sync/domain/dates.ts';
import { personName } from '#sync/domain/person-name.ts';
import {
  type Participante,
  type ParticipanteBody,
  PARTES_MESSAGES,
  type Relator,
  type RelatorBody,
} from '#sync/schemas/capacitaciones-partes.schema.ts';
import {
  type EvidenciaBody,
  type EvidenciaCapacitacion,
  PROGRAMA_MESSAGES,
  toEvidencia,
} from '#sync/schemas/capacitaciones-programa.schema.ts';
import type { Trabajador } from '#sync/schemas/trabajadores.schema.ts';
import { participantOf } from '#sync/domain/training-participant.ts';
import { findUser } from '#server/tenancy/users.repo.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { WriteContext } from '#server/records/write-answer.ts';

/**
 * The lists of a session as the server stores them: what a device sends of a child (its Id and what it knows) is
 * completed from the records it names: the worker's RUT, name, contractor and levels; the user's name and RUT;
 * the evidence's stored path. A child sent again keeps what it does not resend (SPEC CF5).
 */

const invalid = (message: string) => new HttpError(400, message, 'VALIDACION');

/** The fields a body carries, without those it left out. */
export function sentFields<T extends object>(sent: T): Partial<T> {
  return Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** A stored child and what a body sends of it again: only `editable` fields change (who it is stays). */
export function mergeChild<T extends object>(editable: readonly (keyof T & string)[]) {
  return (stored: T, sent: T): T => {
    const changes = sentFields(sent);
    return { ...stored, ...Object.fromEntries(editable.filter((field) => field in changes).map((field) => [field, changes[field]])) };
  };
}

export const mergeParticipant = mergeChild<Participante>(['Asistio', 'Nota', 'Firma', 'FirmadoEn', 'Estado']);
export const mergePresenter = mergeChild<Relator>(['Nombre', 'Rut', 'Firma', 'FirmadoEn', 'Estado']);
export const mergeEvidence = mergeChild<EvidenciaCapacitacion>(['Nombre', 'TipoEvidencia', 'Estado']);

/**
 * The id of a child the spec's one-per-call requests add (they carry no id): the same session and person always
 * give the same id, so repeating a call adds nobody twice.
 */
export function derivedChildId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join(':')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** An active worker the writer may name: a contractor user names only its own workers. */
async function visibleWorker(ctx: WriteContext, db: Db, id: string): Promise<Trabajador | undefined> {
  const worker = (await ctx.records.trabajadores.load(db, ctx.company, id))?.row;
  if (!worker || worker.Estado !== 1) return undefined;
  if (ctx.viewer.kind === 'contratista' && worker.RutContratista !== ctx.viewer.rut) return undefined;
  return worker;
}

/**
 * Participants the body added (ids not in `known`) are completed from their workers; a worker appears once among
 * the active ones.
 */
export async function completeParticipants(
  ctx: WriteContext,
  db: Db,
  list: readonly (Participante | ParticipanteBody)[],
  known: ReadonlySet<string>,
): Promise<Participante[]> {
  const complete: Participante[] = [];
  for (const child of list) {
    if (known.has(child.Id)) {
      complete.push(child as Participante);
      continue;
    }
    if (!child.IdPersona) throw invalid(PARTES_MESSAGES.participantRequired);
    const worker = await visibleWorker(ctx, db, child.IdPersona);
    if (!worker) throw invalid(PARTES_MESSAGES.participantInvalid);
    complete.push(participantOf(worker, child as ParticipanteBody, child.IdCargo ?? null));
  }
  const active = complete.filter((participant) => participant.Estado === 1).map((participant) => participant.IdPersona);
  if (new Set(active).size !== active.length) throw invalid(PARTES_MESSAGES.participantRepeated);
  return complete;
}

/**
 * Spec: participants by cargo are "the workers holding it when the session is created". Each active worker of a
 * newly named position who is not yet a participant joins, with an id derived from the session and the person.
 */
export async function workersOfCargos(
  ctx: WriteContext,
  db: Db,
  sessionId: string,
  cargos: readonly string[],
  present: readonly Participante[],
): Promise<Participante[]> {
  if (cargos.length === 0) return [];
  const known = new Set(present.map((participant) => participant.IdPersona));
  const workers = await ctx.records.trabajadores.listActive(db, ctx.company, ctx.viewer);
  const added: Participante[] = [];
  for (const cargo of cargos) {
    for (const worker of workers) {
      if (!worker.cargos.includes(cargo) || known.has(worker.IdPersona)) continue;
      known.add(worker.IdPersona);
      added.push(participantOf(worker, { Id: derivedChildId(ctx.company, sessionId, 'participante', worker.IdPersona) }, cargo));
    }
  }
  return added;
}

/** Presenters the body added (ids not in `known`): named from their user or worker when the body did not name them. */
export async function completePresenters(
  ctx: WriteContext,
  db: Db,
  list: (Relator | RelatorBody)[],
  known: ReadonlySet<string>,
): Promise<Relator[]> {
  const complete: Relator[] = [];
  for (const child of list) complete.push(known.has(child.Id) ? (child as Relator) : await presenterOf(ctx, db, child));
  return complete;
}

async function presenterOf(ctx: WriteContext, db: Db, sent: RelatorBody): Promise<Relator> {
  const base: Relator = {
    Id: sent.Id,
    IdUsuario: sent.IdUsuario ?? null,
    IdCargo: sent.IdCargo ?? null,
    IdPersona: sent.IdPersona ?? null,
    Nombre: sent.Nombre ?? '',
    Rut: sent.Rut ?? '',
    Firma: sent.Firma ?? null,
    FirmadoEn: sent.FirmadoEn ?? null,
    Estado: sent.Estado ?? 1,
  };
  if (base.IdUsuario !== null) {
    const user = await findUser(db, ctx.company, base.IdUsuario);
    if (!user || !user.Habilitado) throw invalid(PARTES_MESSAGES.presenterInvalid);
    return { ...base, Nombre: base.Nombre || personName(user), Rut: base.Rut || user.RunPersona };
  }
  if (base.IdPersona !== null) {
    const worker = await visibleWorker(ctx, db, base.IdPersona);
    if (!worker) throw invalid(PARTES_MESSAGES.presenterInvalid);
    return { ...base, Nombre: base.Nombre || personName(worker), Rut: base.Rut || worker.RunPersona };
  }
  if (base.IdCargo !== null) {
    if ((await ctx.records.cargos.activeIds(db, ctx.company, [base.IdCargo])).size === 0) throw invalid(PARTES_MESSAGES.presenterInvalid);
    return base;
  }
  if (!base.Nombre) throw invalid(PARTES_MESSAGES.presenterRequired);
  return base;
}

/** Evidence the body added needs its name, kind and file; every stored path follows its current name (section 5). */
export function completeEvidence(
  ctx: WriteContext,
  trainingId: string,
  list: (EvidenciaCapacitacion | EvidenciaBody)[],
): EvidenciaCapacitacion[] {
  return list.map((child) => {
    if (!child.Nombre || !child.TipoEvidencia || !child.Archivo) throw invalid(PROGRAMA_MESSAGES.evidenceNameRequired);
    return toEvidencia(ctx.company, trainingId, {
      Id: child.Id,
      Nombre: child.Nombre,
      TipoEvidencia: child.TipoEvidencia,
      Archivo: child.Archivo,
      Fecha: child.Fecha ?? toWireDate(ctx.now),
      Estado: child.Estado ?? 1,
    });
  });
}
