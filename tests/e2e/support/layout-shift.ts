import type { BrowserContext, Page } from '@playwright/test';

/** What a document's layout-shift entries add up to, read with `layoutShift(page)`. */
export interface LayoutShift {
  /** Every shift not caused by the person's input, summed. */
  total: number;
  /** Lighthouse's CLS: the largest session window (shifts less than 1 s apart, at most 5 s long). */
  largestWindow: number;
  /** The largest shifts, with what moved, for the report when the figure is over. */
  worst: { value: number; at: number; sources: string[] }[];
}

interface ShiftEntry {
  value: number;
  at: number;
  sources: string[];
}

/** Runs in every document before its scripts: keeps each layout shift the page makes, buffered from the start. */
function recordShifts() {
  const shifts: ShiftEntry[] = [];
  (globalThis as unknown as { __andesShifts: ShiftEntry[] }).__andesShifts = shifts;
  const describe = (node: Node | null | undefined): string => {
    if (!(node instanceof Element)) return node ? node.nodeName : '(desconocido)';
    const id = node.id ? `#${node.id}` : '';
    const classes = typeof node.className === 'string' && node.className.trim() ? `.${node.className.trim().split(/\s+/).join('.')}` : '';
    return `${node.tagName.toLowerCase()}${id}${classes}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as {
      value: number;
      hadRecentInput: boolean;
      startTime: number;
      sources?: { node?: Node }[];
    }[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        sources: (entry.sources ?? []).map((source) => describe(source.node)),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Every document the context opens from now on records its layout shifts. */
export async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(recordShifts);
}

/** Chromium's CPU slowed as Lighthouse's mobile preset does (4×), for the page's target. */
export async function throttleCpu(page: Page, rate = 4): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  };
}

/** The shifts of the document in view so far. */
export async function layoutShift(page: Page): Promise<LayoutShift> {
  const shifts = await page.evaluate(() => (globalThis as unknown as { __andesShifts?: ShiftEntry[] }).__andesShifts ?? []);
  let largestWindow = 0;
  let window = 0;
  let windowStart = -Infinity;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.at - last > 1000 || shift.at - windowStart > 5000) {
      window = 0;
      windowStart = shift.at;
    }
    window += shift.value;
    last = shift.at;
    largestWindow = Math.max(largestWindow, window);
  }
  return {
    total: shifts.reduce((sum, shift) => sum + shift.value, 0),
    largestWindow,
    worst: [...shifts].sort((a, b) => b.value - a.value).slice(0, 5),
  };
}
