import { createHash, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatDisplayInstant } from '#sync/domain/dates.ts';
import { GATE_MESSAGES } from '#sync/domain/gate-decision.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { ACCESO_MESSAGES } from '#sync/schemas/acceso.schema.ts';
import { demoPhotoPng } from '#server/seed/demo-images.ts';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import { ADMIN, apiToken, COMPANY_ID, controlledByServiceWorker, expectAllSent, freshRut, localRows, signIn, syncStatus, WORKERS_API } from './support/field-session.ts';

const GUARD = 'guardia@andesdemo.cl';
const CONTRACTOR = 'contratista@andesdemo.cl';
const TABLET = { width: 800, height: 1280 };
const JUAN = { rut: '11000000-6', name: 'Juan González Díaz' };
const GATE = 'Acceso norte';
const API = '/api/gestion-contratista';

/** A Chile date `days` from now, `years` back: as the API keeps it and as the screens show it. */
function chileDay(days: number, years = 0): { wire: string; shown: string } {
  const today = new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Santiago' });
  const wire = `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
  return { wire, shown: wire.split('-').reverse().join('/') };
}

class Api {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const auth = { Authorization: `Bearer ${this.token}`, ...(method === 'GET' ? {} : { 'Idempotency-Key': randomUUID() }), ...headers };
    const response = await this.request.fetch(path, { method, data, headers: auth });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
    return ((await response.json()) as { data: T }).data;
  }
}

/**
 * A contractor's electrician whose only requirement at Faena Los Andes, the pre-employment examination, was issued a
 * year ago tomorrow: accredited today and tomorrow, lapsed the day after. The office makes the contract, the contractor
 * uploads the examination, the office approves it, all through the API before the guard's tablet syncs.
 */
async function workerLapsingTomorrow(request: APIRequestContext, worksite: string): Promise<{ rut: string; name: string }> {
  const office = new Api(request, await apiToken(request, ADMIN));
  const contractor = new Api(request, await apiToken(request, CONTRACTOR));
  const demoContract = (await office.call<{ Nombre: string; RutContratista: string }[]>('GET', `${API}/contrato/${COMPANY_ID}`)).find(
    (row) => row.Nombre === 'Mantención eléctrica Planta Norte',
  )!;
  const requirements = await office.call<{ IdRequisito: string; Nombre: string }[]>('GET', `${API}/requisitos/${COMPANY_ID}`);
  const exam = requirements.find((row) => row.Nombre === 'Examen preocupacional')!.IdRequisito;
  const suffix = randomUUID().slice(0, 6);
  const worker = { IdPersona: randomUUID(), RunPersona: freshRut(), Nombres: 'Pedro', ApellidoPaterno: `Portería${suffix}`, ApellidoMaterno: 'Vera' };
  await office.call('POST', WORKERS_API, { ...worker, IdNivel2: worksite, RutContratista: demoContract.RutContratista });
  await office.call('POST', `${API}/contrato/${COMPANY_ID}`, {
    IdContrato: randomUUID(),
    Nombre: `Tendido eléctrico ${suffix}`,
    RutContratista: demoContract.RutContratista,
    FechaInicio: chileDay(-30).wire,
    FechaTermino: chileDay(200).wire,
    IdNivel2: worksite,
    Trabajadores: [worker.IdPersona],
    Requisitos: [exam],
  });
  const documents = await office.call<{ IdDocumento: string; IdPersona: string | null; IdRequisito: string }[]>('GET', `${API}/gestion-requisitos/${COMPANY_ID}`);
  const document = documents.find((row) => row.IdPersona === worker.IdPersona && row.IdRequisito === exam)!.IdDocumento;
  const bytes = demoPhotoPng(71);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const upload = await request.put(`/api/files/${sha256}`, { headers: { Authorization: `Bearer ${await apiToken(request, CONTRACTOR)}`, 'Content-Type': 'image/png' }, data: Buffer.from(bytes) });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  const documentPath = `${API}/gestion-requisitos/${COMPANY_ID}/${document}`;
  await contractor.call('POST', `${documentPath}/documento`, { Archivo: { Sha256: sha256, Tipo: 'image/png' }, FechaEmision: chileDay(1, 1).wire });
  await office.call('POST', `${documentPath}/revision`, {});
  await office.call('POST', `${documentPath}/aprobar`, {});
  const name = `Pedro ${worker.ApellidoPaterno} Vera`;
  const rows = await office.call<{ RunPersona: string; Acreditado: number; AcreditadoHasta: string }[]>('GET', `${API}/acreditacion/${COMPANY_ID}`);
  const accredited = rows.filter((row) => row.RunPersona === worker.RunPersona);
  expect(accredited).toEqual([expect.objectContaining({ Acreditado: 1, AcreditadoHasta: chileDay(1).wire })]);
  return { rut: worker.RunPersona, name };
}

/** What the guard types at the gate, and the answer card the tablet shows. */
async function check(page: Page, typed: string) {
  const input = page.getByRole('textbox', { name: 'RUT, patente o código' });
  await input.fill(typed);
  await input.press('Enter');
  const answer = page.getByRole('region', { name: /^(Puede|No puede) ingresar$/ });
  await expect(answer).toBeVisible();
  return answer;
}

/** The tablet's clock, which the journey moved two days ahead. */
const tabletNow = (page: Page) => page.evaluate(() => new Date().toISOString());

test('Gate: offline two days later, the guard lets in an accredited worker, refuses one whose accreditation lapsed and gives them a provisional pass; back online the server counts on site what the tablet counted', async ({ page }) => {
  const office = new Api(page.request, await apiToken(page.request, ADMIN));
  const levels = await office.call<{ IdNivel: string; Nombre: string }[]>('GET', `/api/niveles/${COMPANY_ID}?TipoNivel=2`);
  const losAndes = levels.find((level) => level.Nombre === 'Faena Los Andes')!.IdNivel;
  const lapsing = await workerLapsingTomorrow(page.request, losAndes);
  const accreditations = await office.call<{ RunPersona: string; IdNivel2: string; AcreditadoHasta: string }[]>('GET', `${API}/acreditacion/${COMPANY_ID}`);
  const juanUntil = accreditations.find((row) => row.RunPersona === JUAN.rut && row.IdNivel2 === losAndes)!.AcreditadoHasta;
  // The demo lets Juan in this morning when it was seeded after 07:41; another tablet of the gate logs his exit, so
  // the journey starts with him outside whatever the hour.
  const guardApi = new Api(page.request, await apiToken(page.request, GUARD));
  const exit = { Tipo: 'salida', Sujeto: 'persona', Rut: JUAN.rut, Nombre: JUAN.name, Permitido: 1, Via: '', Motivos: [] };
  const at = { IdNivel2: losAndes, Puerta: 'Portería principal', FechaDispositivo: new Date().toISOString() };
  await guardApi.call('POST', '/api/control-acceso/movimientos', { IdMovimiento: randomUUID(), ...exit, ...at });

  // The guard's tablet, with the page's clock under the test's control (installed before the app loads, at the real time).
  await page.clock.install();
  await page.setViewportSize(TABLET);
  await signIn(page, GUARD);
  await expect.poll(async () => (await localRows<{ RunPersona: string }>(page, 'acreditaciones')).some((row) => row.RunPersona === lapsing.rut), { timeout: 30_000 }).toBe(true);
  await page.goto('/control-acceso');
  await expect(page.getByRole('heading', { name: 'Control de Acceso', level: 1 })).toBeVisible();
  // First time on this tablet: which worksite and which gate (the tablet holds Los Andes only, already chosen).
  const setup = page.getByRole('form', { name: 'Portería de este dispositivo' });
  await expect(setup.getByRole('combobox', { name: 'Faena*' })).toHaveValue(losAndes);
  await setup.getByRole('button', { name: 'Guardar portería' }).click();
  await expect(setup.getByText(ACCESO_MESSAGES.gateRequired)).toBeVisible();
  await expectAccessible(page);
  await setup.getByRole('textbox', { name: 'Portería*' }).fill(GATE);
  await setup.getByRole('button', { name: 'Guardar portería' }).click();
  await expect(page.getByText(`Faena Faena Los Andes · Portería ${GATE}`)).toBeVisible();

  // No signal at the gate, and two days go by.
  await controlledByServiceWorker(page);
  await page.context().setOffline(true);
  await page.clock.fastForward('48:00:00');
  await expect(syncStatus(page)).toContainText('Sin conexión');

  // Juan is accredited until after the examination falls due: green, and his entry is logged.
  let answer = await check(page, formatRut(JUAN.rut));
  await expect(answer.getByRole('heading')).toHaveText('Puede ingresar');
  await expect(answer).toContainText(`${JUAN.name} · RUT 11.000.000-6`);
  await expect(answer).toContainText(`Acreditado hasta el ${juanUntil.split('-').reverse().join('/')}`);
  await expectAccessible(page);
  await answer.getByRole('button', { name: 'Registrar entrada' }).click();
  await expect(page.getByText(`Entrada registrada: ${JUAN.name}`)).toBeVisible();

  // The electrician's examination fell due yesterday, by the tablet's clock: red, with the reason read out.
  answer = await check(page, lapsing.rut);
  await expect(answer.getByRole('heading')).toHaveText('No puede ingresar');
  await expect(answer.getByRole('list', { name: 'Motivos' })).toHaveText(GATE_MESSAGES.lapsed(chileDay(1).wire));
  await expectAccessible(page);
  await answer.getByRole('button', { name: 'Registrar rechazo' }).click();
  await expect(page.getByText(`Rechazo registrado: ${lapsing.name}`)).toBeVisible();

  // The site manager authorises them until the end of the shift: a provisional pass, with its reason, and the entry.
  answer = await check(page, lapsing.rut);
  await answer.getByRole('button', { name: 'Pase provisorio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pase provisorio' });
  await dialog.getByRole('button', { name: 'Dar pase y registrar entrada' }).click();
  await expect(dialog.getByText(ACCESO_MESSAGES.reasonRequired)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: 'Motivo*' }).fill('Examen renovado en trámite: autoriza el jefe de faena');
  await dialog.getByRole('button', { name: 'Dar pase y registrar entrada' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Pase provisorio y entrada registrados: ${lapsing.name}`)).toBeVisible();
  answer = await check(page, lapsing.rut);
  await expect(answer.getByRole('heading')).toHaveText('Puede ingresar');
  const passText = (await answer.getByText(/^Pase provisorio hasta las /).textContent())!;
  await expect(answer.getByRole('button', { name: 'Registrar salida' })).toBeVisible();

  // Who is on site, by the tablet's log: both of them, and whoever the demo left inside past their shift.
  await page.getByRole('link', { name: 'En faena' }).click();
  const count = page.getByRole('status').filter({ hasText: 'En faena ahora' });
  await expect(count).toBeVisible();
  const people = page.getByRole('list', { name: 'Personas' });
  await expect(people.getByRole('listitem').filter({ hasText: JUAN.name })).toContainText('Entrada');
  await expect(people.getByRole('listitem').filter({ hasText: lapsing.name })).toBeVisible();
  await expect(people.getByRole('listitem').filter({ hasText: 'Fuera de turno' }).first()).toBeVisible();
  await expectAccessible(page);
  const shown = Number(/(\d+) personas?/.exec((await count.textContent())!)![1]);
  const countedAt = await tabletNow(page);

  // Back online: the four writes reach the server; its count at the same moment is the tablet's.
  await page.context().setOffline(false);
  await expectAllSent(page);
  const onSite = await guardApi.call<{ Personas: number; Filas: { Rut: string }[] }>('GET', `/api/control-acceso/en-faena/${COMPANY_ID}?IdNivel2=${losAndes}&En=${encodeURIComponent(countedAt)}`);
  expect(onSite.Personas).toBe(shown);
  expect(onSite.Filas.map((row) => row.Rut)).toEqual(expect.arrayContaining([JUAN.rut, lapsing.rut]));
  const passes = await guardApi.call<{ Rut: string; Motivo: string; Hasta: string }[]>('GET', `/api/control-acceso/pases-provisorios/${COMPANY_ID}`);
  const pass = passes.find((row) => row.Rut === lapsing.rut)!;
  expect(pass.Motivo).toBe('Examen renovado en trámite: autoriza el jefe de faena');
  const [day, time] = formatDisplayInstant(pass.Hasta).split(' ');
  expect(passText).toBe(`Pase provisorio hasta las ${time} del ${day}`);
  type Stored = { Rut: string; Permitido: number; Via: string; Motivos: string[]; Puerta: string; FechaDispositivo: string };
  const movements = await guardApi.call<Stored[]>('GET', `/api/control-acceso/movimientos/${COMPANY_ID}`);
  const ofLapsing = movements.filter((row) => row.Rut === lapsing.rut).sort((a, b) => a.FechaDispositivo.localeCompare(b.FechaDispositivo));
  expect(ofLapsing.map(({ Permitido, Via, Motivos, Puerta }) => ({ Permitido, Via, Motivos, Puerta }))).toEqual([
    { Permitido: 0, Via: '', Motivos: [GATE_MESSAGES.lapsed(chileDay(1).wire)], Puerta: GATE },
    { Permitido: 1, Via: 'provisorio', Motivos: [], Puerta: GATE },
  ]);

  // The worksite's DS 76 register, from the server: the demo contractor with the lapsing electrician's contract too.
  await page.getByRole('link', { name: 'Registro DS 76' }).click();
  await expect(page.getByRole('heading', { name: 'Registro DS 76', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Faena' }).selectOption({ label: 'Faena Los Andes' });
  const register = page.getByRole('table', { name: 'Empresas contratistas y subcontratistas de la faena' });
  const contractor = register.getByRole('row').filter({ hasText: 'Montajes Industriales del Sur' }).first();
  await expect(contractor).toContainText('Mantención eléctrica Planta Norte');
  await expect(contractor).toContainText(`Tendido eléctrico ${lapsing.name.split(' ')[1]!.replace('Portería', '')}`);
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  await expectAccessible(page);

  // A day pass for Juan: asked on the device, signed by the server when it arrives, then shown with its QR to print.
  await page.getByRole('link', { name: 'Pases del día' }).click();
  const issue = page.getByRole('form', { name: 'Emitir pase del día' });
  await issue.getByRole('textbox', { name: 'RUT de la persona acreditada' }).fill(formatRut(JUAN.rut));
  await issue.getByRole('button', { name: 'Emitir pase del día' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pase del día pedido para 11.000.000-6' })).toBeVisible();
  // The demo printed one for him already: with this one signed there are two, both valid, each with its QR.
  const passCards = page.getByRole('list', { name: 'Pases del día' }).getByRole('listitem').filter({ hasText: JUAN.name });
  const valid = passCards.filter({ hasText: `Válido hasta el ${juanUntil.split('-').reverse().join('/')}` });
  await expect(valid).toHaveCount(2, { timeout: 30_000 });
  await expect(valid.getByRole('img', { name: `QR del pase del día de ${JUAN.name} · RUT 11.000.000-6` })).toHaveCount(2);
  await expect(valid.first().getByRole('button', { name: 'Imprimir' })).toBeVisible();
  await expectAccessible(page);
});
