import { documentState, fitnessOf, fitWithOperator, type Fitness, type FitnessDocument } from './asset-fitness.ts';
import type { ValidityState } from './validity.ts';

/**
 * The fleet's records read as fitness (issue 38): which certification classes an asset's type asks, the latest
 * certificate of each class, and an operator's licence and certifications. The device and the server call these.
 */

/** The certification classes of vehicles, machines and installations, with how a person reads each. */
export const CLASES_CERTIFICACION = {
  revision_tecnica: 'Revisión técnica',
  soap: 'SOAP',
  permiso_circulacion: 'Permiso de circulación',
  seguro: 'Seguro',
  mantencion: 'Mantención',
  izaje: 'Certificación de izaje',
  prueba_carga: 'Prueba de carga',
} as const;
export type ClaseCertificacion = keyof typeof CLASES_CERTIFICACION;
export const CLASES = Object.keys(CLASES_CERTIFICACION) as ClaseCertificacion[];

/** What a type asks of one class: how long a certificate lasts, whether it stops the asset, a service interval by meter. */
export interface RequisitoClase {
  Clase: ClaseCertificacion;
  VigenciaMeses: number;
  Obligatoria: 0 | 1;
  IntervaloLectura: number | null;
}

/** A certificate of an asset as stored: its class, expiry by date (empty: none) and by meter (null: none). */
export interface CertificadoActivo {
  Clase: ClaseCertificacion;
  FechaEmision: string;
  FechaVencimiento: string;
  LecturaVencimiento: number | null;
  Estado: number;
}

/** The certificate of each class that counts: a renewal supersedes the one before it (the latest issued). */
export function latestByClass<C extends CertificadoActivo>(certificates: readonly C[]): C[] {
  const latest = new Map<string, C>();
  for (const cert of certificates) {
    if (cert.Estado === 0) continue;
    const held = latest.get(cert.Clase);
    const newer = !held || cert.FechaEmision > held.FechaEmision;
    const laterOnTheSameDay = held && cert.FechaEmision === held.FechaEmision && cert.FechaVencimiento > held.FechaVencimiento;
    if (newer || laterOnTheSameDay) latest.set(cert.Clase, cert);
  }
  return [...latest.values()];
}

/** A certificate as a fitness document, with what its type asks of its class (none: not mandatory). */
function documentOf(cert: CertificadoActivo, requirement: RequisitoClase | undefined): FitnessDocument {
  return {
    Nombre: CLASES_CERTIFICACION[cert.Clase],
    Obligatoria: requirement?.Obligatoria ?? 0,
    FechaVencimiento: cert.FechaVencimiento === '' ? null : cert.FechaVencimiento,
    LecturaVencimiento: cert.LecturaVencimiento,
    IntervaloLectura: requirement?.IntervaloLectura ?? null,
  };
}

/** An asset's fitness on `today` at `meter`: mandatory are the classes its type marks so. */
export function assetFitness(
  requirements: readonly RequisitoClase[],
  certificates: readonly CertificadoActivo[],
  today: string,
  meter: number | null,
): Fitness {
  const byClass = new Map(requirements.map((requirement) => [requirement.Clase, requirement]));
  const documents = latestByClass(certificates).map((cert) => documentOf(cert, byClass.get(cert.Clase)));
  const mandatory = requirements.filter((requirement) => requirement.Obligatoria === 1);
  const required = mandatory.map((requirement) => CLASES_CERTIFICACION[requirement.Clase]);
  return fitnessOf(documents, required, today, meter);
}

/** A certificate's state on `today` at `meter`: by date or by meter, whichever comes first. */
export function certificateState(
  cert: CertificadoActivo,
  requirement: RequisitoClase | undefined,
  today: string,
  meter: number | null,
): ValidityState {
  return documentState(documentOf(cert, requirement), today, meter);
}

/** What a type asks of whoever operates it: a licence class ('' none) and the company's certifications, by id. */
export interface OperatorRequirements {
  ClaseLicencia: string;
  CertificacionesOperador: readonly string[];
}

/** A worker as an operator: their licences and certifications, as the worker record keeps them. */
export interface OperatorRecord {
  Licencias: readonly { Clase: string; FechaVencimiento: string; Estado: number }[];
  Certificaciones: readonly { IdCertificacionCatalogo: string | null; Nombre: string; FechaVencimiento: string; Estado: number }[];
}

const sameClass = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * An operator's fitness for a type: a licence of its class and each certification it asks (the
 * psicosensotécnico exam, the internal authorisation for that equipment), each held and in force. `names` gives a
 * catalogue certification's name for the reasons.
 */
export function operatorFitness(type: OperatorRequirements, worker: OperatorRecord, today: string, names: (id: string) => string): Fitness {
  const documents: FitnessDocument[] = [];
  const required: string[] = [];
  if (type.ClaseLicencia.trim() !== '') {
    const name = `Licencia clase ${type.ClaseLicencia.trim().toUpperCase()}`;
    required.push(name);
    const held = worker.Licencias.filter((licence) => licence.Estado !== 0 && sameClass(licence.Clase, type.ClaseLicencia));
    const latest = held.sort((a, b) => b.FechaVencimiento.localeCompare(a.FechaVencimiento))[0];
    if (latest) documents.push({ Nombre: name, Obligatoria: 1, FechaVencimiento: latest.FechaVencimiento });
  }
  for (const id of type.CertificacionesOperador) {
    const name = names(id);
    required.push(name);
    const held = worker.Certificaciones.filter((cert) => cert.Estado !== 0 && cert.IdCertificacionCatalogo === id);
    const latest = held.sort((a, b) => b.FechaVencimiento.localeCompare(a.FechaVencimiento))[0];
    if (latest) documents.push({ Nombre: name, Obligatoria: 1, FechaVencimiento: latest.FechaVencimiento });
  }
  return fitnessOf(documents, required, today, null);
}

export { fitWithOperator };
export type { Fitness };
