export const TIME_ZONE = 'America/Santiago';
export const DATE_PICKER_MIN = '1969-01-01';

const wireDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Chile for an instant, as sent on the wire: YYYY-MM-DD. */
export function toWireDate(instant: Date): string {
  return wireDateFormat.format(instant);
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
