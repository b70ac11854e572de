import { addDays, TIME_ZONE, toWireDate } from './dates.ts';

/**
 * Who is on site (issue 39): the gate's log read at an instant, the same on the guard's tablet and on the server, for
 * an emergency roll call. A person or asset is inside when their last allowed movement at that worksite up to the
 * instant is an entry; a refused attempt moves nobody. Moments are the device's clock (when it happened at the gate).
 */

export interface GateMovement {
  IdMovimiento: string;
  Tipo: 'entrada' | 'salida';
  Sujeto: 'persona' | 'vehiculo' | 'equipo';
  Rut: string;
  IdActivo: string | null;
  Nombre: string;
  IdNivel2: string;
  Puerta: string;
  Permitido: 0 | 1;
  FechaDispositivo: string;
  RutContratista: string;
}

export interface OnSite {
  /** Who: the RUT of a person, the id of a vehicle or machine. */
  key: string;
  entry: GateMovement;
  /** The end of the shift the entry fell in (ISO instant). */
  shiftEnd: string;
  /** Still inside at the instant although their shift had ended. */
  overdue: boolean;
}

export const DEFAULT_SHIFT_ENDS = ['08:00', '20:00'] as const;
/** Who arrives up to two hours before a shift change comes for the next shift (an entry at 07:40 is the day's). */
const EARLY_ARRIVAL_MS = 2 * 3_600_000;
export const DEFAULT_PROVISIONAL_PER_YEAR = 3;

const chileClock = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The instant a Chilean wall-clock time falls on that day (the later offset on an ambiguous hour, as a shift runs on). */
function chileInstant(day: string, time: string): Date {
  const candidates = ['-04:00', '-03:00']
    .map((offset) => new Date(`${day}T${time}:00${offset}`))
    .filter((instant) => toWireDate(instant) === day && chileClock.format(instant) === time);
  return candidates.sort((a, b) => b.getTime() - a.getTime())[0] ?? new Date(`${day}T${time}:00-04:00`);
}

/**
 * The first of the company's shift ends (Chilean "HH:MM") after an instant. With 08:00 and 20:00, 07:10 is followed
 * by 08:00, 21:00 by 08:00 the next day.
 */
export function shiftEndAfter(instant: string, shiftEnds: readonly string[] = DEFAULT_SHIFT_ENDS): string {
  const at = new Date(instant);
  const ends = shiftEnds.length > 0 ? [...shiftEnds].sort() : [...DEFAULT_SHIFT_ENDS];
  const day = toWireDate(at);
  for (const candidateDay of [day, addDays(day, 1)]) {
    for (const time of ends) {
      const end = chileInstant(candidateDay, time);
      if (end.getTime() > at.getTime()) return end.toISOString();
    }
  }
  return chileInstant(addDays(day, 2), ends[0]!).toISOString();
}

/**
 * SPEC GA-ONS2: the end of the shift someone who arrives at `instant` works: the first shift end more than two hours
 * later (an arrival at 07:40 works the day shift to 20:00; one at 13:00 too; one at 19:00 the night shift).
 */
export function shiftEndOf(instant: string, shiftEnds: readonly string[] = DEFAULT_SHIFT_ENDS): string {
  return shiftEndAfter(new Date(new Date(instant).getTime() + EARLY_ARRIVAL_MS).toISOString(), shiftEnds);
}

const subjectKey = (movement: GateMovement) => (movement.Sujeto === 'persona' ? movement.Rut : (movement.IdActivo ?? ''));

/** Who is inside `IdNivel2` at `at` (ISO instant), the earliest in first, each flagged when past their shift's end. */
export function onSiteAt(
  movements: readonly GateMovement[],
  place: { IdNivel2: string; at: string; shiftEnds?: readonly string[] },
): OnSite[] {
  const last = new Map<string, GateMovement>();
  const moments = movements
    .filter((row) => row.Permitido === 1 && row.IdNivel2 === place.IdNivel2 && row.FechaDispositivo <= place.at)
    .sort((a, b) => a.FechaDispositivo.localeCompare(b.FechaDispositivo) || a.IdMovimiento.localeCompare(b.IdMovimiento));
  for (const row of moments) last.set(subjectKey(row), row);
  const inside = [...last.entries()].filter(([, row]) => row.Tipo === 'entrada');
  return inside.map(([key, entry]) => {
    const shiftEnd = shiftEndOf(entry.FechaDispositivo, place.shiftEnds);
    return { key, entry, shiftEnd, overdue: place.at > shiftEnd };
  });
}

/** Whether `Rut` is inside the worksite now: what the gate offers (an exit for someone inside, an entry otherwise). */
export function isInside(movements: readonly GateMovement[], place: { IdNivel2: string; at: string }, key: string): boolean {
  return onSiteAt(movements, place).some((row) => row.key === key);
}
