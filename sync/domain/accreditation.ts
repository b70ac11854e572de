import { formatDisplayDate } from './dates.ts';

/**
 * Accreditation (issue 37): a worker enters a contract's worksite when every mandatory document the contract asks of
 * them, of their employer and of the contract is approved and in force. The same rules on the device and the server.
 */

/** What the rules read of a requirement's document. */
export interface AccreditationDocument {
  IdDocumento: string;
  IdRequisito: string;
  NombreRequisito: string;
  Aplicacion: 'empresa' | 'contrato' | 'trabajador';
  Obligatorio: 0 | 1;
  ControlDeuda: 0 | 1;
  RutContratista: string;
  IdContrato: string | null;
  IdPersona: string | null;
  Mes: string;
  EstadoDocumento: 'pendiente' | 'subido' | 'en_revision' | 'aprobado' | 'rechazado';
  FechaVencimiento: string;
  Motivo: string;
  ConDeuda: 0 | 1 | null;
  Estado: number;
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
    const key = `${doc.IdRequisito}|${doc.RutContratista}|${doc.IdContrato ?? ''}|${doc.IdPersona ?? ''}`;
    const kept = latest.get(key);
    if (!kept || doc.Mes > kept.Mes) latest.set(key, doc);
  }
  return [...latest.values()];
}

/** The active documents of the contract's requirements that a worker of `employer` (the worker's RUT) answers to. */
export function documentsFor(
  contract: AccreditationContract,
  worker: { IdPersona: string; RutContratista: string },
  documents: readonly AccreditationDocument[],
): AccreditationDocument[] {
  const asked = new Set(contract.Requisitos);
  return latestOfEach(
    documents.filter(
      (doc) =>
        doc.Estado !== 0 &&
        asked.has(doc.IdRequisito) &&
        ((doc.Aplicacion === 'empresa' && doc.RutContratista === worker.RutContratista) ||
          (doc.Aplicacion === 'contrato' && doc.IdContrato === contract.IdContrato) ||
          (doc.Aplicacion === 'trabajador' && doc.IdPersona === worker.IdPersona)),
    ),
  );
}

/** A worker's accreditation for a contract on `today`, from the documents the server or the device holds. */
export function accreditationOf(
  contract: AccreditationContract,
  worker: { IdPersona: string; RutContratista: string },
  documents: readonly AccreditationDocument[],
  today: string,
): Accreditation {
  const mandatory = documentsFor(contract, worker, documents).filter((doc) => doc.Obligatorio === 1);
  const Motivos = mandatory.flatMap((doc) => reasonOf(doc, today) ?? []).sort((a, b) => a.localeCompare(b, 'es'));
  const dues = mandatory.map((doc) => doc.FechaVencimiento).filter((day) => day !== '').sort();
  return { Acreditado: Motivos.length === 0 ? 1 : 0, AcreditadoHasta: Motivos.length === 0 ? (dues[0] ?? '') : '', Motivos };
}

/** Whether a stored accreditation still holds on `today` (it lapses the day after `AcreditadoHasta`). */
export function accreditedOn(row: Pick<Accreditation, 'Acreditado' | 'AcreditadoHasta'>, today: string): boolean {
  return row.Acreditado === 1 && (row.AcreditadoHasta === '' || today <= row.AcreditadoHasta);
}

/** The contract's compliance: the share of its mandatory documents in force on `today`, 0 to 100 (100 with none asked). */
export function contractCompliance(
  contract: AccreditationContract,
  workers: readonly { IdPersona: string; RutContratista: string }[],
  documents: readonly AccreditationDocument[],
  today: string,
): number {
  const companies = [contract.RutContratista, ...contract.Subcontratistas];
  const relevant = new Map<string, AccreditationDocument>();
  const people = companies.map((rut) => ({ IdPersona: '', RutContratista: rut })).concat(workers);
  for (const person of people) {
    for (const doc of documentsFor(contract, person, documents)) if (doc.Obligatorio === 1) relevant.set(doc.IdDocumento, doc);
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
