import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import { ADMIN, apiToken, controlledByServiceWorker, localRows, SUPERVISOR, syncStatus, expectAllSent } from './support/field-session.ts';
import { openSignedIn, type SharedAccount } from './support/shared-session.ts';
import {
  createServerTemplate,
  drawOn,
  openSection,
  serverInspection,
  serverInspectionsAt,
  serverInspectionStatus,
  serverObservations,
  serverTemplate,
  serverTemplateVersion,
  syncNow,
} from './support/inspection-session.ts';

test.use({ actionTimeout: 15_000 });

const DESKTOP = { width: 1440, height: 900 };
const TABLET = { width: 1280, height: 800 };

/** A signed-in page in a browser context of its own: the office at its desk, the supervisor on a tablet. */
async function signedIn(browser: Browser, viewport: typeof DESKTOP, correo: SharedAccount): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await openSignedIn(page, correo);
  await expectAllSent(page);
  return page;
}

function statements(page: Page) {
  return page.getByRole('group', { name: /^\d+\. / });
}

async function answer(page: Page, index: number, label: 'Cumple' | 'No cumple'): Promise<void> {
  const button = statements(page).nth(index).getByRole('group', { name: 'Respuesta' }).getByRole('button', { name: label, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

async function fillObservation(page: Page, index: number, text: string): Promise<void> {
  const observation = statements(page).nth(index).getByRole('group', { name: 'Observación' });
  await observation.getByRole('textbox', { name: 'Observación*' }).fill(text);
  await observation.getByRole('textbox', { name: 'Responsable*' }).fill('Jefe de bodega');
  await observation.getByRole('button', { name: '7 días' }).click();
}

/** The executor (the supervisor, named already) signs and the inspection is finished; ends on its detail. */
async function signAndFinish(page: Page): Promise<string> {
  await drawOn(page, page.getByRole('img', { name: /^Firma del ejecutor/ }));
  await page.getByRole('button', { name: 'Guardar firma del ejecutor' }).click();
  await expect(page.getByRole('button', { name: /^Eliminar firma de / })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Finalizar inspección' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Finalizar' }).click();
  await expect(page).toHaveURL(/\/inspecciones\/detalles\//);
  return decodeURIComponent(page.url().split('/').pop()!);
}

/** On /inspecciones/nuevo: finds the template by a word of its name, picks it and fills the header; returns the chosen-template card. */
async function startInspection(
  page: Page,
  search: string,
  templateButton: string,
  place: string,
  headerFields: Record<string, string> = {},
): Promise<Locator> {
  await expect(page.getByRole('heading', { name: 'Nueva inspección', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar formulario' }).fill(search);
  await page.getByRole('button', { name: templateButton, exact: true }).click();
  const chosen = page.getByRole('region', { name: '1. Formulario' });
  await page.getByRole('textbox', { name: 'Lugar*' }).fill(place);
  await page.getByRole('textbox', { name: 'Equipo de trabajo' }).fill('Cuadrilla de mantención B');
  for (const [label, value] of Object.entries(headerFields)) await page.getByRole('textbox', { name: label }).fill(value);
  return chosen;
}

/** The value shown next to a term of a record's data (a `dt` and its `dd`). */
function fieldValue(scope: Locator, term: string): Locator {
  return scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

function inspectionCountStatus(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: /^[\d.]+ inspecci(ón|ones)$/ });
}

/** How many inspections the list says the device has. */
async function inspectionCount(page: Page): Promise<number> {
  const text = (await inspectionCountStatus(page).textContent()) ?? '';
  const count = Number(text.replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);
  return count;
}

/**
 * The list's count and the device's inspections at one moment: journeys running alongside add inspections of the
 * company, which reach this device too; what a deletion must do is take one away from what the device had.
 */
async function inspectionsListed(page: Page): Promise<{ count: number; ids: Set<string> }> {
  return { count: await inspectionCount(page), ids: new Set(await localRows<string>(page, 'inspecciones', 'keys')) };
}

/** The count after a deletion, leaving out the inspections that arrived since `before`. */
async function countWithoutArrivals(page: Page, before: Set<string>): Promise<number> {
  const now = await inspectionsListed(page);
  return now.count - [...now.ids].filter((id) => !before.has(id)).length;
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('a template built in the editor is edited to version 2 while a tablet fills version 1 offline: that inspection ends on version 1, the next starts ' +
  'on version 2', async ({
  browser,
}) => {
  const stamp = Date.now();
  const name = `Andamios móviles ${stamp}`;
  const place = `Nave de secado ${stamp}`;
  const FIRST_V1 = 'Las ruedas del andamio tienen freno y están bloqueadas';
  const FIRST_V2 = 'Las cuatro ruedas del andamio tienen freno y están bloqueadas antes de subir';
  const SECOND = 'Las barandas de la plataforma están completas';
  const ADDED = 'El andamio está a más de 3 m de toda línea eléctrica';
  const SUBQUESTION = 'Código del andamio';
  const HEADER_FIELD = 'N° de permiso de trabajo';

  // The office builds the template in the editor.
  const desk = await signedIn(browser, DESKTOP, ADMIN);
  await expectAccessible(desk);
  await openSection(desk, 'Ajustes', 'Formularios');
  await expectAccessible(desk);
  await desk.getByRole('link', { name: 'Nuevo formulario de inspección' }).click();
  await expect(desk.getByRole('heading', { name: 'Nuevo formulario de inspección', level: 1 })).toBeVisible();
  await desk.getByRole('textbox', { name: 'Nombre del formulario*' }).fill(name);
  await desk.getByRole('button', { name: 'Agregar campo de encabezado' }).click();
  await desk.getByRole('textbox', { name: 'Etiqueta del campo 1*' }).fill(HEADER_FIELD);
  await desk.getByRole('checkbox', { name: 'Requerido (campo 1)' }).check();
  await desk.getByRole('textbox', { name: 'Nombre del ítem 1*' }).fill('Estructura y entorno');
  await desk.getByRole('textbox', { name: 'Texto del enunciado 1.1*' }).fill(FIRST_V1);
  await desk.getByRole('textbox', { name: 'Ponderación del enunciado 1.1*' }).fill('3');
  await desk.getByRole('button', { name: 'Agregar enunciado al ítem 1' }).click();
  await desk.getByRole('textbox', { name: 'Texto del enunciado 1.2*' }).fill(SECOND);
  await desk.getByRole('textbox', { name: 'Ponderación del enunciado 1.2*' }).fill('2');
  await desk.getByRole('button', { name: 'Agregar subpregunta al enunciado 1.2' }).click();
  await desk.getByRole('textbox', { name: 'Subpregunta 1 del enunciado 1.2*' }).fill(SUBQUESTION);
  await expect(desk.getByRole('status').filter({ hasText: 'suma de ponderaciones' })).toHaveText(
    '1 ítem · 2 enunciados · suma de ponderaciones 5',
  );
  await expectAccessible(desk);
  await desk.getByRole('button', { name: 'Guardar' }).click();

  await expect(desk.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(desk).toHaveURL(/\/formularios\/inspeccion\/detalles\//);
  const templateId = decodeURIComponent(desk.url().split('/').pop()!);
  await expect(fieldValue(desk.getByRole('region', { name: 'Datos' }), 'Versión')).toHaveText('1');
  await expect(desk.getByRole('region', { name: 'Encabezado' }).getByRole('table', { name: 'Campos del encabezado' })).toContainText(
    HEADER_FIELD,
  );
  const items = desk.getByRole('region', { name: 'Ítems y enunciados' });
  await expect(items.getByRole('listitem').filter({ hasText: `1. ${FIRST_V1}` })).toContainText('Ponderación 3');
  await expect(items.getByRole('list', { name: 'Subpreguntas del enunciado 2' })).toHaveText(SUBQUESTION);
  await expectAccessible(desk);
  await openSection(desk, 'Ajustes', 'Formularios');
  await desk.getByRole('searchbox', { name: 'Buscar por nombre' }).fill(String(stamp));
  const listed = desk.getByRole('list', { name: 'Lista de formularios' }).getByRole('link');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(name);
  await expect(listed).toContainText('2 enunciados');
  await expect(listed).toContainText('Versión 1');
  await expectAccessible(desk);

  const token = await apiToken(desk.request, ADMIN);
  await expect.poll(async () => (await serverTemplate(desk.request, token, templateId))?.VersionFormulario, { timeout: 30_000 }).toBe(1);
  const created = (await serverTemplate(desk.request, token, templateId))!;
  expect(created).toMatchObject({ Nombre: name, Estado: 1 });
  expect(created.Contenido.CamposEncabezado).toEqual([expect.objectContaining({ Etiqueta: HEADER_FIELD, Requerido: true })]);
  expect(created.Contenido.Items[0]!.Enunciados.map((e) => [e.Texto, e.Ponderacion, e.Subpreguntas.map((sub) => sub.Texto)])).toEqual([
    [FIRST_V1, 3, []],
    [SECOND, 2, [SUBQUESTION]],
  ]);

  // The supervisor syncs, loses the signal, starts on version 1 and answers one statement.
  const tablet = await signedIn(browser, TABLET, SUPERVISOR);
  await controlledByServiceWorker(tablet);
  await expectAllSent(tablet);
  await tablet.context().setOffline(true);
  await expect(syncStatus(tablet)).toContainText('Sin conexión');
  await expectAccessible(tablet);
  await tablet.getByRole('link', { name: 'Nueva inspección' }).first().click();
  const chosen = await startInspection(tablet, String(stamp), `${name} 2 enunciados`, place, { [`${HEADER_FIELD}*`]: 'PT-2026-204' });
  await expect(chosen).toContainText('versión 1');
  await expectAccessible(tablet);
  await tablet.getByRole('button', { name: 'Comenzar inspección' }).click();
  await expect(tablet.getByText('Versión 1 del formulario · 2 enunciados')).toBeVisible();
  await expect(statements(tablet)).toHaveCount(2);
  await expect(statements(tablet).first()).toHaveAccessibleName(`1. ${FIRST_V1}`);
  await answer(tablet, 0, 'No cumple');
  await fillObservation(tablet, 0, 'Rueda trasera sin freno');
  const progress = tablet.getByRole('region', { name: 'Avance de la inspección' });
  await expect(progress).toContainText('1 de 2 respondidas');
  await expectAccessible(tablet);

  // Meanwhile the office edits the template: one statement reworded, one added. That is version 2.
  await listed.click();
  await desk.getByRole('link', { name: 'Editar' }).click();
  await expect(desk.getByText(/Estás editando la versión 1\./)).toBeVisible();
  await desk.getByRole('textbox', { name: 'Texto del enunciado 1.1*' }).fill(FIRST_V2);
  await desk.getByRole('button', { name: 'Agregar enunciado al ítem 1' }).click();
  await desk.getByRole('textbox', { name: 'Texto del enunciado 1.3*' }).fill(ADDED);
  await expectAccessible(desk);
  await desk.getByRole('button', { name: 'Guardar' }).click();
  await expect(desk.getByText('Formulario editado correctamente').first()).toBeVisible();
  await expect(fieldValue(desk.getByRole('region', { name: 'Datos' }), 'Versión')).toHaveText('2');
  await expect(items).toContainText(`3. ${ADDED}`);
  await expectAccessible(desk);
  await expect.poll(async () => (await serverTemplate(desk.request, token, templateId))?.VersionFormulario, { timeout: 30_000 }).toBe(2);
  const textsOf = (template: { Contenido: { Items: { Enunciados: { Texto: string }[] }[] } }) =>
    template.Contenido.Items.flatMap((item) => item.Enunciados.map((e) => e.Texto));
  expect(textsOf((await serverTemplate(desk.request, token, templateId))!)).toEqual([FIRST_V2, SECOND, ADDED]);
  expect(textsOf(await serverTemplateVersion(desk.request, token, templateId, 1))).toEqual([FIRST_V1, SECOND]);

  // Back online, the tablet syncs: version 2 is on the device (3 statements offered for new inspections)…
  await tablet.context().setOffline(false);
  await syncNow(tablet);
  await expectAllSent(tablet);
  await openSection(tablet, 'Módulos', 'Inspecciones');
  await tablet.getByRole('link', { name: 'Nueva inspección' }).click();
  await tablet.getByRole('searchbox', { name: 'Buscar formulario' }).fill(String(stamp));
  await expect(tablet.getByRole('button', { name: `${name} 3 enunciados`, exact: true })).toBeVisible();
  await expectAccessible(tablet);

  // …and the draft still holds version 1: the old wording, no new statement, its answer and observation.
  await openSection(tablet, 'Módulos', 'Inspecciones');
  await expect(tablet.getByRole('region', { name: 'En curso en este dispositivo' })).toContainText(place);
  await expectAccessible(tablet);
  await tablet.getByRole('link', { name: 'Continuar' }).click();
  await expect(tablet.getByText('Versión 1 del formulario · 2 enunciados')).toBeVisible();
  await expect(statements(tablet)).toHaveCount(2);
  await expect(statements(tablet).first()).toHaveAccessibleName(`1. ${FIRST_V1}`);
  await expect(tablet.getByText(FIRST_V2)).toHaveCount(0);
  await expect(tablet.getByText(ADDED)).toHaveCount(0);
  await expect(statements(tablet).first().getByRole('button', { name: 'No cumple', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(statements(tablet).first().getByRole('textbox', { name: 'Observación*' })).toHaveValue('Rueda trasera sin freno');

  // The supervisor finishes it; the server takes it on version 1 with version 1's wording.
  await answer(tablet, 1, 'Cumple');
  await statements(tablet).nth(1).getByRole('textbox', { name: SUBQUESTION }).fill('AND-07');
  await expect(progress).toContainText('2 de 2 respondidas');
  const inspectionId = await signAndFinish(tablet);
  await expect(fieldValue(tablet.getByRole('region', { name: 'Datos' }), 'Formulario')).toHaveText(`${name} (versión 1)`);
  const answers = tablet.getByRole('region', { name: 'Respuestas' });
  await expect(answers).toContainText(`1. ${FIRST_V1}`);
  await expect(answers).not.toContainText(ADDED);
  await expectAccessible(tablet);
  await expectAllSent(tablet);
  await expect
    .poll(async () => (await serverInspectionsAt(tablet.request, token, place)).map((row) => row.IdEvaluacion), { timeout: 30_000 })
    .toEqual([inspectionId]);
  const stored = await serverInspection(tablet.request, token, inspectionId);
  expect(stored.data).toMatchObject({ IdFormulario: templateId, VersionFormulario: 1 });
  expect(stored.data.Respuestas.map((row) => [row.IdEnunciado, row.Respuesta])).toEqual([
    [created.Contenido.Items[0]!.Enunciados[0]!.IdEnunciado, 2],
    [created.Contenido.Items[0]!.Enunciados[1]!.IdEnunciado, 1],
  ]);
  expect(stored.observaciones.map((row) => [row.Enunciado, row.Observacion])).toEqual([[FIRST_V1, 'Rueda trasera sin freno']]);

  // An inspection started now is on version 2.
  await openSection(tablet, 'Módulos', 'Inspecciones');
  await tablet.getByRole('link', { name: 'Nueva inspección' }).click();
  const next = await startInspection(tablet, String(stamp), `${name} 3 enunciados`, `${place} (2)`, {
    [`${HEADER_FIELD}*`]: 'PT-2026-205',
  });
  await expect(next).toContainText('versión 2');
  await tablet.getByRole('button', { name: 'Comenzar inspección' }).click();
  await expect(tablet.getByText('Versión 2 del formulario · 3 enunciados')).toBeVisible();
  await expect(statements(tablet)).toHaveCount(3);
  await expect(statements(tablet).first()).toHaveAccessibleName(`1. ${FIRST_V2}`);
  await expect(statements(tablet).nth(2)).toHaveAccessibleName(`3. ${ADDED}`);
  await expectAccessible(tablet);

  await desk.context().close();
  await tablet.context().close();
});

test('the office duplicates a template into "Copia de …" and retires the original: after a sync the tablet offers only the copy', async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const name = `Escaleras portátiles ${stamp}`;
  const token = await apiToken(request, ADMIN);
  const templateId = await createServerTemplate(request, token, name, [
    'Los peldaños están sin daños',
    'La escalera se apoya en una superficie firme',
  ]);
  const original = (await serverTemplate(request, token, templateId))!;

  const desk = await signedIn(browser, DESKTOP, ADMIN);
  await openSection(desk, 'Ajustes', 'Formularios');
  await desk.getByRole('searchbox', { name: 'Buscar por nombre' }).fill(String(stamp));
  await expectAccessible(desk);
  await desk.getByRole('link', { name: new RegExp(`^${escaped(name)}`) }).click();
  await expect(desk.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expectAccessible(desk);
  await desk.getByRole('button', { name: 'Duplicar' }).click();
  await expect(desk.getByRole('heading', { name: `Copia de ${name}`, level: 1 })).toBeVisible();
  const copyId = decodeURIComponent(desk.url().split('/').pop()!);
  expect(copyId).not.toBe(templateId);
  await expect(desk.getByRole('region', { name: 'Ítems y enunciados' })).toContainText('1. Los peldaños están sin daños');
  await expect(fieldValue(desk.getByRole('region', { name: 'Datos' }), 'Versión')).toHaveText('1');
  await expectAccessible(desk);
  await expect.poll(async () => (await serverTemplate(desk.request, token, copyId))?.Nombre, { timeout: 30_000 }).toBe(`Copia de ${name}`);
  const copy = (await serverTemplate(desk.request, token, copyId))!;
  expect(copy).toMatchObject({ Estado: 1, VersionFormulario: 1 });
  expect(copy.Contenido).toEqual(original.Contenido);

  // The supervisor's tablet offers both.
  const tablet = await signedIn(browser, TABLET, SUPERVISOR);
  await tablet.getByRole('link', { name: 'Nueva inspección' }).first().click();
  await tablet.getByRole('searchbox', { name: 'Buscar formulario' }).fill(String(stamp));
  const originalChoice = tablet.getByRole('button', { name: `${name} 2 enunciados`, exact: true });
  const copyChoice = tablet.getByRole('button', { name: `Copia de ${name} 2 enunciados`, exact: true });
  await expect(originalChoice).toBeVisible();
  await expect(copyChoice).toBeVisible();
  await expectAccessible(tablet);

  // The office retires the original, after confirming.
  await openSection(desk, 'Ajustes', 'Formularios');
  await desk.getByRole('searchbox', { name: 'Buscar por nombre' }).fill(String(stamp));
  await expect(desk.getByRole('list', { name: 'Lista de formularios' }).getByRole('link')).toHaveCount(2);
  await desk.getByRole('link', { name: new RegExp(`^${escaped(name)}`) }).click();
  await desk.getByRole('button', { name: 'Retirar' }).click();
  const dialog = desk.getByRole('alertdialog');
  await expect(dialog).toContainText('¿Retirar el formulario?');
  await expectAccessible(desk);
  await dialog.getByRole('button', { name: 'Retirar' }).click();
  await expect(desk.getByText('Formulario retirado correctamente').first()).toBeVisible();
  await expect(desk.getByRole('heading', { name: 'Formularios', level: 1 })).toBeVisible();
  await desk.getByRole('searchbox', { name: 'Buscar por nombre' }).fill(String(stamp));
  await expect(desk.getByRole('list', { name: 'Lista de formularios' }).getByRole('link')).toHaveCount(1);
  await expect(desk.getByRole('list', { name: 'Lista de formularios' }).getByRole('link')).toContainText(`Copia de ${name}`);
  await expectAccessible(desk);
  await expect.poll(async () => (await serverTemplate(desk.request, token, templateId))?.Estado, { timeout: 30_000 }).toBe(0);
  expect((await serverTemplate(desk.request, token, copyId))?.Estado).toBe(1);

  // After a sync the tablet no longer offers the retired template; the copy stays.
  await syncNow(tablet);
  await expect(originalChoice).toHaveCount(0);
  await expect(copyChoice).toBeVisible();
  await expectAccessible(tablet);

  await desk.context().close();
  await tablet.context().close();
});

test('the office deletes an observation and then its inspection, each after a cancelled first try: the server drops them and the tablet stops listing ' +
  'them after a sync', async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const name = `Extintores ${stamp}`;
  const place = `Bodega de combustibles ${stamp}`;
  const DROPPED = `Extintor sin señalética ${stamp}`;
  const KEPT = `Extintor con presión baja ${stamp}`;
  const token = await apiToken(request, ADMIN);
  await createServerTemplate(request, token, name, ['El extintor está señalizado', 'El manómetro está en la zona verde']);

  // The supervisor finishes an inspection with two observations; it reaches the server.
  const tablet = await signedIn(browser, TABLET, SUPERVISOR);
  await tablet.getByRole('link', { name: 'Nueva inspección' }).first().click();
  await startInspection(tablet, String(stamp), `${name} 2 enunciados`, place);
  await expectAccessible(tablet);
  await tablet.getByRole('button', { name: 'Comenzar inspección' }).click();
  await answer(tablet, 0, 'No cumple');
  await fillObservation(tablet, 0, DROPPED);
  await answer(tablet, 1, 'No cumple');
  await fillObservation(tablet, 1, KEPT);
  const inspectionId = await signAndFinish(tablet);
  await expect(tablet.getByRole('region', { name: 'Observaciones' }).getByRole('listitem').filter({ hasText: DROPPED })).toBeVisible();
  await expectAccessible(tablet);
  await expectAllSent(tablet);
  await expect
    .poll(async () => (await serverObservations(request, token)).filter((row) => row.IdEvaluacion === inspectionId).length, {
      timeout: 30_000,
    })
    .toBe(2);
  const droppedId = (await serverObservations(request, token)).find((row) => row.Observacion === DROPPED)!.IdObservacion;

  // The tablet lists both observations.
  await openSection(tablet, 'Módulos', 'Observaciones');
  const tabletDropped = tablet.getByRole('link', { name: new RegExp(DROPPED) });
  const tabletKept = tablet.getByRole('link', { name: new RegExp(KEPT) });
  await expect(tabletDropped).toBeVisible();
  await expect(tabletKept).toBeVisible();

  // The office opens one observation: "Eliminar", cancelled once, then confirmed.
  const desk = await signedIn(browser, DESKTOP, ADMIN);
  await openSection(desk, 'Módulos', 'Observaciones');
  await desk.getByRole('link', { name: new RegExp(DROPPED) }).click();
  await expect(desk).toHaveURL(new RegExp(`/observaciones/detalles/${droppedId}$`));
  await expect(desk.getByRole('heading', { name: 'Observación', level: 1 })).toBeVisible();
  await expectAccessible(desk);
  await desk.getByRole('button', { name: 'Eliminar' }).click();
  await expect(desk.getByRole('alertdialog')).toContainText('¿Eliminar la observación?');
  await expectAccessible(desk);
  await desk.getByRole('alertdialog').getByRole('button', { name: 'Cancelar' }).click();
  await expect(desk.getByRole('alertdialog')).toBeHidden();
  await expect(desk).toHaveURL(new RegExp(`/observaciones/detalles/${droppedId}$`));
  await expect(desk.getByRole('region', { name: DROPPED })).toBeVisible();
  expect((await serverObservations(request, token)).map((row) => row.IdObservacion)).toContain(droppedId);
  await desk.getByRole('button', { name: 'Eliminar' }).click();
  await desk.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(desk.getByText('Observación eliminada correctamente').first()).toBeVisible();
  await expect(desk.getByRole('heading', { name: 'Observaciones', level: 1 })).toBeVisible();
  await expect(desk.getByRole('link', { name: new RegExp(KEPT) })).toBeVisible();
  await expect(desk.getByRole('link', { name: new RegExp(DROPPED) })).toHaveCount(0);
  await expectAccessible(desk);
  await expect
    .poll(
      async () =>
        (await serverObservations(request, token)).filter((row) => row.IdEvaluacion === inspectionId).map((row) => row.Observacion),
      { timeout: 30_000 },
    )
    .toEqual([KEPT]);

  await syncNow(tablet);
  await expect(tabletDropped).toHaveCount(0);
  await expect(tabletKept).toBeVisible();
  await expectAccessible(tablet);
  await openSection(tablet, 'Módulos', 'Inspecciones');
  await expect(tablet.getByRole('link', { name: new RegExp(place) })).toBeVisible();
  const onTablet = await inspectionsListed(tablet);
  await openSection(tablet, 'Módulos', 'Observaciones');
  await expect(tabletKept).toBeVisible();

  // The office deletes the inspection from its detail, the same way.
  await openSection(desk, 'Módulos', 'Inspecciones');
  await expect(desk.getByRole('link', { name: new RegExp(place) })).toBeVisible();
  const atOffice = await inspectionsListed(desk);
  await desk.getByRole('link', { name: new RegExp(place) }).click();
  await expect(desk.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expectAccessible(desk);
  await desk.getByRole('button', { name: 'Eliminar' }).click();
  await expect(desk.getByRole('alertdialog')).toContainText('¿Eliminar la inspección?');
  await desk.getByRole('alertdialog').getByRole('button', { name: 'Cancelar' }).click();
  await expect(desk.getByRole('alertdialog')).toBeHidden();
  await expect(desk.getByRole('heading', { name, level: 1 })).toBeVisible();
  expect(await serverInspectionStatus(request, token, inspectionId)).toBe(200);
  await desk.getByRole('button', { name: 'Eliminar' }).click();
  await desk.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(desk.getByText('Inspección eliminada correctamente').first()).toBeVisible();
  await expect(desk.getByRole('heading', { name: 'Inspecciones', level: 1 })).toBeVisible();
  await expect.poll(() => countWithoutArrivals(desk, atOffice.ids)).toBe(atOffice.count - 1);
  await expect(desk.getByRole('link', { name: new RegExp(place) })).toHaveCount(0);
  await expectAccessible(desk);
  await expect.poll(() => serverInspectionStatus(request, token, inspectionId), { timeout: 30_000 }).toBe(404);
  expect(await serverInspectionsAt(request, token, place)).toEqual([]);
  expect((await serverObservations(request, token)).filter((row) => row.IdEvaluacion === inspectionId)).toEqual([]);

  // The tablet, after a sync, lists neither the inspection nor its remaining observation.
  await syncNow(tablet);
  await expect(tabletKept).toHaveCount(0);
  await openSection(tablet, 'Módulos', 'Inspecciones');
  await expect.poll(() => countWithoutArrivals(tablet, onTablet.ids)).toBe(onTablet.count - 1);
  await expect(tablet.getByRole('link', { name: new RegExp(place) })).toHaveCount(0);
  await expectAccessible(tablet);

  await desk.context().close();
  await tablet.context().close();
});
