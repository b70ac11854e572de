import type * as v from 'valibot';
import { assetFitness, CLASES, certificateState, fitWithOperator, latestByClass, operatorFitness } from '#sync/domain/fleet-fitness.ts';
import { currentReading } from '#sync/domain/meter-readings.ts';
import { personName } from '#sync/domain/person-name.ts';
import type { AssetTable } from '#sync/schemas/flota-activos.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { RecordRegistry } from '#server/records/record-registry.ts';
import { canSeeContractorRows, type Viewer } from '#server/tenancy/viewer.ts';
import { type AssetView, CERTIFICATES, certificatesOf, loadAsset, READINGS, readingsOf } from './asset-records.ts';
import type { FlotaAptitudAnswer } from './flota-answers.ts';

type Aptitud = NonNullable<v.InferOutput<typeof FlotaAptitudAnswer>['data']>;

interface Reader {
  db: Db;
  records: RecordRegistry;
  company: string;
  viewer: Viewer;
}

/** The catalogue's name of each certification the type asks of its operators (its id when it is gone). */
async function catalogueNames(reader: Reader, ids: readonly string[]): Promise<(id: string) => string> {
  const names = new Map<string, string>();
  for (const id of ids) {
    const found = (await reader.records.certificaciones.load(reader.db, reader.company, id))?.row;
    if (found) names.set(id, found.Nombre);
  }
  return (id) => names.get(id) ?? id;
}

/**
 * Each operator of the asset the reader may see (a contractor user: its own workers, SPEC PL7), active, by name,
 * fit only when both the asset and the operator are.
 */
async function operatorsOf(reader: Reader, asset: AssetView, fitness: Pick<Aptitud, 'Apto' | 'Motivos'>, today: string) {
  const names = await catalogueNames(reader, asset.requirements.CertificacionesOperador);
  const operators: Aptitud['Operadores'] = [];
  for (const id of asset.Operadores) {
    const worker = (await reader.records.trabajadores.load(reader.db, reader.company, id))?.row;
    if (!worker || worker.Estado === 0 || !canSeeContractorRows(reader.viewer, worker)) continue;
    const record = { Licencias: worker.licencias, Certificaciones: worker.certificaciones };
    const both = fitWithOperator(fitness, operatorFitness(asset.requirements, record, today, names));
    operators.push({ IdPersona: worker.IdPersona, Nombre: personName(worker), ...both });
  }
  return operators.sort((a, b) => a.Nombre.localeCompare(b.Nombre, 'es'));
}

/**
 * Whether an asset may work on `today` (issue 38): every mandatory certification of its type registered and in force
 * by date and by its current reading, whichever comes first; the certificate of each class that counts with its
 * state; and each operator's fitness with it. Null when the asset is not the company's, is deleted, or the reader
 * may not see it.
 */
export async function aptitudeOf(reader: Reader, kind: AssetTable, id: string, today: string): Promise<Aptitud | null> {
  const asset = await loadAsset(reader.records, reader.db, reader.company, kind, id);
  if (!asset || asset.Estado === 0 || !canSeeContractorRows(reader.viewer, asset)) return null;
  const readings = READINGS[kind];
  const meter = readings && asset.requirements.Medidor !== '' ? currentReading(await readingsOf(reader.db, readings, reader.company, id)) : null;
  const certificates = await certificatesOf(reader.db, CERTIFICATES[kind], reader.company, id);
  const fitness = assetFitness(asset.requirements.Certificaciones, certificates, today, meter);
  const byClass = new Map(asset.requirements.Certificaciones.map((requirement) => [requirement.Clase, requirement]));
  const Certificaciones = latestByClass(certificates)
    .sort((a, b) => CLASES.indexOf(a.Clase) - CLASES.indexOf(b.Clase))
    .map((cert) => ({
      IdCertificacion: cert.IdCertificacion,
      Clase: cert.Clase,
      FechaVencimiento: cert.FechaVencimiento,
      LecturaVencimiento: cert.LecturaVencimiento,
      EstadoVigencia: certificateState(cert, byClass.get(cert.Clase), today, meter),
    }));
  return { ...fitness, Lectura: meter, Certificaciones, Operadores: await operatorsOf(reader, asset, fitness, today) };
}
