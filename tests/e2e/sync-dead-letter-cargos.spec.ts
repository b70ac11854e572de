import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import { openSettings } from './support/settings-menu.ts';
import { ADMIN, apiToken, COMPANY_ID, controlledByServiceWorker, syncStatus, expectAllSent } from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';

const CARGOS_API = '/api/cargos/newcargos2';

interface ServerLevel {
  IdNivel: string;
  Nombre: string;
  IdNivelPadre: string | null;
  Version: number;
}

interface ServerCargo {
  IdCargo: string;
  NombreCargo: string;
  IdNivel2: string | null;
  IdNivel3: string | null;
}


async function serverLevels(request: APIRequestContext, token: string, type: 2 | 3): Promise<ServerLevel[]> {
  const response = await request.get(`/api/niveles/${COMPANY_ID}?TipoNivel=${type}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ServerLevel[] }).data;
}

async function serverCargos(request: APIRequestContext, token: string): Promise<ServerCargo[]> {
  const response = await request.get(`${CARGOS_API}/${COMPANY_ID}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ServerCargo[] }).data;
}

/**
 * Every spec of a run shares one server: what these tests create is removed afterwards, so the counts other specs
 * expect (six cargos, three áreas) still hold whatever the order.
 */
const createdOnServer: string[] = [];

test.afterEach(async ({ request }) => {
  const token = await apiToken(request);
  for (const path of createdOnServer.splice(0)) {
    const removed = await request.delete(path, { headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() } });
    expect(removed.ok(), `DELETE ${path}`).toBe(true);
  }
});

/** A name no other test of the run uses. */
function unique(name: string): string {
  return `${name} ${randomUUID().slice(0, 6)}`;
}

test('RP9/RP15: a cargo the server refuses as a duplicate is corrected from the Sincronización page and reaches the server once', async ({ page, context }) => {
  const token = await apiToken(page.request);
  const faena = (await serverLevels(page.request, token, 2)).find((level) => level.Nombre === 'Faena Los Andes')!;
  const taken = unique('Operador de grúa');
  const renamed = `${taken} nocturno`;

  await openSignedIn(page, ADMIN);
  await controlledByServiceWorker(page);
  await openSettings(page, 'Cargos');
  await expect(page.getByRole('list', { name: 'Lista de cargos' }).getByRole('listitem').first()).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('link', { name: 'Nuevo cargo' }).click();
  await page.getByRole('textbox', { name: 'Nombre del cargo*' }).fill(taken);
  await page.getByRole('combobox', { name: 'Faena' }).selectOption({ label: 'Faena Los Andes' });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Cargo creado correctamente/).last()).toBeVisible();
  await expect(page.getByRole('heading', { name: taken, level: 1 })).toBeVisible();
  const localId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const officeId = randomUUID();
  createdOnServer.push(`${CARGOS_API}/delete/${localId}`, `${CARGOS_API}/delete/${officeId}`);

  // Meanwhile the office creates the same position for the same level pair: the device cannot know it yet.
  const office = await page.request.post(CARGOS_API, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: { IdCargo: officeId, NombreCargo: taken, IdNivel2: faena.IdNivel, IdNivel3: null },
  });
  expect(office.ok()).toBe(true);

  await context.setOffline(false);
  await expect(syncStatus(page)).toContainText('1 rechazado', { timeout: 15_000 });
  // The record's own page says so, with the way to correct it.
  const notice = page.getByRole('alert').filter({ hasText: 'El cargo ya existe para esa combinación de niveles' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Corregir y reenviar' })).toBeVisible();
  await expectAccessible(page);

  await syncStatus(page).click();
  await expect(page.getByRole('heading', { name: 'Sincronización', level: 1 })).toBeVisible();
  const refused = page.getByRole('list', { name: 'Cambios rechazados' });
  await expect(refused.getByRole('listitem')).toHaveCount(1);
  await expect(refused.getByRole('listitem')).toContainText(`Crear cargo ${taken}`);
  await expect(refused.getByRole('listitem')).toContainText('El cargo ya existe para esa combinación de niveles');
  await expectAccessible(page);

  // The form opens with what was refused; the renamed cargo goes again in its place.
  await refused.getByRole('listitem').getByRole('link', { name: 'Corregir y reenviar' }).click();
  await expect(page.getByRole('heading', { name: 'Corregir cargo', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'El cargo ya existe para esa combinación de niveles' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nombre del cargo*' })).toHaveValue(taken);
  await expect(page.getByRole('combobox', { name: 'Faena' })).toHaveValue(faena.IdNivel);
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Nombre del cargo*' }).fill(renamed);
  await page.getByRole('button', { name: 'Guardar y reenviar' }).click();
  await expect(page.getByRole('heading', { name: 'Sincronización', level: 1 })).toBeVisible();
  await expect(page.getByText('El servidor no ha rechazado ningún cambio.')).toBeVisible({ timeout: 15_000 });
  await expectAllSent(page, 15_000);
  await expectAccessible(page);

  const cargos = await serverCargos(page.request, token);
  expect(cargos.filter((cargo) => cargo.NombreCargo === renamed)).toEqual([
    expect.objectContaining({ IdCargo: localId, IdNivel2: faena.IdNivel, IdNivel3: null }),
  ]);
  expect(cargos.filter((cargo) => cargo.NombreCargo === taken)).toEqual([expect.objectContaining({ IdNivel2: faena.IdNivel })]);
  expect(cargos.find((cargo) => cargo.NombreCargo === taken)?.IdCargo).not.toBe(localId);

  // The device shows both, nothing pending.
  await openSettings(page, 'Cargos');
  const list = page.getByRole('list', { name: 'Lista de cargos' });
  await expect(list.getByRole('link', { name: new RegExp(renamed) })).toHaveCount(1);
  await expect(list.getByRole('link', { name: new RegExp(`^${taken} Faena`) })).toHaveCount(1);
  await expect(list.getByText('Pendiente')).toHaveCount(0);
});

test('RP9/RP15: a level refused because its parent was removed is corrected from its own page with another parent', async ({ page, context }) => {
  const token = await apiToken(page.request);
  const headers = { Authorization: `Bearer ${token}` };
  const faena = (await serverLevels(page.request, token, 2)).find((level) => level.Nombre === 'Faena Los Andes')!;
  const temporary = { IdNivel: randomUUID(), TipoNivel: 2, Nombre: unique('Faena temporal') };
  const created = await page.request.post(`/api/niveles/post/${COMPANY_ID}`, { headers: { ...headers, 'Idempotency-Key': randomUUID() }, data: temporary });
  expect(created.ok()).toBe(true);
  const area = unique('Área Pozo');

  await openSignedIn(page, ADMIN);
  await controlledByServiceWorker(page);
  await openSettings(page, 'Área', 'Niveles');
  await expect(page.getByRole('heading', { name: 'Área', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Lista de Área' }).getByRole('listitem').first()).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('link', { name: 'Nuevo' }).click();
  await page.getByRole('textbox', { name: 'Nombre*' }).fill(area);
  await page.getByRole('combobox', { name: 'Faena*' }).selectOption({ label: temporary.Nombre });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Nivel creado correctamente/).last()).toBeVisible();
  await expect(page.getByRole('heading', { name: area, level: 1 })).toBeVisible();
  createdOnServer.push(`/api/niveles/delete/${COMPANY_ID}/${decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!)}`);

  // Meanwhile the office removes the faena the new área hangs from.
  const removed = await page.request.delete(`/api/niveles/delete/${COMPANY_ID}/${temporary.IdNivel}?Version=1`, {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
  });
  expect(removed.ok()).toBe(true);

  await context.setOffline(false);
  await expect(syncStatus(page)).toContainText('1 rechazado', { timeout: 15_000 });
  const notice = page.getByRole('alert').filter({ hasText: 'El nivel superior no existe o no es del tipo anterior' });
  await expect(notice).toBeVisible();
  // The same sync pulled the removal: the device no longer knows the faena either.
  await expect(page.getByText('Sin asignar')).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page);
  await notice.getByRole('link', { name: 'Corregir y reenviar' }).click();

  await expect(page.getByRole('heading', { name: 'Corregir: Área', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nombre*' })).toHaveValue(area);
  await expectAccessible(page);
  // The removed faena is no choice any more: the form asks for one before resending.
  const parent = page.getByRole('combobox', { name: 'Faena*' });
  await expect(parent).toHaveValue('');
  await page.getByRole('button', { name: 'Guardar y reenviar' }).click();
  await expect(parent).toHaveAccessibleDescription('El nivel superior no existe o no es del tipo anterior');
  await parent.selectOption({ label: 'Faena Los Andes' });
  await page.getByRole('button', { name: 'Guardar y reenviar' }).click();
  await expect(page.getByRole('heading', { name: 'Sincronización', level: 1 })).toBeVisible();
  await expect(page.getByText('El servidor no ha rechazado ningún cambio.')).toBeVisible({ timeout: 15_000 });
  await expectAllSent(page, 15_000);

  expect((await serverLevels(page.request, token, 3)).filter((level) => level.Nombre === area)).toEqual([
    expect.objectContaining({ IdNivelPadre: faena.IdNivel, Version: 1 }),
  ]);
});
