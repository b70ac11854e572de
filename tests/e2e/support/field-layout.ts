import { expect, type Locator, type Page } from '@playwright/test';

/** The three screens of the field and the office (issue 28): a phone, a landscape tablet, a desktop. */
export const PHONE = { width: 390, height: 844 };
export const TABLET = { width: 1280, height: 800 };
export const DESKTOP = { width: 1440, height: 900 };
export const SCREENS = { teléfono: PHONE, tablet: TABLET, escritorio: DESKTOP } as const;

/** A finger with a glove: the least height of a touch target. */
export const TOUCH_TARGET = 44;

/** Nothing inside the element is wider than its box (a card never pushes past a phone's edge). */
export async function expectNoSidewaysOverflow(element: Locator, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await element.evaluate((node) => ({ scrollWidth: node.scrollWidth, clientWidth: node.clientWidth }));
  expect(scrollWidth, `${what}: ${scrollWidth} px de contenido en ${clientWidth} px`).toBeLessThanOrEqual(clientWidth + 1);
}

/** Whether a named, focusable region scrolls sideways: its content wider than its box. */
export async function scrollsSideways(region: Locator): Promise<boolean> {
  await expect(region).toHaveAttribute('tabindex', '0');
  return region.evaluate((node) => node.scrollWidth > node.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(node).overflowX));
}

/** `target` is whole inside `region`'s box once the region scrolls it into view: reachable, not cut. */
export async function expectReachableIn(region: Locator, target: Locator, what: string): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = (await region.boundingBox())!;
  const inner = (await target.boundingBox())!;
  expect(inner.x, `${what}: izquierda`).toBeGreaterThanOrEqual(box.x - 1);
  expect(inner.x + inner.width, `${what}: derecha`).toBeLessThanOrEqual(box.x + box.width + 1);
}

/** The height of every visible text link inside the page's cards, with its text. */
export async function cardLinkHeights(page: Page): Promise<{ text: string; height: number }[]> {
  return page.locator('.app-main .card a, .brand-card a').evaluateAll((links) =>
    links
      .filter((link) => {
        const box = link.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && !link.closest('.ion-page-hidden, [aria-hidden="true"]');
      })
      .map((link) => ({ text: (link.textContent ?? '').trim().slice(0, 60), height: Math.round(link.getBoundingClientRect().height) })),
  );
}

/**
 * Every text link in the page's cards is a touch target, at least 44 px tall; there is at least one (a screen that
 * just changed size may be drawing its cards again: they are waited for).
 */
export async function expectCardLinksTouchable(page: Page, where: string): Promise<void> {
  await expect.poll(async () => (await cardLinkHeights(page)).length, { message: `${where}: enlaces en tarjetas` }).toBeGreaterThan(0);
  for (const link of await cardLinkHeights(page)) expect(link.height, `${where}: «${link.text}»`).toBeGreaterThanOrEqual(TOUCH_TARGET);
}
