import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import { openSettings } from './support/settings-menu.ts';
import { ADMIN, apiToken, COMPANY_ID, controlledByServiceWorker, PASSWORD, signIn, syncStatus, expectAllSent } from './support/field-session.ts';


test('OB7/OB10: positions and levels (named by the masks) are written offline, kept through a sign-out and sent after signing in again', async ({ page, context }) => {
  await signIn(page, ADMIN);
  await controlledByServiceWorker(page);

  await openSettings(page, 'Cargos');
  await expect(page.getByRole('list', { name: 'Lista de cargos' }).getByRole('listitem')).toHaveCount(6);
  await expectAccessible(page);
  await openSettings(page, 'Área', 'Niveles');
  await expect(page.getByRole('heading', { name: 'Área', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Lista de Área' }).getByRole('listitem')).toHaveCount(3);
  await expectAccessible(page);

  await context.setOffline(true);
  await openSettings(page, 'Faena', 'Niveles');
  await page.getByRole('link', { name: 'Nuevo' }).click();
  await page.getByRole('textbox', { name: 'Nombre*' }).fill('Faena Calama');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Nivel creado correctamente/).last()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Faena Calama', level: 1 })).toBeVisible();
  await expectAccessible(page);

  // A position under the level created offline: its write waits for the level's (dependsOn).
  await openSettings(page, 'Cargos');
  await page.getByRole('link', { name: 'Nuevo cargo' }).click();
  await page.getByRole('textbox', { name: 'Nombre del cargo*' }).fill('Rigger');
  await page.getByRole('combobox', { name: 'Faena' }).selectOption({ label: 'Faena Calama' });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Cargo creado correctamente/).last()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rigger', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Editar' }).click();
  await page.getByRole('textbox', { name: 'Nombre del cargo*' }).fill('Rigger Senior');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Cargo editado correctamente/).last()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rigger Senior', level: 1 })).toBeVisible();
  await expect(syncStatus(page)).toContainText('3 pendientes');

  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Cerrar Sesión' });
  await expect(warning).toContainText(
    'Tienes 3 cambios sin sincronizar. Se guardarán en este dispositivo y se enviarán cuando vuelvas a iniciar sesión.',
  );
  await warning.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  await context.setOffline(false);
  await page.getByRole('textbox', { name: 'Rut Empresa (12345678-9)*' }).fill('76123456-0');
  await page.getByRole('textbox', { name: 'Correo Electrónico*' }).fill(ADMIN);
  await page.getByLabel('Contraseña*', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectAllSent(page, 15_000);

  const token = await apiToken(page.request);
  const headers = { Authorization: `Bearer ${token}` };
  const levels = (await (await page.request.get(`/api/niveles/${COMPANY_ID}?TipoNivel=2`, { headers })).json()) as { data: { IdNivel: string; Nombre: string }[] };
  const calama = levels.data.filter((level) => level.Nombre === 'Faena Calama');
  expect(calama).toHaveLength(1);
  const cargos = (await (await page.request.get(`/api/cargos/newcargos2/${COMPANY_ID}`, { headers })).json()) as { data: { NombreCargo: string; IdNivel2: string; Version: number }[] };
  expect(cargos.data.filter((cargo) => cargo.NombreCargo.startsWith('Rigger'))).toEqual([
    expect.objectContaining({ NombreCargo: 'Rigger Senior', IdNivel2: calama[0]!.IdNivel, Version: 2 }),
  ]);
});
