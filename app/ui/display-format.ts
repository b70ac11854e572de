import { formatDisplayDate, TIME_ZONE, toWireDate } from '#sync/domain/dates.ts';
import { formatNumber } from '#sync/domain/number-format.ts';

const timeFormat = new Intl.DateTimeFormat('es-CL', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });

/** "22/11/2025 15:30" in Chilean time. */
export function formatDisplayDateTime(instant: Date): string {
  return `${formatDisplayDate(toWireDate(instant))} ${timeFormat.format(instant)}`;
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** 1536 -> "1,5 KB", German-style separators as the spec asks. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatNumber(value, unit === 0 ? 0 : 1)} ${UNITS[unit]}`;
}

/** "15:30" for today, "22/11/2025 15:30" before: when the device last synced. */
export function formatRecentTime(instant: Date, now = new Date()): string {
  return toWireDate(instant) === toWireDate(now) ? timeFormat.format(instant) : formatDisplayDateTime(instant);
}
