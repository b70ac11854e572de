import { CLASES_CERTIFICACION, certificateState } from '#sync/domain/fleet-fitness.ts';
import { validityState } from '#sync/domain/validity.ts';
import type { SituacionFlota, VencimientoFlotaRow, VencimientosFlotaQuery } from '#sync/schemas/flota-vencimientos.schema.ts';
import type { FleetAsset, FleetOperator } from './vencimientos-data.ts';

/** What the rows of one asset need besides it: today in Chile, its operators, and the names of worksites and certifications. */
export interface RowContext {
  today: string;
  operators: ReadonlyMap<string, FleetOperator>;
  worksites: ReadonlyMap<string, string>;
  certifications: ReadonlyMap<string, string>;
}

type Document = Pick<VencimientoFlotaRow, 'Documento' | 'IdCertificacion' | 'FechaVencimiento' | 'LecturaVencimiento' | 'Situacion'>;
type Operator = { IdPersona: string; Operador: string } | null;

function rowOf(asset: FleetAsset, context: RowContext, operator: Operator, doc: Document): VencimientoFlotaRow {
  return {
    Clave: [asset.table, asset.id, operator?.IdPersona ?? '', doc.Documento].join(':'),
    Sujeto: operator ? 'operador' : 'activo',
    Tabla: asset.table,
    IdActivo: asset.id,
    IdNivel2: asset.nivel2,
    Faena: context.worksites.get(asset.nivel2) ?? '',
    RutContratista: asset.rutContratista,
    Activo: asset.name,
    TipoActivo: asset.typeName || 'Instalación',
    IdPersona: operator?.IdPersona ?? null,
    Operador: operator?.Operador ?? '',
    ...doc,
  };
}

/**
 * The asset's own: each certificate that counts about to expire or expired on `today` (by date or by its current
 * reading, whichever comes first), and each class its type marks mandatory with no certificate.
 */
function assetDocuments(asset: FleetAsset, today: string): Document[] {
  const requirement = new Map(asset.requirements.map((each) => [each.Clase, each]));
  const documents: Document[] = [];
  for (const cert of asset.certificates) {
    const state = certificateState(cert, requirement.get(cert.Clase), today, asset.meter);
    if (state === 'vigente') continue;
    documents.push({
      Documento: CLASES_CERTIFICACION[cert.Clase],
      IdCertificacion: cert.IdCertificacion,
      FechaVencimiento: cert.FechaVencimiento,
      LecturaVencimiento: cert.LecturaVencimiento,
      Situacion: state,
    });
  }
  const held = new Set(asset.certificates.map((cert) => cert.Clase));
  for (const { Clase, Obligatoria } of asset.requirements) {
    if (Obligatoria !== 1 || held.has(Clase)) continue;
    documents.push({ Documento: CLASES_CERTIFICACION[Clase], IdCertificacion: null, FechaVencimiento: '', LecturaVencimiento: null, Situacion: 'sin-registrar' });
  }
  return documents;
}

/** Of what a worker holds, the live one that expires last (as the operator's fitness reads it), or none. */
type Expiring = { FechaVencimiento: string; Estado: number };
function latestHeld<D extends Expiring>(held: readonly D[], matches: (doc: D) => boolean): D | undefined {
  return held.filter((doc) => doc.Estado !== 0 && matches(doc)).sort((a, b) => b.FechaVencimiento.localeCompare(a.FechaVencimiento))[0];
}

function operatorDocument(name: string, held: { FechaVencimiento: string } | undefined, today: string): Document | null {
  const Situacion: SituacionFlota | 'vigente' = held ? validityState(held.FechaVencimiento, today) : 'sin-registrar';
  if (Situacion === 'vigente') return null;
  return { Documento: name, IdCertificacion: null, FechaVencimiento: held?.FechaVencimiento ?? '', LecturaVencimiento: null, Situacion };
}

/** Each operator's licence of the type's class and each certification the type asks, about to expire, expired or missing. */
function operatorRows(asset: FleetAsset, context: RowContext): VencimientoFlotaRow[] {
  const asked = asset.operatorRequirements;
  if (!asked) return [];
  const licence = asked.ClaseLicencia.trim().toUpperCase();
  return asset.operators.flatMap((id) => {
    const worker = context.operators.get(id);
    if (!worker) return [];
    const documents = [
      ...(licence
        ? [operatorDocument(`Licencia clase ${licence}`, latestHeld(worker.Licencias, (held) => held.Clase.trim().toUpperCase() === licence), context.today)]
        : []),
      ...asked.CertificacionesOperador.map((certification) =>
        operatorDocument(
          context.certifications.get(certification) ?? 'Certificación eliminada del catálogo',
          latestHeld(worker.Certificaciones, (held) => held.IdCertificacionCatalogo === certification),
          context.today,
        ),
      ),
    ];
    const operator = { IdPersona: id, Operador: worker.name };
    return documents.flatMap((doc) => (doc ? [rowOf(asset, context, operator, doc)] : []));
  });
}

/** Every row of the assets: their own documents, then their operators'. */
export function expiryRows(assets: readonly FleetAsset[], context: RowContext): VencimientoFlotaRow[] {
  return assets.flatMap((asset) => [
    ...assetDocuments(asset, context.today).map((doc) => rowOf(asset, context, null, doc)),
    ...operatorRows(asset, context),
  ]);
}

type Filters = Pick<VencimientosFlotaQuery, 'nv2' | 'RutContratista' | 'Situacion' | 'Sujeto'>;

/** The rows the filters keep. */
export function filterRows(rows: readonly VencimientoFlotaRow[], query: Filters): VencimientoFlotaRow[] {
  return rows.filter(
    (row) =>
      (!query.nv2 || row.IdNivel2 === query.nv2) &&
      (!query.RutContratista || row.RutContratista === query.RutContratista) &&
      (!query.Situacion || row.Situacion === query.Situacion) &&
      (!query.Sujeto || row.Sujeto === query.Sujeto),
  );
}

const text = (a: string, b: string) => a.localeCompare(b, 'es');

/**
 * The soonest due first; a row without a date (never registered, or due by meter alone) before every dated one, as
 * it may stop the asset today. Then by worksite, asset, operator and document, so a page is stable.
 */
export function sortRows(rows: readonly VencimientoFlotaRow[]): VencimientoFlotaRow[] {
  return [...rows].sort(
    (a, b) =>
      (a.FechaVencimiento < b.FechaVencimiento ? -1 : a.FechaVencimiento > b.FechaVencimiento ? 1 : 0) ||
      text(a.Faena, b.Faena) ||
      text(a.Activo, b.Activo) ||
      text(a.Operador, b.Operador) ||
      text(a.Documento, b.Documento) ||
      text(a.Clave, b.Clave),
  );
}
