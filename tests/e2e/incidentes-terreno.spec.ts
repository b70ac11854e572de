import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { demoPhotoPng } from '#server/seed/demo-images.ts';
import { expectAccessible } from './support/accessibility.ts';
import {
  ADMIN,
  apiToken,
  COMPANY_ID,
  controlledByServiceWorker,
  sha256Hex,
  SUPERVISOR,
  syncStatus,
  expectAllSent,
} from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';
import { cameraPhoto, deviceFileHashes, drawOn, readPdf } from './support/inspection-session.ts';
import { PHONE, SCREENS } from './support/field-layout.ts';

test.use({ viewport: { width: 1280, height: 800 }, actionTimeout: 15_000 });

const INJURED = 'Pedro Rojas Muñoz';
const CAUSE = 'Falta de conocimiento';
const ACT = 'No usar el equipo de protección personal';
const MEASURE = 'Cinta antideslizante en la escala';

interface ServerCase {
  IdEvaluacion: string;
  Lugar: string;
  Estado: number;
  Gravedad: string;
  SuspensionFaenaEn: string | null;
  AvisoInspeccionEn: string | null;
  Evidencias: { Archivo: { Sha256: string } }[];
  FirmaInformador: { Sha256: string } | null;
}

async function serverCases(page: Page, token: string, lugar: string): Promise<ServerCase[]> {
  const response = await page.request.get(`/api/accidentes/registro-accidentes/${COMPANY_ID}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ServerCase[] }).data.filter((row) => row.Lugar === lugar);
}

/** Starts a report of `classification` from the home and fills stage 1 with the roster's worker. */
async function startReport(page: Page, classification: string, place: string): Promise<void> {
  await page.getByRole('link', { name: 'Reportar incidente' }).first().click();
  await expect(page.getByRole('heading', { name: 'Reportar incidente', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: classification }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Comenzar reporte' }).click();
  await expect(page.getByRole('heading', { name: /^Reporte de incidente N° \d{14}$/, level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Lugar*' }).fill(place);
  await page.getByRole('combobox', { name: 'Tipo de evento*' }).selectOption({ label: 'Caída al mismo nivel' });
  await page.getByRole('searchbox', { name: 'Buscar al accidentado en la nómina' }).fill('Pedro Rojas');
  await page
    .getByRole('list', { name: 'Resultados de buscar al accidentado en la nómina' })
    .getByRole('button', { name: new RegExp(INJURED) })
    .click();
  // Ionic keeps the home (with earlier cases of this worker) hidden in its page stack: only what shows counts.
  await expect(page.getByText(INJURED, { exact: false }).filter({ visible: true }).first()).toBeVisible();
}

/** A stage-1 report as a supervisor's tablet sends it: two photos and the reporter's signature uploaded first. */
async function fieldReport(request: APIRequestContext, token: string): Promise<{ reportId: string; place: string }> {
  const headers = { Authorization: `Bearer ${token}` };
  const upload = async (bytes: Buffer) => {
    const sha = sha256Hex(bytes);
    const response = await request.put(`/api/files/${sha}`, { headers: { ...headers, 'Content-Type': 'image/png' }, data: bytes });
    expect(response.status()).toBeLessThan(300);
    return { Sha256: sha, Tipo: 'image/png' as const };
  };
  const [photoA, photoB, signature] = await Promise.all([demoPhotoPng(61), demoPhotoPng(62), demoPhotoPng(63)].map(upload));
  const reportId = randomUUID();
  const place = `Losa piso 4, edificio D ${Date.now()}`;
  const now = new Date();
  const list = await request.get(`/api/accidentes/tipo-evento/${COMPANY_ID}`, { headers });
  const tipoEvento = ((await list.json()) as { data: { Id: string; Info: string }[] }).data.find(
    (row) => row.Info === 'Caída al mismo nivel',
  )!.Id;
  const created = await request.post(`/api/accidentes/registro-accidentes/nuevo/accidente/${COMPANY_ID}`, {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: {
      IdEvaluacion: reportId,
      IdAccidente: '20261121093000',
      Clasificacion: 'Accidente con tiempo perdido',
      FechaOcurrencia: now.toLocaleDateString('en-CA', { timeZone: 'America/Santiago' }),
      HoraOcurrencia: '00:05',
      Lugar: place,
      TipoEvento: tipoEvento,
      NombreAccidentado: INJURED,
      Rut: '15234567-4',
      NombreInformador: 'Jorge Araya Rojas',
      FirmaInformador: signature,
      FechaConocimiento: now.toISOString(),
      Evidencias: [photoA, photoB].map((Archivo, index) => ({
        IdEvidencia: randomUUID(),
        Nombre: `Foto ${index + 1}`,
        Archivo,
        Fecha: now.toISOString(),
      })),
    },
  });
  expect(created.status()).toBe(200);
  return { reportId, place };
}

async function signAndSend(page: Page): Promise<string> {
  await drawOn(page, page.getByRole('img', { name: /^Firma de quien reporta/ }));
  await expect(page.getByText('Firma capturada.')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(page).toHaveURL(/\/incidentes\/detalles\//);
  return decodeURIComponent(page.url().split('/').pop()!);
}

/** Signed in and synced once, then the worksite has no signal. */
async function offlineAtTheWorksite(page: Page, context: BrowserContext): Promise<void> {
  await openSignedIn(page, SUPERVISOR);
  await controlledByServiceWorker(page);
  await expectAllSent(page);
  await context.setOffline(true);
  await page.reload();
  await expect(syncStatus(page)).toContainText('Sin conexión');
  await expectAccessible(page);
}

test('at the worksite, offline: a lost-time accident with two photos, the injured worker and the signature survives a reload, starts the DIAT clock ' +
  'that counts down on the home, and reaches the server once with its files', async ({
  page,
  context,
}) => {
  const place = `Losa piso 4, edificio C ${Date.now()}`;
  await offlineAtTheWorksite(page, context);

  await startReport(page, 'Accidente con tiempo perdido', place);
  const photos = page.getByRole('group', { name: 'Fotos de la evidencia' });
  for (const seed of [21, 22]) {
    const before = await photos.getByRole('img').count();
    await photos.locator('input[type=file]').setInputFiles(await cameraPhoto(page, seed));
    await expect(photos.getByRole('img')).toHaveCount(before + 1, { timeout: 15_000 });
  }
  await expectAccessible(page);

  // A reload midway (a crash, a closed tab): the report is as it was left.
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Reporte de incidente N° \d{14}$/, level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Lugar*' })).toHaveValue(place);
  await expect(page.getByRole('combobox', { name: 'Tipo de evento*' })).toHaveValue(/.+/);
  await expect(page.getByText(INJURED).filter({ visible: true }).first()).toBeVisible();
  await expect(photos.getByRole('img')).toHaveCount(2);
  const reportId = await signAndSend(page);
  await expect(syncStatus(page)).toContainText('1 pendiente');
  await expect(page.getByRole('region', { name: 'DIAT a la mutualidad' }).getByRole('timer')).toHaveText(
    /^Quedan 2[34] h \d\d min \d\d s$/,
  );
  await expectAccessible(page);

  // The home shows the clock, offline, counting down.
  await page.getByRole('link', { name: 'Andes HSE, ir al inicio' }).click();
  const homeClock = page.getByRole('region', { name: 'DIAT por presentar' }).getByRole('timer');
  await expect(homeClock).toHaveText(/^Quedan 2[34] h \d\d min \d\d s$/);
  const secondsLeft = async () => {
    const [, hours, minutes, seconds] = /Quedan (\d+) h (\d+) min (\d+) s/.exec((await homeClock.textContent()) ?? '')!.map(Number);
    return hours! * 3600 + minutes! * 60 + seconds!;
  };
  const first = await secondsLeft();
  await expect.poll(secondsLeft, { timeout: 10_000 }).toBeLessThan(first);
  await expectAccessible(page);

  // Signal again: the report drains by itself; the server holds it once, with its files (hashes equal).
  await context.setOffline(false);
  await expectAllSent(page, 60_000);
  const token = await apiToken(page.request, ADMIN);
  const stored = await serverCases(page, token, place);
  expect(stored.map((row) => row.IdEvaluacion)).toEqual([reportId]);
  const detail = await page.request.get(`/api/accidentes/registro-accidentes/${reportId}/${COMPANY_ID}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { Urls } = (await detail.json()) as { Urls: Record<string, string> };
  const hashes = [...stored[0]!.Evidencias.map((evidence) => evidence.Archivo.Sha256), stored[0]!.FirmaInformador!.Sha256];
  expect(hashes).toHaveLength(3);
  const onDevice = new Set(await deviceFileHashes(page));
  for (const sha of hashes) {
    expect(onDevice.has(sha)).toBe(true);
    const file = await page.request.get(Urls[sha]!);
    expect(sha256Hex(await file.body())).toBe(sha);
  }
});

test('at the worksite, offline: a grave accident records the suspension of the work in one tap and drafts the notice to the authorities, which reaches ' +
  'the server', async ({
  page,
  context,
}) => {
  const place = `Andamio fachada sur ${Date.now()}`;
  await offlineAtTheWorksite(page, context);
  await startReport(page, 'Accidente con tiempo perdido', place);
  await page.getByRole('checkbox', { name: 'Caída de altura de más de 1,8 metros' }).check();
  await expect(page.getByText(/Accidente grave: suspende de inmediato/)).toBeVisible();
  await expectAccessible(page);
  const reportId = await signAndSend(page);
  const grave = page.getByRole('region', { name: 'Accidente grave: suspensión y avisos' });
  await grave.getByRole('button', { name: 'Registrar suspensión de la faena ahora' }).click();
  await expect(grave.getByText(/^Faena suspendida el \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/)).toBeVisible();
  const notice = grave.getByRole('textbox', { name: 'Borrador del aviso' });
  await expect(notice).toHaveValue(/Aviso de accidente del trabajo grave/);
  await expect(notice).toHaveValue(new RegExp(INJURED));
  await expect(notice).toHaveValue(/Caída de altura de más de 1,8 metros/);
  await expect(notice).toHaveValue(/Suspensión de la faena: \d\d\/\d\d\/\d{4}/);
  await grave.getByRole('button', { name: 'Registrar aviso a la Inspección del Trabajo' }).click();
  await expect(grave.getByText(/^Aviso dado el /)).toBeVisible();
  await expectAccessible(page);

  await context.setOffline(false);
  await expectAllSent(page, 60_000);
  const token = await apiToken(page.request, ADMIN);
  const stored = await serverCases(page, token, place);
  expect(stored).toEqual([
    expect.objectContaining({
      IdEvaluacion: reportId,
      Gravedad: 'grave',
      SuspensionFaenaEn: expect.any(String),
      AvisoInspeccionEn: expect.any(String),
    }),
  ]);
});

test('at the office: stages 2 and 3 with a control measure; closing is refused until the measure is answered and approved; the PDF shows the sections ' +
  'in order with the causes and the measure', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, ADMIN);
  const { reportId, place } = await fieldReport(request, token);
  const desk = page;
  await desk.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(desk, ADMIN);
  await expectAllSent(desk);
  await desk.goto(`/incidentes/detalles/${reportId}`);
  await expect(desk.getByRole('heading', { name: /^Accidente N° / })).toBeVisible();
  await expectAccessible(desk);
  await desk.getByRole('link', { name: 'Completar investigación' }).click();
  await expect(desk.getByRole('heading', { name: 'Completar investigación', level: 1 })).toBeVisible();
  await desk
    .getByRole('textbox', { name: 'Descripción de lo ocurrido' })
    .fill('El trabajador resbaló al bajar por la escala de la losa, que estaba mojada.');
  await desk.getByRole('checkbox', { name: ACT }).check();
  await desk.getByRole('checkbox', { name: 'Factores personales' }).check();
  await desk.getByRole('checkbox', { name: CAUSE }).check();
  await desk.getByRole('combobox', { name: 'Probabilidad' }).selectOption({ label: 'Media (2)' });
  await desk.getByRole('combobox', { name: 'Consecuencia' }).selectOption({ label: 'Dañino (2)' });
  await expect(desk.getByText('Nivel de riesgo: Moderado (4)')).toBeVisible();
  await desk.getByRole('textbox', { name: 'Medida de control' }).fill(MEASURE);
  const inAWeek = new Date(Date.now() + 7 * 86_400_000)
    .toLocaleDateString('es-CL', { timeZone: 'America/Santiago', day: '2-digit', month: '2-digit', year: 'numeric' })
    .replaceAll('-', '/');
  await desk.getByRole('textbox', { name: 'Plazo de la medida' }).fill(inAWeek);
  await desk.getByRole('textbox', { name: 'Responsable de la medida' }).fill('Carolina Muñoz Soto');
  await desk.getByRole('button', { name: 'Agregar medida de control' }).click();
  await expect(desk.getByRole('list', { name: 'Medidas de control del caso' })).toContainText(MEASURE);
  await expectAccessible(desk);
  await desk.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(desk.getByText('Accidente editado correctamente').first()).toBeVisible();

  await desk.getByRole('button', { name: 'Cerrar incidente' }).click();
  await expect(desk.getByText('No es posible cerrar el incidente: hay medidas de control sin aprobar').first()).toBeVisible();
  await desk.getByRole('list', { name: 'Medidas de control', exact: true }).getByRole('link', { name: MEASURE }).click();
  await expect(desk.getByRole('heading', { name: 'Medida de control', level: 1 })).toBeVisible();
  await expectAccessible(desk);
  await desk.getByRole('button', { name: 'Responder' }).click();
  await desk.getByRole('textbox', { name: 'Respuesta*' }).fill('Se instaló la cinta en los 14 peldaños.');
  await desk.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(desk.getByText('Respuesta registrada correctamente').first()).toBeVisible();
  await desk.getByRole('button', { name: 'Aprobar' }).click();
  await desk.getByRole('alertdialog').getByRole('button', { name: 'Aprobar' }).click();
  await expect(desk.getByText('Medida de control aprobada correctamente').first()).toBeVisible();
  await expectAccessible(desk);
  await desk
    .getByRole('link', { name: /^Accidente N° / })
    .first()
    .click();
  await desk.getByRole('button', { name: 'Cerrar incidente' }).click();
  await expect(desk.getByText('Incidente cerrado correctamente').first()).toBeVisible();
  await expectAllSent(desk);
  expect((await serverCases(desk, token, place))[0]).toMatchObject({ Estado: 2 });

  // The investigation report, made in the browser: the spec's sections in order, the causes and the measure.
  await desk.getByRole('link', { name: 'Ver PDF' }).click();
  const download = desk.getByRole('button', { name: 'Descargar PDF' }).or(desk.getByRole('link', { name: 'Descargar PDF' }));
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expectAccessible(desk);
  const [file] = await Promise.all([desk.waitForEvent('download'), download.click()]);
  const pdf = readPdf(fs.readFileSync(await file.path()));
  const order = [
    'Tipo de evento',
    'Antecedentes',
    'Personas lesionadas',
    'Daños',
    'Descripción y evidencias',
    'Análisis causal',
    'Evaluación del riesgo',
    'Medidas de control',
    'Investigadores',
    'Firma de quien reporta',
  ];
  const positions = order.map((heading) => pdf.text.indexOf(heading));
  expect(
    positions.every((position) => position >= 0),
    JSON.stringify(positions),
  ).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  expect(pdf.text).toContain(ACT);
  expect(pdf.text).toContain(CAUSE);
  expect(pdf.text).toContain(MEASURE);
  expect(pdf.text).toContain('Aprobada');
  // Two evidence photos and the reporter's signature.
  expect(pdf.images).toBe(3);
});

test('on a phone the report form keeps the screen: its send and delete bar stays one short row, also with what is missing, and both buttons within ' +
  'reach', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await openSignedIn(page, SUPERVISOR);
  await expectAllSent(page);
  await page.goto('/incidentes/nuevo');
  await page.getByRole('radio', { name: 'Accidente con tiempo perdido' }).check();
  await page.getByRole('button', { name: 'Comenzar reporte' }).click();
  await expect(page.getByRole('heading', { name: /^Reporte de incidente N° \d{14}$/, level: 1 })).toBeVisible();
  const bar = page.getByRole('group', { name: 'Enviar o eliminar el reporte' });
  const send = bar.getByRole('button', { name: 'Enviar reporte' });
  const discard = bar.getByRole('button', { name: 'Eliminar reporte' });
  const expectCompact = async (screen: string, height: number) => {
    const box = (await bar.boundingBox())!;
    expect(box.height, `${screen}: alto de la barra`).toBeLessThanOrEqual(height * 0.12);
    for (const button of [send, discard]) {
      const place = (await button.boundingBox())!;
      expect(place.y + place.height, `${screen}: botón dentro de la pantalla`).toBeLessThanOrEqual(height);
      expect(place.height, `${screen}: botón para un dedo`).toBeGreaterThanOrEqual(44);
    }
  };
  for (const [screen, size] of Object.entries(SCREENS)) {
    await page.setViewportSize(size);
    await expectCompact(screen, size.height);
  }
  await page.setViewportSize(PHONE);

  // Sent with stage 1 empty: what is missing is listed in the form; the bar only counts it and stays short.
  await send.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Antes de enviar el reporte:' })).toContainText('El lugar es requerido');
  await expect(bar).toContainText(/^Faltan \d+ datos para enviar: revisa el formulario\./);
  for (const [screen, size] of Object.entries(SCREENS)) {
    await page.setViewportSize(size);
    await expectCompact(`${screen}, con lo que falta`, size.height);
    await expectAccessible(page);
  }
  await page.setViewportSize(PHONE);
  await discard.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page).toHaveURL(/\/incidentes$/);
});

test('at the office, offline: two cases deleted while the worksite changed them are refused, and Sincronización says «Error al eliminar los ' +
  'accidentes» and, for each, «Error al eliminar el accidente»', async ({
  page,
  context,
  request,
}) => {
  const token = await apiToken(request, ADMIN);
  const cases = [await fieldReport(request, token), await fieldReport(request, token)];
  await openSignedIn(page, ADMIN);
  await controlledByServiceWorker(page);
  await expectAllSent(page);

  await context.setOffline(true);
  for (const { reportId } of cases) {
    await page.goto(`/incidentes/detalles/${reportId}`);
    await expect(page.getByRole('heading', { name: /^Accidente N° / })).toBeVisible();
    await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(page).toHaveURL(/\/incidentes$/);
  }
  // Meanwhile the worksite completes both cases: the office deleted versions that are no longer the server's.
  for (const { reportId } of cases) {
    const changed = await request.put(`/api/accidentes/registro-accidentes/${reportId}/${COMPANY_ID}`, {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
      data: { IdEvaluacion: reportId, Version: 1, Descripcion: 'El trabajador resbaló en la losa mojada.' },
    });
    expect(changed.status(), await changed.text()).toBe(200);
  }
  await context.setOffline(false);
  await expect(syncStatus(page)).toContainText('2 rechazados', { timeout: 30_000 });

  await page.goto('/sincronizacion');
  await expect(page.getByText('Error al eliminar los accidentes: el servidor rechazó 2 eliminaciones.')).toBeVisible();
  const refused = page.getByRole('list', { name: 'Cambios rechazados' });
  await expect(
    refused.getByText('Error al eliminar el accidente: El registro cambió en el servidor; tu versión quedó guardada como conflicto'),
  ).toHaveCount(2);
  await expectAccessible(page);
  for (let left = 2; left > 0; left -= 1) {
    await refused.getByRole('button', { name: 'Descartar' }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Descartar' }).click();
    await expect(refused.getByRole('listitem')).toHaveCount(left - 1);
  }
  await expect(page.getByText('El servidor no ha rechazado ningún cambio.')).toBeVisible();
  // Discarded, the cases are the server's again on this device.
  await expectAllSent(page);
});
