import { rutCheckDigit } from '#sync/domain/rut.ts';
import type { Route } from '@playwright/test';
import writeXlsxFile from 'write-excel-file/node';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import { ADMIN, apiToken, COMPANY_ID, expectAllSent, goToWorkers, localRows, syncStatus } from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';

const ROWS = 1000;
/** Entries per batch from a device (app/sync/device-sync.ts). */
const DEVICE_BATCH = 200;

/** 1,000 RUTs of this run, consecutive from a start no seeded or earlier worker has. */
function runRuts(): string[] {
  const start = 46_000_000 + (Math.floor(Date.now() / 1000) % 3_000) * ROWS;
  return Array.from({ length: ROWS }, (_, index) => {
    const body = String(start + index);
    return `${body}-${rutCheckDigit(body)}`;
  });
}

const wrongDigit = (rut: string) => `${rut.slice(0, -1)}${rut.endsWith('0') ? '1' : '0'}`;

/** A payroll export: its own headers, an extra column, and a dozen rows wrong on purpose, by their Excel row. */
function payroll(ruts: string[], seededRut: string) {
  const rows = ruts.map((rut, index) => [rut, `Persona ${index}`, 'Carga', 'Masiva', 'Eléctrico', 'Faena Los Andes', 'Obras Civiles', '01/03/2026', 850_000]);
  const errors: { row: number; column: string; message: RegExp }[] = [];
  const spoil = (index: number, column: number, value: string | number, header: string, message: RegExp) => {
    rows[index]![column] = value;
    errors.push({ row: index + 2, column: header, message });
  };
  spoil(4, 0, wrongDigit(ruts[4]!), 'Rut Trabajador', /El rut no es válido/);
  spoil(57, 0, '1234', 'Rut Trabajador', /El formato es incorrecto/);
  spoil(99, 0, seededRut, 'Rut Trabajador', /Ya existe un trabajador con ese rut/);
  spoil(150, 0, ruts[149]!, 'Rut Trabajador', /Repite la fila 151/);
  spoil(203, 1, '', 'Nombres', /Los nombres son requeridos/);
  spoil(298, 2, '', 'Ap. Paterno', /El apellido paterno es requerido/);
  spoil(377, 4, 'Soldador', 'Cargo', /Uno de los cargos indicados no existe \(«Soldador»\)/);
  spoil(455, 5, 'Faena Atacama', 'Faena', /No existe faena «Faena Atacama»/);
  spoil(512, 6, 'Movimiento de Tierra', 'Área', /Área «Movimiento de Tierra» no pertenece al nivel superior indicado/);
  spoil(640, 7, '31/02/2026', 'Fecha Ficha Medica', /La fecha debe ser DD\/MM\/AAAA y existir en el calendario/);
  spoil(777, 7, '2026-13-01', 'Fecha Ficha Medica', /La fecha debe ser DD\/MM\/AAAA/);
  spoil(901, 0, '', 'Rut Trabajador', /El rut es requerido/);
  const header = ['Rut Trabajador', 'Nombres', 'Ap. Paterno', 'Ap. Materno', 'Cargo', 'Faena', 'Área', 'Fecha Ficha Medica', 'Sueldo Base'];
  const sheet = [header, ...rows].map((row) => row.map((value) => ({ value })));
  const spoiled = new Set(errors.map((error) => error.row - 2));
  // Row 152 repeats row 151's RUT: that RUT is loaded once, from row 151.
  const valid = ruts.filter((_, index) => !spoiled.has(index));
  return { sheet, errors, valid, refused: ruts.filter((rut, index) => spoiled.has(index) && !valid.includes(rut)) };
}

interface ListedWorker {
  IdPersona: string;
  RunPersona: string;
}

test('a 1,000-row payroll file: each bad row shown on its row, the rest loaded once through a cut connection', async ({ page, context }) => {
  await openSignedIn(page, ADMIN);
  const token = await apiToken(page.request);
  const listed = async () => {
    const response = await page.request.get(`/api/trabajadores/newtrabajadores2/lista_trabajadores/${COMPANY_ID}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: ListedWorker[] }).data;
  };
  const before = await listed();
  const ruts = runRuts();
  expect(before.some((worker) => ruts.includes(worker.RunPersona))).toBe(false);
  const file = payroll(ruts, before[0]!.RunPersona);
  const workbook = await writeXlsxFile(file.sheet).toBuffer();

  await goToWorkers(page);
  await page.getByRole('link', { name: 'Cargar archivo' }).click();
  await expect(page.getByRole('heading', { name: 'Cargar trabajadores desde un archivo', level: 1 })).toBeVisible();
  await expect(page.getByText('Hasta 5.000 filas por archivo')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Archivo Excel o CSV').setInputFiles({
    name: 'nomina-noviembre.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbook,
  });
  await expect(page.getByText(`nomina-noviembre.xlsx: ${file.valid.length} filas válidas y ${file.errors.length} filas con errores`)).toBeVisible();
  const errorRows = page.getByRole('table', { name: 'Filas con errores de nomina-noviembre.xlsx' }).getByRole('row');
  await expect(errorRows).toHaveCount(file.errors.length + 1);
  for (const [index, error] of file.errors.entries()) {
    const cells = errorRows.nth(index + 1).getByRole('cell');
    await expect(cells.nth(0)).toHaveText(String(error.row));
    await expect(cells.nth(1)).toHaveText(error.column);
    await expect(cells.nth(2)).toHaveText(error.message);
  }
  await expectAccessible(page);

  // The first batch is answered; then the connection drops: the batches after it fail on the way, and the tablet
  // knows it is offline, until the connection returns.
  let answered = 0;
  let cut = 0;
  let connected = true;
  const batches = async (route: Route) => {
    if (!connected) {
      cut += 1;
      return route.abort('connectionreset');
    }
    const response = await route.fetch();
    answered += 1;
    connected = false;
    return route.fulfill({ response });
  };
  await page.route('**/api/sync/batch', batches);
  await page.getByRole('button', { name: `Cargar las ${file.valid.length} filas válidas` }).click();

  const drained = page.getByRole('progressbar', { name: /^Enviados al servidor/ });
  await expect(page.getByText(`${file.valid.length} trabajadores guardados en este dispositivo.`)).toBeVisible();
  await expect(drained).toHaveAccessibleName(`Enviados al servidor: ${DEVICE_BATCH} de ${file.valid.length}`);
  await expect.poll(() => cut).toBeGreaterThan(0);
  await context.setOffline(true);
  await expect(syncStatus(page)).toContainText('Sin conexión');
  await expectAccessible(page);
  // Exactly the first batch is on the server, and the rest waits on the device.
  const loadedSoFar = (await listed()).filter((worker) => file.valid.includes(worker.RunPersona));
  expect(loadedSoFar).toHaveLength(DEVICE_BATCH);
  expect(await localRows(page, 'outbox', 'keys')).toHaveLength(file.valid.length - DEVICE_BATCH);

  // The connection returns: the queue resumes by itself where it was.
  await page.unroute('**/api/sync/batch', batches);
  await context.setOffline(false);
  await expectAllSent(page, 60_000);
  await expect(drained).toHaveAccessibleName(`Enviados al servidor: ${file.valid.length} de ${file.valid.length}`);
  await expect(page.getByText('El servidor ya los recibió.')).toBeVisible();
  expect(answered).toBe(1);

  const after = await listed();
  const loaded = after.filter((worker) => ruts.includes(worker.RunPersona) || worker.RunPersona === before[0]!.RunPersona);
  expect(loaded.map((worker) => worker.RunPersona).sort()).toEqual([...file.valid, before[0]!.RunPersona].sort());
  expect(new Set(loaded.map((worker) => worker.IdPersona)).size).toBe(loaded.length);
  for (const rut of file.refused) expect(after.some((worker) => worker.RunPersona === rut)).toBe(false);
});
