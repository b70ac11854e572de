export const TIME_ZONE = 'America/Santiago';
export const DATE_PICKER_MIN = '1969-01-01';

const chileCalendar = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/**
 * The calendar day in Chile for an instant, as sent on the wire: YYYY-MM-DD.
 * Built from the parts, not from a locale's pattern: ICU has changed en-CA's date pattern between browser versions.
 */
export function toWireDate(instant: Date): string {
  const parts = Object.fromEntries(chileCalendar.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year!.padStart(4, '0')}-${parts.month!.padStart(2, '0')}-${parts.day!.padStart(2, '0')}`;
}

/** YYYY-MM for report and dashboard months. */
export function toWireMonth(instant: Date): string {
  return toWireDate(instant).slice(0, 7);
}

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** "2026-03-09" (or "2026-03-09 10:00:00") -> "09/03/2026"; empty and the spec's zero date show as "". */
export function formatDisplayDate(wire: string | null | undefined): string {
  const match = WIRE_DATE.exec(wire ?? '');
  if (!match || match[1] === '0000') return '';
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** True when the text is a real calendar date in YYYY-MM-DD. */
export function isWireDate(value: string): boolean {
  const match = WIRE_DATE.exec(value);
  if (!match || value.length !== 10) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export type TypedDateProblem = 'format' | 'inexistent' | 'before-min' | 'after-max';

/** What a person typed in a date field: nothing, a day within the field's range (as sent on the wire), or why not. */
export type TypedDate = { kind: 'empty' } | { kind: 'date'; wire: string } | { kind: 'invalid'; problem: TypedDateProblem };

const TYPED_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const TYPED_DIGITS = /^(\d{2})(\d{2})(\d{4})$/;

/** "24/11/2026" (also 1/2/2026, 24-11-2026, 24.11.2026 or 24112026) checked against the calendar and min..max (YYYY-MM-DD). */
export function parseTypedDate(text: string, range: { min?: string; max?: string } = {}): TypedDate {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const match = TYPED_DATE.exec(trimmed) ?? TYPED_DIGITS.exec(trimmed);
  if (!match) return { kind: 'invalid', problem: 'format' };
  const wire = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  if (!isWireDate(wire)) return { kind: 'invalid', problem: 'inexistent' };
  if (range.min && wire < range.min) return { kind: 'invalid', problem: 'before-min' };
  if (range.max && wire > range.max) return { kind: 'invalid', problem: 'after-max' };
  return { kind: 'date', wire };
}

/**
 * The text of a date field after a keystroke: a slash follows the day and the month as they are typed ("24" ->
 * "24/", "24/11" -> "24/11/"), so digits alone (a phone's numeric keypad has no slash) make DD/MM/YYYY.
 * A deletion is left as it is, or the slash would come straight back.
 */
export function withDateSlashes(previous: string, next: string): string {
  if (next.length <= previous.length) return next;
  const text = next.replace(/\/{2,}/g, '/');
  return /^\d{2}$|^\d{1,2}\/\d{2}$/.test(text) ? `${text}/` : text;
}

const chileTime = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "2026-11-21T15:30:00.000Z" -> "21/11/2026 12:30", the day and time in Chile; "" when it is not an instant. */
export function formatDisplayInstant(iso: string | null | undefined): string {
  const instant = new Date(iso ?? '');
  if (!iso || Number.isNaN(instant.getTime())) return '';
  return `${formatDisplayDate(toWireDate(instant))} ${chileTime.format(instant)}`;
}

/** The months as a person in Chile names them, January first. */
export const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

const WIRE_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** True when the text is a month as sent on the wire: YYYY-MM. */
export function isWireMonth(value: string): boolean {
  return WIRE_MONTH.test(value);
}

/** "2026-11" -> "11/2026"; anything else shows as "". */
export function formatDisplayMonth(wire: string | null | undefined): string {
  const match = WIRE_MONTH.exec(wire ?? '');
  return match ? `${match[2]}/${match[1]}` : '';
}

/** "2026-11" -> "noviembre de 2026"; anything else shows as "". */
export function monthLongName(wire: string | null | undefined): string {
  const match = WIRE_MONTH.exec(wire ?? '');
  return match ? `${MONTH_NAMES[Number(match[2]) - 1]} de ${match[1]}` : '';
}

export type TypedMonthProblem = 'format' | 'inexistent' | 'before-min' | 'after-max';

/** What a person typed in a month field: nothing, a month within the field's range (YYYY-MM), or why not. */
export type TypedMonth = { kind: 'empty' } | { kind: 'month'; wire: string } | { kind: 'invalid'; problem: TypedMonthProblem };

const TYPED_MONTH = /^(\d{1,2})\s*[/.-]\s*(\d{4})$/;
const TYPED_MONTH_DIGITS = /^(\d{2})(\d{4})$/;
const NAMED_MONTH = /^([a-záéíóúñ]+)\.?\s*(?:de\s+|[/.-]\s*)?(\d{4})$/;

/** The month number (1-12) of a Spanish name or its first three letters ("nov", "Noviembre", "sept"); 0 if none. */
function monthOfName(name: string): number {
  const plain = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const index = MONTH_NAMES.findIndex((month) => plain.length >= 3 && month.startsWith(plain));
  return index + 1;
}

/**
 * "11/2026" (also 1/2026, 11-2026, 11.2026, 112026, "noviembre 2026", "nov. de 2026") checked against min..max
 * (YYYY-MM, both included).
 */
export function parseTypedMonth(text: string, range: { min?: string; max?: string } = {}): TypedMonth {
  const trimmed = text.trim().toLocaleLowerCase('es');
  if (trimmed === '') return { kind: 'empty' };
  const numbered = TYPED_MONTH.exec(trimmed) ?? TYPED_MONTH_DIGITS.exec(trimmed);
  const named = numbered ? null : NAMED_MONTH.exec(trimmed);
  const month = numbered ? Number(numbered[1]) : named ? monthOfName(named[1]!) : -1;
  const year = numbered?.[2] ?? named?.[2];
  if (month < 0 || !year) return { kind: 'invalid', problem: 'format' };
  if (month < 1 || month > 12) return { kind: 'invalid', problem: numbered ? 'inexistent' : 'format' };
  const wire = `${year}-${String(month).padStart(2, '0')}`;
  if (range.min && wire < range.min) return { kind: 'invalid', problem: 'before-min' };
  if (range.max && wire > range.max) return { kind: 'invalid', problem: 'after-max' };
  return { kind: 'month', wire };
}

/** The text of a month field after a keystroke: a slash follows the month as it is typed ("11" -> "11/"). */
export function withMonthSlash(previous: string, next: string): string {
  if (next.length <= previous.length) return next;
  const text = next.replace(/\/{2,}/g, '/');
  return /^\d{2}$/.test(text) ? `${text}/` : text;
}

/** The month `count` months after a YYYY-MM month (before it when negative). */
export function addMonths(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The day `count` days after a YYYY-MM-DD day (before it when negative); noon keeps it clear of any offset. */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/**
 * The instant (ISO, UTC) a calendar day begins in Chile: what a stored instant is compared with to keep the rows of
 * Chilean days. Midnight is taken at both of Chile's offsets and the earliest that falls on the day wins (on the
 * night the clocks go forward there is no midnight: the day begins at 01:00).
 */
export function chileDayStart(day: string): string {
  const candidates = ['-04:00', '-03:00']
    .map((offset) => new Date(`${day}T00:00:00${offset}`))
    .filter((instant) => toWireDate(instant) === day);
  const first = candidates.sort((a, b) => a.getTime() - b.getTime())[0] ?? new Date(`${day}T00:00:00-04:00`);
  return first.toISOString();
}
