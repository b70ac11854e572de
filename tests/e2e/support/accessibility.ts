import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

async function blockingViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
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
