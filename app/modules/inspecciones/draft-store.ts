import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { Answer } from '#sync/domain/traffic-light.ts';
import { statementsOf } from '#sync/schemas/formularios.schema.ts';
import { type Firma, FirmaSchema, INSPECCIONES_MESSAGES, type TipoObs } from '#sync/schemas/inspecciones.schema.ts';
import * as v from 'valibot';
import type { AppDb } from '#app/db/app-db.ts';
import type { DraftObservation, InspectionDraft } from '#app/db/inspection-rows.ts';
import { changeDraft as changeInspectionDraft, DraftError } from '#app/data/drafts.ts';
import type { LocalFile } from '#app/data/local-write.ts';

/**
 * Drafts of inspections (SPEC IN1), each change through the drafts kit (app/data/drafts.ts): its own transaction,
 * never the outbox; only finishing queues a write (draft-finish.ts).
 */

export const DRAFT_MESSAGES = {
  templateRetired: 'El formulario está retirado: no admite inspecciones nuevas',
  templateNotFound: 'El formulario no está en este dispositivo',
  signatureMissing: 'Dibuja la firma antes de guardarla',
} as const;

/** The header of an inspection: what the new-inspection page asks and the filling page can still change. */
export type DraftHeader = Pick<
  InspectionDraft,
  | 'Fecha'
  | 'Lugar'
  | 'IdNivel2'
  | 'IdNivel3'
  | 'Supervisor'
  | 'Observados'
  | 'EquipoTrabajo'
  | 'RutContratista'
  | 'IdCliente'
  | 'Encabezado'
>;

/** Who starts the draft: it lives in that person's database and names their company. */
export interface DraftOwner {
  companyId: string;
  userId: number;
}

/** The fields of an observation the person edits. */
export type ObservationPatch = Partial<
  Pick<DraftObservation, 'Observacion' | 'Responsable' | 'IdResponsable' | 'Plazo' | 'SemaforoObs' | 'Severidad' | 'Archivos'>
>;

export type ExtraObservationType = Exclude<TipoObs, 'Checklist'>;

/** A person's details on a signature; the image comes apart as PNG bytes. */
export interface SignerDetails {
  /** Given to replace a signature already saved (signing again). */
  IdFirma?: string;
  Rol: Firma['Rol'];
  Nombre: string;
  Rut: string;
  Cargo: string;
}

function changeDraft(db: AppDb, id: string, change: (draft: InspectionDraft) => boolean | void, files?: LocalFile[]): Promise<void> {
  return changeInspectionDraft(db, 'borradores', id, change, files);
}

export function blankObservation(tipo: TipoObs, statementId: string | null): DraftObservation {
  return {
    IdObservacion: uuidV7(),
    TipoObs: tipo,
    IdEnunciado: statementId,
    Observacion: '',
    Responsable: '',
    IdResponsable: null,
    Plazo: null,
    SemaforoObs: 1,
    Severidad: null,
    Archivos: [],
    Estado: 1,
  };
}

/** The statement's observation being written (answer 2), if any. */
export function activeChecklistObservation(
  draft: Pick<InspectionDraft, 'observaciones'>,
  statementId: string,
): DraftObservation | undefined {
  return draft.observaciones.find((obs) => obs.TipoObs === 'Checklist' && obs.IdEnunciado === statementId && obs.Estado === 1);
}

/**
 * A new draft from the template's current version, copied whole (SPEC IN3): a later edit of the template makes a
 * new version and never reaches this draft. Retired templates (Estado 0) accept no new drafts.
 */
export async function createDraft(db: AppDb, templateId: string, header: DraftHeader, owner: DraftOwner): Promise<string> {
  const id = uuidV7();
  await db.transaction('rw', [db.formularios, db.borradores], async () => {
    const template = await db.formularios.get(templateId);
    if (!template) throw new DraftError(DRAFT_MESSAGES.templateNotFound);
    if (template.Estado !== 1) throw new DraftError(DRAFT_MESSAGES.templateRetired);
    const now = Date.now();
    const draft: InspectionDraft = {
      IdEvaluacion: id,
      IdEmpresa: owner.companyId,
      IdUsuario: owner.userId,
      estado: 'abierta',
      formulario: structuredClone({
        IdFormulario: template.IdFormulario,
        Nombre: template.Nombre,
        Tipo: template.Tipo,
        VersionFormulario: template.VersionFormulario,
        Contenido: template.Contenido,
      }),
      ...structuredClone(header),
      respuestas: {},
      subrespuestasPendientes: {},
      observaciones: [],
      firmas: [],
      iniciadaEn: new Date(now).toISOString(),
      actualizadoEn: now,
    };
    await db.borradores.add(draft);
  });
  return id;
}

export async function setDraftHeader(db: AppDb, id: string, patch: Partial<DraftHeader>): Promise<void> {
  await changeDraft(db, id, (draft) => {
    Object.assign(draft, structuredClone(patch));
  });
}

/** One field of the template's own header (by IdCampo). */
export async function setHeaderField(db: AppDb, id: string, fieldId: string, value: string): Promise<void> {
  await changeDraft(db, id, (draft) => {
    if ((draft.Encabezado[fieldId] ?? '') === value) return false;
    draft.Encabezado = { ...draft.Encabezado, [fieldId]: value };
  });
}

/**
 * Spec 4.4: answering 2 (No cumple) creates a blank Checklist observation for the statement, unless an active one
 * is already there; any other answer marks the statement's observations deleted (Estado 0).
 */
export async function setAnswer(db: AppDb, id: string, statementId: string, answer: Answer): Promise<void> {
  await changeDraft(db, id, (draft) => {
    if (!statementsOf(draft.formulario.Contenido).some((statement) => statement.IdEnunciado === statementId)) {
      throw new DraftError(INSPECCIONES_MESSAGES.answerUnknown);
    }
    const previous = draft.respuestas[statementId];
    if (previous?.Respuesta === answer) return false;
    const waiting = draft.subrespuestasPendientes?.[statementId];
    draft.respuestas[statementId] = { Respuesta: answer, Subrespuestas: { ...waiting, ...previous?.Subrespuestas } };
    if (waiting && draft.subrespuestasPendientes) delete draft.subrespuestasPendientes[statementId];
    if (answer === 2) {
      if (!activeChecklistObservation(draft, statementId)) draft.observaciones.push(blankObservation('Checklist', statementId));
    } else {
      for (const observation of draft.observaciones) {
        if (observation.TipoObs === 'Checklist' && observation.IdEnunciado === statementId) observation.Estado = 0;
      }
    }
  });
}

/** A written answer to a sub-question; kept apart until its statement is answered. */
export async function setSubanswer(db: AppDb, id: string, statementId: string, subquestionId: string, text: string): Promise<void> {
  await changeDraft(db, id, (draft) => {
    const answered = draft.respuestas[statementId];
    if (answered) {
      if ((answered.Subrespuestas[subquestionId] ?? '') === text) return false;
      answered.Subrespuestas = { ...answered.Subrespuestas, [subquestionId]: text };
      return;
    }
    const waiting = (draft.subrespuestasPendientes ??= {});
    if ((waiting[statementId]?.[subquestionId] ?? '') === text) return false;
    waiting[statementId] = { ...waiting[statementId], [subquestionId]: text };
  });
}

/** A general observation or a gap (Brechas), blank, at the end of its list. Returns its id. */
export async function addObservation(db: AppDb, id: string, tipo: ExtraObservationType): Promise<string> {
  const observation = blankObservation(tipo, null);
  await changeDraft(db, id, (draft) => {
    draft.observaciones.push(observation);
  });
  return observation.IdObservacion;
}

export async function updateObservation(db: AppDb, id: string, observationId: string, patch: ObservationPatch): Promise<void> {
  await changeDraft(db, id, (draft) => {
    const observation = draft.observaciones.find((obs) => obs.IdObservacion === observationId && obs.Estado === 1);
    if (!observation) throw new DraftError(INSPECCIONES_MESSAGES.observationNotFound);
    const changed = (Object.keys(patch) as (keyof ObservationPatch)[]).filter(
      (key) => JSON.stringify(observation[key]) !== JSON.stringify(patch[key]),
    );
    if (changed.length === 0) return false;
    Object.assign(observation, structuredClone(patch));
  });
}

/** Takes a general observation or gap out of the draft (a Checklist one goes only by changing the answer). */
export async function removeObservation(db: AppDb, id: string, observationId: string): Promise<void> {
  await changeDraft(db, id, (draft) => {
    const observation = draft.observaciones.find((obs) => obs.IdObservacion === observationId);
    if (!observation || observation.TipoObs === 'Checklist') return false;
    draft.observaciones = draft.observaciones.filter((obs) => obs !== observation);
  });
}

/**
 * Saves a drawn signature: its PNG bytes in `archivosDispositivo` and the `Firma` in the draft, in one transaction.
 * The executor signs once (a new executor signature replaces the earlier one); any number of others may sign.
 * Throws a DraftError with the schema's Spanish message when the name or RUT is not valid.
 */
export async function saveSignature(db: AppDb, id: string, signer: SignerDetails, png: LocalFile | null): Promise<string> {
  if (!png) throw new DraftError(DRAFT_MESSAGES.signatureMissing);
  const parsed = v.safeParse(FirmaSchema, {
    IdFirma: signer.IdFirma ?? uuidV7(),
    Rol: signer.Rol,
    Nombre: signer.Nombre,
    Rut: signer.Rut,
    Cargo: signer.Cargo,
    Archivo: { Sha256: png.sha256, Tipo: 'image/png' },
    FirmadoEn: new Date().toISOString(),
  });
  if (!parsed.success) throw new DraftError(parsed.issues[0].message);
  const firma = parsed.output;
  await changeDraft(
    db,
    id,
    (draft) => {
      const kept = draft.firmas.filter(
        (other) => other.IdFirma !== firma.IdFirma && !(firma.Rol === 'Ejecutor' && other.Rol === 'Ejecutor'),
      );
      draft.firmas = firma.Rol === 'Ejecutor' ? [firma, ...kept] : [...kept, firma];
    },
    [{ ...png, type: 'image/png' }],
  );
  return firma.IdFirma;
}

export async function removeSignature(db: AppDb, id: string, signatureId: string): Promise<void> {
  await changeDraft(db, id, (draft) => {
    const kept = draft.firmas.filter((firma) => firma.IdFirma !== signatureId);
    if (kept.length === draft.firmas.length) return false;
    draft.firmas = kept;
  });
}
