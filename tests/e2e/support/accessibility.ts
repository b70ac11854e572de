import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** The axe-core that @axe-core/playwright ships with, as the source it injects into pages. */
const require = createRequire(import.meta.url);
const axeSource = (createRequire(require.resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;

/**
 * axe run in the page itself: AxeBuilder injects its 550 KB into every frame and opens a new page for every analysis
 * (its `finishRun`), several seconds a look on a loaded 2-core runner. The app has no frames, so one injection per
 * document and `axe.run` over it give the same violations. Only violations are collected (`resultTypes`): the
 * other results are not read here.
 */
async function blockingViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const { violations } = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

const LOOKS = 3;

/**
 * No serious or critical axe-core violation on what the page shows. A screen caught mid-transition (a page or a
 * notice fading in, measured on `:root`) is looked at again after a second, up to three looks in all; a violation
 * that stays fails. Each look takes as long as axe needs: a long screen on a slow machine takes seconds.
 */
export async function expectAccessible(page: Page): Promise<void> {
  let blocking = await blockingViolations(page);
  for (let look = 1; look < LOOKS && blocking.length > 0; look += 1) {
    await page.waitForTimeout(1_000);
    blocking = await blockingViolations(page);
  }
  expect(blocking).toEqual([]);
}
