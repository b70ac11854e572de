import type { Page } from '@playwright/test';
import { expect } from './test.ts';

/**
 * Opens an entry of the Ajustes menu and waits until its page is the only one on screen: while Ionic's transition
 * runs, the page left behind is still visible, with its own «Nuevo» and «Editar».
 */
export async function openSettings(page: Page, entry: string, parent?: string): Promise<void> {
  const group = page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: /Ajustes/ });
  if ((await group.getAttribute('aria-pressed')) !== 'true') await group.click();
  const menu = page.getByRole('navigation', { name: 'Menú Ajustes' });
  if (parent) {
    const toggle = menu.getByRole('button', { name: parent });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  await menu.getByRole('link', { name: entry, exact: true }).click();
  await expect(page.getByRole('heading', { name: entry, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
}
