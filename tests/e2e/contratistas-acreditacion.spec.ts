import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import type { Acreditacion } from '#sync/schemas/contratistas-acreditaciones.schema.ts';
import { demoPhotoPng } from '#server/seed/demo-images.ts';
import { expectAccessible } from './support/accessibility.ts';
import { ADMIN, apiToken, COMPANY_ID, controlledByServiceWorker, expectAllSent, signIn, syncStatus } from './support/field-session.ts';
import { syncNow } from './support/inspection-session.ts';
import { openSignedIn } from './support/shared-session.ts';

const CONTRACTOR = 'contratista@andesdemo.cl';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const WORKER_DOCUMENTS = ['Contrato de trabajo', 'Examen preocupacional', 'Inducción de seguridad (ODI)'];

/** A Chile date `days` from today, `years` back, as the screens type it (DD/MM/AAAA) and as the API keeps it. */
function chileDay(days: number, years = 0): { typed: string; wire: string } {
  const wire = new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Santiago' });
  const shifted = `${Number(wire.slice(0, 4)) - years}${wire.slice(4)}`;
  return { wire: shifted, typed: shifted.split('-').reverse().join('/') };
}

async function openFollowUp(page: Page): Promise<void> {
  await page.goto('/seguimiento-requisitos');
  await expect(page.getByRole('heading', { name: 'Seguimiento de Requisitos', level: 1 })).toBeVisible();
}

async function tab(page: Page, label: 'Pendientes' | 'Subidos' | 'En revisión' | 'Rechazados' | 'Aprobados'): Promise<Locator> {
  await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  return page.getByRole('list', { name: `Documentos ${label.toLocaleLowerCase('es')}` });
}

const card = (list: Locator, requirement: string, worker: string) => list.locator(':scope > li').filter({ hasText: requirement }).filter({ hasText: worker });

/** The contractor's upload of one document of the worker, from the phone. */
async function upload(page: Page, list: Locator, requirement: string, worker: string, issued: string, seed: number): Promise<void> {
  await card(list, requirement, worker).getByRole('button', { name: /^Subir documento/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Subir documento' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: `${requirement}.png`, mimeType: 'image/png', buffer: demoPhotoPng(seed) });
  await expect(dialog.getByText(/Archivo listo/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Fecha de emisión*' }).fill(issued);
  await dialog.getByRole('button', { name: 'Subir documento' }).click();
  await expect(page.getByText('Documento subido con éxito').first()).toBeVisible();
}

test('Contractor accreditation: a contractor uploads a worker’s documents from a phone (the last without signal), the office rejects one with its reason, the contractor uploads it again, the office approves, and the worker is accredited until the earliest due date', async ({ browser, page }) => {
  const token = await apiToken(page.request, ADMIN);
  const answer = await page.request.get(`/api/gestion-contratista/acreditacion/${COMPANY_ID}`, { headers: { Authorization: `Bearer ${token}` } });
  const waiting = ((await answer.json()) as { data: Acreditacion[] }).data.find((row) => row.Motivos.length === 3 && row.Motivos.every((reason) => reason.endsWith('pendiente de subir')))!;
  const worker = waiting.NombrePersona;
  // The examination was issued almost a year ago: it is the first document to fall due, in five days.
  const examIssued = chileDay(5, 1);
  const dueDay = chileDay(5);

  // The contractor, on a phone: the three documents of the worker, pending.
  await page.setViewportSize(PHONE);
  await signIn(page, CONTRACTOR);
  await openFollowUp(page);
  await controlledByServiceWorker(page);
  const pending = await tab(page, 'Pendientes');
  await expect(card(pending, 'Examen preocupacional', worker)).toBeVisible();
  await expectAccessible(page);
  for (const [index, requirement] of WORKER_DOCUMENTS.entries()) {
    // The last one without signal: it waits on the phone, file and all, until the connection is back.
    if (index === WORKER_DOCUMENTS.length - 1) await page.context().setOffline(true);
    const issued = requirement === 'Examen preocupacional' ? examIssued.typed : chileDay(0).typed;
    await upload(page, pending, requirement, worker, issued, 80 + index);
  }
  await expect(syncStatus(page)).toContainText('Sin conexión');
  await expect(card(await tab(page, 'Subidos'), WORKER_DOCUMENTS.at(-1)!, worker)).toContainText('Pendiente de sincronizar');
  await page.context().setOffline(false);
  await expectAllSent(page);

  // The office, at a desktop: takes the three for review, rejects the examination with its reason, approves the others.
  const office = await browser.newPage({ viewport: DESKTOP });
  await openSignedIn(office, ADMIN);
  await openFollowUp(office);
  const uploaded = await tab(office, 'Subidos');
  for (const requirement of WORKER_DOCUMENTS) {
    await expect(card(uploaded, requirement, worker)).toBeVisible({ timeout: 30_000 });
    await card(uploaded, requirement, worker).getByRole('button', { name: /^Revisar/ }).click();
    await expect(office.getByText('Documento enviado a revisión').first()).toBeVisible();
  }
  const inReview = await tab(office, 'En revisión');
  // The office reads the examination before deciding: its link opens the image the phone uploaded.
  const examLink = card(inReview, 'Examen preocupacional', worker).getByRole('link', { name: /^Ver documento de Examen preocupacional/ });
  await expect(examLink).toHaveAttribute('href', /^\/api\/files\//);
  const opened = await office.request.get((await examLink.getAttribute('href'))!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toMatch(/^(image\/|application\/pdf)/);
  await card(inReview, 'Examen preocupacional', worker).getByRole('button', { name: /^Rechazar/ }).click();
  const reject = office.getByRole('dialog', { name: 'Rechazar documento' });
  await expectAccessible(office);
  await reject.getByRole('combobox', { name: 'Motivo del rechazo*' }).selectOption({ label: 'Documento incompleto' });
  await reject.getByRole('textbox', { name: 'Comentario' }).fill('Falta la hoja con la firma del médico');
  await reject.getByRole('button', { name: 'Rechazar' }).click();
  await expect(office.getByText('Documento rechazado').first()).toBeVisible();
  for (const requirement of ['Contrato de trabajo', 'Inducción de seguridad (ODI)']) {
    await card(inReview, requirement, worker).getByRole('button', { name: /^Aprobar/ }).click();
    await office.getByRole('dialog', { name: 'Aprobar documento' }).getByRole('button', { name: 'Aprobar' }).click();
    await expect(office.getByText('Documento aprobado con éxito').first()).toBeVisible();
  }
  await expectAllSent(office);

  // The contractor sees why, and uploads the examination again.
  await syncNow(page);
  const rejected = await tab(page, 'Rechazados');
  await expect(card(rejected, 'Examen preocupacional', worker)).toContainText('Motivo del rechazo: Documento incompleto', { timeout: 30_000 });
  await expect(card(rejected, 'Examen preocupacional', worker)).toContainText('Falta la hoja con la firma del médico');
  await expectAccessible(page);
  await upload(page, rejected, 'Examen preocupacional', worker, examIssued.typed, 90);
  await expectAllSent(page);

  // The office approves it: the worker is accredited until the examination falls due, with its warning.
  await syncNow(office);
  const again = await tab(office, 'Subidos');
  await expect(card(again, 'Examen preocupacional', worker)).toBeVisible({ timeout: 30_000 });
  await card(again, 'Examen preocupacional', worker).getByRole('button', { name: /^Revisar/ }).click();
  await card(await tab(office, 'En revisión'), 'Examen preocupacional', worker).getByRole('button', { name: /^Aprobar/ }).click();
  await office.getByRole('dialog', { name: 'Aprobar documento' }).getByRole('button', { name: 'Aprobar' }).click();
  await expectAllSent(office);
  await syncNow(office);
  const accreditation = office.getByRole('list', { name: 'Acreditación de trabajadores' }).locator(':scope > li').filter({ hasText: worker });
  await expect(accreditation).toContainText(`Acreditado hasta el ${dueDay.typed}`, { timeout: 30_000 });
  const approved = await tab(office, 'Aprobados');
  await expect(card(approved, 'Examen preocupacional', worker)).toContainText('Vence en 7 días o menos');
  await expectAccessible(office);

  // What needs someone now: the examination falling due. The contract shows its compliance and who may enter.
  await office.goto('/seguimiento-requisitos/informe');
  await expect(office.getByRole('heading', { name: 'Documentos por vencer y rechazados', level: 1 })).toBeVisible();
  const examRow = office.getByRole('row').filter({ hasText: 'Examen preocupacional' }).filter({ hasText: worker });
  await expect(examRow).toContainText('Por vencer');
  await expectAccessible(office);
  await office.goto('/contratos');
  await office.getByRole('link', { name: /Mantención eléctrica Planta Norte/ }).click();
  await expect(office.getByRole('heading', { name: /Cumplimiento del contrato: [\d,]+ %/ })).toBeVisible();
  await expect(office.getByText(`${worker}: acreditado hasta el ${dueDay.typed}`)).toBeVisible();
  await expectAccessible(office);

  const stored = `/api/gestion-contratista/acreditacion/${COMPANY_ID}/${waiting.IdAcreditacion}`;
  const server = await page.request.get(stored, { headers: { Authorization: `Bearer ${token}` } });
  const kept = ((await server.json()) as { data: Acreditacion }).data;
  expect(kept).toMatchObject({ Acreditado: 1, AcreditadoHasta: dueDay.wire, Motivos: [] });
  await office.close();
});
