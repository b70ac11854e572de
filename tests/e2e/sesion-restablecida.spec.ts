import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import {
  apiToken,
  COMPANY_ID,
  COMPANY_RUT,
  controlledByServiceWorker,
  createWorkerThroughForm,
  expectAllSent,
  freshRut,
  openWorkers,
  serverWorkersByRut,
  syncStatus,
} from './support/field-session.ts';

const FIRST_PASSWORD = 'Primera.Clave.2026';
const AFTER_RESET = 'Despues.Del.Reset.2026';

async function call(request: APIRequestContext, token: string, method: 'POST', path: string, data: unknown) {
  const response = await request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() } });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as { data: Record<string, unknown> };
}

/** A supervisor of the journey's own (the demo accounts stay as they are), with the demo supervisor's grants. */
async function newSupervisor(request: APIRequestContext, adminToken: string): Promise<{ id: number; email: string }> {
  const roles = await request.get(`/api/roles/all/${COMPANY_ID}`, { headers: { Authorization: `Bearer ${adminToken}` } });
  const supervisorRole = ((await roles.json()) as { data: { IdRol: number; NombreRol: string }[] }).data.find((role) => role.NombreRol === 'Supervisor de terreno')!;
  const email = `supervisor.${Date.now()}@andesdemo.cl`;
  const made = await call(request, adminToken, 'POST', '/api/usuarios', {
    RunPersona: freshRut(),
    NombreUsuario: `supervisor${Date.now()}`,
    Nombres: 'Renata',
    ApellidoPaterno: 'Soto',
    ApellidoMaterno: 'Vera',
    CorreoElectronicoPersona: email,
    TelefonoPersona: '+56 9 5555 0101',
    FechaNacimiento: '1988-03-09',
    IdRol: supervisorRole.IdRol,
    Tipo: 'empresa',
    ContrasenaTemporal: 'Temporal.Inicial.1',
  });
  const challenge = await request.post('/api/auth/login', { data: { RutEmpresa: COMPANY_RUT, Correo: email, Contrasena: 'Temporal.Inicial.1' } });
  const { Desafio } = (await challenge.json()) as { Desafio: string };
  const changed = await request.post('/api/auth/cambiar-contrasena', { data: { Desafio, Contrasena: FIRST_PASSWORD, ConfirmarContrasena: FIRST_PASSWORD } });
  expect(changed.status()).toBe(200);
  return { id: Number(made.data.IdUsuario), email };
}

test('SE5: writes queued offline while an administrator resets the password reach the server once after signing in again', async ({ page, context, request }) => {
  const adminToken = await apiToken(request);
  const supervisor = await newSupervisor(request, adminToken);

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Rut Empresa (12345678-9)*' }).fill(COMPANY_RUT);
  await page.getByRole('textbox', { name: 'Correo Electrónico*' }).fill(supervisor.email);
  await page.getByLabel('Contraseña*', { exact: true }).fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await controlledByServiceWorker(page);
  await openWorkers(page);

  // At the worksite without signal: two workers registered on the tablet.
  await context.setOffline(true);
  const first = freshRut();
  const second = freshRut();
  await createWorkerThroughForm(page, { rut: first, nombres: 'Aurora', paterno: 'Cola' });
  await createWorkerThroughForm(page, { rut: second, nombres: 'Benjamín', paterno: 'Cola' });
  await expect(syncStatus(page)).toContainText('2 pendientes');

  // Meanwhile, at the office, the administrator resets the account (the answer to "this account was compromised").
  const reset = await call(request, adminToken, 'POST', `/api/usuarios/restablecer_contrasena/${COMPANY_ID}`, { IdUsuario: supervisor.id, ContrasenaTemporal: 'Temporal.Reset.2' });
  expect(reset).toMatchObject({ statusCode: 200 });

  // Back in signal: the tablet's session no longer opens anything; the queue waits for the person.
  await context.setOffline(false);
  await expect(syncStatus(page)).toContainText('Sesión expirada', { timeout: 20_000 });
  await syncStatus(page).click();
  await expect(page.getByRole('list', { name: 'Cambios pendientes' })).toContainText('Crear trabajador Aurora Cola');
  await expect(page.getByRole('list', { name: 'Cambios pendientes' })).toContainText('Crear trabajador Benjamín Cola');
  await expect(page.getByRole('list', { name: 'Cambios pendientes' })).toContainText('En pausa hasta iniciar sesión');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Iniciar sesión de nuevo' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: 'Rut Empresa (12345678-9)*' }).fill(COMPANY_RUT);
  await page.getByRole('textbox', { name: 'Correo Electrónico*' }).fill(supervisor.email);
  // The old password no longer works; the temporary one asks for a new password first.
  await page.getByLabel('Contraseña*', { exact: true }).fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('Credenciales Incorrectas').last()).toBeVisible();
  await page.getByLabel('Contraseña*', { exact: true }).fill('Temporal.Reset.2');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('heading', { name: 'Cambia tu contraseña' })).toBeVisible();
  await page.getByLabel('Contraseña*', { exact: true }).fill(AFTER_RESET);
  await page.getByLabel('Confirmar Contraseña*', { exact: true }).fill(AFTER_RESET);
  await page.getByRole('button', { name: /Cambiar contraseña|Guardar/ }).click();
  // The change signs the person in with a session issued after it (SPEC SE3): straight to the home, no second typing.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByLabel('Contraseña*', { exact: true })).toHaveCount(0);
  await expectAccessible(page);

  await expectAllSent(page, 30_000);
  for (const rut of [first, second]) {
    const onServer = await serverWorkersByRut(request, adminToken, rut);
    expect(onServer.total, rut).toBe(1);
  }
  expect((await serverWorkersByRut(request, adminToken, first)).data[0]).toMatchObject({ Nombres: 'Aurora', ApellidoPaterno: 'Cola' });
  expect((await serverWorkersByRut(request, adminToken, second)).data[0]).toMatchObject({ Nombres: 'Benjamín', ApellidoPaterno: 'Cola' });
});
