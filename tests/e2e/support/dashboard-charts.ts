import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { readPdf } from './inspection-session.ts';

/** A dashboard's card: the region named by its chart's title. */
export const chartCard = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/**
 * Clicks a bar or a slice of a chart as a finger would: at a point inside the largest shape painted `fill` (not
 * the legend's small mark of that colour), found with the shape's own geometry: a donut's slice has a hole where its
 * box's centre is, and the decal that lies over a bar for colour blindness takes the DOM's hit while echarts finds
 * the shape by position. Returns nothing: what the click opens is the test's to check.
 */
export async function clickChartShape(card: Locator, fill: string): Promise<void> {
  const svg = card.locator('.chart-card__chart svg');
  await svg.scrollIntoViewIfNeeded();
  const point = await svg.evaluate((root, colour) => {
    const shapes = [...root.querySelectorAll<SVGPathElement>(`path[fill="${colour}"]`)];
    const area = (path: SVGPathElement) => path.getBBox().width * path.getBBox().height;
    const path = shapes.sort((a, b) => area(b) - area(a))[0];
    if (!path) return null;
    const box = path.getBBox();
    const matrix = path.getScreenCTM()!;
    // The centre first, then a grid over the box.
    const shares = [0.5, ...Array.from({ length: 19 }, (_, index) => (index + 1) / 20)];
    for (const fy of shares) {
      for (const fx of shares) {
        const inside = new DOMPoint(box.x + box.width * fx, box.y + box.height * fy);
        if (path.isPointInFill(inside)) {
          const onScreen = inside.matrixTransform(matrix);
          return { x: onScreen.x, y: onScreen.y };
        }
      }
    }
    return null;
  }, fill);
  expect(point, `un punto dentro de la figura ${fill}`).not.toBeNull();
  await card.page().mouse.click(point!.x, point!.y);
  // The pointer leaves the chart: the shape it was on must not throw on its way out (tests/e2e/support/test.ts).
  await card.page().mouse.move(0, 0);
}

/** Every text the chart's SVG draws (axis names, values, legend, slice labels) lies inside the chart: none is cut. */
export async function expectChartTextsInside(card: Locator): Promise<void> {
  const outside = await card.locator('.chart-card__chart svg').evaluate((svg) => {
    const frame = svg.getBoundingClientRect();
    return [...svg.querySelectorAll('text')]
      .filter((text) => text.textContent && getComputedStyle(text).display !== 'none' && text.getAttribute('opacity') !== '0')
      .map((text) => ({ text: text.textContent, box: text.getBoundingClientRect() }))
      .filter(
        ({ box }) =>
          box.width > 0 &&
          (box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1 || box.bottom > frame.bottom + 1),
      )
      .map(({ text }) => text);
  });
  expect(outside, 'textos del gráfico fuera de su recuadro').toEqual([]);
}

/** No two tick labels of the value axis read the same ("0, 1, 1, 2, 2"). */
export async function expectDistinctTicks(card: Locator): Promise<void> {
  const numbers = await card
    .locator('.chart-card__chart svg text')
    .evaluateAll((texts) => texts.map((text) => text.textContent ?? '').filter((text) => /^-?[\d.]+(,\d+)?$/.test(text)));
  expect(new Set(numbers).size, `marcas del eje: ${numbers.join(', ')}`).toBe(numbers.length);
}

/** The last column of a table scrolls into its box: its right edge inside the box's, and nothing left to scroll to. */
export async function expectLastColumnVisible(region: Locator, scrolling = '.scroll-table'): Promise<void> {
  const scroll = region.locator(scrolling).first();
  const fits = await scroll.evaluate((box) => {
    const last = box.querySelector('thead th:last-child')!.getBoundingClientRect();
    const frame = box.getBoundingClientRect();
    return { overflow: box.scrollWidth - box.clientWidth, lastRight: last.right, frameRight: frame.right, viewport: window.innerWidth };
  });
  expect(fits.overflow, 'la tabla no necesita desplazarse a lo ancho').toBeLessThanOrEqual(1);
  expect(fits.lastRight).toBeLessThanOrEqual(Math.min(fits.frameRight, fits.viewport) + 1);
}

/** Downloads the card's chart as a PNG: a real PNG of some size, named by the dashboard, the chart and the period. */
export async function downloadChartPng(card: Locator, nameStart: string): Promise<Buffer> {
  const page = card.page();
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Descargar imagen' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${nameStart}-\\d{4}-\\d{2}-\\d{2}-al-\\d{4}-\\d{2}-\\d{2}\\.png$`));
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.length).toBeGreaterThan(15_000);
  // Its width and height (the IHDR chunk): drawn at twice the screen's pixels, never a sliver.
  expect(bytes.readUInt32BE(16)).toBeGreaterThanOrEqual(1280);
  expect(bytes.readUInt32BE(20)).toBeGreaterThanOrEqual(400);
  return bytes;
}

/** Downloads the whole dashboard as a PDF and reads its text (pdftotext) and images (pdfimages). */
export async function downloadDashboardPdf(page: Page, nameStart: string): Promise<{ text: string; images: number; pages: number }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${nameStart}-\\d{4}-\\d{2}-\\d{2}-al-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return readPdf(bytes);
}

/** Types a date in a DD/MM/AAAA field and leaves it. */
export async function typeDate(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByRole('textbox', { name: label, exact: true });
  await field.fill(text);
  await field.press('Tab');
}
