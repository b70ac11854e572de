import { TIME_ZONE, toWireDate } from '#sync/domain/dates.ts';
import type { Clasificacion } from '#sync/domain/incident-form.ts';
import { incidentFolio } from '#sync/domain/incident-rules.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { InvestigadorSchema } from '#sync/schemas/incidentes.schema.ts';
import type { MedidaNueva } from '#sync/schemas/medidas-control.schema.ts';
import * as v from 'valibot';
import { changeDraft, DraftError } from '#app/data/drafts.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { IncidentDraft, IncidentFields } from '#app/db/incident-rows.ts';

/**
 * Reports being written (SPEC IC1, DR1), each change through the drafts kit (app/data/drafts.ts): its own
 * transaction, never the outbox; only sending queues a write (draft-finish.ts).
 */
const change = (db: AppDb, id: string, apply: (draft: IncidentDraft) => boolean | void, files?: readonly LocalFile[]) =>
  changeDraft(db, 'borradores_incidentes', id, apply, files);

export const DRAFT_MESSAGES = {
  signatureMissing: 'Dibuja la firma antes de guardarla',
} as const;

const clock = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "09:41" in Chile: the time the report is started, editable. */
function timeNow(now: Date): string {
  return clock.format(now);
}

/** Every field of the form, empty but for what the report knows when it starts: the day, the time and who reports. */
export function blankFields(now: Date, reporter: string, clasificacion: Clasificacion): IncidentFields {
  return {
    Clasificacion: clasificacion,
    CriteriosGravedad: [],
    FechaOcurrencia: toWireDate(now),
    HoraOcurrencia: timeNow(now),
    FechaAlta: '',
    Lugar: '',
    IdNivel2: null,
    IdNivel3: null,
    ProcesoFaena: '',
    EquipoTrabajo: '',
    FuenteEvento: null,
    AgenteEvento: null,
    TipoEvento: null,
    IdPersona: null,
    NombreAccidentado: '',
    Rut: '',
    Cargo: '',
    Edad: null,
    AntiguedadCargo: '',
    RutContratista: '',
    TipoLesion: null,
    ParteCuerpo: null,
    Equipo: null,
    Proceso: '',
    Monto: null,
    Descripcion: '',
    ActosSubestandar: [],
    Factores: [],
    CondicionSubestandar: [],
    CausasBasicas: [],
    ItemCausasBasicas: [],
    FaltaControl: [],
    IdRiesgoEspecifico: null,
    Probabilidad: null,
    Consecuencia: null,
    NombreInformador: reporter,
    RutEjecutor: '',
    DvEjecutor: '',
    FirmaInformador: null,
    // The 24 hours of the DIAT run from when the company learned of it: by default, when the report starts.
    FechaConocimiento: now.toISOString(),
    MedioPrueba: '',
    DiatPresentadaEn: null,
    DiatPresentadaPor: '',
    DiatFolio: '',
    Mutualidad: '',
    SuspensionFaenaEn: null,
    AvisoInspeccionEn: null,
    AvisoSeremiEn: null,
    DatosDiat: {},
  };
}

export interface DraftOwner {
  companyId: string;
  userId: number;
  /** The reporter's name, the form's first `NombreInformador`. */
  userName: string;
}

/** A new report of `clasificacion` (it decides which fields appear): its folio is the time it was started. */
export async function createIncidentDraft(db: AppDb, owner: DraftOwner, clasificacion: Clasificacion): Promise<string> {
  const now = new Date();
  const draft: IncidentDraft = {
    IdEvaluacion: uuidV7(),
    IdEmpresa: owner.companyId,
    IdUsuario: owner.userId,
    IdAccidente: incidentFolio(now),
    estado: 'abierta',
    campos: blankFields(now, owner.userName, clasificacion),
    Evidencias: [],
    Declaraciones: [],
    Investigadores: [],
    MedidasControl: [],
    iniciadaEn: now.toISOString(),
    actualizadoEn: now.getTime(),
  };
  await db.borradores_incidentes.add(draft);
  return draft.IdEvaluacion;
}

/** Fields of the form, written together (a worker picked fills name, RUT, cargo and contractor at once). */
export function setFields(db: AppDb, id: string, patch: Partial<IncidentFields>): Promise<void> {
  return change(db, id, (draft) => {
    const changed = (Object.keys(patch) as (keyof IncidentFields)[]).filter(
      (key) => JSON.stringify(draft.campos[key]) !== JSON.stringify(patch[key]),
    );
    if (changed.length === 0) return false;
    draft.campos = { ...draft.campos, ...structuredClone(patch) };
  });
}

/**
 * The photos of the evidence as the photo field holds them (already compressed and on the device): new ones become
 * evidence named "Foto n", those taken away leave it. Other files of the evidence are kept as they are.
 */
export function setEvidencePhotos(db: AppDb, id: string, photos: readonly FileRef[]): Promise<void> {
  return change(db, id, (draft) => {
    const kept = draft.Evidencias.filter(
      (evidence) => !evidence.Archivo.Tipo.startsWith('image/') || photos.some((photo) => photo.Sha256 === evidence.Archivo.Sha256),
    );
    const fresh = photos.filter((photo) => !kept.some((evidence) => evidence.Archivo.Sha256 === photo.Sha256));
    if (fresh.length === 0 && kept.length === draft.Evidencias.length) return false;
    let count = kept.filter((evidence) => evidence.Archivo.Tipo.startsWith('image/')).length;
    draft.Evidencias = [
      ...kept,
      ...fresh.map((Archivo) => ({ IdEvidencia: uuidV7(), Nombre: `Foto ${++count}`, Archivo, Fecha: new Date().toISOString() })),
    ];
  });
}

/** A document of the evidence (a PDF, a scanned page), its bytes stored with it. */
export function addEvidenceFile(db: AppDb, id: string, file: LocalFile, name: string): Promise<void> {
  const Archivo = { Sha256: file.sha256, Tipo: file.type as FileRef['Tipo'] };
  return change(
    db,
    id,
    (draft) => {
      if (draft.Evidencias.some((evidence) => evidence.Archivo.Sha256 === file.sha256)) return false;
      draft.Evidencias = [
        ...draft.Evidencias,
        { IdEvidencia: uuidV7(), Nombre: name.slice(0, 160) || 'Documento', Archivo, Fecha: new Date().toISOString() },
      ];
    },
    [file],
  );
}

export function removeEvidence(db: AppDb, id: string, evidenceId: string): Promise<void> {
  return change(db, id, (draft) => {
    const kept = draft.Evidencias.filter((evidence) => evidence.IdEvidencia !== evidenceId);
    if (kept.length === draft.Evidencias.length) return false;
    draft.Evidencias = kept;
  });
}

export function addDeclaration(
  db: AppDb,
  id: string,
  declaration: { Nombre: string; Rut: string; Calidad: string; Texto: string },
): Promise<void> {
  return change(db, id, (draft) => {
    draft.Declaraciones = [
      ...draft.Declaraciones,
      { IdDeclaracion: uuidV7(), ...declaration, Archivo: null, Fecha: new Date().toISOString() },
    ];
  });
}

export function removeDeclaration(db: AppDb, id: string, declarationId: string): Promise<void> {
  return change(db, id, (draft) => {
    draft.Declaraciones = draft.Declaraciones.filter((declaration) => declaration.IdDeclaracion !== declarationId);
  });
}

/** The reporter's signature: its PNG bytes and the draft's field in one transaction. */
export function saveReporterSignature(db: AppDb, id: string, png: LocalFile | null): Promise<void> {
  if (!png)
    return change(db, id, (draft) => {
      if (!draft.campos.FirmaInformador) return false;
      draft.campos = { ...draft.campos, FirmaInformador: null };
    });
  return change(
    db,
    id,
    (draft) => {
      draft.campos = { ...draft.campos, FirmaInformador: { Sha256: png.sha256, Tipo: 'image/png' } };
    },
    [{ ...png, type: 'image/png' }],
  );
}

/** A member of the investigation team signs; the schema's Spanish message when the name or RUT is not valid. */
export async function addInvestigator(
  db: AppDb,
  id: string,
  person: { Nombre: string; Rut: string; Cargo: string },
  png: LocalFile | null,
): Promise<void> {
  if (!png) throw new DraftError(DRAFT_MESSAGES.signatureMissing);
  const parsed = v.safeParse(InvestigadorSchema, {
    IdInvestigador: uuidV7(),
    ...person,
    Firma: { Sha256: png.sha256, Tipo: 'image/png' },
    FirmadoEn: new Date().toISOString(),
  });
  if (!parsed.success) throw new DraftError(parsed.issues[0].message);
  await change(
    db,
    id,
    (draft) => {
      draft.Investigadores = [...draft.Investigadores, parsed.output];
    },
    [{ ...png, type: 'image/png' }],
  );
}

export function removeInvestigator(db: AppDb, id: string, investigatorId: string): Promise<void> {
  return change(db, id, (draft) => {
    draft.Investigadores = draft.Investigadores.filter((investigator) => investigator.IdInvestigador !== investigatorId);
  });
}

export function addMeasure(db: AppDb, id: string, measure: Omit<MedidaNueva, 'IdMedidaControl'>): Promise<void> {
  return change(db, id, (draft) => {
    draft.MedidasControl = [...draft.MedidasControl, { IdMedidaControl: uuidV7(), ...measure }];
  });
}

export function removeMeasure(db: AppDb, id: string, measureId: string): Promise<void> {
  return change(db, id, (draft) => {
    draft.MedidasControl = draft.MedidasControl.filter((measure) => measure.IdMedidaControl !== measureId);
  });
}
