import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import { ADMIN, apiToken, controlledByServiceWorker, openWorkers, serverWorker, expectAllSent } from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';

test.use({ viewport: { width: 1280, height: 800 }, actionTimeout: 15_000 });

const NEW_CERTIFICATION = 'Trabajo en espacios confinados';

async function openCatalogue(page: Page, name: string): Promise<void> {
  const group = page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: /Ajustes/ });
  if ((await group.getAttribute('aria-pressed')) !== 'true') await group.click();
  await page.getByRole('navigation', { name: 'Menú Ajustes' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

function certificationRows(page: Page) {
  return page.getByRole('list', { name: 'Lista de certificaciones' }).getByRole('listitem');
}

test('a catalogue on the record kit works offline: create with its rules, export CSV, delete several, sync once, and workers choose from it', async ({
  page,
  context,
}) => {
  await openSignedIn(page, ADMIN);
  await controlledByServiceWorker(page);
  await expectAllSent(page);

  await context.setOffline(true);
  await openCatalogue(page, 'Certificaciones');
  // The demo's six, and the two its fleet asks of forklift operators.
  await expect(certificationRows(page)).toHaveCount(8);
  await expectAccessible(page);

  // A new certification, refused by its rule until its validity agrees with its expiry.
  await page.getByRole('link', { name: 'Nueva certificación' }).click();
  await expect(page.getByRole('heading', { name: 'Nueva certificación', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nombre*' }).fill(NEW_CERTIFICATION);
  await page.getByRole('textbox', { name: 'Organismo emisor' }).fill('Mutual de Seguridad');
  await page.getByRole('checkbox', { name: 'Vence' }).check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Una certificación que vence necesita su vigencia en meses')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('spinbutton', { name: 'Vigencia en meses (0: indefinida)*' }).fill('24');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Certificación creada correctamente/).last()).toBeVisible();
  await expect(page.getByRole('heading', { name: NEW_CERTIFICATION, level: 1 })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '24 meses' })).toBeVisible();
  await expectAccessible(page);

  // The list shows it pending; the export is what Excel in Chile opens as columns.
  await page.getByRole('link', { name: 'Certificaciones', exact: true }).first().click();
  await expect(certificationRows(page)).toHaveCount(9);
  await expect(certificationRows(page).filter({ hasText: NEW_CERTIFICATION })).toContainText('Pendiente');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('certificaciones.csv');
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv.slice(1).split('\r\n')[0]).toBe('Nombre;Organismo emisor;Vence;Vigencia en meses (0: indefinida)');
  expect(csv).toContain(`${NEW_CERTIFICATION};Mutual de Seguridad;Sí;24 meses\r\n`);
  expect(csv.trim().split('\r\n')).toHaveLength(10);

  // Two at once, after confirming, with the plural notice.
  await page.getByRole('checkbox', { name: 'Seleccionar Rigger' }).check();
  await page.getByRole('checkbox', { name: 'Seleccionar Manejo de extintores' }).check();
  await page.getByRole('button', { name: 'Eliminar seleccionados (2)' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Eliminar certificaciones' });
  await expect(dialog).toContainText('¿Eliminar 2 certificaciones?');
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(/Certificaciones eliminadas correctamente/).last()).toBeVisible();
  await expect(certificationRows(page)).toHaveCount(7);
  await expectAccessible(page);

  // Back online, the writes reach the server once each.
  await context.setOffline(false);
  await expectAllSent(page);
  const token = await apiToken(page.request);
  const headers = { Authorization: `Bearer ${token}` };
  const onServer = (await (await page.request.get('/api/certificaciones', { headers })).json()) as {
    data: { IdCertificacion: string; Nombre: string; Version: number; VigenciaMeses: number }[];
  };
  expect(onServer.data.map((row) => row.Nombre).sort()).toEqual(
    [
      'Autorización interna: grúa horquilla',
      'Examen psicosensotécnico',
      'Instalador eléctrico clase D',
      'Operador de grúa horquilla',
      'Primeros auxilios',
      NEW_CERTIFICATION,
      'Trabajo en altura física',
    ].sort(),
  );
  const created = onServer.data.find((row) => row.Nombre === NEW_CERTIFICATION)!;
  expect(created).toMatchObject({ Version: 1, VigenciaMeses: 24 });

  // A worker's new certification is chosen from the catalogue, and keeps its name.
  await openWorkers(page);
  await page.getByRole('searchbox', { name: 'Buscar por RUT o nombre' }).fill('María Muñoz');
  await page.getByRole('link', { name: /Muñoz Martínez, María/ }).click();
  await expect(page.getByRole('heading', { name: 'María Muñoz Martínez', level: 1 })).toBeVisible();
  const workerId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await page.getByRole('link', { name: 'Editar' }).click();
  const certifications = page.getByRole('group', { name: 'Agregar certificación' });
  await certifications
    .getByRole('combobox', { name: 'Certificación*' })
    .selectOption({ label: `${NEW_CERTIFICATION} (Mutual de Seguridad)` });
  await certifications.getByRole('textbox', { name: 'Fecha de vencimiento*' }).fill('30/11/2028');
  await certifications.getByRole('button', { name: 'Agregar certificación' }).click();
  await expect(
    page.getByRole('table', { name: 'Certificaciones del trabajador' }).getByRole('row', { name: new RegExp(NEW_CERTIFICATION) }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Trabajador actualizado correctamente/).last()).toBeVisible();
  await expectAllSent(page);
  const worker = (await serverWorker(page.request, token, workerId)) as unknown as {
    certificaciones: { Nombre: string; IdCertificacionCatalogo: string | null }[];
  };
  expect(worker.certificaciones).toContainEqual(
    expect.objectContaining({ Nombre: NEW_CERTIFICATION, IdCertificacionCatalogo: created.IdCertificacion }),
  );
});
