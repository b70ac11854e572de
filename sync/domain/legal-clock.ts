import { CLASIFICACION_FATAL, CLASIFICACION_TRAYECTO, type Clasificacion, involvesInjury } from './incident-form.ts';

/**
 * The legal obligations of a work accident in Chile (Ley 16.744 art. 76, DS 101, SUSESO's compendium on serious
 * and fatal accidents), computed the same way on the device (offline, counting down) and on the server.
 */

/** The DIAT is filed with the mutualidad within 24 hours of the employer learning of the accident. */
export const DIAT_HOURS = 24;
const HOUR_MS = 3_600_000;

/** SUSESO's criteria of a serious accident (accidente grave); any one makes it grave. */
export const CRITERIOS_GRAVEDAD = {
  muerte: 'Muerte del trabajador',
  desaparecido: 'Desaparición del trabajador producto del accidente',
  reanimacion: 'Obliga a realizar maniobras de reanimación',
  rescate: 'Obliga a realizar maniobras de rescate',
  caida_altura: 'Caída de altura de más de 1,8 metros',
  amputacion: 'Amputación traumática',
  numero_trabajadores: 'Número de trabajadores afectados que altera el desarrollo normal de la faena',
  hiperbarica: 'Ocurrido en condición hiperbárica',
} as const;
export type CriterioGravedad = keyof typeof CRITERIOS_GRAVEDAD;
export const CRITERIO_KEYS = Object.keys(CRITERIOS_GRAVEDAD) as CriterioGravedad[];

export type Gravedad = 'fatal' | 'grave' | 'no_grave';
export const GRAVEDAD_LABELS: Record<Gravedad, string> = { fatal: 'Fatal', grave: 'Grave', no_grave: 'No grave' };

export interface LegalFacts {
  Clasificacion: Clasificacion | null;
  CriteriosGravedad: readonly string[];
}

/** Fatal (the classification or the worker's death), grave (any SUSESO criterion), or neither. */
export function gravityOf(facts: LegalFacts): Gravedad {
  if (facts.Clasificacion === CLASIFICACION_FATAL || facts.CriteriosGravedad.includes('muerte')) return 'fatal';
  return facts.CriteriosGravedad.length > 0 ? 'grave' : 'no_grave';
}

/** A grave or fatal accident: stop the work and notify the Inspección del Trabajo and the SEREMI de Salud at once. */
export function requiresImmediateNotice(facts: LegalFacts): boolean {
  return gravityOf(facts) !== 'no_grave';
}

export interface DiatFacts {
  Clasificacion: Clasificacion | null;
  /** The injured worker's name: without one there is nobody to file a DIAT for. */
  NombreAccidentado: string;
  /** ISO instant the company learned of the accident; the 24 hours run from it. */
  FechaConocimiento: string;
  DiatPresentadaEn: string | null;
}

export type DiatClock =
  | { applies: false }
  | { applies: true; deadline: number; filed: true; filedAt: string }
  | { applies: true; deadline: number; filed: false; remainingMs: number; overdue: boolean };

/**
 * SPEC LC1: every case with an injured worker, except a cuasi accidente and a CDM, runs a 24-hour clock from the
 * time the company learned of it until the DIAT is marked filed. `now` is epoch ms.
 */
export function diatClock(facts: DiatFacts, now: number): DiatClock {
  if (facts.Clasificacion === null || !involvesInjury(facts.Clasificacion) || facts.NombreAccidentado.trim() === '') return { applies: false };
  const start = Date.parse(facts.FechaConocimiento);
  if (Number.isNaN(start)) return { applies: false };
  const deadline = start + DIAT_HOURS * HOUR_MS;
  if (facts.DiatPresentadaEn) return { applies: true, deadline, filed: true, filedAt: facts.DiatPresentadaEn };
  return { applies: true, deadline, filed: false, remainingMs: deadline - now, overdue: now > deadline };
}

/** A trayecto accident's DIAT goes with its proof (medio de prueba): police report, clinic record, witnesses. */
export function needsProof(clasificacion: Clasificacion | null): boolean {
  return clasificacion === CLASIFICACION_TRAYECTO;
}

/** "23 h 05 min 09 s", "12 min 40 s", "Vencido hace 2 h 10 min 00 s": what the clock shows, second by second. */
export function clockText(remainingMs: number): string {
  const seconds = Math.floor(Math.abs(remainingMs) / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor(seconds / 60) % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  const span = hours > 0 ? `${hours} h ${pad(minutes)} min ${pad(seconds % 60)} s` : `${minutes} min ${pad(seconds % 60)} s`;
  return remainingMs >= 0 ? span : `Vencido hace ${span}`;
}
