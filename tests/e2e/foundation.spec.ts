import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import { cardLinkHeights, DESKTOP, expectCardLinksTouchable, expectNoSidewaysOverflow, PHONE, TABLET } from './support/field-layout.ts';
import { apiToken, COMPANY_ID, controlledByServiceWorker, expectAllSent, signIn } from './support/field-session.ts';
import { PNG, profileEditor, profileIsPersisted, type ServerProfile } from './support/profile-session.ts';

const RUT_EMPRESA = '76123456-0';
const SUPERVISOR = 'supervisor@andesdemo.cl';
const PASSWORD = 'Andes.2026';

async function fillSignIn(page: Page, rut: string, correo: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Rut Empresa (12345678-9)*' }).fill(rut);
  await page.getByRole('textbox', { name: 'Correo Electrónico*' }).fill(correo);
  await page.getByLabel('Contraseña*', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

async function signInAsSupervisor(page: Page): Promise<void> {
  await fillSignIn(page, RUT_EMPRESA, SUPERVISOR, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
}

/** The worker must be activated, not just installed, before the context goes offline (TOOLCHAIN.md). */
async function waitForActivatedWorker(page: Page): Promise<void> {
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
    }
    return registration.active?.state;
  });
  expect(state).toBe('activated');
}

test('a supervisor signs in, works offline on the stored session and signs out', async ({ page, context }) => {
  await signInAsSupervisor(page);
  await expectAccessible(page);

  const sections = page.getByRole('navigation', { name: 'Secciones' });
  await expect(sections).toBeVisible();
  await expect(page.getByRole('link', { name: 'principal' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await expect(page.getByText('Jorge Araya Rojas')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Mi Perfil' }).click();
  await expect(page).toHaveURL(/\/perfil\/usuario$/);
  await expect(page.getByRole('heading', { name: 'Jorge Araya Rojas' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nombres*' })).toHaveValue('Jorge');
  await expectAccessible(page);

  await waitForActivatedWorker(page);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('heading', { name: 'Jorge Araya Rojas' })).toBeVisible();
  await expect.poll(() => profileIsPersisted(page)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mi Perfil', level: 1 })).toBeVisible();
  await expect(page.getByText('Sin conexión: mostrando los últimos datos guardados')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Jorge Araya Rojas' })).toBeVisible();
  // Offline the profile is still editable: a save waits on the device (SPEC OF1, the journey below).
  await expect(page.getByRole('button', { name: 'Guardar' })).toBeEnabled();
  await expectAccessible(page);

  // Mi Perfil is in no menu group, so the rail opens on its first group (Ajustes, with Trabajadores). The Dashboard
  // parent holds principal and the trainings dashboard (spec 2.6: a parent with one same-named child is a link).
  await sections.getByRole('button', { name: 'Dashboard' }).click();
  await page.getByRole('navigation', { name: 'Menú Dashboard' }).getByRole('button', { name: 'Dashboard' }).click();
  await page.getByRole('link', { name: 'principal' }).click();
  await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText('Sin conexión', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('link', { name: 'Mi Perfil' }).click();
  await expect(page.getByRole('heading', { name: 'Jorge Araya Rojas' })).toBeVisible();

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  expect(await profileIsPersisted(page)).toBe(false);
});

test('Mi Perfil edited offline waits on the device, survives a reload and reaches the server once; Perfil Empresa saves', async ({
  page,
  context,
  request,
}) => {
  const email = await profileEditor(request);
  const token = await apiToken(request, email);
  await signIn(page, email);
  const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem('session')!) as { usuario: { IdUsuario: number } }).usuario.IdUsuario);
  const profileApi = `/api/perfil/perfil_usuario/${userId}/${COMPANY_ID}`;
  const serverProfile = async () => (await (await request.get(profileApi, { headers: { Authorization: `Bearer ${token}` } })).json()) as ServerProfile;
  const before = await serverProfile();

  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('link', { name: 'Mi Perfil' }).click();
  await expect(page.getByRole('heading', { name: 'Paula Cortés Reyes' })).toBeVisible();
  await expectAccessible(page);
  await controlledByServiceWorker(page);
  await expect(page.getByRole('textbox', { name: 'Teléfono' })).toHaveValue('+56 9 5555 0103');
  await expect.poll(() => profileIsPersisted(page)).toBe(true);

  // Without signal: a new phone and photo, saved on the device.
  await context.setOffline(true);
  const phone = `+56 9 ${String(1000 + (Date.now() % 9000))} ${String(1000 + Math.floor(Math.random() * 9000))}`;
  await page.getByRole('textbox', { name: 'Teléfono' }).fill(phone);
  await page.locator('input[type="file"]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Perfil actualizado correctamente. Guardado en este dispositivo: se enviará al servidor cuando vuelva la conexión.')).toBeVisible();
  const pending = page.getByRole('region', { name: 'Cambios por enviar' });
  await expect(pending).toContainText(/Editar usuario Paula Cortés \((en cola|se reintentará)\)/);
  await expectAccessible(page);

  // A reload keeps it: still queued (the reloaded app tried to send it), and the form shows what was saved on the device.
  await page.reload();
  await expect(pending).toContainText(/Editar usuario Paula Cortés \((en cola|se reintentará)\)/);
  await expect(page.getByRole('textbox', { name: 'Teléfono' })).toHaveValue(phone);
  await expect(page.getByRole('img', { name: 'Foto de perfil' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  expect((await serverProfile()).TelefonoPersona).toBe('+56 9 5555 0103');

  // The connection returns: the write goes by itself, once, with its photo.
  await context.setOffline(false);
  await expect(pending).toBeHidden({ timeout: 30_000 });
  await expectAllSent(page);
  const after = await serverProfile();
  expect(after).toMatchObject({ TelefonoPersona: phone, Version: before.Version + 1 });
  expect(after.Logo).toMatch(/^\/api\/files\//);
  expect((await request.get(after.Logo!)).headers()['content-type']).toBe('image/png');
  await expect(page.getByRole('img', { name: 'Foto de perfil' })).toHaveAttribute('src', /^\/api\/files\//);
  await expect(page.getByRole('textbox', { name: 'Teléfono' })).toHaveValue(phone);

  // Perfil Empresa, online: the spec's notice once the server took it.
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('link', { name: 'Perfil Empresa' }).click();
  await expect(page.getByRole('heading', { name: 'Perfil Empresa', level: 1 })).toBeVisible();
  const companyPhone = `+56 2 ${String(2000 + Math.floor(Math.random() * 7000))} ${String(1000 + (Date.now() % 9000))}`;
  await page.getByRole('textbox', { name: 'Teléfono' }).fill(companyPhone);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Empresa actualizada con éxito.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cambios por enviar' })).toBeHidden();
  await expectAllSent(page);
  const company = await request.get(`/api/perfil/perfil_empresa/${COMPANY_ID}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(await company.json()).toMatchObject({ TelefonoEmpresa: companyPhone });
});

test('a wrong password shows Credenciales Incorrectas', async ({ page }) => {
  await fillSignIn(page, RUT_EMPRESA, SUPERVISOR, 'NoEsLaClave.1');
  await expect(page.getByRole('alert').filter({ hasText: 'Credenciales Incorrectas' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page);
});

test('an unregistered company gets the Atención ! popup with the support contact', async ({ page }) => {
  await fillSignIn(page, '15876543-8', 'alguien@empresa.cl', PASSWORD);
  const popup = page.getByRole('alertdialog', { name: 'Atención !' });
  await expect(popup).toBeVisible();
  // Colour contrast is only meaningful once the entrance animation has ended.
  await page.waitForFunction(() => getComputedStyle(document.querySelector('ion-alert .alert-wrapper')!).opacity === '1');
  await expect(popup).toContainText('La empresa no se encuentra registrada');
  await expect(popup).toContainText('Correo:');
  await expectAccessible(page);
  await popup.getByRole('button', { name: 'Entendido' }).click();
  await expect(popup).toBeHidden();
});

test('the sign-in form explains what is missing or wrong', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('El rut es requerido')).toBeVisible();
  await expect(page.getByText('El correo es requerido')).toBeVisible();
  await expect(page.getByText('La contraseña es requerida')).toBeVisible();
  await expectAccessible(page);

  const rut = page.getByRole('textbox', { name: 'Rut Empresa (12345678-9)*' });
  await rut.fill('12345678-0');
  await expect(page.getByText('El rut no es válido')).toBeVisible();
  await rut.fill('1234');
  await expect(page.getByText('El formato es incorrecto')).toBeVisible();

  const toggle = page.getByRole('button', { name: 'Mostrar contraseña' });
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Ocultar contraseña' })).toBeVisible();

  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByText('El rut es requerido')).toBeVisible();
  await expectAccessible(page);
});

test('signed in, an unknown address shows the not-found page', async ({ page }) => {
  await signInAsSupervisor(page);
  await page.goto('/no-existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the menu button cycles rail and drawer, rail only, and hidden', async ({ page }) => {
  await signInAsSupervisor(page);
  const menu = page.getByRole('button', { name: 'Menú', exact: true });
  const sections = page.getByRole('navigation', { name: 'Secciones' });
  const drawer = page.getByRole('navigation', { name: 'Menú Dashboard' });
  await expect(sections).toBeVisible();
  await expect(drawer).toBeVisible();

  await menu.click();
  await expect(sections).toBeVisible();
  await expect(drawer).toBeHidden();
  await menu.click();
  await expect(sections).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(drawer).toBeVisible();

  await sections.getByRole('button', { name: 'Dashboard' }).click();
  await expect(drawer).toBeHidden();
  await expect(sections.getByRole('button', { name: 'Dashboard' })).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate(() => localStorage.getItem('activeMenu'))).toBe('');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens over the content and closes after choosing', async ({ page }) => {
    await signInAsSupervisor(page);
    const sections = page.getByRole('navigation', { name: 'Secciones' });
    await expect(sections).toBeHidden();

    await page.getByRole('button', { name: 'Menú', exact: true }).click();
    await expect(sections).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cerrar menú' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'principal' }).click();
    await expect(sections).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
  });
});

test('text links in the home cards are a finger’s target on a tablet and a phone, and a desktop keeps its layout', async ({ page }) => {
  // Signed in on the phone first: there the menu starts closed, over nothing.
  await page.setViewportSize(PHONE);
  await signInAsSupervisor(page);
  for (const [screen, size] of [['teléfono', PHONE], ['tablet', TABLET]] as const) {
    await page.setViewportSize(size);
    await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
    await expectCardLinksTouchable(page, screen);
    for (const card of await page.locator('.app-main .card').all()) if (await card.isVisible()) await expectNoSidewaysOverflow(card, `${screen}: tarjeta`);
    await expectAccessible(page);
  }
  await page.setViewportSize(DESKTOP);
  await expect.poll(async () => (await cardLinkHeights(page)).length).toBeGreaterThan(0);
  for (const card of await page.locator('.app-main .card').all()) if (await card.isVisible()) await expectNoSidewaysOverflow(card, 'escritorio: tarjeta');
  await expectAccessible(page);
});
