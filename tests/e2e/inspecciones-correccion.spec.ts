import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { formatDisplayDate, toWireDate } from '#sync/domain/dates.ts';
import { demoSignaturePng } from '#server/seed/demo-images.ts';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import { ADMIN, controlledByServiceWorker, expectAllSent, syncStatus } from './support/field-session.ts';
import { createServerTemplate, INSPECTIONS_API, officeSession, readPdf, serverInspection } from './support/inspection-session.ts';
import { openSignedIn } from './support/shared-session.ts';

test.use({ viewport: { width: 1280, height: 800 }, actionTimeout: 15_000 });

const STATEMENTS = ['Extintor señalizado', 'Vías de evacuación despejadas', 'Botiquín completo'];

/** A finished inspection sent by a supervisor's tablet: the second statement fails, its observation already answered. */
async function finishedInspection(request: APIRequestContext, token: string, place: string) {
  const auth = { Authorization: `Bearer ${token}` };
  const IdFormulario = await createServerTemplate(request, token, `Orden y aseo ${place}`, STATEMENTS);
  const png = Buffer.from(demoSignaturePng(Date.now() % 1000));
  const sha = createHash('sha256').update(png).digest('hex');
  expect((await request.put(`/api/files/${sha}`, { headers: { ...auth, 'Content-Type': 'image/png' }, data: png })).status()).toBeLessThan(300);
  const fecha = toWireDate(new Date());
  const IdEvaluacion = randomUUID();
  const observationId = randomUUID();
  const created = await request.post(INSPECTIONS_API, {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: {
      IdEvaluacion,
      IdFormulario,
      VersionFormulario: 1,
      Fecha: fecha,
      Lugar: place,
      Supervisor: 'Jorge Araya Rojas',
      EquipoTrabajo: 'Cuadrilla de aseo',
      Observados: [],
      Encabezado: {},
      Respuestas: STATEMENTS.map((_, index) => ({ IdEnunciado: `e${index + 1}`, Respuesta: index === 1 ? 2 : 1 })),
      Observaciones: [
        { IdObservacion: observationId, TipoObs: 'Checklist', IdEnunciado: 'e2', Observacion: 'Pallets en la vía', Responsable: 'Patricio Fuentes', Plazo: fecha },
      ],
      Firmas: [{ IdFirma: randomUUID(), Rol: 'Ejecutor', Nombre: 'Jorge Araya Rojas', Archivo: { Sha256: sha, Tipo: 'image/png' }, FirmadoEn: `${fecha}T12:00:00.000Z` }],
      IniciadaEn: `${fecha}T11:00:00.000Z`,
      FinalizadaEn: `${fecha}T12:00:00.000Z`,
    },
  });
  expect(created.status()).toBe(200);
  const answered = await request.post(`${INSPECTIONS_API}/${observationId}`, {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: { IdRespuesta: randomUUID(), Texto: 'Se despejó la vía' },
  });
  expect(answered.status()).toBe(200);
  return IdEvaluacion;
}

test('an office user corrects a finished inspection: the answered one is locked, the grade is redone, the PDF says «Corregida»', async ({ page, context }) => {
  const office = await officeSession(page.request);
  const place = `Bodega ${Date.now()}`;
  const id = await finishedInspection(page.request, office.token, place);
  await openSignedIn(page, ADMIN);
  await controlledByServiceWorker(page);
  await expectAllSent(page);
  await page.goto(`/inspecciones/detalles/${id}`);
  await expect(page.getByRole('heading', { name: `Orden y aseo ${place}`, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Corregir' }).click();
  await expect(page.getByRole('heading', { name: 'Corregir inspección', level: 1 })).toBeVisible();

  // The second statement's observation was answered: its answer stays as it was and says why.
  const locked = page.getByRole('group', { name: `Respuesta de «${STATEMENTS[1]}»` });
  await expect(locked.getByRole('button', { name: 'Cumple', exact: true })).toBeDisabled();
  await expect(page.getByText('No se puede corregir: su observación ya fue respondida.')).toBeVisible();
  await expectAccessible(page);

  // Nothing changed yet: nothing is sent.
  await page.getByRole('button', { name: 'Guardar corrección' }).click();
  await expect(page.getByText('La corrección no cambia nada de la inspección')).toBeVisible();

  // The office's connection drops while it corrects: the correction is kept on the device and sent when it returns.
  await context.setOffline(true);
  await expect(syncStatus(page)).toContainText('Sin conexión');
  // The place, and the kit found incomplete: No cumple asks for its observation, by the rules of finishing.
  await page.getByRole('textbox', { name: 'Lugar*' }).fill(`${place} norte`);
  await page.getByRole('group', { name: `Respuesta de «${STATEMENTS[2]}»` }).getByRole('button', { name: 'No cumple' }).click();
  const observation = page.getByRole('group', { name: `Observación de «${STATEMENTS[2]}»` });
  await expect(observation).toBeVisible();
  await page.getByRole('button', { name: 'Guardar corrección' }).click();
  for (const message of ['El texto de la observación es requerido', 'El responsable es requerido', 'El plazo es requerido'])
    await expect(observation.getByText(message)).toBeVisible();
  await expect(page).toHaveURL(/\/inspecciones\/corregir\//);
  await expectAccessible(page);
  await observation.getByRole('textbox', { name: `Observación de «${STATEMENTS[2]}»*` }).fill('Faltan vendas y suero');
  await observation.getByRole('button', { name: 'Asignarme' }).click();
  await observation.getByRole('button', { name: '7 días' }).click();
  await page.getByRole('button', { name: 'Guardar corrección' }).click();

  // Offline, the detail shows the correction at once, graded again; the PDF drawn here already says it.
  await expect(page).toHaveURL(new RegExp(`/inspecciones/detalles/${id}$`));
  await expect(page.getByText(`${place} norte`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Resultado' })).toContainText('33,3');
  await expect(syncStatus(page)).toContainText('1 pendiente');
  await page.getByRole('link', { name: 'Ver PDF' }).click();
  const download = page.getByRole('button', { name: 'Descargar PDF' }).or(page.getByRole('link', { name: 'Descargar PDF' }));
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const { text } = readPdf(fs.readFileSync(await file.path()));
  expect(text).toContain(`Corregida el ${formatDisplayDate(toWireDate(new Date()))} por`);
  expect(text).toContain(`Lugar: de «${place}» a «${place} norte»`);
  expect(text).toContain(`${STATEMENTS[2]}: de «Cumple» a «No cumple»`);

  // Back online: the correction reaches the server once, and its copy brings the new observation.
  await page.goBack();
  await context.setOffline(false);
  await expectAllSent(page);
  await expect(page.getByText('Faltan vendas y suero')).toBeVisible();
  await expectAccessible(page);
  const stored = await serverInspection(page.request, office.token, id);
  expect(stored.data).toMatchObject({ Lugar: `${place} norte`, Porcentaje: 33.3 });
  expect(stored.observaciones.map((row) => row.Observacion).sort()).toEqual(['Faltan vendas y suero', 'Pallets en la vía']);
  const history = (await (await page.request.get(`${INSPECTIONS_API}/${id}`, { headers: { Authorization: `Bearer ${office.token}` } })).json()) as {
    correcciones: unknown[];
  };
  expect(history.correcciones).toHaveLength(1);
});
