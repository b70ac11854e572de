import {
  assetFitness,
  certificateState,
  CLASES,
  fitWithOperator,
  type Fitness,
  latestByClass,
  operatorFitness,
  type OperatorRequirements,
  type RequisitoClase,
} from '#sync/domain/fleet-fitness.ts';
import { currentReading } from '#sync/domain/meter-readings.ts';
import type { ValidityState } from '#sync/domain/validity.ts';
import type { CertificadoFlota, LecturaFlota } from '#sync/schemas/flota-registros.schema.ts';
import type { Medidor } from '#sync/schemas/flota-tipos.schema.ts';
import type { Licencia, Certificacion } from '#sync/schemas/trabajadores.schema.ts';

/** What an asset is asked (its type's, or an installation's own) and what it holds, as the device has it. */
export interface AssetState {
  requirements: readonly RequisitoClase[];
  medidor: Medidor;
  /** What its operator must hold; null for an installation, which has none. */
  operator: OperatorRequirements | null;
  certificates: readonly CertificadoFlota[];
  /** Newest first. */
  readings: readonly LecturaFlota[];
  /** The last reading taken; null without a meter or a reading. */
  current: number | null;
  fitness: Fitness;
}

export interface AssetGrounds {
  requirements: readonly RequisitoClase[];
  medidor: Medidor;
  operator: OperatorRequirements | null;
  certificates: readonly CertificadoFlota[];
  readings: readonly LecturaFlota[];
}

/** The asset's state on `today` (a Chile date): its current reading counts only when its type has a meter. */
export function assetStateOf(grounds: AssetGrounds, today: string): AssetState {
  const readings = [...grounds.readings].sort((a, b) => b.Fecha.localeCompare(a.Fecha));
  const current = grounds.medidor === '' ? null : currentReading(readings);
  return { ...grounds, readings, current, fitness: assetFitness(grounds.requirements, grounds.certificates, today, current) };
}

export const fitnessLabel = (fitness: Pick<Fitness, 'Apto'>) => (fitness.Apto === 1 ? 'Apto' : 'No apto');

export interface CertificateLine {
  certificate: CertificadoFlota;
  /** A later certificate of its class supersedes it. */
  replaced: boolean;
  /** Its state on the day and at the current reading; null for a replaced one. */
  state: ValidityState | null;
}

/** The certificates that count, in the classes' order, then the ones they replaced, newest first. */
export function certificateLines(state: AssetState, today: string): CertificateLine[] {
  const latest = new Set(latestByClass(state.certificates));
  const requirement = new Map(state.requirements.map((row) => [row.Clase, row]));
  const counting = [...latest].sort((a, b) => CLASES.indexOf(a.Clase) - CLASES.indexOf(b.Clase));
  const replaced = state.certificates
    .filter((cert) => !latest.has(cert))
    .sort((a, b) => b.FechaEmision.localeCompare(a.FechaEmision));
  return [
    ...counting.map((certificate) => ({
      certificate,
      replaced: false,
      state: certificateState(certificate, requirement.get(certificate.Clase), today, state.current),
    })),
    ...replaced.map((certificate) => ({ certificate, replaced: true, state: null })),
  ];
}

/** A worker as the device keeps them: what the operator's fitness reads. */
export interface OperatorWorker {
  licencias: readonly Licencia[];
  certificaciones: readonly Certificacion[];
}

/**
 * Whether the asset may work with this operator today: both fit, the reasons said as whose. `names` gives a
 * catalogue certification's name.
 */
export function withOperator(state: AssetState, worker: OperatorWorker, today: string, names: (id: string) => string): Fitness {
  const requirements = state.operator ?? { ClaseLicencia: '', CertificacionesOperador: [] };
  const operator = operatorFitness(requirements, { Licencias: worker.licencias, Certificaciones: worker.certificaciones }, today, names);
  return fitWithOperator(state.fitness, operator);
}
