import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { expectAccessible } from './support/accessibility.ts';
import {
  apiToken,
  controlledByServiceWorker,
  localWorkerByRut,
  openWorkers,
  serverWorker,
  type ServerWorker,
  sha256Hex,
  SUPERVISOR,
  syncStatus,
  expectAllSent,
} from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';

type FileRef = { Sha256: string; Tipo: string };
type WorkerWithChildren = ServerWorker & {
  licencias: { IdLicencia: string; Clase: string; FechaVencimiento: string; Estado: number; Archivos: FileRef[] }[];
  evidencias: { IdEvidencia: string; Nombre: string; Archivo: FileRef; Fecha: string }[];
};

// A 1x1 PNG (the evidence photo) and a small PDF unique to this run (the scanned licence).
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const LICENCE_PDF = Buffer.from(`%PDF-1.4\n% licencia ${Date.now()}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

const todayInChile = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** The sha256 of what a link on the page opens (a device copy is a blob: URL only the page can read). */
function linkedSha(page: Page, name: string): Promise<string> {
  return page.getByRole('link', { name }).evaluate(async (link: HTMLAnchorElement) => {
    const bytes = await (await fetch(link.href)).arrayBuffer();
    const digest = await crypto.subtle.digest('SHA-256', bytes);
    return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  });
}

test('CF5/FL1: offline, a licence with its file and an evidence photo are added to a worker, survive a reload and reach the server with the same bytes', async ({
  page,
  context,
}) => {
  await openSignedIn(page, SUPERVISOR);
  await controlledByServiceWorker(page);
  await openWorkers(page);

  await context.setOffline(true);
  await expect(syncStatus(page)).toContainText('Sin conexión');

  await page.getByRole('searchbox', { name: 'Buscar por RUT o nombre' }).fill('María Muñoz');
  await page.getByRole('link', { name: /Muñoz Martínez, María/ }).click();
  await expect(page.getByRole('heading', { name: 'María Muñoz Martínez', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Licencias de conducir del trabajador' })).toHaveCount(0);
  const rut = (await page.getByRole('definition').first().textContent())!.replace(/\./g, '');
  const before = (await localWorkerByRut(page, rut))!;

  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar trabajador', level: 1 })).toBeVisible();

  const licences = page.getByRole('group', { name: 'Agregar licencia' });
  await licences.getByRole('combobox', { name: 'Clase de licencia*' }).selectOption('B');
  await licences.getByRole('textbox', { name: 'Vencimiento de la licencia*' }).fill('31/03/2028');
  await licences.getByLabel('Archivo de la licencia (PDF o imagen)').setInputFiles({ name: 'licencia.pdf', mimeType: 'application/pdf', buffer: LICENCE_PDF });
  await expect(licences.getByText('Archivo listo: licencia.pdf')).toBeVisible();
  await licences.getByRole('button', { name: 'Agregar licencia' }).click();
  await expect(page.getByRole('table', { name: 'Licencias de conducir del trabajador' }).getByRole('row', { name: /B 31\/03\/2028 1/ })).toBeVisible();

  const evidence = page.getByRole('group', { name: 'Agregar evidencia' });
  // The evidence day defaults to today in Chile.
  await expect(evidence.getByRole('textbox', { name: 'Fecha de la evidencia*' })).toHaveValue(formatDisplayDate(todayInChile()));
  await evidence.getByRole('textbox', { name: 'Nombre de la evidencia*' }).fill('Charla de seguridad');
  await evidence.getByLabel('Foto o PDF de la evidencia*').setInputFiles({ name: 'charla.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(evidence.getByText('Archivo listo: charla.png')).toBeVisible();
  await evidence.getByRole('button', { name: 'Agregar evidencia' }).click();
  await expect(page.getByRole('table', { name: 'Evidencias del trabajador' }).getByRole('row', { name: /Charla de seguridad/ })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Trabajador actualizado correctamente/).last()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'María Muñoz Martínez', level: 1 })).toBeVisible();

  const saved = (await localWorkerByRut(page, rut)) as WorkerWithChildren;
  expect(saved.licencias).toHaveLength(1);
  expect(saved.evidencias).toHaveLength(1);
  const licenceSha = saved.licencias[0]!.Archivos[0]!.Sha256;
  const photoSha = saved.evidencias[0]!.Archivo.Sha256;
  expect(licenceSha).toBe(sha256Hex(LICENCE_PDF));
  expect(photoSha).toBe(sha256Hex(PHOTO));

  // The page is reloaded without a connection: the worker's new children and their files come from the device.
  await page.reload();
  await expect(syncStatus(page)).toContainText('1 pendiente');
  await expect(page.getByRole('heading', { name: 'María Muñoz Martínez', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Licencias de conducir del trabajador' })).toContainText('31/03/2028');
  await expect(page.getByRole('link', { name: 'Ver licencia clase B' })).toHaveAttribute('href', /^blob:/);
  await expect(page.getByRole('link', { name: 'Ver evidencia Charla de seguridad' })).toHaveAttribute('href', /^blob:/);
  expect(await linkedSha(page, 'Ver licencia clase B')).toBe(licenceSha);
  expect(await linkedSha(page, 'Ver evidencia Charla de seguridad')).toBe(photoSha);
  await expectAccessible(page);

  await context.setOffline(false);
  await expectAllSent(page, 20_000);
  // Once sent, the device copy is gone and the links use the server's signed addresses.
  await expect(page.getByRole('link', { name: 'Ver evidencia Charla de seguridad' })).toHaveAttribute('href', /^\/api\/files\//);
  expect(await linkedSha(page, 'Ver evidencia Charla de seguridad')).toBe(photoSha);
  expect(await linkedSha(page, 'Ver licencia clase B')).toBe(licenceSha);
  await expectAccessible(page);

  const token = await apiToken(page.request);
  const stored = (await serverWorker(page.request, token, before.IdPersona)) as WorkerWithChildren;
  expect(stored.Version).toBe(before.Version + 1);
  expect(stored.licencias).toEqual([expect.objectContaining({ IdLicencia: saved.licencias[0]!.IdLicencia, Clase: 'B', FechaVencimiento: '2028-03-31', Estado: 1 })]);
  expect(stored.licencias[0]!.Archivos).toEqual([{ Sha256: licenceSha, Tipo: 'application/pdf' }]);
  expect(stored.evidencias).toEqual([
    { IdEvidencia: saved.evidencias[0]!.IdEvidencia, Nombre: 'Charla de seguridad', Fecha: todayInChile(), Archivo: { Sha256: photoSha, Tipo: 'image/png' } },
  ]);
  for (const [sha, type] of [
    [licenceSha, 'application/pdf'],
    [photoSha, 'image/png'],
  ] as const) {
    const file = await page.request.get(stored.Urls![sha]!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe(type);
    expect(sha256Hex(await file.body())).toBe(sha);
  }
});
