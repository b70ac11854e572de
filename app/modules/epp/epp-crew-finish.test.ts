import { actaSeal } from '#sync/domain/epp-delivery.ts';
import { personName } from '#sync/domain/person-name.ts';
import { rutCheckDigit } from '#sync/domain/rut.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { EppEntregaCreateBodySchema } from '#sync/schemas/epp-entregas.schema.ts';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DRAFT_KINDS } from '#app/db/draft-row.ts';
import { localWorker } from '#app/db/local-worker.fixture.ts';
import { DraftError } from '#app/data/drafts.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { ACTAS_PATH, CREW_MESSAGES, finishCrew } from './epp-crew-finish.ts';
import {
  addLine,
  createCrewDraft,
  type DelivererChoice,
  lineFor,
  linesProblem,
  setLine,
  signDeliverer,
  signProblem,
  signWorker,
} from './epp-crew-store.ts';
import type { LocalEppTipo } from './epp-queries.ts';

const device = testDevicesForEachTest();
const owner = { companyId: '76123456', userId: 7 };
/** The signed-in user, as the session has them: «Entrego yo». */
const me: DelivererChoice = {
  kind: 'usuario',
  usuario: { IdUsuario: 7, RunPersona: '15.234.567-4', Nombres: 'Jorge', ApellidoPaterno: 'Araya', ApellidoMaterno: 'Rojas' },
};

const tipo = (NombreEpp: string, Tallas: string[], VidaUtilMeses: number): LocalEppTipo => ({
  IdEpp: uuidV7(),
  IdEmpresa: owner.companyId,
  Estado: 1,
  Version: 1,
  NombreEpp,
  actividades: [],
  Riesgo: '',
  Norma: '',
  Tallas,
  VidaUtilMeses,
  orden: NombreEpp.toLowerCase(),
});
const casco = tipo('Casco de seguridad', [], 24);
const guantes = tipo('Guantes de cabritilla', ['M', 'L'], 1);
const catalogue = new Map([casco, guantes].map((item) => [item.IdEpp, item]));

function worker(n: number) {
  const body = String(12_000_000 + n * 1_111);
  return localWorker({
    IdEmpresa: owner.companyId,
    RunPersona: `${body}-${rutCheckDigit(body)}`,
    Nombres: `Trabajador ${n}`,
    ApellidoPaterno: 'Prueba',
  });
}

let pngSeed = 0;
function png() {
  pngSeed += 1;
  const bytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, pngSeed]).buffer as ArrayBuffer;
  return { sha256: pngSeed.toString(16).padStart(64, 'c'), type: 'image/png', bytes };
}

async function crew(test: ReturnType<typeof device>, size: number) {
  const workers = Array.from({ length: size }, (_, n) => worker(n + 1));
  const id = await createCrewDraft(
    test.db,
    { workers, motivo: 1, idCliente: null, lines: () => [lineFor(casco), lineFor(guantes)] },
    owner,
  );
  for (const member of workers) {
    const draft = (await test.db.borradoresEpp.get(id))!;
    const line = draft.trabajadores
      .find((candidate) => candidate.IdPersona === member.IdPersona)!
      .items.find((item) => item.IdEpp === guantes.IdEpp)!;
    await setLine(test.db, id, member.IdPersona, line.IdLinea, { Talla: 'L', Cantidad: 2 });
  }
  return { id, workers };
}

describe('a crew EPP delivery (SPEC EP1, EP2, DR7)', () => {
  it('EP1: refuses a blank signature, and a worker signing before the deliverer', async () => {
    const test = device();
    const { id, workers } = await crew(test, 2);
    await expect(signDeliverer(test.db, id, me, null)).rejects.toThrow(CREW_MESSAGES.blankSignature);
    await expect(signWorker(test.db, id, workers[0]!.IdPersona, png(), catalogue)).rejects.toThrow(CREW_MESSAGES.delivererFirst);
    await signDeliverer(test.db, id, me, png());
    await expect(signWorker(test.db, id, workers[0]!.IdPersona, null, catalogue)).rejects.toThrow(CREW_MESSAGES.blankSignature);
    expect((await test.db.borradoresEpp.get(id))!.trabajadores.every((member) => member.acta === null)).toBe(true);
  });

  it("EP1: each signature seals that worker's acta with the shared seal; a signed worker's lines no longer change", async () => {
    const test = device();
    const { id, workers } = await crew(test, 2);
    await signDeliverer(test.db, id, me, png());
    const acta = await signWorker(test.db, id, workers[0]!.IdPersona, png(), catalogue);
    expect(v.is(EppEntregaCreateBodySchema, acta)).toBe(true);
    expect(acta.Sello).toBe(await actaSeal(owner.companyId, acta));
    expect(acta.Items.map((item) => [item.NombreEpp, item.Talla, item.Cantidad])).toEqual([
      ['Casco de seguridad', '', 1],
      ['Guantes de cabritilla', 'L', 2],
    ]);
    await expect(addLine(test.db, id, workers[0]!.IdPersona, casco)).rejects.toBeInstanceOf(DraftError);
    await expect(signWorker(test.db, id, workers[0]!.IdPersona, png(), catalogue)).rejects.toThrow(CREW_MESSAGES.alreadySigned);
    // Still a draft: nothing queued, and the signed acta and both signatures are kept on the device.
    expect(await test.db.outbox.count()).toBe(0);
    const draft = (await test.db.borradoresEpp.get(id))!;
    expect(draft.trabajadores[0]!.acta).toEqual(acta);
    expect(
      DRAFT_KINDS.borradoresEpp
        .files(draft)
        .map((file) => file.Sha256)
        .sort(),
    ).toEqual([acta.Entregador.Firma.Sha256, acta.FirmaTrabajador.Sha256].sort());
    expect(await test.db.archivosDispositivo.bulkGet([acta.Entregador.Firma.Sha256, acta.FirmaTrabajador.Sha256])).not.toContain(undefined);
    // A size the item does not come in is refused before signing.
    const second = draft.trabajadores[1]!;
    await setLine(test.db, id, second.IdPersona, second.items[1]!.IdLinea, { Talla: '' });
    await expect(signWorker(test.db, id, second.IdPersona, png(), catalogue)).rejects.toThrow(
      'Indica la talla de cada EPP que tiene tallas: Guantes de cabritilla.',
    );
  });

  it('EP1: what stops a worker from signing names every line without its size, before anyone signs', async () => {
    const test = device();
    const zapatos = tipo('Zapatos de seguridad', ['40', '41', '42'], 12);
    const sized = new Map([...catalogue, [zapatos.IdEpp, zapatos]]);
    const member = worker(1);
    const id = await createCrewDraft(
      test.db,
      { workers: [member], motivo: 1, idCliente: null, lines: () => [lineFor(casco), lineFor(guantes), lineFor(zapatos)] },
      owner,
    );
    let draft = (await test.db.borradoresEpp.get(id))!;
    const lines = draft.trabajadores[0]!;
    // Before the deliverer signs, the lines already say what they lack: both sized items, by name.
    expect(linesProblem(lines, sized)).toBe('Indica la talla de cada EPP que tiene tallas: Guantes de cabritilla y Zapatos de seguridad.');
    expect(signProblem(draft, lines, sized)).toBe(CREW_MESSAGES.delivererFirst);
    await signDeliverer(test.db, id, me, png());
    draft = (await test.db.borradoresEpp.get(id))!;
    expect(signProblem(draft, draft.trabajadores[0]!, sized)).toBe(
      'Indica la talla de cada EPP que tiene tallas: Guantes de cabritilla y Zapatos de seguridad.',
    );
    await setLine(test.db, id, member.IdPersona, lines.items[1]!.IdLinea, { Talla: 'M' });
    draft = (await test.db.borradoresEpp.get(id))!;
    expect(signProblem(draft, draft.trabajadores[0]!, sized)).toBe('Indica la talla de cada EPP que tiene tallas: Zapatos de seguridad.');
    await setLine(test.db, id, member.IdPersona, lines.items[2]!.IdLinea, { Talla: '41' });
    draft = (await test.db.borradoresEpp.get(id))!;
    expect(signProblem(draft, draft.trabajadores[0]!, sized)).toBeNull();
    expect(linesProblem(draft.trabajadores[0]!, sized)).toBeNull();
  });

  it('EP2, DR7: finishing before the last signature queues nothing; after it, one entry per acta in one transaction, once', async () => {
    const test = device();
    const { id, workers } = await crew(test, 3);
    await signDeliverer(test.db, id, me, png());
    await signWorker(test.db, id, workers[0]!.IdPersona, png(), catalogue);
    expect(await finishCrew(id, test)).toEqual({ ok: false, problems: ['Faltan las firmas de 2 trabajadores'] });
    expect(await test.db.outbox.count()).toBe(0);
    for (const member of workers.slice(1)) await signWorker(test.db, id, member.IdPersona, png(), catalogue);

    const [first, again] = await Promise.all([finishCrew(id, test), finishCrew(id, test)]);
    expect(first).toEqual({ ok: true, id, alreadyFinished: false });
    expect(again.ok).toBe(true);
    expect(await finishCrew(id, test)).toEqual({ ok: true, id, alreadyFinished: true });

    const entries = await test.db.outbox.orderBy('seq').toArray();
    const draft = (await test.db.borradoresEpp.get(id))!;
    expect(draft.estado).toBe('finalizada');
    expect(entries.map((entry) => [entry.method, entry.path, (entry.body as { IdEntregadosEpp: string }).IdEntregadosEpp])).toEqual(
      draft.trabajadores.map((member) => ['POST', ACTAS_PATH, member.acta!.IdEntregadosEpp]),
    );
    for (const [index, entry] of entries.entries()) {
      expect(entry.body).toEqual(draft.trabajadores[index]!.acta);
      expect(entry.files!.map((file) => file.sha256).sort()).toEqual(
        [draft.entregador!.Firma.Sha256, draft.trabajadores[index]!.acta!.FirmaTrabajador.Sha256].sort(),
      );
    }
    const rows = await test.db.epp_entregas.toArray();
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.RecibidoEn === null && row.Items[1]!.VidaUtilMeses === 1 && row.Items[0]!.VenceEl !== null)).toBe(true);
    // The deliverer's signature travels once in the outbox's file store, however many actas carry it.
    expect(await test.db.outboxFiles.count()).toBe(4);
  });

  it('EP6, EP7: the deliverer is the signed-in user or a worker of the roster, never typed; each acta is sealed under version 2 naming both people', async () => {
    const test = device();
    const { id, workers } = await crew(test, 1);
    await expect(signDeliverer(test.db, id, null, png())).rejects.toThrow(CREW_MESSAGES.delivererRequired);
    await signDeliverer(test.db, id, me, png());
    const acta = await signWorker(test.db, id, workers[0]!.IdPersona, png(), catalogue);
    expect(acta).toMatchObject({
      VersionSello: 2,
      IdPersona: workers[0]!.IdPersona,
      NombreTrabajador: personName(workers[0]!),
      Entregador: { Nombre: 'Jorge Araya Rojas', Rut: '15234567-4', IdUsuario: 7 },
    });
    expect(acta.Entregador.IdPersona).toBeUndefined();
    expect(acta.Sello).toBe(await actaSeal(owner.companyId, acta));
    // The seal covers both names now: another name is another acta.
    expect(await actaSeal(owner.companyId, { ...acta, NombreTrabajador: 'Persona Inventada' })).not.toBe(acta.Sello);
    expect(
      await actaSeal(owner.companyId, { ...acta, VersionSello: 2, Entregador: { ...acta.Entregador, Nombre: 'Gerente General' } }),
    ).not.toBe(acta.Sello);

    // A worker of the roster on this device delivers: their name and RUT come from the roster.
    const bodega = worker(7);
    await test.db.trabajadores.put(bodega);
    const other = await crew(test, 1);
    await expect(signDeliverer(test.db, other.id, { kind: 'trabajador', IdPersona: uuidV7() }, png())).rejects.toThrow(
      CREW_MESSAGES.delivererNotOnDevice,
    );
    await signDeliverer(test.db, other.id, { kind: 'trabajador', IdPersona: bodega.IdPersona }, png());
    const second = await signWorker(test.db, other.id, other.workers[0]!.IdPersona, png(), catalogue);
    expect(second).toMatchObject({
      VersionSello: 2,
      Entregador: { Nombre: personName(bodega), Rut: bodega.RunPersona, IdPersona: bodega.IdPersona },
    });
    expect(second.Entregador.IdUsuario).toBeUndefined();
    expect(second.Sello).toBe(await actaSeal(owner.companyId, second));

    expect(await finishCrew(id, test)).toMatchObject({ ok: true });
    const [entry] = await test.db.outbox.toArray();
    expect(entry!.body).toMatchObject({ VersionSello: 2, Entregador: { IdUsuario: 7 } });
    expect((await test.db.epp_entregas.get(acta.IdEntregadosEpp))!.VersionSello).toBe(2);
  });

  it('EP6: a draft whose deliverer signed in the previous version (a typed name and RUT) still finishes, its remaining actas sealed under version 1', async () => {
    const test = device();
    const { id, workers } = await crew(test, 2);
    await signDeliverer(test.db, id, me, png());
    // As the previous version left it: a typed name and RUT, no account or roster id.
    await test.db.borradoresEpp
      .where('IdEntrega')
      .equals(id)
      .modify((draft) => {
        draft.entregador = {
          Nombre: 'Jorge Araya',
          Rut: '15234567-4',
          Firma: draft.entregador!.Firma,
          FirmadoEn: draft.entregador!.FirmadoEn,
        };
      });
    for (const member of workers) await signWorker(test.db, id, member.IdPersona, png(), catalogue);
    expect(await finishCrew(id, test)).toMatchObject({ ok: true, alreadyFinished: false });

    const entries = await test.db.outbox.orderBy('seq').toArray();
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      const body = v.parse(EppEntregaCreateBodySchema, entry.body);
      expect(body.VersionSello).toBeUndefined();
      expect(body.Entregador).toEqual({ Nombre: 'Jorge Araya', Rut: '15234567-4', Firma: body.Entregador.Firma });
      // Sealed with the version 1 form, which the server still accepts and verifies.
      expect(body.Sello).toBe(await actaSeal(owner.companyId, { ...body, VersionSello: undefined }));
      expect(body.Sello).not.toBe(await actaSeal(owner.companyId, { ...body, VersionSello: 2 }));
      expect((await test.db.epp_entregas.get(body.IdEntregadosEpp))!.VersionSello).toBe(1);
    }
  });

  it('an acta of a crew opened from a dispatched EPP request names the request, outside its seal', async () => {
    const test = device();
    const [member] = [worker(9)];
    const solicitud = uuidV7();
    const id = await createCrewDraft(
      test.db,
      { workers: [member!], motivo: 3, idCliente: null, solicitud, lines: () => [lineFor(casco)] },
      owner,
    );
    await signDeliverer(test.db, id, me, png());
    const acta = await signWorker(test.db, id, member!.IdPersona, png(), catalogue);
    expect(acta.IdSolicitud).toBe(solicitud);
    const { IdSolicitud: _link, ...unlinked } = acta;
    // The same seal with or without the link: the worker signed what they received, not the request.
    expect(await actaSeal(owner.companyId, unlinked)).toBe(acta.Sello);
    expect(v.parse(EppEntregaCreateBodySchema, acta).IdSolicitud).toBe(solicitud);
  });
});
