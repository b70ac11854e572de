/**
 * Where a pull's time goes, as User Timing measures (DevTools' Performance panel and tests/bench read them): one
 * entry per page and phase. Phases overlap (PL8: the next page downloads while this one is written).
 */
export const PULL_PHASES = {
  /** From the request to the whole answer's text, network and server included. */
  download: 'pull:descarga',
  /** JSON.parse and the check of the page's shape. */
  parse: 'pull:lectura',
  /** The page's local transaction: rows converted and written, cursor saved (PL3, PL4). */
  write: 'pull:escritura',
  /** The pull loop waiting for a page it asked for (the part of the download nothing overlapped). */
  wait: 'pull:espera',
} as const;

/** Enough for the pages of a first sign-in and many later pulls; past it the oldest are forgotten. */
const KEPT_MEASURES = 2000;

const timeline = typeof performance === 'undefined' || typeof performance.measure !== 'function' ? null : performance;

/** Records `phase` from `start` (a `performance.now()` reading) to now; nothing where there is no User Timing. */
export function measurePull(phase: (typeof PULL_PHASES)[keyof typeof PULL_PHASES], start: number): void {
  timeline?.measure(phase, { start, end: timeline.now() });
}

export function pullClock(): number {
  return timeline?.now() ?? 0;
}

/** Called once per pull: a tablet open for weeks must not keep every page it ever pulled. */
export function boundPullMeasures(): void {
  if (!timeline || timeline.getEntriesByType('measure').length < KEPT_MEASURES) return;
  for (const name of Object.values(PULL_PHASES)) timeline.clearMeasures(name);
}
