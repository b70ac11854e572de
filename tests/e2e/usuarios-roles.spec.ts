import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { workerBody } from '../api/support/trabajadores-factory.ts';
import { expectAccessible } from './support/accessibility.ts';
import { openSettings } from './support/settings-menu.ts';
import { ADMIN, apiToken, COMPANY_ID, COMPANY_RUT, expectAllSent, freshRut, WORKERS_API } from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';

test.use({ viewport: { width: 1280, height: 800 }, actionTimeout: 15_000 });

const NEW_PASSWORD = 'Clave.Nueva.2026';


/** The temporary password the administrator is shown once (no SMTP here), then closed. */
async function handedOverPassword(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Contraseña temporal' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  const password = ((await dialog.getByLabel('Contraseña temporal').textContent()) ?? '').trim();
  expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
  await dialog.getByRole('button', { name: 'Entendido' }).click();
  await expect(dialog).toBeHidden();
  return password;
}

/**
 * A first sign-in in a browser of its own: the temporary password, the forced change, and the home screen at once:
 * the change signs the person in (SPEC SE3), the new password is never typed twice.
 */
async function firstSignIn(browser: Browser, email: string, temporary: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Rut Empresa (12345678-9)*' }).fill(COMPANY_RUT);
  await page.getByRole('textbox', { name: 'Correo Electrónico*' }).fill(email);
  await page.getByLabel('Contraseña*', { exact: true }).fill(temporary);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('heading', { name: 'Cambia tu contraseña' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Contraseña*', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirmar Contraseña*', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: /Cambiar contraseña|Guardar/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toHaveCount(0);
  expect(
    await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('session') ?? 'null') as { usuario?: { CorreoElectronicoPersona: string } } | null)?.usuario
          ?.CorreoElectronicoPersona,
    ),
  ).toBe(email);
  return page;
}

/** The app goes to the background and comes back, as when the person switches apps on a tablet. */
async function backToForeground(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const state of ['hidden', 'visible']) {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    }
  });
}

test('an administrator gives a new user a role that sees workers but may not delete them, then grants it; a deactivated contractor company signs out ' +
  'its users', async ({
  page,
  browser,
  request,
}) => {
  const adminToken = await apiToken(request);
  await openSignedIn(page, ADMIN);
  // The device's first sync ends before the role is saved: a write waits for a cycle in progress, which on a loaded
  // machine (the CI's journeys side by side) took most of the notice's wait.
  await expectAllSent(page);

  // A role that may see workers and nothing more.
  await openSettings(page, 'Roles', 'Usuarios');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Nuevo rol' }).click();
  await expect(page.getByRole('heading', { name: 'Nuevo rol', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nombre del rol*' }).fill('Consulta de trabajadores');
  await page.getByRole('checkbox', { name: 'Ver en Trabajadores' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Rol creado con éxito').last()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Lista de roles' })).toContainText('Consulta de trabajadores');

  // A user with it: the temporary password is shown once to hand it over.
  await openSettings(page, 'Usuarios', 'Usuarios');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Nuevo usuario' }).click();
  const email = `consulta.${Date.now()}@andesdemo.cl`;
  await page.getByRole('textbox', { name: 'RUT*' }).fill(freshRut());
  await page.getByRole('textbox', { name: 'Nombres*' }).fill('Ignacio');
  await page.getByRole('textbox', { name: 'Apellido Paterno*' }).fill('Fuentealba');
  await page.getByRole('textbox', { name: 'Correo Electrónico*' }).fill(email);
  await page.getByRole('textbox', { name: 'Nombre de usuario*' }).fill(`consulta${Date.now() % 100000}`);
  await page.getByRole('combobox', { name: 'Rol*' }).selectOption({ label: 'Consulta de trabajadores' });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Guardar' }).click();
  const temporary = await handedOverPassword(page);
  await expect(page.getByRole('list', { name: 'Lista de usuarios' })).toContainText('Ignacio Fuentealba');
  // The same password went by e-mail (the local mailbox, without SMTP).
  expect(await (await request.get('/buzon')).text()).toContain(temporary);

  // A worker of the journey's own for the user to open and, once allowed, delete: other journeys' workers stay.
  const consulted = workerBody({ Nombres: 'Leonor', ApellidoPaterno: 'Consultada' });
  expect((await request.post(WORKERS_API, { data: consulted, headers: { Authorization: `Bearer ${adminToken}` } })).status()).toBe(200);

  // The user signs in, changes the password and sees only what the role allows.
  const user = await firstSignIn(browser, email, temporary);
  const rail = user.getByRole('navigation', { name: 'Secciones' });
  await expect(rail.getByRole('button')).toHaveText([/Ajustes/]);
  // Its only group is open at once.
  await expect(rail.getByRole('button', { name: /Ajustes/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(user.getByRole('navigation', { name: 'Menú Ajustes' }).getByRole('link')).toHaveText(['Trabajadores']);
  await expectAccessible(user);
  await user.getByRole('navigation', { name: 'Menú Ajustes' }).getByRole('link', { name: 'Trabajadores' }).click();
  await user
    .getByRole('list', { name: 'Lista de trabajadores' })
    .getByRole('link', { name: /Consultada Lagos, Leonor/ })
    .click();
  await expect(user.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expect(user.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
  await expectAccessible(user);
  const workerId = user.url().split('/').pop()!;
  const userToken = await user.evaluate(() => localStorage.getItem('token'));
  const userId = await user.evaluate(() => (JSON.parse(localStorage.getItem('session')!) as { usuario: { IdUsuario: number } }).usuario.IdUsuario);
  const refused = await request.delete(
    `${WORKERS_API}/${workerId}/${userId}`,
    {
      headers: { Authorization: `Bearer ${userToken}` },
    },
  );
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ message: 'No tienes permiso para realizar esta acción.' });

  // The administrator grants deletion; the signed-in user may delete once the app is in the foreground again.
  await openSettings(page, 'Roles', 'Usuarios');
  await page.getByRole('link', { name: /Consulta de trabajadores/ }).click();
  await page.getByRole('link', { name: 'Editar' }).click();
  await page.getByRole('checkbox', { name: 'Eliminar en Trabajadores' }).check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Rol actualizado con éxito').last()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Historial de cambios' })).toBeVisible();
  await expect(page.getByText('Permisos /trabajadores: Ver → Ver, Eliminar')).toBeVisible();
  await expectAccessible(page);

  await backToForeground(user);
  await expect(user.getByRole('button', { name: 'Eliminar' })).toBeVisible();
  await user.getByRole('button', { name: 'Eliminar' }).click();
  await user.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(user.getByText(/Trabajador eliminado correctamente/).last()).toBeVisible();
  await expect
    .poll(async () => {
      const detail = await request.get(`${WORKERS_API}/detalle/${COMPANY_ID}/${workerId}`, {
        headers: { Authorization: `Bearer ${adminToken}` },
      });
      return ((await detail.json()) as { data: { Estado: number } }).data.Estado;
    })
    .toBe(0);
  await user.context().close();

  // A contractor company with its account, and one worker of its own.
  await openSettings(page, 'Empresas Contratistas');
  await page.getByRole('link', { name: 'Nueva empresa' }).click();
  const contractorRut = freshRut();
  const contractorEmail = `prevencion.${Date.now()}@sur.cl`;
  await page.getByRole('textbox', { name: 'Razón social*' }).fill('Andamios del Sur Ltda.');
  await page.getByRole('textbox', { name: 'RUT*' }).fill(contractorRut);
  await page.getByRole('textbox', { name: 'Correo Electrónico*' }).fill(contractorEmail);
  await page.getByRole('combobox', { name: 'Rol de la cuenta*' }).selectOption({ label: 'Contratista' });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Guardar' }).click();
  const contractorPassword = await handedOverPassword(page);
  await expect(page.getByRole('heading', { name: 'Andamios del Sur Ltda.', level: 1 })).toBeVisible();
  await expectAccessible(page);
  const own = workerBody({ Nombres: 'Cristóbal', ApellidoPaterno: 'Andamiero', TipoEmpresa: 2, RutContratista: contractorRut });
  expect((await request.post(WORKERS_API, { data: own, headers: { Authorization: `Bearer ${adminToken}` } })).status()).toBe(200);

  // Its user sees only its workers.
  const contractor = await firstSignIn(browser, contractorEmail, contractorPassword);
  await openSettings(contractor, 'Trabajadores');
  await expect(contractor.getByRole('list', { name: 'Lista de trabajadores' }).getByRole('link')).toHaveCount(1);
  await expect(contractor.getByRole('list', { name: 'Lista de trabajadores' })).toContainText('Andamiero Lagos, Cristóbal');
  await expectAccessible(contractor);

  // Deactivated, its users can no longer sign in, and are told why.
  await page.getByRole('button', { name: 'Desactivar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Desactivar' }).click();
  await expect(page.getByText('Empresa desactivada con éxito').last()).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Desactivada' })).toBeVisible();
  // Its open session ends at its next request (here, coming back to the app), and signing in again is refused.
  await backToForeground(contractor);
  await expect(contractor).toHaveURL(/\/login$/);
  await contractor.getByRole('textbox', { name: 'Rut Empresa (12345678-9)*' }).fill(COMPANY_RUT);
  await contractor.getByRole('textbox', { name: 'Correo Electrónico*' }).fill(contractorEmail);
  await contractor.getByLabel('Contraseña*', { exact: true }).fill(NEW_PASSWORD);
  await contractor.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(
    contractor.getByText(/La empresa contratista Andamios del Sur Ltda\. fue desactivada por Constructora Andes Demo SpA/),
  ).toBeVisible();
  await expectAccessible(contractor);
});

/** An office write through the API, as another administrator's device sends it. */
async function officeCall(request: APIRequestContext, token: string, method: 'POST' | 'PUT', path: string, data: unknown) {
  const response = await request.fetch(path, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as { data: Record<string, unknown> };
}

test("the server's refusals of roles and of some contractor companies are told in the spec's words, before the server's reason", async ({
  page,
  request,
}) => {
  const adminToken = await apiToken(request);
  const stamp = Date.now();
  const ownRole = await officeCall(request, adminToken, 'POST', `/api/roles/post/${COMPANY_ID}`, {
    NombreRol: `Revisión ${stamp}`,
    Permisos: [{ Ruta: '/trabajadores', Acciones: ['index'] }],
  });
  const contractor = (name: string) => ({
    IdEmpresaContratista: randomUUID(),
    RutCompleto: freshRut(),
    Nombre: name,
    Correo: `contacto.${randomUUID().slice(0, 8)}@contratistas.cl`,
    Tipo: 1,
  });
  const [busy, freeA, freeB, freeC] = [
    `Andamios ${stamp} Ltda.`,
    `Grúas ${stamp} Ltda.`,
    `Pinturas ${stamp} Ltda.`,
    `Aislación ${stamp} Ltda.`,
  ].map(contractor);
  for (const body of [busy, freeA, freeB, freeC])
    await officeCall(request, adminToken, 'POST', `/api/empresa-contratistas/post/${COMPANY_ID}`, body);
  const worker = workerBody({ Nombres: 'Benito', ApellidoPaterno: 'Andamiero', TipoEmpresa: 2, RutContratista: busy!.RutCompleto });
  expect((await request.post(WORKERS_API, { data: worker, headers: { Authorization: `Bearer ${adminToken}` } })).status()).toBe(200);
  await openSignedIn(page, ADMIN);

  // A new role named like one that exists: «No se pudo crear el rol», then why; discarded.
  await openSettings(page, 'Roles', 'Usuarios');
  await page.getByRole('link', { name: 'Nuevo rol' }).click();
  await page.getByRole('textbox', { name: 'Nombre del rol*' }).fill('Supervisor de terreno');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No se pudo crear el rol: Ya existe un rol con ese nombre' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Descartar cambio' }).click();
  await expect(page.getByText('No se pudo crear el rol: Ya existe un rol con ese nombre')).toHaveCount(0);

  // Renamed like another: «No se pudo actualizar el rol».
  await page.goto(`/roles/editar/${String(ownRole.data.IdRol)}`);
  await page.getByRole('textbox', { name: 'Nombre del rol*' }).fill('Supervisor de terreno');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No se pudo actualizar el rol: Ya existe un rol con ese nombre' })).toBeVisible();
  await page.getByRole('button', { name: 'Descartar cambio' }).click();

  // A role its users still have: «No se pudo eliminar el rol», kept in Sincronización with the same words.
  await openSettings(page, 'Roles', 'Usuarios');
  await page.getByRole('link', { name: /^Supervisor de terreno/ }).click();
  await page.getByRole('button', { name: 'Eliminar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  const refusal = page.getByRole('alertdialog', { name: 'No se pudo eliminar el rol' });
  await expect(refusal).toContainText('El rol tiene usuarios asignados: cámbialos de rol antes de eliminarlo');
  await expectAccessible(page);
  await refusal.getByRole('button', { name: 'Cancelar' }).click();
  await page.goto('/sincronizacion');
  const refused = page.getByRole('list', { name: 'Cambios rechazados' });
  await expect(refused).toContainText('No se pudo eliminar el rol: El rol tiene usuarios asignados: cámbialos de rol antes de eliminarlo');
  await expectAccessible(page);
  await refused.getByRole('button', { name: 'Descartar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Descartar' }).click();
  await expect(page.getByText('El servidor no ha rechazado ningún cambio.')).toBeVisible();

  // Several contractor companies at once, one of them with a worker: «Error al eliminar algunas empresas»; the others go.
  await openSettings(page, 'Empresas Contratistas');
  await page.getByRole('checkbox', { name: `Seleccionar ${busy!.Nombre}` }).check();
  await page.getByRole('checkbox', { name: `Seleccionar ${freeA!.Nombre}` }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Eliminar seleccionados (2)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  const some = page.getByRole('alertdialog', { name: 'Error al eliminar algunas empresas' });
  await expect(some).toContainText('La empresa contratista tiene trabajadores activos: desactívala en lugar de eliminarla');
  await some.getByRole('button', { name: 'Descartar' }).click();
  await expect(some).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Eliminar seleccionados/ })).toHaveCount(0);
  const list = page.getByRole('list', { name: 'Lista de empresas contratistas' });
  await expect(list).toContainText(busy!.Nombre);
  await expect(list).not.toContainText(freeA!.Nombre);

  // All of them deleted: «Empresas eliminadas con éxito».
  await page.getByRole('checkbox', { name: `Seleccionar ${freeB!.Nombre}` }).check();
  await page.getByRole('checkbox', { name: `Seleccionar ${freeC!.Nombre}` }).check();
  await page.getByRole('button', { name: 'Eliminar seleccionados (2)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Empresas eliminadas con éxito').last()).toBeVisible();
  await expect(list).not.toContainText(freeB!.Nombre);
  await expect(list).not.toContainText(freeC!.Nombre);
});
