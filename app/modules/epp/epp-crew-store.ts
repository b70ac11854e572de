import { toWireDate } from '#sync/domain/dates.ts';
import { actaSeal, CURRENT_ACTA_SEAL_VERSION, type MotivoEntrega } from '#sync/domain/epp-delivery.ts';
import { personName } from '#sync/domain/person-name.ts';
import { cleanRut } from '#sync/domain/rut.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { SessionUser } from '#sync/schemas/auth.schema.ts';
import { deliveryItemProblem, type EppEntregaCreateBody, EppEntregaCreateBodySchema } from '#sync/schemas/epp-entregas.schema.ts';
import * as v from 'valibot';
import type { AppDb } from '#app/db/app-db.ts';
import type { CrewDeliverer, CrewLine, CrewWorker, EppDeliveryDraft } from '#app/db/epp-delivery-draft.ts';
import type { LocalTrabajador } from '#app/db/reference-rows.ts';
import { DraftError } from '#app/data/drafts.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import * as store from '#app/records/field-record/field-record-store.ts';
import { CREW_MESSAGES, crewRecord } from './epp-crew-finish.ts';
import type { LocalEppTipo } from './epp-queries.ts';

/**
 * A crew EPP delivery in progress (SPEC EP1, DR1), a signed field record: every change is its own transaction
 * through the kit, so a reload, a crash or a sign-out keeps the crew exactly where it was, signatures included. Only
 * finishing queues writes (epp-crew-finish.ts).
 */

const { workers } = crewRecord.signers;

export interface CrewOwner {
  companyId: string;
  userId: number;
}

/** A line of a correction: the corrected acta's line again, as a new line of the new acta. */
export function lineAgain(item: Pick<CrewLine, 'IdEpp' | 'NombreEpp' | 'Talla' | 'Cantidad' | 'VidaUtilMeses'>): CrewLine {
  return {
    IdLinea: uuidV7(),
    IdEpp: item.IdEpp,
    NombreEpp: item.NombreEpp,
    Talla: item.Talla,
    Cantidad: item.Cantidad,
    VidaUtilMeses: item.VidaUtilMeses,
  };
}

/** A line for `tipo`, its size still to choose when it has sizes. */
export const lineFor = (tipo: LocalEppTipo): CrewLine => lineAgain({ ...tipo, Talla: tipo.Tallas.length === 1 ? tipo.Tallas[0]! : '', Cantidad: 1 });

/**
 * A new crew delivery for `workers`, each with the lines `lines` gives them (their assignment's, or the lines of the
 * acta a correction corrects).
 */
export async function createCrewDraft(
  db: AppDb,
  crew: {
    workers: readonly LocalTrabajador[];
    motivo: MotivoEntrega;
    idCliente: string | null;
    corrige?: string | null;
    solicitud?: string | null;
    lines: (worker: LocalTrabajador) => CrewLine[];
  },
  owner: CrewOwner,
): Promise<string> {
  if (crew.workers.length === 0) throw new DraftError(CREW_MESSAGES.workersRequired);
  const now = Date.now();
  const draft: EppDeliveryDraft = {
    IdEntrega: uuidV7(),
    IdEmpresa: owner.companyId,
    IdUsuario: owner.userId,
    estado: 'abierta',
    Motivo: crew.motivo,
    IdCliente: crew.idCliente,
    Corrige: crew.corrige ?? null,
    IdSolicitud: crew.solicitud ?? null,
    trabajadores: crew.workers.map((worker) => ({
      IdPersona: worker.IdPersona,
      RunPersona: worker.RunPersona,
      Nombre: personName(worker),
      RutContratista: worker.RutContratista,
      items: crew.lines(worker),
      acta: null,
    })),
    entregador: null,
    iniciadaEn: new Date(now).toISOString(),
    actualizadoEn: now,
  };
  await store.startFieldRecord(db, crewRecord, draft.IdEntrega, async () => draft);
  return draft.IdEntrega;
}

/** A change of one worker's lines; refused once they signed (their acta is sealed). */
const changeWorker = (db: AppDb, id: string, personaId: string, change: (worker: CrewWorker) => boolean | void) =>
  store.changePerson(db, crewRecord, workers, id, personaId, change);

export function setLine(
  db: AppDb,
  id: string,
  personaId: string,
  lineId: string,
  patch: Partial<Pick<CrewLine, 'Talla' | 'Cantidad'>>,
): Promise<void> {
  return changeWorker(db, id, personaId, (worker) => {
    const line = worker.items.find((candidate) => candidate.IdLinea === lineId);
    if (!line || Object.entries(patch).every(([field, value]) => line[field as keyof CrewLine] === value)) return false;
    Object.assign(line, patch);
  });
}

export function addLine(db: AppDb, id: string, personaId: string, tipo: LocalEppTipo): Promise<void> {
  return changeWorker(db, id, personaId, (worker) => {
    worker.items.push(lineFor(tipo));
  });
}

export function removeLine(db: AppDb, id: string, personaId: string, lineId: string): Promise<void> {
  return changeWorker(db, id, personaId, (worker) => {
    const before = worker.items.length;
    worker.items = worker.items.filter((line) => line.IdLinea !== lineId);
    return worker.items.length !== before;
  });
}

/** A worker who will not receive anything after all leaves the crew (never one who already signed). */
export const removeWorker = (db: AppDb, id: string, personaId: string) => store.removePerson(db, crewRecord, workers, id, personaId);

export const setMotivo = (db: AppDb, id: string, motivo: MotivoEntrega) =>
  store.setField(db, crewRecord, id, 'Motivo', motivo, (draft) => {
    if (draft.trabajadores.some((worker) => worker.acta)) throw new DraftError(CREW_MESSAGES.alreadySigned);
  });

/** SPEC EP7: who delivers is the signed-in user (from the session) or a worker of the roster on this device, never typed. */
export type DelivererChoice =
  | { kind: 'usuario'; usuario: Pick<SessionUser, 'IdUsuario' | 'RunPersona' | 'Nombres' | 'ApellidoPaterno' | 'ApellidoMaterno'> }
  | { kind: 'trabajador'; IdPersona: string };

/** The deliverer's name and RUT, as their account or the roster has them now. */
async function delivererOf(db: AppDb, choice: DelivererChoice): Promise<Omit<CrewDeliverer, 'Firma' | 'FirmadoEn'>> {
  if (choice.kind === 'usuario') {
    const { usuario } = choice;
    return { Nombre: personName(usuario), Rut: cleanRut(usuario.RunPersona), IdUsuario: usuario.IdUsuario };
  }
  const worker = await db.trabajadores.get(choice.IdPersona);
  if (!worker) throw new DraftError(CREW_MESSAGES.delivererNotOnDevice);
  return { Nombre: personName(worker), Rut: cleanRut(worker.RunPersona), IdPersona: worker.IdPersona };
}

/** The deliverer signs once, for the whole crew, before the workers. */
export async function signDeliverer(db: AppDb, id: string, choice: DelivererChoice | null, png: LocalFile | null): Promise<void> {
  if (!choice) throw new DraftError(CREW_MESSAGES.delivererRequired);
  if (!png) throw new DraftError(CREW_MESSAGES.blankSignature);
  const deliverer = await delivererOf(db, choice);
  await store.signFieldRecord(db, crewRecord, id, png, (draft, signature) => {
    if (draft.trabajadores.some((worker) => worker.acta)) throw new DraftError(CREW_MESSAGES.alreadySigned);
    draft.entregador = { ...deliverer, ...signature };
  });
}

/**
 * The acta's deliverer and the version its seal is made under (SPEC EP6, EP7): the current version names the user or
 * the roster worker who delivered. A draft whose deliverer signed in an older app (a typed name and RUT, no id) seals
 * its remaining workers under version 1, as their acta's first signature was given: nothing signed offline is lost.
 */
function sealedDeliverer(deliverer: CrewDeliverer): Pick<EppEntregaCreateBody, 'Entregador' | 'VersionSello'> {
  const { Nombre, Rut, Firma, IdUsuario, IdPersona } = deliverer;
  if (IdUsuario !== undefined) return { Entregador: { Nombre, Rut, IdUsuario, Firma }, VersionSello: CURRENT_ACTA_SEAL_VERSION };
  if (IdPersona !== undefined) return { Entregador: { Nombre, Rut, IdPersona, Firma }, VersionSello: CURRENT_ACTA_SEAL_VERSION };
  return { Entregador: { Nombre, Rut, Firma } };
}

const listOf = new Intl.ListFormat('es', { type: 'conjunction' });

/**
 * What the worker's lines lack before they can be sealed, every line named ("Indica la talla de cada EPP que tiene
 * tallas: Guantes de cabritilla y Zapatos de seguridad."): said beside the lines and at the signature from the
 * start, so nobody signs and only then learns that a size is missing. Null when every line can be sealed.
 */
export function linesProblem(worker: Pick<CrewWorker, 'items'>, tipoById: ReadonlyMap<string, LocalEppTipo>): string | null {
  const linesByProblem = new Map<string, string[]>();
  for (const line of worker.items) {
    const problem = deliveryItemProblem(line, tipoById.get(line.IdEpp));
    if (problem) linesByProblem.set(problem, [...(linesByProblem.get(problem) ?? []), line.NombreEpp]);
  }
  if (linesByProblem.size === 0) return null;
  return [...linesByProblem].map(([problem, names]) => `${problem}: ${listOf.format(names)}.`).join(' ');
}

/** What still stops a worker from signing, in Spanish; null when they can sign. */
export function signProblem(draft: EppDeliveryDraft, worker: CrewWorker, tipoById: ReadonlyMap<string, LocalEppTipo>): string | null {
  if (!draft.entregador) return CREW_MESSAGES.delivererFirst;
  if (worker.acta) return CREW_MESSAGES.alreadySigned;
  if (worker.items.length === 0) return CREW_MESSAGES.linesRequired;
  return linesProblem(worker, tipoById);
}

/**
 * SPEC EP1, EP6: the worker signs their own lines and the device seals their acta at once (company, worker, their
 * name, items, sizes, quantities, reason, who delivered, both signatures' hashes, the acta's id and this device's
 * time). The acta stays in the draft until the crew finishes. A blank signature is refused; a draft that changed
 * while it was sealed is refused too, so what is stored is exactly what was sealed.
 */
export async function signWorker(
  db: AppDb,
  id: string,
  personaId: string,
  png: LocalFile | null,
  tipoById: ReadonlyMap<string, LocalEppTipo>,
): Promise<EppEntregaCreateBody> {
  if (!png) throw new DraftError(CREW_MESSAGES.blankSignature);
  const draft = await db.borradoresEpp.get(id);
  const worker = draft?.trabajadores.find((candidate) => candidate.IdPersona === personaId);
  if (!draft || !worker) throw new DraftError(CREW_MESSAGES.notInCrew);
  const problem = signProblem(draft, worker, tipoById);
  if (problem) throw new DraftError(problem);
  const signedAt = new Date();
  const deliverer = draft.entregador!;
  const unsealed = {
    IdEntregadosEpp: uuidV7(),
    IdEntrega: draft.IdEntrega,
    IdEmpresa: draft.IdEmpresa,
    IdPersona: worker.IdPersona,
    RunPersona: worker.RunPersona,
    NombreTrabajador: worker.Nombre,
    Motivo: draft.Motivo,
    Fecha: toWireDate(signedAt),
    IdCliente: draft.IdCliente,
    Items: worker.items.map(({ IdLinea, IdEpp, NombreEpp, Talla, Cantidad }) => ({
      IdLinea,
      IdEpp,
      NombreEpp,
      Talla: Talla.trim(),
      Cantidad,
    })),
    ...sealedDeliverer(deliverer),
    FirmaTrabajador: { Sha256: png.sha256, Tipo: 'image/png' as const },
    FirmadoEn: signedAt.toISOString(),
    Corrige: draft.Corrige,
    // The request it delivers travels with the acta; the seal does not cover it (EPP_ACTA_LAYOUT).
    ...(draft.IdSolicitud ? { IdSolicitud: draft.IdSolicitud } : {}),
  };
  // Sealed as the schema reads it (trimmed, cleaned): exactly what the server will read and seal again.
  const parsed = v.parse(EppEntregaCreateBodySchema, { ...unsealed, Sello: '0'.repeat(64) });
  const acta = { ...parsed, Sello: await actaSeal(draft.IdEmpresa, parsed) };
  const sealedFrom = JSON.stringify([worker.items, deliverer]);
  await store.signPerson(db, crewRecord, workers, id, personaId, png, (now, current) => {
    if (JSON.stringify([now.items, current.entregador]) !== sealedFrom || current.Motivo !== draft.Motivo)
      throw new DraftError(CREW_MESSAGES.changedWhileSigning);
    now.acta = acta;
  });
  return acta;
}
