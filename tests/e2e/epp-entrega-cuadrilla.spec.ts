import fs from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { expectAccessible } from './support/accessibility.ts';
import {
  ADMIN,
  apiToken,
  controlledByServiceWorker,
  localRows,
  sha256Hex,
  SUPERVISOR,
  syncStatus,
  expectAllSent,
} from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';
import { drawOn, readPdf } from './support/inspection-session.ts';
import {
  type CrewWorker,
  padHasInk,
  SEEDED_CREW,
  serverActa,
  serverActaPdf,
  serverActasOfCrew,
  storedPngHasInk,
  workersOfPosition,
} from './support/epp-session.ts';
import { expectNoSidewaysOverflow, expectReachableIn, PHONE, SCREENS, scrollsSideways } from './support/field-layout.ts';

const LANDSCAPE = { width: 1024, height: 768 };
const PORTRAIT = { width: 768, height: 1024 };
test.use({ viewport: LANDSCAPE, actionTimeout: 15_000 });

const BLANK = 'La firma está en blanco: dibújala antes de continuar';
/** What the demo position "Eléctrico" must hold (server/seed/demo-epp.ts). */
const ITEMS = ['Casco de seguridad', 'Lentes de seguridad claros', 'Guantes dieléctricos clase 0', 'Zapatos de seguridad'];
const CARPENTER_ITEMS = [
  'Casco de seguridad',
  'Lentes de seguridad claros',
  'Guantes de cabritilla',
  'Zapatos de seguridad',
  'Protector auditivo tipo fono',
];

const nameOf = (worker: CrewWorker) => [worker.Nombres, worker.ApellidoPaterno, worker.ApellidoMaterno].filter(Boolean).join(' ');

function signButton(page: Page) {
  return page.getByRole('button', { name: 'Firmar y sellar acta' });
}

function workerPad(page: Page, worker: CrewWorker) {
  return page.getByRole('img', { name: new RegExp(`^Firma de ${nameOf(worker)}:`) });
}

async function signWorker(page: Page, worker: CrewWorker, signedBefore: number, total: number): Promise<void> {
  await expect(page.getByRole('heading', { name: new RegExp(`^Firma de ${nameOf(worker)}`) })).toBeVisible();
  await drawOn(page, workerPad(page, worker));
  await expect(page.getByText('Firma capturada.')).toBeVisible();
  await signButton(page).click();
  // The last signature finishes the crew at once: its count may never be on screen long enough to be seen.
  if (signedBefore + 1 < total) await expect(page.getByText(`${signedBefore + 1} de ${total} trabajadores firmaron`)).toBeVisible();
}

/**
 * Signed in and synced once (the catalogue, assignments and workers reach the device), then no signal: the app
 * reloads offline and everything after runs from the device. The product signs in online only; "offline from
 * sign-in" is everything after that first sign-in and pull.
 */
async function signInThenOffline(page: Page, context: BrowserContext): Promise<void> {
  await openSignedIn(page, SUPERVISOR);
  await controlledByServiceWorker(page);
  await expectAllSent(page);
  await context.setOffline(true);
  await page.reload();
  await expect(syncStatus(page)).toContainText('Sin conexión');
}

/** Entregas de EPP through the side navigation (Módulos, EPP, Entregados). */
async function openDeliveries(page: Page): Promise<void> {
  const modules = page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: /Módulos/ });
  if ((await modules.getAttribute('aria-pressed')) !== 'true') await modules.click();
  const menu = page.getByRole('navigation', { name: 'Menú Módulos' });
  await menu.getByRole('button', { name: 'EPP' }).click();
  await menu.getByRole('link', { name: 'Entregados' }).click();
  await expect(page.getByRole('heading', { name: 'Entregas de EPP', level: 1 })).toBeVisible();
}

type LocalActa = {
  IdEntregadosEpp: string;
  IdEntrega: string;
  IdPersona: string;
  Sello: string;
  Entregador: { Firma: { Sha256: string } };
  FirmaTrabajador: { Sha256: string };
};

test('EPP crew delivery offline: three workers sign their own sealed actas, a blank signature is refused, the crew survives a reload, and the server ' +
  'keeps exactly three actas with their signatures, seals and PDFs', async ({
  page,
  context,
}) => {
  const office = await apiToken(page.request, ADMIN);
  const crew = await workersOfPosition(page.request, office, 'Eléctrico');
  expect(crew).toHaveLength(3);
  await signInThenOffline(page, context);
  await openDeliveries(page);
  await expectAccessible(page);

  // Who receives: one worker found by RUT, then every worker of their position (the first is not repeated).
  await page.getByRole('link', { name: 'Nueva entrega' }).click();
  await page.getByRole('searchbox', { name: 'Buscar trabajador por nombre o RUT' }).fill(formatRut(crew[0]!.RunPersona));
  await page.getByRole('button', { name: new RegExp(nameOf(crew[0]!)) }).click();
  await page.getByRole('combobox', { name: 'Todos los de un cargo' }).selectOption({ label: 'Eléctrico' });
  await page.getByRole('button', { name: 'Agregar todos' }).first().click();
  await expect(page.getByRole('list', { name: 'Trabajadores elegidos' }).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('radio', { name: 'Inducción' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Comenzar entrega a 3 trabajadores' }).click();
  await expect(page).toHaveURL(/\/epp\/entregados\/editar\//);
  const crewId = decodeURIComponent(page.url().split('/').pop()!);

  // The EPP proposed from their position's assignment; sizes and a quantity per line.
  for (const [index, worker] of crew.entries()) {
    for (const item of ITEMS)
      await expect(
        page
          .getByRole('region', { name: new RegExp(nameOf(worker)) })
          .first()
          .getByRole('cell', { name: item, exact: true }),
      ).toBeVisible();
    await page
      .getByRole('combobox', { name: `Talla de Guantes dieléctricos clase 0 para ${nameOf(worker)}` })
      .selectOption(String(9 + index));
    await page.getByRole('combobox', { name: `Talla de Zapatos de seguridad para ${nameOf(worker)}` }).selectOption(String(40 + index));
  }
  await page.getByRole('spinbutton', { name: `Cantidad de Guantes dieléctricos clase 0 para ${nameOf(crew[0]!)}` }).fill('2');

  // The deliverer signs once for the crew: the signed-in user, as the session names them; nothing to type (SPEC EP7).
  const deliverer = page.getByRole('region', { name: '2. Firma de quien entrega' });
  await expect(deliverer.getByRole('radio', { name: 'Entrego yo: Jorge Araya Rojas (15.234.567-4)' })).toBeChecked();
  await expect(deliverer.getByRole('textbox')).toHaveCount(0);
  await drawOn(page, page.getByRole('img', { name: /^Firma de quien entrega/ }));
  await page.getByRole('button', { name: 'Firmar como quien entrega' }).click();
  await expect(page.getByText(/Firmó Jorge Araya Rojas/)).toBeVisible();
  await signWorker(page, crew[0]!, 0, 3);

  // The tablet reloads (a crash, a closed tab) with no signal: the half-signed crew is where it was.
  await page.reload();
  await expect(page.getByText('1 de 3 trabajadores firmaron')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Firmó Jorge Araya Rojas/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: `Talla de Zapatos de seguridad para ${nameOf(crew[1]!)}` })).toHaveValue('41');
  await expect(page.getByRole('heading', { name: new RegExp(`^Firma de ${nameOf(crew[1]!)}`) })).toBeVisible();
  await expectAccessible(page);

  // A blank signature is refused; so is a cleared one, also after the tablet turns.
  await signButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: BLANK })).toBeVisible();
  const pad = workerPad(page, crew[1]!);
  await drawOn(page, pad);
  await page.getByRole('button', { name: 'Limpiar firma' }).click();
  await page.setViewportSize(PORTRAIT);
  await expect.poll(() => padHasInk(pad)).toBe(false);
  await signButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: BLANK })).toBeVisible();
  // Drawn, then the tablet turns mid-signature: the strokes are kept and drawn again, and the signature counts.
  await drawOn(page, pad);
  await page.setViewportSize(LANDSCAPE);
  await expect.poll(() => padHasInk(pad)).toBe(true);
  await expect(page.getByText('Firma capturada.')).toBeVisible();
  await signButton(page).click();
  await expect(page.getByText('2 de 3 trabajadores firmaron')).toBeVisible();
  await signWorker(page, crew[2]!, 2, 3);

  // The last signature finishes the crew: one acta per worker, queued together.
  await expect(page.getByRole('heading', { name: 'Entrega finalizada' })).toBeVisible();
  await expect(syncStatus(page)).toContainText('3 pendientes');
  await expectAccessible(page);
  const local = await localRows<LocalActa>(page, 'epp_entregas');
  const actas = local.filter((row) => row.IdEntrega === crewId);
  expect(actas.map((row) => row.IdPersona).sort()).toEqual(crew.map((worker) => worker.IdPersona).sort());
  const second = actas.find((row) => row.IdPersona === crew[1]!.IdPersona)!;
  expect(await storedPngHasInk(page, second.FirmaTrabajador.Sha256)).toBe(true);

  // Signal again: the three actas drain by themselves.
  await context.setOffline(false);
  await expectAllSent(page);
  const onServer = await serverActasOfCrew(page.request, office, crewId);
  expect(onServer.map((row) => row.IdEntregadosEpp).sort()).toEqual(actas.map((row) => row.IdEntregadosEpp).sort());
  for (const acta of onServer) {
    const mine = actas.find((row) => row.IdEntregadosEpp === acta.IdEntregadosEpp)!;
    expect(acta.Sello).toBe(mine.Sello);
    expect(acta.RecibidoEn).not.toBeNull();
    // Sealed under version 2: the worker's roster name and the signed-in user as deliverer (SPEC EP6, EP7).
    expect(acta).toMatchObject({
      VersionSello: 2,
      NombreTrabajador: nameOf(crew.find((candidate) => candidate.IdPersona === acta.IdPersona)!),
      Entregador: { Nombre: 'Jorge Araya Rojas', Rut: '15234567-4' },
    });
    expect(acta.Entregador.IdUsuario).toEqual(expect.any(Number));
    const { Urls } = await serverActa(page.request, office, acta.IdEntregadosEpp);
    for (const signature of [acta.Entregador.Firma, acta.FirmaTrabajador]) {
      const bytes = await (await page.request.get(Urls[signature.Sha256]!)).body();
      expect(sha256Hex(bytes)).toBe(signature.Sha256);
    }
    expect([mine.Entregador.Firma.Sha256, mine.FirmaTrabajador.Sha256]).toEqual([
      acta.Entregador.Firma.Sha256,
      acta.FirmaTrabajador.Sha256,
    ]);
    const worker = crew.find((candidate) => candidate.IdPersona === acta.IdPersona)!;
    const text = readPdf(await serverActaPdf(page.request, office, acta.IdEntregadosEpp)).text;
    for (const expected of [formatRut(worker.RunPersona), ...ITEMS, 'Inducción', acta.Sello]) expect(text).toContain(expected);
  }
  expect(
    onServer.find((row) => row.IdPersona === crew[0]!.IdPersona)!.Items.find((item) => item.NombreEpp === 'Guantes dieléctricos clase 0'),
  ).toMatchObject({ Talla: '9', Cantidad: 2 });
});

test("one worker's acta, handed over by a worker of the roster, printed on the tablet with no signal shows what was signed and its seal, and its code " +
  "is verified signed out", async ({
  page,
  context,
  browser,
}) => {
  const office = await apiToken(page.request, ADMIN);
  const [worker] = await workersOfPosition(page.request, office, 'Maestro Carpintero');
  const [storekeeper] = await workersOfPosition(page.request, office, 'Eléctrico');
  await signInThenOffline(page, context);
  await openDeliveries(page);
  await page.getByRole('link', { name: 'Nueva entrega' }).click();
  await page.getByRole('searchbox', { name: 'Buscar trabajador por nombre o RUT' }).fill(worker!.Nombres);
  await page.getByRole('button', { name: new RegExp(nameOf(worker!)) }).click();
  await page.getByRole('radio', { name: 'Reposición por daño' }).check();
  await page.getByRole('button', { name: 'Comenzar entrega' }).click();
  await page.getByRole('combobox', { name: `Talla de Guantes de cabritilla para ${nameOf(worker!)}` }).selectOption('M');
  await page.getByRole('combobox', { name: `Talla de Zapatos de seguridad para ${nameOf(worker!)}` }).selectOption('42');
  // A worker of the roster hands the EPP over: found on the device by RUT, never typed (SPEC EP7).
  await page.getByRole('radio', { name: 'Un trabajador de la nómina' }).check();
  await drawOn(page, page.getByRole('img', { name: /^Firma de quien entrega/ }));
  await page.getByRole('button', { name: 'Firmar como quien entrega' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Elige quién entrega: tú o un trabajador de la nómina' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar a quien entrega por nombre o RUT' }).fill(formatRut(storekeeper!.RunPersona));
  await page.getByRole('button', { name: new RegExp(nameOf(storekeeper!)) }).click();
  await expect(page.getByText(`Entrega ${nameOf(storekeeper!)} (${formatRut(storekeeper!.RunPersona)})`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Firmar como quien entrega' }).click();
  await expect(page.getByText(new RegExp(`Firmó ${nameOf(storekeeper!)}`))).toBeVisible();
  await signWorker(page, worker!, 0, 1);
  await expect(page.getByRole('heading', { name: 'Entrega finalizada' })).toBeVisible();
  const acta = (await localRows<LocalActa>(page, 'epp_entregas')).find(
    (row) => row.IdPersona === worker!.IdPersona && row.IdEntrega === decodeURIComponent(page.url().split('/').pop()!),
  )!;

  // The acta's PDF, made in the browser offline: both signatures, the seal and the QR link to the real server.
  await page.getByRole('link', { name: `PDF del acta de ${nameOf(worker!)}` }).click();
  const download = page.getByRole('button', { name: 'Descargar PDF' }).or(page.getByRole('link', { name: 'Descargar PDF' }));
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const pdf = readPdf(fs.readFileSync(await file.path()));
  for (const text of [
    formatRut(worker!.RunPersona),
    nameOf(worker!),
    nameOf(storekeeper!),
    formatRut(storekeeper!.RunPersona),
    ...CARPENTER_ITEMS,
    'Reposición por daño',
    acta.Sello,
    `/verificar/${acta.Sello}`,
  ]) {
    expect(pdf.text).toContain(text);
  }
  expect(pdf.images).toBe(2);

  await context.setOffline(false);
  await expectAllSent(page);
  expect((await serverActa(page.request, office, acta.IdEntregadosEpp)).data).toMatchObject({
    VersionSello: 2,
    Entregador: { Nombre: nameOf(storekeeper!), Rut: storekeeper!.RunPersona, IdPersona: storekeeper!.IdPersona },
  });

  // Signed out, the code on the paper is checked on the public page; one character off is no acta.
  const visitor = await browser.newContext({ viewport: LANDSCAPE });
  const inspector = await visitor.newPage();
  await inspector.goto(`/verificar/${acta.Sello}`);
  await expect(inspector.getByText('Acta válida: el sello coincide')).toBeVisible();
  await expect(inspector).toHaveURL(new RegExp(`/verificar/${acta.Sello}$`));
  await expectAccessible(inspector);
  const changed = `${acta.Sello.slice(0, 10)}${acta.Sello[10] === 'a' ? 'b' : 'a'}${acta.Sello.slice(11)}`;
  await inspector.goto(`/verificar/${changed}`);
  await expect(inspector.getByText('No existe un acta de entrega con ese código.', { exact: false })).toBeVisible();
  await expectAccessible(inspector);
  await visitor.close();
});

test('the office annuls an acta, keeps it with its seal, and the public verification page then says it was annulled', async ({
  page,
  browser,
}) => {
  const office = await apiToken(page.request, ADMIN);
  // A delivery of the demo data, received by the server with its seal.
  const acta = (await serverActasOfCrew(page.request, office, SEEDED_CREW)).find((row) => row.Anulada === 0)!;
  const visitor = await browser.newContext({ viewport: LANDSCAPE });
  const inspector = await visitor.newPage();
  await inspector.goto(`/verificar/${acta.Sello}`);
  await expect(inspector.getByText('Acta válida: el sello coincide')).toBeVisible();
  // The code sits in its own box under its label, inside the card, at every size: one line from a tablet up, two
  // even lines on a phone (it breaks only between its halves).
  const label = inspector.getByText('Código', { exact: true });
  const code = inspector.getByText(acta.Sello, { exact: true });
  for (const [screen, size] of Object.entries(SCREENS)) {
    await inspector.setViewportSize(size);
    const [labelBox, codeBox, cardBox] = await Promise.all([
      label.boundingBox(),
      code.boundingBox(),
      inspector.locator('.public-page__card').boundingBox(),
    ]);
    expect(labelBox!.y + labelBox!.height, `${screen}: el código no tapa su etiqueta`).toBeLessThanOrEqual(codeBox!.y);
    expect(codeBox!.x + codeBox!.width, `${screen}: el código dentro de la tarjeta`).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
    const lineHeight = await code.evaluate((node) => parseFloat(getComputedStyle(node).lineHeight));
    const padding = await code.evaluate(
      (node) => parseFloat(getComputedStyle(node).paddingTop) + parseFloat(getComputedStyle(node).paddingBottom) + 2,
    );
    const lines = Math.round((codeBox!.height - padding) / lineHeight);
    expect(lines, `${screen}: líneas del código`).toBe(screen === 'teléfono' ? 2 : 1);
    if (screen === 'teléfono') expect(await code.evaluate((node) => node.textContent)).toBe(acta.Sello);
    await expectAccessible(inspector);
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, ADMIN);
  await page.goto(`/epp/entregados/detalles/${acta.IdEntregadosEpp}`);
  await expect(page.getByRole('heading', { name: `Acta de ${acta.NombreTrabajador}`, level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Sello del acta')).toHaveText(acta.Sello);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Anular acta' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Anular' }).click();
  await expect(page.getByText(/^Acta anulada el /).first()).toBeVisible();
  await expectAllSent(page);
  expect((await serverActa(page.request, office, acta.IdEntregadosEpp)).data).toMatchObject({ Anulada: 1, Sello: acta.Sello });

  await inspector.reload();
  await expect(inspector.getByText(/^Acta anulada el /)).toBeVisible();
  await expectAccessible(inspector);
  await visitor.close();
});

test("on a phone, a tablet and a desktop a crew's lines fit their card or scroll in a named region with «Quitar» whole, and every line without its " +
  "size is said before anyone signs", async ({
  page,
}) => {
  const office = await apiToken(page.request, ADMIN);
  const [worker] = await workersOfPosition(page.request, office, 'Maestro Carpintero');
  const name = nameOf(worker!);
  await page.setViewportSize(PHONE);
  await openSignedIn(page, SUPERVISOR);
  await expectAllSent(page);
  await page.goto('/epp/entregados/nuevo');
  await page.getByRole('searchbox', { name: 'Buscar trabajador por nombre o RUT' }).fill(worker!.Nombres);
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.getByRole('radio', { name: 'Reposición normal' }).check();
  await page.getByRole('button', { name: 'Comenzar entrega' }).click();
  await expect(page).toHaveURL(/\/epp\/entregados\/editar\//);

  const card = page.getByRole('region', { name: '1. Elementos por trabajador' });
  const lines = page.getByRole('region', { name: `EPP de ${name}: tabla desplazable` });
  const quitar = lines.getByRole('button', { name: `Quitar Protector auditivo tipo fono para ${name}` });
  for (const [screen, size] of Object.entries(SCREENS)) {
    await page.setViewportSize(size);
    await expect(lines).toBeVisible();
    // The card never grows past the screen: the table fits it, or scrolls inside it (on the phone).
    await expectNoSidewaysOverflow(card, `${screen}: tarjeta de los elementos`);
    expect(await scrollsSideways(lines), `${screen}: la tabla se desplaza`).toBe(screen === 'teléfono');
    await expectReachableIn(lines, quitar, `${screen}: Quitar`);
    // «Quitar» whole, never cut to «QU…».
    expect(
      await quitar.evaluate((button) => {
        const inner = button.shadowRoot?.querySelector('.button-native') ?? button;
        return inner.scrollWidth <= inner.clientWidth + 1;
      }),
      `${screen}: Quitar entero`,
    ).toBe(true);
    await expectAccessible(page);
  }
  await page.setViewportSize(PHONE);

  // Before anyone signs, beside the lines: every line without its size, named.
  const missing = 'Indica la talla de cada EPP que tiene tallas: Guantes de cabritilla y Zapatos de seguridad.';
  await expect(card.getByText(missing, { exact: true })).toBeVisible();
  await drawOn(page, page.getByRole('img', { name: /^Firma de quien entrega/ }));
  await page.getByRole('button', { name: 'Firmar como quien entrega' }).click();
  await expect(page.getByText(/Firmó Jorge Araya Rojas/)).toBeVisible();
  // The worker's button stays unavailable and says why, before a signature is drawn.
  await expect(signButton(page)).toBeDisabled();
  await expect(
    page.getByRole('region', { name: new RegExp(`^Firma de ${name}`) }).getByText(`No puede firmar aún. ${missing}`),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('combobox', { name: `Talla de Guantes de cabritilla para ${name}` }).selectOption('M');
  await expect(card.getByText('Indica la talla de cada EPP que tiene tallas: Zapatos de seguridad.', { exact: true })).toBeVisible();
  await expect(signButton(page)).toBeDisabled();
  await page.getByRole('combobox', { name: `Talla de Zapatos de seguridad para ${name}` }).selectOption('42');
  await expect(card.getByText(/^Indica la talla/)).toHaveCount(0);
  await expect(page.getByText(/^No puede firmar aún/)).toHaveCount(0);
  await expect(signButton(page)).toBeEnabled();
});
