/**
 * A search typed into a list screen, timed the way the person sees it: from the (last) input event to the frame
 * after the list's count says `count` and its first row shows `firstRow` (measured in the page, so the browser
 * automation's own round trips are not counted), beside the wall clock seen from the test (fill to the count on screen).
 */
import type { Locator, Page } from '@playwright/test';

export interface SearchTiming {
  /** Last input event to the next frame after the result is in the page, per run, in order. */
  inPageMs: number[];
  /** Playwright's fill to the count found on screen, per run. */
  wallMs: number[];
}

export interface ListSearch {
  text: string;
  /** Key by key at a person's pace instead of pasted in one input event: every prefix on the way is searched too. */
  typed?: boolean;
  expected: Expected;
}

interface Expected {
  /** The list's count once the search has run ("1 trabajador"). */
  count: string;
  /** Text of the first row of the result. */
  firstRow: string;
}

/** Between two keys of someone typing fast on a tablet. */
const KEY_DELAY_MS = 120;

declare global {
  interface Window {
    __searchDone?: Promise<number>;
  }
}

/** Arms the page: every input event restarts the clock, the frame after the expected result stops it. */
function armSearchClock(page: Page, expected: Expected): Promise<void> {
  return page.evaluate(({ count, firstRow }) => {
    window.__searchDone = new Promise<number>((resolve) => {
      let started = -1;
      const onInput = () => (started = performance.now());
      const shown = () =>
        document.querySelector('.list-page__count')?.textContent === count &&
        (document.querySelector('.list-page a.list-row')?.textContent ?? '').includes(firstRow);
      const observer = new MutationObserver(() => {
        if (started < 0 || !shown()) return;
        observer.disconnect();
        document.removeEventListener('input', onInput, { capture: true });
        requestAnimationFrame(() => resolve(performance.now() - started));
      });
      document.addEventListener('input', onInput, { capture: true });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  }, expected);
}

/**
 * Runs the search `runs` times on a list that shows `everything` (its count with nothing typed), clearing the box
 * and waiting for the whole list again between runs.
 */
export async function timeListSearch(
  page: Page,
  box: Locator,
  search: ListSearch,
  everything: string,
  runs: number,
): Promise<SearchTiming> {
  const { text, typed, expected } = search;
  const timing: SearchTiming = { inPageMs: [], wallMs: [] };
  const exact = (value: string) => new RegExp(`^${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const count = (value: string) => page.locator('.list-page__count').filter({ hasText: exact(value) });
  for (let run = 0; run < runs; run += 1) {
    await count(everything).waitFor();
    await armSearchClock(page, expected);
    const started = Date.now();
    if (typed) await box.pressSequentially(text, { delay: KEY_DELAY_MS });
    else await box.fill(text);
    await count(expected.count).waitFor();
    timing.wallMs.push(Date.now() - started);
    timing.inPageMs.push(await page.evaluate(() => window.__searchDone!));
    await box.fill('');
  }
  return timing;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
