import { formatDisplayDate } from './dates.ts';
import { expiryDate, validityState, type ValidityState } from './validity.ts';

/**
 * Fit to operate (issue 38): a vehicle, machine or installation works only while every mandatory certification of its
 * type is in force, and with an operator only while the operator's licence, exam and authorisation are too. The same
 * rules on the device (offline, at the gate) and the server.
 */

/** A certification of an asset or an operator: due by date, by meter reading, or both ("whichever comes first"). */
export interface FitnessDocument {
  Nombre: string;
  Obligatoria: 0 | 1;
  /** Valid through this day; null when it does not expire by date. */
  FechaVencimiento: string | null;
  /** Due when the asset's meter (odometer, hour meter) reaches this reading; null when not by meter. */
  LecturaVencimiento?: number | null;
  /** The interval between services by meter: the last tenth of it is "about to expire". */
  IntervaloLectura?: number | null;
}

export interface Fitness {
  Apto: 0 | 1;
  /** Why not, one line per certification, sorted. */
  Motivos: string[];
}

const RANK: Record<ValidityState, number> = { vigente: 0, 'por-vencer': 1, vencida: 2 };

/** The state by meter: expired on reaching the due reading, about to within the last tenth of the interval. */
function meterState(doc: FitnessDocument, meter: number | null): ValidityState {
  const due = doc.LecturaVencimiento;
  if (due === null || due === undefined || meter === null) return 'vigente';
  if (meter >= due) return 'vencida';
  const margin = doc.IntervaloLectura ? doc.IntervaloLectura / 10 : 0;
  return meter >= due - margin ? 'por-vencer' : 'vigente';
}

/** Whichever comes first: the worse of the state by date on `today` and by the asset's current `meter`. */
export function documentState(doc: FitnessDocument, today: string, meter: number | null): ValidityState {
  const byDate = validityState(doc.FechaVencimiento, today);
  const byMeter = meterState(doc, meter);
  return RANK[byMeter] > RANK[byDate] ? byMeter : byDate;
}

function reasonOf(doc: FitnessDocument, today: string, meter: number | null): string | null {
  if (doc.Obligatoria !== 1 || documentState(doc, today, meter) !== 'vencida') return null;
  if (doc.FechaVencimiento !== null && today > doc.FechaVencimiento) return `${doc.Nombre}: vencida el ${formatDisplayDate(doc.FechaVencimiento)}`;
  return `${doc.Nombre}: la lectura ${meter} alcanzó ${doc.LecturaVencimiento}`;
}

/**
 * Fit when every certification its type asks (`required`, by name) is registered and no mandatory one is expired on
 * `today` or by `meter`.
 */
export function fitnessOf(
  documents: readonly FitnessDocument[],
  required: readonly string[],
  today: string,
  meter: number | null,
): Fitness {
  const registered = new Set(documents.map((doc) => doc.Nombre));
  const missing = required.filter((name) => !registered.has(name)).map((name) => `${name}: sin registrar`);
  const expired = documents.flatMap((doc) => reasonOf(doc, today, meter) ?? []);
  const Motivos = [...missing, ...expired].sort((a, b) => a.localeCompare(b, 'es'));
  return { Apto: Motivos.length === 0 ? 1 : 0, Motivos };
}

/** An asset with its operator: fit only when both are, with each one's reasons said as whose. */
export function fitWithOperator(asset: Fitness, operator: Fitness): Fitness {
  const Motivos = [...asset.Motivos.map((reason) => `Equipo: ${reason}`), ...operator.Motivos.map((reason) => `Operador: ${reason}`)];
  return { Apto: asset.Apto === 1 && operator.Apto === 1 ? 1 : 0, Motivos };
}

/** The next service after one done on `done` at reading `reading`, by months, by meter interval, or by both. */
export function nextService(
  done: { Fecha: string; Lectura: number | null },
  plan: { Meses: number; Intervalo: number | null },
): Pick<FitnessDocument, 'FechaVencimiento' | 'LecturaVencimiento' | 'IntervaloLectura'> {
  const byMeter = plan.Intervalo !== null && done.Lectura !== null;
  return {
    FechaVencimiento: expiryDate(done.Fecha, plan.Meses),
    LecturaVencimiento: byMeter ? done.Lectura! + plan.Intervalo! : null,
    IntervaloLectura: byMeter ? plan.Intervalo : null,
  };
}
