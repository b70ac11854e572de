import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

async function blockingViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/**
 * No serious or critical axe-core violation on what the page shows. A screen caught mid-transition (a page or a
 * notice fading in, measured on `:root`) is looked at again for a few seconds; a violation that stays fails.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await expect.poll(() => blockingViolations(page), { timeout: 5_000, intervals: [250, 500, 1_000] }).toEqual([]);
}
