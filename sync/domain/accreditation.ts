import { formatDisplayDate } from './dates.ts';

/**
 * Accreditation (issue 37): a worker enters a contract's worksite when every mandatory document the contract asks of
 * them, of their employer and of the contract is approved and in force; a vehicle or machine (issue 38), the same with
 * its own documents and its owner's. The same rules on the device and the server.
 */

/** What the rules read of a requirement's document. */
export interface AccreditationDocument {
  IdDocumento: string;
  IdRequisito: string;
  NombreRequisito: string;
  Aplicacion: 'empresa' | 'contrato' | 'trabajador' | 'vehiculo' | 'equipo';
  Obligatorio: 0 | 1;
  ControlDeuda: 0 | 1;
  RutContratista: string;
  IdContrato: string | null;
  IdPersona: string | null;
  IdActivo: string | null;
  Mes: string;
  EstadoDocumento: 'pendiente' | 'subido' | 'en_revision' | 'aprobado' | 'rechazado';
  FechaVencimiento: string;
  Motivo: string;
  ConDeuda: 0 | 1 | null;
  Estado: number;
}

/** Whom the contract accredits: a worker (`IdPersona`) or a vehicle or machine (`IdActivo`), and the company it belongs to. */
export interface AccreditationSubject {
  RutContratista: string;
  IdPersona?: string;
  IdActivo?: string;
}

export interface AccreditationContract {
  IdContrato: string;
  RutContratista: string;
  Subcontratistas: readonly string[];
  Requisitos: readonly string[];
}

export interface Accreditation {
  Acreditado: 0 | 1;
  /** The earliest due date of the documents that accredit: accredited through that day ('' when none expires). */
  AcreditadoHasta: string;
  /** Why not, one line per document, in the requirement's words. */
  Motivos: string[];
}

/** Days before a due date at which a document in force is flagged: 30, 15 and 7. */
export const EXPIRY_WARNINGS = [30, 15, 7] as const;

const daysUntil = (today: string, day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

export function inForce(doc: Pick<AccreditationDocument, 'EstadoDocumento' | 'FechaVencimiento'>, today: string): boolean {
  return doc.EstadoDocumento === 'aprobado' && (doc.FechaVencimiento === '' || today <= doc.FechaVencimiento);
}

/** The warning a document in force is under on `today` (30, 15 or 7 days), or null. */
export function expiryWarning(doc: Pick<AccreditationDocument, 'EstadoDocumento' | 'FechaVencimiento'>, today: string): number | null {
  if (!inForce(doc, today) || doc.FechaVencimiento === '') return null;
  const left = daysUntil(today, doc.FechaVencimiento);
  return [...EXPIRY_WARNINGS].reverse().find((days) => left <= days) ?? null;
}

const STATE_WORDS = { pendiente: 'pendiente de subir', subido: 'subido, sin revisar', en_revision: 'en revisión', rechazado: 'rechazado' } as const;

function reasonOf(doc: AccreditationDocument, today: string): string | null {
  if (inForce(doc, today)) return null;
  if (doc.EstadoDocumento === 'aprobado') return `${doc.NombreRequisito}: vencido el ${formatDisplayDate(doc.FechaVencimiento)}`;
  return `${doc.NombreRequisito}: ${STATE_WORDS[doc.EstadoDocumento]}`;
}

/** Of a monthly requirement, only the latest month counts; documents of other kinds have Mes ''. */
function latestOfEach(documents: readonly AccreditationDocument[]): AccreditationDocument[] {
  const latest = new Map<string, AccreditationDocument>();
  for (const doc of documents) {
    const key = `${doc.IdRequisito}|${doc.RutContratista}|${doc.IdContrato ?? ''}|${doc.IdPersona ?? ''}|${doc.IdActivo ?? ''}`;
    const kept = latest.get(key);
    if (!kept || doc.Mes > kept.Mes) latest.set(key, doc);
  }
  return [...latest.values()];
}

/** Whether a document is about the subject: its company's, the contract's, or its own (a worker's, a vehicle's, a machine's). */
function answersTo(doc: AccreditationDocument, contract: AccreditationContract, subject: AccreditationSubject): boolean {
  if (doc.Aplicacion === 'empresa') return doc.RutContratista === subject.RutContratista;
  if (doc.Aplicacion === 'contrato') return doc.IdContrato === contract.IdContrato;
  if (doc.Aplicacion === 'trabajador') return subject.IdPersona !== undefined && doc.IdPersona === subject.IdPersona;
  return subject.IdActivo !== undefined && doc.IdActivo === subject.IdActivo;
}

/** The active documents of the contract's requirements that a worker, vehicle or machine answers to. */
export function documentsFor(
  contract: AccreditationContract,
  subject: AccreditationSubject,
  documents: readonly AccreditationDocument[],
): AccreditationDocument[] {
  const asked = new Set(contract.Requisitos);
  return latestOfEach(documents.filter((doc) => doc.Estado !== 0 && asked.has(doc.IdRequisito) && answersTo(doc, contract, subject)));
}

/** A worker's, vehicle's or machine's accreditation for a contract on `today`, from the documents the server or the device holds. */
export function accreditationOf(
  contract: AccreditationContract,
  subject: AccreditationSubject,
  documents: readonly AccreditationDocument[],
  today: string,
): Accreditation {
  const mandatory = documentsFor(contract, subject, documents).filter((doc) => doc.Obligatorio === 1);
  const Motivos = mandatory.flatMap((doc) => reasonOf(doc, today) ?? []).sort((a, b) => a.localeCompare(b, 'es'));
  const dues = mandatory.map((doc) => doc.FechaVencimiento).filter((day) => day !== '').sort();
  return { Acreditado: Motivos.length === 0 ? 1 : 0, AcreditadoHasta: Motivos.length === 0 ? (dues[0] ?? '') : '', Motivos };
}

/** Whether a stored accreditation still holds on `today` (it lapses the day after `AcreditadoHasta`). */
export function accreditedOn(row: Pick<Accreditation, 'Acreditado' | 'AcreditadoHasta'>, today: string): boolean {
  return row.Acreditado === 1 && (row.AcreditadoHasta === '' || today <= row.AcreditadoHasta);
}

/**
 * The contract's compliance: the share of its mandatory documents in force on `today`, 0 to 100 (100 with none asked),
 * of its companies and of the workers, vehicles and machines given (`subjects`).
 */
export function contractCompliance(
  contract: AccreditationContract,
  subjects: readonly AccreditationSubject[],
  documents: readonly AccreditationDocument[],
  today: string,
): number {
  const companies = [contract.RutContratista, ...contract.Subcontratistas];
  const relevant = new Map<string, AccreditationDocument>();
  for (const subject of [...companies.map((rut) => ({ RutContratista: rut })), ...subjects]) {
    for (const doc of documentsFor(contract, subject, documents)) if (doc.Obligatorio === 1) relevant.set(doc.IdDocumento, doc);
  }
  if (relevant.size === 0) return 100;
  const ok = [...relevant.values()].filter((doc) => inForce(doc, today)).length;
  return Math.round((ok / relevant.size) * 1000) / 10;
}

/**
 * Ley 20.123: the mandante may retain payment when a contractor does not prove it is up to date. For each company of
 * the contract, its latest F30-1 (a requirement with debt control) missing, not approved or showing debt.
 */
export function retentionReasons(contract: AccreditationContract, documents: readonly AccreditationDocument[]): string[] {
  const asked = new Set(contract.Requisitos);
  const controls = latestOfEach(documents.filter((doc) => doc.Estado !== 0 && doc.ControlDeuda === 1 && asked.has(doc.IdRequisito)));
  return controls.flatMap((doc) => {
    if (doc.EstadoDocumento !== 'aprobado') return [`${doc.RutContratista}: ${doc.NombreRequisito} de ${doc.Mes} sin aprobar`];
    if (doc.ConDeuda === 1) return [`${doc.RutContratista}: ${doc.NombreRequisito} de ${doc.Mes} muestra deuda`];
    return [];
  });
}
