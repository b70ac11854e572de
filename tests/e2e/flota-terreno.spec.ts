import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { demoPhotoPng } from '#server/seed/demo-images.ts';
import { expectAccessible } from './support/accessibility.ts';
import { ADMIN, COMPANY_ID, controlledByServiceWorker, expectAllSent, SUPERVISOR, syncStatus } from './support/field-session.ts';
import { officeSession, syncNow } from './support/inspection-session.ts';
import { openSignedIn } from './support/shared-session.ts';

const TABLET = { width: 800, height: 1280 };
const DESKTOP = { width: 1280, height: 800 };

/** A Chile date `days` from today: as the API keeps it and as the screens type it. */
function chileDay(days: number): { wire: string; typed: string } {
  const wire = new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Santiago' });
  return { wire, typed: wire.split('-').reverse().join('/') };
}

/** One of the office's writes through the API, as the app sends it. */
async function write(request: APIRequestContext, token: string, path: string, data: Record<string, unknown>): Promise<void> {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() }, data });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The office's pickup at Faena Los Andes: its type asks a SOAP and a maintenance every 10.000 km; its SOAP expired
 * ten days ago (not fit to operate) and its odometer read 52.000 km yesterday.
 */
async function pickupWithExpiredSoap(request: APIRequestContext): Promise<{ id: string; plate: string }> {
  const { token } = await officeSession(request, ADMIN);
  const levels = await request.get(`/api/niveles/${COMPANY_ID}`, { headers: { Authorization: `Bearer ${token}` } });
  const worksite = ((await levels.json()) as { data: { IdNivel: string; Nombre: string; TipoNivel: number }[] }).data.find(
    (level) => level.TipoNivel === 2 && level.Nombre === 'Faena Los Andes',
  )!;
  const suffix = randomUUID().slice(0, 4).toUpperCase();
  const type = randomUUID();
  await write(request, token, '/api/tipos-vehiculo', {
    IdTipoVehiculo: type,
    Nombre: `Camioneta de prueba ${suffix}`,
    Medidor: 'km',
    Certificaciones: [
      { Clase: 'soap', VigenciaMeses: 12, Obligatoria: 1, IntervaloLectura: null },
      { Clase: 'mantencion', VigenciaMeses: 6, Obligatoria: 1, IntervaloLectura: 10_000 },
    ],
  });
  const id = randomUUID();
  const plate = `TT${suffix.replace(/[^A-Z0-9]/g, '9')}`;
  await write(request, token, '/api/vehiculos', { IdVehiculo: id, Patente: plate, IdTipoVehiculo: type, IdNivel2: worksite.IdNivel, Marca: 'Toyota', Modelo: 'Hilux' });
  const certificate = (Clase: string, FechaEmision: string, FechaVencimiento: string, LecturaVencimiento: number | null) =>
    write(request, token, '/api/vehiculos/certificaciones', { IdCertificacion: randomUUID(), IdActivo: id, Clase, FechaEmision, FechaVencimiento, LecturaVencimiento });
  await certificate('soap', chileDay(-375).wire, chileDay(-10).wire, null);
  await certificate('mantencion', chileDay(-30).wire, chileDay(150).wire, 60_000);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString();
  await write(request, token, '/api/vehiculos/lecturas', { IdLectura: randomUUID(), IdActivo: id, Fecha: yesterday, Valor: 52_000, Motivo: '' });
  return { id, plate };
}

test('Fleet: offline at the worksite, a supervisor corrects a mistyped odometer reading with its reason and attaches the renewed SOAP’s photo; back online the office sees the pickup fit to operate again', async ({ browser, page }) => {
  const pickup = await pickupWithExpiredSoap(page.request);
  const detail = `/vehiculos/detalles/${pickup.id}`;

  // The supervisor's tablet holds the pickup: not fit to operate, because of its SOAP.
  await page.setViewportSize(TABLET);
  await openSignedIn(page, SUPERVISOR);
  await expectAllSent(page);
  await syncNow(page);
  await page.goto(detail);
  await expect(page.getByRole('heading', { name: pickup.plate, level: 1 })).toBeVisible({ timeout: 30_000 });
  const fitness = page.getByRole('region', { name: 'Aptitud para operar' });
  await expect(fitness.getByRole('status')).toHaveText('Aptitud para operar: No apto');
  await expect(fitness).toContainText(`SOAP: vencida el ${chileDay(-10).typed}`);
  await expectAccessible(page);

  // No signal. A reading lower than yesterday's 52.000 km asks why before it is kept.
  await controlledByServiceWorker(page);
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Registrar lectura' }).click();
  const reading = page.getByRole('dialog', { name: 'Registrar lectura' });
  await reading.getByRole('textbox', { name: /^Valor \(km\)/ }).fill('5200');
  await expect(reading.getByText('La lectura es menor que la última registrada: indica el motivo de la corrección')).toBeVisible();
  await expectAccessible(page);
  await reading.getByRole('button', { name: 'Guardar lectura' }).click();
  await expect(reading).toBeVisible();
  await reading.getByRole('textbox', { name: /^Motivo de la corrección/ }).fill('El odómetro se leyó mal ayer: eran 5.150 km');
  await reading.getByRole('button', { name: 'Guardar lectura' }).click();
  await expect(reading).toBeHidden();
  const latestReading = page.getByRole('region', { name: 'Lecturas' }).getByRole('listitem').first();
  await expect(latestReading).toContainText('5.200 km');
  await expect(latestReading).toContainText('Corrección: El odómetro se leyó mal ayer: eran 5.150 km');
  await expect(latestReading).toContainText('Pendiente de enviar');

  // The renewed SOAP, photographed at the worksite, still without signal.
  await page.getByRole('button', { name: 'Agregar certificación' }).click();
  const certificate = page.getByRole('dialog', { name: 'Agregar certificación' });
  await certificate.getByRole('combobox', { name: /^Certificación/ }).selectOption({ label: 'SOAP' });
  await certificate.getByRole('textbox', { name: /^Fecha de emisión/ }).fill(chileDay(0).typed);
  await certificate.getByRole('textbox', { name: /^Fecha de vencimiento/ }).fill(chileDay(364).typed);
  await certificate.getByLabel('Foto o PDF del certificado').setInputFiles({ name: 'soap.png', mimeType: 'image/png', buffer: demoPhotoPng(38) });
  // The photo joins the certificate's files and the picker empties for another one.
  await expect(certificate.getByRole('button', { name: 'Quitar soap.png' })).toBeVisible();
  await expectAccessible(page);
  await certificate.getByRole('button', { name: 'Guardar certificación' }).click();
  await expect(certificate).toBeHidden();
  await expect(fitness.getByRole('status')).toHaveText('Aptitud para operar: Apto');
  await expect(syncStatus(page)).toContainText('Sin conexión');

  // Back online: both writes reach the server once, and the office sees the pickup fit again.
  await page.context().setOffline(false);
  await expectAllSent(page);
  const office = await browser.newPage({ viewport: DESKTOP });
  await openSignedIn(office, ADMIN);
  await syncNow(office);
  await office.goto(detail);
  await expect(office.getByRole('region', { name: 'Aptitud para operar' }).getByRole('status')).toHaveText('Aptitud para operar: Apto', { timeout: 30_000 });
  const officeReading = office.getByRole('region', { name: 'Lecturas' }).getByRole('listitem').first();
  await expect(officeReading).toContainText('Corrección: El odómetro se leyó mal ayer');
  await expect(officeReading).toContainText('Jorge Araya');
  await expectAccessible(office);

  const { token } = await officeSession(office.request, ADMIN);
  const answer = await office.request.get(`/api/vehiculos/aptitud/${pickup.id}/${COMPANY_ID}`, { headers: { Authorization: `Bearer ${token}` } });
  const aptitude = ((await answer.json()) as { data: { Apto: number; Lectura: number } }).data;
  expect(aptitude).toMatchObject({ Apto: 1, Lectura: 5_200 });
  const listed = await office.request.get(`/api/vehiculos/lecturas/all/${COMPANY_ID}`, { headers: { Authorization: `Bearer ${token}` } });
  const stored = ((await listed.json()) as { data: { IdActivo: string; Valor: number; Motivo: string }[] }).data;
  const ofPickup = stored.filter((row) => row.IdActivo === pickup.id);
  expect(ofPickup.map((row) => [row.Valor, row.Motivo])).toEqual([
    [52_000, ''],
    [5_200, 'El odómetro se leyó mal ayer: eran 5.150 km'],
  ]);
  await office.close();
});
