import { formatDisplayDate, formatDisplayInstant, toWireDate } from '#sync/domain/dates.ts';
import type { GateAccreditation, GateAnswer } from '#sync/domain/gate-decision.ts';
import type { OnSite } from '#sync/domain/on-site.ts';
import { formatRut } from '#sync/domain/rut.ts';

/**
 * What the gate screen says and keeps, as pure functions: the answer in the guard's words, what a movement's body
 * carries, how a plate or code compares, how many provisional passes a person got this year, who is on site.
 */

export const GATE_SCREEN_MESSAGES = {
  unreadable: 'No se reconoce: escribe un RUT con guion (12.345.678-5), una patente o un código',
  forgedPass: 'Pase no válido: no lo emitió la empresa o fue alterado',
  noPassKey: 'Este dispositivo no tiene la llave para verificar pases: inicia sesión con conexión una vez',
  noWorksite: 'Elige la faena de esta portería',
} as const;

export type Subject = 'persona' | 'vehiculo' | 'equipo';

/** A checked subject: who or what, the gate's answer, and what the movement stores of them. */
export interface GateCheck {
  Sujeto: Subject;
  /** A person's RUT ('' for an asset). */
  Rut: string;
  /** A vehicle's or machine's id (null for a person). */
  IdActivo: string | null;
  Nombre: string;
  answer: GateAnswer;
}

/** How the subject got in, in words: «Acreditado hasta 19/12/2026», «Pase provisorio hasta las 20:00». */
export function wayText(answer: GateAnswer): string {
  switch (answer.Via) {
    case 'personal':
      return 'Personal propio de la empresa';
    case 'acreditacion':
      return `Acreditado hasta el ${formatDisplayDate(answer.Hasta)}`;
    case 'pase':
      return `Pase del día válido hasta el ${formatDisplayDate(answer.Hasta)}`;
    case 'provisorio': {
      const until = formatDisplayInstant(answer.Hasta);
      return `Pase provisorio hasta las ${until.slice(11)} del ${until.slice(0, 10)}`;
    }
    default:
      return '';
  }
}

/** Who the card names: «Juan González Díaz · RUT 11.000.000-6», «Camioneta JHKL42». */
export function subjectText(check: Pick<GateCheck, 'Sujeto' | 'Rut' | 'Nombre'>): string {
  if (check.Sujeto === 'persona') return [check.Nombre, `RUT ${formatRut(check.Rut)}`].filter(Boolean).join(' · ');
  return `${check.Sujeto === 'vehiculo' ? 'Vehículo' : 'Equipo'} ${check.Nombre}`;
}

/** A plate or a machine's code as the gate compares them: capitals, no spaces, dots or dashes. */
export const assetCode = (text: string) => text.replace(/[\s.·-]/g, '').toUpperCase();

/** The word of the device's worker index (`palabras`) a RUT is found by: without dots or dash, lower-cased. */
export const rutWord = (rut: string) => rut.replace(/[.-]/g, '').toLowerCase();

/** An accreditation row as the gate reads it; a deleted row (Estado 0) none. */
export function gateAccreditations<Row extends GateAccreditation & { Estado: number }>(rows: readonly Row[]): GateAccreditation[] {
  return rows
    .filter((row) => row.Estado !== 0)
    .map(({ IdNivel2, Acreditado, AcreditadoHasta, Motivos }) => ({ IdNivel2, Acreditado, AcreditadoHasta, Motivos }));
}

/** The provisional passes a person got in the Chilean calendar year of `now`: what the yearly limit counts. */
export function passesThisYear(passes: readonly { FechaDispositivo: string; Estado: number }[], now: Date): number {
  const year = toWireDate(now).slice(0, 4);
  return passes.filter((pass) => pass.Estado !== 0 && toWireDate(new Date(pass.FechaDispositivo)).slice(0, 4) === year).length;
}

export interface MovementPlace {
  IdNivel2: string;
  Puerta: string;
}

/** The body of a movement: entries carry the answer (a refused attempt its reasons); an exit is always allowed. */
export function movementBody(check: GateCheck, Tipo: 'entrada' | 'salida', place: MovementPlace, ids: { IdMovimiento: string; at: Date }) {
  const entry = Tipo === 'entrada';
  return {
    IdMovimiento: ids.IdMovimiento,
    Tipo,
    Sujeto: check.Sujeto,
    Rut: check.Rut,
    IdActivo: check.IdActivo,
    Nombre: check.Nombre,
    IdNivel2: place.IdNivel2,
    Puerta: place.Puerta,
    Permitido: entry ? check.answer.Permitido : 1,
    Via: entry ? check.answer.Via : '',
    Motivos: entry ? check.answer.Motivos : [],
    FechaDispositivo: ids.at.toISOString(),
  };
}

export interface OnSiteCounts {
  persona: number;
  vehiculo: number;
  equipo: number;
  overdue: number;
}

export function onSiteCounts(rows: readonly OnSite[]): OnSiteCounts {
  const count = (kind: Subject) => rows.filter((row) => row.entry.Sujeto === kind).length;
  return { persona: count('persona'), vehiculo: count('vehiculo'), equipo: count('equipo'), overdue: rows.filter((row) => row.overdue).length };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** «3 personas, 1 vehículo y 0 equipos»: what the roll call reads out. */
export function countsText(counts: OnSiteCounts): string {
  return `${plural(counts.persona, 'persona', 'personas')}, ${plural(counts.vehiculo, 'vehículo', 'vehículos')} y ${plural(counts.equipo, 'equipo', 'equipos')}`;
}

/** A `datetime-local` value («2026-11-24T08:30», the device's wall clock) as an ISO instant; null when empty or invalid. */
export function localInputInstant(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** The device's wall clock at an instant, as a `datetime-local` value. */
export function toLocalInput(instant: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}T${pad(instant.getHours())}:${pad(instant.getMinutes())}`;
}
