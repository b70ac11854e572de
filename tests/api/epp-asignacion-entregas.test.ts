import { describe, expect, it } from 'vitest';
import { personName } from '#sync/domain/person-name.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { AsignacionInformeFila, AsignacionVencido } from '#sync/schemas/epp-asignacion-entregas.schema.ts';
import type { EppEntrega } from '#sync/schemas/epp-entregas.schema.ts';
import { seedId } from '#server/seed/demo-seed.ts';
import { ANDES, PACIFICO, serverForEachTest } from './support/api-harness.ts';
import { actaBody, EPP, postActa, rowCount, SEEDED_EPP, seededWorker, signatures } from './support/epp-factory.ts';
import { newKey, send, sendBatch } from './support/sync-harness.ts';
import { cargoBody, createWorker, workerBody } from './support/trabajadores-factory.ts';

const test = serverForEachTest();
type Delivered = { statusCode: number; message: string; code?: string; data: EppEntrega; Vencidos: AsignacionVencido[] };
type Report = { statusCode: number; message?: string; Tipo: string; data: AsignacionInformeFila[] };

const CASCO = { IdEpp: SEEDED_EPP('casco'), NombreEpp: 'Casco de seguridad', Talla: '', Cantidad: 1 };
const GUANTES = { IdEpp: SEEDED_EPP('guantes'), NombreEpp: 'Guantes de cabritilla', Talla: 'L', Cantidad: 2 };
const line = (item: typeof CASCO) => ({ IdLinea: uuidV7(), ...item });
const deliverPath = (id: string, from: string, to: string) => `${EPP}/asignacion/entregados/${id}/${from}/${to}`;
const deliver = (path: string, body: unknown, token = test.admin.token, key?: string) => send<Delivered>(test.server, 'POST', path, { token, body, key });
const report = (type: string, body: unknown, token = test.admin.token) => send<Report>(test.server, 'POST', `${EPP}/asignacion/informe/${type}`, { token, body });
const counts = () => Promise.all([rowCount(test.server, 'epp_entregas'), rowCount(test.server, 'epp_entregas_lineas'), rowCount(test.server, 'cambios')]);

/** A new position with casco and guantes assigned, and a new worker holding it (no delivery of their own yet). */
async function crew() {
  const cargo = cargoBody({ NombreCargo: `Andamiero ${uuidV7().slice(-6)}` });
  expect((await send(test.server, 'POST', '/api/cargos/newcargos2', { token: test.admin.token, body: cargo })).status).toBe(200);
  const worker = workerBody({ cargos: [cargo.IdCargo] });
  expect((await createWorker(test.server, test.admin.token, worker)).status).toBe(200);
  const IdAsignacionEpp = uuidV7();
  const assigned = await send(test.server, 'POST', `${EPP}/asignacion`, {
    token: test.admin.token,
    body: { IdAsignacionEpp, IdCargo: cargo.IdCargo, IdPersona: null, Epps: [CASCO.IdEpp, GUANTES.IdEpp] },
  });
  expect(assigned.status).toBe(200);
  return { cargo, worker, IdAsignacionEpp };
}

/** The worker's sealed acta (SPEC EP2), as the device builds it when they sign. */
async function actaFor(worker: ReturnType<typeof workerBody>, items: (typeof CASCO)[], overrides: Record<string, unknown> = {}) {
  return actaBody(test.server, {
    worker: 1,
    signatures: await signatures(test.server, test.admin.token),
    overrides: {
      IdPersona: worker.IdPersona,
      RunPersona: worker.RunPersona,
      NombreTrabajador: personName(worker),
      Items: items.map(line),
      ...overrides,
    },
  });
}

describe('delivering from an assignment (spec: POST asignacion/entregados/{id}/{from}/{to} with Epps)', () => {
  it("stores the worker's sealed acta and answers what is still expired in the window; a repeated key lands once", async () => {
    const { worker, IdAsignacionEpp } = await crew();
    // Two years ago both items were handed over; they expired on their own days.
    const old = await postActa(test.server, test.admin.token, await actaFor(worker, [CASCO, GUANTES], { Fecha: '2024-01-10' }));
    expect(old.status).toBe(200);
    const expiry = new Map((old.body.data.Items as { IdEpp: string; VenceEl: string }[]).map((item) => [item.IdEpp, item.VenceEl]));
    const [from, to] = [...expiry.values()].sort();

    const acta = await actaFor(worker, [CASCO]);
    const before = await counts();
    const key = newKey();
    const first = await deliver(deliverPath(IdAsignacionEpp, from!, to!), { Epps: [CASCO.IdEpp], Acta: acta }, test.admin.token, key);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      statusCode: 200,
      message: 'Entrega de EPP de la asignación registrada correctamente',
      data: {
        IdEntregadosEpp: acta.IdEntregadosEpp,
        IdPersona: worker.IdPersona,
        Sello: acta.Sello,
        Items: [{ IdEpp: CASCO.IdEpp, Cantidad: 1 }],
      },
    });
    // The helmet is renewed; the gloves are still expired in that window, until the day they expired.
    expect(first.body.Vencidos).toEqual([
      {
        IdPersona: worker.IdPersona,
        RunPersona: worker.RunPersona,
        Nombre: personName(worker),
        IdEpp: GUANTES.IdEpp,
        VenceEl: expiry.get(GUANTES.IdEpp),
      },
    ]);
    const stored = await send<{ data: EppEntrega }>(test.server, 'GET', `${EPP}/one/${ANDES.id}/${acta.IdEntregadosEpp}`, { token: test.admin.token });
    expect(stored.body.data).toMatchObject({ RecibidoEn: expect.any(String), Anulada: 0, NombreTrabajador: personName(worker) });

    const again = await deliver(deliverPath(IdAsignacionEpp, from!, to!), { Epps: [CASCO.IdEpp], Acta: acta }, test.admin.token, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const [actas, lines, changes] = before;
    expect(await counts()).toEqual([actas + 1, lines + 1, changes + 1]);

    // The same acta under another key is the delivery's own conflict, nothing written.
    const other = await deliver(deliverPath(IdAsignacionEpp, from!, to!), { Epps: [CASCO.IdEpp], Acta: acta }, test.admin.token, newKey());
    expect(other.status).toBe(409);
    expect((await counts()).slice(0, 2)).toEqual([actas + 1, lines + 1]);
  });

  it('arrives as a sync batch entry through the same command', async () => {
    const { worker, IdAsignacionEpp } = await crew();
    const acta = await actaFor(worker, [CASCO, GUANTES]);
    // A window long past: nothing of theirs expired in it.
    const path = deliverPath(IdAsignacionEpp, '2000-01-01', '2000-12-31');
    const answer = await sendBatch(test.server, test.admin.token, [{ key: newKey(), method: 'POST', path, body: { Epps: [CASCO.IdEpp, GUANTES.IdEpp], Acta: acta } }]);
    expect(answer.body.results[0]).toMatchObject({ status: 200, body: { data: { IdEntregadosEpp: acta.IdEntregadosEpp }, Vencidos: [] } });
  });

  it('refuses bad input with its Spanish message and another company, writing nothing', async () => {
    const { worker, IdAsignacionEpp } = await crew();
    const acta = await actaFor(worker, [CASCO]);
    const sealed = await signatures(test.server, test.admin.token);
    const outsider = await actaBody(test.server, { worker: 3, signatures: sealed, overrides: { Items: [line(CASCO)] } });
    const before = await counts();
    const ok = deliverPath(IdAsignacionEpp, '2026-01-01', '2026-12-31');
    const cases: [string, unknown, number, string][] = [
      [deliverPath(IdAsignacionEpp, '2026-12-31', '2026-01-01'), { Epps: [CASCO.IdEpp], Acta: acta }, 400, 'Fecha inicial no puede ser mayor que Fecha final'],
      [deliverPath(IdAsignacionEpp, 'ayer', '2026-01-01'), { Epps: [CASCO.IdEpp], Acta: acta }, 400, 'La fecha debe tener el formato AAAA-MM-DD'],
      [ok, { Epps: [CASCO.IdEpp] }, 400, 'Indica los EPP de la asignación y el acta firmada de la entrega'],
      [ok, { Epps: [], Acta: acta }, 400, 'Elige al menos un EPP de la asignación'],
      [ok, { Epps: [SEEDED_EPP('respirador')], Acta: acta }, 400, 'Uno de los EPP indicados no es parte de esta asignación'],
      [ok, { Epps: [GUANTES.IdEpp], Acta: acta }, 400, 'El acta entrega un EPP que no está entre los EPP indicados'],
      [ok, { Epps: [CASCO.IdEpp], Acta: outsider }, 400, 'El trabajador del acta no tiene esta asignación de EPP'],
      [ok, { Epps: [CASCO.IdEpp], Acta: { ...acta, Sello: 'f'.repeat(64) } }, 400, 'El sello del acta no coincide con su contenido: la entrega no se guardó'],
      [deliverPath(uuidV7(), '2026-01-01', '2026-12-31'), { Epps: [CASCO.IdEpp], Acta: acta }, 404, 'Asignación de EPP no encontrada'],
    ];
    for (const [path, body, status, message] of cases) {
      const answer = await deliver(path, body);
      expect({ status: answer.status, message: answer.body.message }, message).toEqual({ status, message });
    }
    const pacifico = await test.server.login('admin@pacificodemo.cl', PACIFICO.rut);
    const foreign = await deliver(ok, { Epps: [CASCO.IdEpp], Acta: acta }, pacifico.token);
    expect({ status: foreign.status, message: foreign.body.message }).toEqual({ status: 404, message: 'Asignación de EPP no encontrada' });
    expect(await counts()).toEqual(before);
  });
});

describe("the assignments' report (spec: POST asignacion/informe/{type} with Ids)", () => {
  it('answers one line per assignment and EPP, in the order asked, for csv and pdf alike', async () => {
    const { cargo, IdAsignacionEpp } = await crew();
    const own = seedId(ANDES.id, 'asignacion-persona', 1);
    const first = await seededWorker(test.server, 1);
    const csv = await report('csv', { Ids: [IdAsignacionEpp, own, IdAsignacionEpp] });
    expect(csv.status).toBe(200);
    expect(csv.body).toMatchObject({ statusCode: 200, Tipo: 'csv' });
    const lines = csv.body.data.map((row) => [row.Asignacion, row.Nombre, row.RunPersona, row.Trabajadores, row.IdEpp]);
    expect(lines).toEqual([
      ['Cargo', cargo.NombreCargo, null, 1, CASCO.IdEpp],
      ['Cargo', cargo.NombreCargo, null, 1, GUANTES.IdEpp],
      ['Trabajador', personName(first), first.RunPersona, 1, SEEDED_EPP('arnes')],
    ]);
    expect(csv.body.data[0]).toMatchObject({ IdAsignacionEpp, NombreEpp: 'Casco de seguridad', VidaUtilMeses: expect.any(Number) });
    const pdf = await report('pdf', { Ids: [IdAsignacionEpp, own] });
    expect(pdf.body).toEqual({ ...csv.body, Tipo: 'pdf' });
  });

  it('refuses another type, no ids and assignments of another company', async () => {
    const seeded = seedId(ANDES.id, 'asignacion-cargo', 1);
    const cases: [string, unknown, number, string][] = [
      ['xls', { Ids: [seeded] }, 400, 'El tipo de informe debe ser pdf o csv'],
      ['pdf', { Ids: [] }, 400, 'Elige al menos una asignación para el informe'],
      ['pdf', {}, 400, 'Elige al menos una asignación para el informe'],
      ['csv', { Ids: [seeded, uuidV7()] }, 404, 'Asignación de EPP no encontrada'],
    ];
    for (const [type, body, status, message] of cases) {
      const answer = await report(type, body);
      expect({ status: answer.status, message: answer.body.message }, message).toEqual({ status, message });
    }
    const pacifico = await test.server.login('admin@pacificodemo.cl', PACIFICO.rut);
    const foreign = await report('csv', { Ids: [seeded] }, pacifico.token);
    expect({ status: foreign.status, message: foreign.body.message }).toEqual({ status: 404, message: 'Asignación de EPP no encontrada' });
  });
});
