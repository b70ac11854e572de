import { describe, expect, it } from 'vitest';
import { inspectionRow, observationRow } from '#app/data/follow-up-test-factory.ts';
import { LAST_SUCCESS_KEY } from '#app/sync/device-sync.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { personOpenObservations } from './home-observations.ts';

const device = testDevicesForEachTest();
const ME = 7;
const OTHER = 2;

async function texts(test: ReturnType<typeof device>) {
  return (await personOpenObservations(test.db, ME)).map((row) => row.Observacion);
}

describe("the person's open observations on the home screen", () => {
  it('lists those they must answer and those of their inspections, open or answered, nearest deadline first', async () => {
    const test = device();
    const mine = inspectionRow({ IdSupervisor: ME });
    const others = inspectionRow({ IdSupervisor: OTHER });
    await test.db.inspecciones.bulkPut([mine, others]);
    await test.db.observaciones.bulkPut([
      observationRow(others, { Observacion: 'to answer, later', IdResponsable: ME, Plazo: '2026-04-20' }),
      observationRow(mine, { Observacion: 'raised, no deadline', TipoObs: 'General', IdEnunciado: null, Plazo: null, SemaforoObs: 1 }),
      observationRow(mine, { Observacion: 'raised, answered', Respondida: 1, Plazo: '2026-04-01' }),
      observationRow(others, { Observacion: 'to answer, overdue', IdResponsable: ME, Plazo: '2026-03-01', SemaforoObs: 3 }),
      observationRow(mine, { Observacion: 'raised, approved', Aprobada: 1, SemaforoObs: 1 }),
      observationRow(mine, { Observacion: 'raised, deleted', Estado: 0 }),
      observationRow(others, { Observacion: 'someone else’s', IdResponsable: OTHER }),
    ]);

    expect(await texts(test)).toEqual(['to answer, overdue', 'raised, answered', 'to answer, later', 'raised, no deadline']);
  });

  it('after a sync, leaves out unread the green ones the server had judged, unless a queued write holds them back', async () => {
    const test = device();
    const mine = inspectionRow({ IdSupervisor: ME });
    await test.db.inspecciones.put(mine);
    const judged = observationRow(mine, { Observacion: 'judged green', SemaforoObs: 1, Plazo: '2026-03-05' });
    const held = observationRow(mine, { Observacion: 'held green', SemaforoObs: 1, Plazo: '2026-03-05' });
    const recent = observationRow(mine, { Observacion: 'recent green', SemaforoObs: 1, Plazo: '2026-03-16' });
    await test.db.observaciones.bulkPut([judged, held, recent]);
    await test.db.syncMeta.put({ key: LAST_SUCCESS_KEY, value: Date.parse('2026-03-17T15:00:00Z') });
    await test.db.outbox.add({
      key: 'k1',
      method: 'POST',
      path: `/api/inspecciones/observaciones-inspecciones/${held.IdObservacion}`,
      body: {},
      payloadVersion: 1,
      createdAt: 1,
      attempts: 0,
      state: 'pending',
      nextAttemptAt: 0,
      recordKey: `observaciones:${held.IdObservacion}`,
    } as never);

    expect(await texts(test)).toEqual(['held green', 'recent green']);
  });
});
