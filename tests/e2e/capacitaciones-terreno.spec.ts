import { createHash, randomUUID } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { expectAccessible } from './support/accessibility.ts';
import {
  ADMIN,
  apiToken,
  COMPANY_ID,
  controlledByServiceWorker,
  localRows,
  SUPERVISOR,
  syncStatus,
  expectAllSent,
} from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';
import { cameraPhoto, drawOn, readPdf } from './support/inspection-session.ts';
import { addAttendee, certificatePdf, demoWorker, serverSession, TODAYS_TALK, type ServerSession } from './support/training-session.ts';
import { expectNoSidewaysOverflow, expectReachableIn, PHONE, scrollsSideways, TOUCH_TARGET } from './support/field-layout.ts';

const TABLET = { width: 1280, height: 800 };
const GRADES = ['6,5', '5,8', '4,0', '3,5', '7,0'];

/** What the field journey leaves for the checks after it: the session, the signatures the device took, one attendee. */
const given = { sessionId: '', deviceHashes: [] as string[], attendanceId: '', workerId: '' };

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 15_000 });

const people = [2, 3, 4, 5, 6].map(demoWorker);
const hashes = (session: Pick<ServerSession, 'Participantes' | 'Relatores'>) =>
  [...session.Participantes.map((participant) => participant.Firma?.Sha256), ...session.Relatores.map((relator) => relator.Firma?.Sha256)]
    .filter((hash): hash is string => Boolean(hash))
    .sort();

test('attendance at the worksite, offline, on a tablet: five participants sign (one found by RUT), the presenter signs, two photos, a reload midway, ' +
  'realised with grades, sent when the connection returns', async ({
  page,
  context,
}) => {
  await page.setViewportSize(TABLET);
  await openSignedIn(page, SUPERVISOR);
  await controlledByServiceWorker(page);
  await expectAllSent(page);

  await page.goto('/capacitaciones/creadas');
  await expect(page.getByRole('heading', { name: 'Capacitaciones creadas', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: new RegExp(TODAYS_TALK) }).click();
  await expect(page.getByRole('heading', { name: TODAYS_TALK, level: 1 })).toBeVisible();
  await expectAccessible(page);
  const sessionId = decodeURIComponent(page.url().split('/').pop()!);

  await context.setOffline(true);
  await expect(syncStatus(page)).toContainText('Sin conexión');
  await page.getByRole('button', { name: 'Tomar asistencia' }).click();
  await expect(page.getByRole('heading', { name: 'Asistencia', level: 1 })).toBeVisible();

  for (const [index, person] of people.entries()) await addAttendee(page, index === 4 ? person.rut : person.name, person.fullName);
  const attendance = page.getByRole('list', { name: 'Asistencia' });

  const sign = async (fullName: string) => {
    await attendance.getByRole('button', { name: `Firmar: ${fullName}` }).click();
    await drawOn(page, page.getByRole('img', { name: new RegExp(`^Firma de ${fullName}: dibuja`) }));
    await page.getByRole('button', { name: `Guardar firma de ${fullName}` }).click();
    await expect(attendance.getByRole('img', { name: `Firma de ${fullName}` })).toBeVisible();
  };
  for (const person of people.slice(0, 3)) await sign(person.fullName);
  await expect(page.getByText('3 de 5 firmaron')).toBeVisible();

  // A reload midway (the tab closed, the tablet restarted): the attendance is still there, signatures included.
  await page.reload();
  await expect(page.getByText('3 de 5 firmaron')).toBeVisible();
  for (const person of people.slice(3)) await sign(person.fullName);
  await expect(page.getByText('5 de 5 firmaron')).toBeVisible();

  const presenters = page.getByRole('list', { name: 'Relatores' });
  await presenters.getByRole('button', { name: 'Firmar relator: Jorge Araya Rojas' }).click();
  await drawOn(page, page.getByRole('img', { name: /^Firma del relator Jorge Araya Rojas: dibuja/ }));
  await page.getByRole('button', { name: 'Guardar firma del relator' }).click();
  await expect(presenters.getByRole('img', { name: 'Firma de Jorge Araya Rojas' })).toBeVisible();

  const photos = page.getByRole('group', { name: 'Fotos de la capacitación' });
  for (const seed of [1, 2]) {
    await photos.locator('input[type=file]').setInputFiles(await cameraPhoto(page, seed));
    await expect(photos.getByRole('img', { name: `Foto ${seed} de Fotos de la capacitación` })).toBeVisible({ timeout: 30_000 });
  }

  for (const [index, person] of people.entries()) {
    const grade = page.getByRole('textbox', { name: `Nota de ${person.fullName}` });
    await grade.fill(GRADES[index]!);
    await grade.press('Tab');
  }
  await expect(page.getByRole('textbox', { name: `Nota de ${people[4]!.fullName}` })).toHaveValue('7,0');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Marcar como realizada' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Marcar realizada' }).click();
  await expect(page).toHaveURL(new RegExp(`/capacitaciones/realizadas/detalles/${sessionId}$`));
  await expect(page.getByText(/Capacitación realizada registrada correctamente/).last()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Participantes' }).getByText('Vigente', { exact: false }).first()).toBeVisible();
  await expectAccessible(page);

  const local = (await localRows<ServerSession>(page, 'capacitaciones')).find((row) => row.IdCapacitacion === sessionId)!;
  Object.assign(given, { sessionId, deviceHashes: hashes(local) });
  expect(given.deviceHashes).toHaveLength(6);

  // Back online, the device sends the one write by itself (the `online` trigger, SPEC RP12).
  await context.setOffline(false);
  await expectAllSent(page, 60_000);
});

test('the server holds the attendance once, with every signature the device took, and the certificate reads right', async ({ request }) => {
  expect(given.sessionId, 'the field journey ran first').not.toBe('');
  const sessionId = given.sessionId;
  const token = await apiToken(request, ADMIN);
  const server: ServerSession = await serverSession(request, token, sessionId);
  expect(server.Realizada).toBe(1);
  const attended = server.Participantes.filter((participant) => participant.Estado === 1);
  expect(attended.map((participant) => participant.RunPersona).sort()).toEqual(people.map((person) => person.rut).sort());
  expect(attended.every((participant) => participant.Asistio === 1 && participant.Firma)).toBe(true);
  expect(server.Relatores.find((relator) => relator.Nombre === 'Jorge Araya Rojas')?.Firma).toBeTruthy();
  expect(server.Evidencias.filter((evidence) => evidence.TipoEvidencia === 'Fotografía')).toHaveLength(2);
  expect(hashes(server)).toEqual(given.deviceHashes);
  for (const participant of attended) {
    const bytes = await (await request.get(server.Urls[participant.Firma!.Sha256]!)).body();
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(participant.Firma!.Sha256);
  }
  const realised = await request.get(`/api/capacitaciones/realizadas/${COMPANY_ID}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(
    ((await realised.json()) as { data: { IdCapacitacion: string }[] }).data.filter((row) => row.IdCapacitacion === sessionId),
  ).toHaveLength(1);

  // A participant's certificate: name, RUT, training, date, grade with a decimal comma and validity.
  const first = attended.find((participant) => participant.RunPersona === people[0]!.rut)!;
  const text = readPdf(await certificatePdf(request, token, first.Id)).text.replace(/\s+/g, ' ');
  const [year, month, day] = server.FechaRealizacion!.split('-');
  expect(text).toContain(people[0]!.fullName);
  expect(text).toContain(formatRut(people[0]!.rut));
  expect(text).toContain(TODAYS_TALK);
  expect(text).toContain(`${day}/${month}/${year}`);
  expect(text).toContain('6,5');
  expect(text).toMatch(/Vigente hasta el \d{2}\/\d{2}\/\d{4}/);
  Object.assign(given, { attendanceId: first.Id, workerId: first.IdPersona });
});

test("at the office: the worker's record shows the training as vigente, and the certificate's print page draws it", async ({ page }) => {
  expect(given.attendanceId, 'the field journey ran first').not.toBe('');
  await openSignedIn(page, ADMIN);
  await expectAllSent(page);

  await page.goto(`/trabajadores/detalles/${given.workerId}`);
  const trainings = page.getByRole('region', { name: 'Capacitaciones' });
  const row = trainings.getByRole('row').filter({ hasText: TODAYS_TALK });
  await expect(row).toContainText('Vigente');
  await expect(row).toContainText('6,5');
  await expectAccessible(page);
  // On a phone the worker's trainings scroll sideways in a named region inside their card; the certificate is
  // reachable and a finger's size.
  const certificate = row.getByRole('link', { name: `Certificado de ${TODAYS_TALK}` });
  await page.setViewportSize(PHONE);
  const table = trainings.getByRole('region', { name: 'Capacitaciones del trabajador: tabla desplazable' });
  await expectNoSidewaysOverflow(page.getByRole('region', { name: 'Capacitaciones', exact: true }), 'teléfono: tarjeta de capacitaciones');
  expect(await scrollsSideways(table)).toBe(true);
  await expectReachableIn(table, certificate, 'teléfono: certificado');
  expect((await certificate.boundingBox())!.height).toBeGreaterThanOrEqual(TOUCH_TARGET);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  await row.getByRole('link', { name: `Certificado de ${TODAYS_TALK}` }).click();
  await expect(page.getByRole('heading', { name: 'Certificado de capacitación', level: 1 })).toBeVisible();
  const preview = page.getByRole('region', { name: 'Vista previa del informe' });
  await expect(preview).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  await expect(preview.getByRole('img', { name: 'Página 1 de 1' })).toBeVisible();
  await expectAccessible(page);
});

test("at the office, offline: a programme line whose type was removed meanwhile and an edit of a line changed first on the server are refused in the " +
  "spec's words, and the line is corrected and resent", async ({
  page,
  context,
  request,
}) => {
  const token = await apiToken(request, ADMIN);
  const send = async (method: 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) => {
    const response = await request.fetch(path, {
      method,
      data,
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  };
  const stamp = Date.now();
  const type = (Nombre: string) => ({
    IdTipoCapacitacion: randomUUID(),
    Nombre,
    IdCategoria: 2,
    DuracionHoras: 4,
    VigenciaMeses: 12,
    Evaluada: 0,
    Descripcion: '',
  });
  const doomed = type(`Izaje de cargas ${stamp}`);
  const kept = type(`Rigger y señalero ${stamp}`);
  for (const body of [doomed, kept]) await send('POST', '/api/capacitaciones/tipos', body);
  const line = {
    IdCapacitacion: randomUUID(),
    Anio: 2027,
    Mes: 3,
    IdTipoCapacitacion: kept.IdTipoCapacitacion,
    Tema: `Plan de izaje ${stamp}`,
    Cargos: [],
  };
  await send('POST', `/api/capacitaciones/programa/${COMPANY_ID}`, line);

  await openSignedIn(page, ADMIN);
  await controlledByServiceWorker(page);
  await expectAllSent(page);
  await page.goto(`/capacitaciones/programa/detalles/${line.IdCapacitacion}`);
  await expect(page.getByRole('heading', { name: new RegExp(`Plan de izaje ${stamp}`), level: 1 })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('link', { name: 'Editar' }).click();
  await page.getByRole('textbox', { name: 'Tema*' }).fill(`Plan de izaje ${stamp}, revisado`);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Programa de capacitación editado correctamente').last()).toBeVisible();
  const created = `Izaje en altura ${stamp}`;
  await page.goto('/capacitaciones/programa/nuevo');
  await page.getByRole('textbox', { name: 'Tema*' }).fill(created);
  await page.getByRole('combobox', { name: 'Tipo de capacitación*' }).selectOption({ label: doomed.Nombre });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Programa de capacitación creado correctamente').last()).toBeVisible();

  // Meanwhile the office removes the type and renames the line.
  await send('DELETE', `/api/capacitaciones/tipos/${doomed.IdTipoCapacitacion}?Version=1`);
  await send('PUT', `/api/capacitaciones/programa/${line.IdCapacitacion}/${COMPANY_ID}`, {
    Version: 1,
    Tema: `Plan de izaje ${stamp} (oficina)`,
  });
  await context.setOffline(false);
  await expect(syncStatus(page)).toContainText('2 rechazados', { timeout: 30_000 });

  await page.goto('/sincronizacion');
  const refused = page.getByRole('list', { name: 'Cambios rechazados' });
  await expect(refused).toContainText('Error al crear el programa de capacitación: El tipo de capacitación indicado no existe');
  await expect(refused).toContainText(
    'Error al editado el programa de capacitación: El registro cambió en el servidor; tu versión quedó guardada como conflicto',
  );
  await expectAccessible(page);
  await refused
    .getByRole('listitem')
    .filter({ hasText: 'Error al crear el programa de capacitación' })
    .getByRole('link', { name: 'Corregir y reenviar' })
    .click();
  await expect(page.getByRole('heading', { name: 'Corregir línea del programa', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Error al crear el programa de capacitación: El tipo de capacitación indicado no existe' }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('combobox', { name: 'Tipo de capacitación*' }).selectOption({ label: kept.Nombre });
  await page.getByRole('button', { name: 'Guardar y reenviar' }).click();
  await expect(page.getByRole('heading', { name: 'Sincronización', level: 1 })).toBeVisible();
  await expect(refused.getByRole('listitem')).toHaveCount(1, { timeout: 15_000 });
  await expect(refused).toContainText('Error al editado el programa de capacitación');
  await refused.getByRole('button', { name: 'Descartar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Descartar' }).click();
  await expect(page.getByText('El servidor no ha rechazado ningún cambio.')).toBeVisible();
  await expectAllSent(page);
});
