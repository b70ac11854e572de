import type { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import type { InspectionDraft } from '#app/db/inspection-rows.ts';
import { releaseDatabase } from '#app/sync/device-sync.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { DRAFT_KINDS } from '#app/db/draft-row.ts';
import { hasUnsavedWork, readUnsavedWork, unsavedWorkWarning } from './unsaved-work.ts';

const device = testDevicesForEachTest();

/** Only what every draft shares matters here; the kind's own fields do not. */
function draftRow(id: string, estado: InspectionDraft['estado']): InspectionDraft {
  return { IdEvaluacion: id, IdUsuario: 7, estado, actualizadoEn: Date.now() } as InspectionDraft;
}

/** Whether the database is still in its own IndexedDB (each test device has its own factory). */
async function exists(db: Dexie): Promise<boolean> {
  const databases = await (db._options.indexedDB as IDBFactory).databases();
  return databases.some((database) => database.name === db.name);
}

describe('unsaved work at sign-out', () => {
  it('DR2: counts open drafts of every kind and queued or refused writes; finished drafts are not unsaved work', async () => {
    const { db, store } = device();
    expect(hasUnsavedWork(await readUnsavedWork(db, store))).toBe(false);
    await db.borradores.bulkPut([draftRow('a', 'abierta'), draftRow('b', 'abierta'), draftRow('c', 'finalizada')]);
    const work = await readUnsavedWork(db, store);
    expect(work).toEqual({ writes: 0, drafts: [{ table: 'borradores', noun: DRAFT_KINDS.borradores, count: 2 }] });
    expect(hasUnsavedWork(work)).toBe(true);
  });

  it('DR5: every table indexed by a draft state is a named kind of draft', () => {
    const { db } = device();
    const byState = db.tables.filter((table) => 'estado' in table.schema.idxByName).map((table) => table.name);
    expect(byState.sort()).toEqual(Object.keys(DRAFT_KINDS).sort());
  });

  it('DR3: the warning says how many of what, drafts and writes together', () => {
    const inspections = { table: 'borradores' as const, noun: DRAFT_KINDS.borradores };
    expect(unsavedWorkWarning({ writes: 0, drafts: [{ ...inspections, count: 1 }] })).toBe(
      'Tienes 1 inspección en curso. Se guardarán en este dispositivo y los encontrarás al volver a iniciar sesión con tu cuenta; nadie más que inicie sesión aquí los verá.',
    );
    expect(unsavedWorkWarning({ writes: 3, drafts: [{ ...inspections, count: 2 }] })).toBe(
      'Tienes 2 inspecciones en curso y 3 cambios sin sincronizar. Se guardarán en este dispositivo y los encontrarás al volver a iniciar sesión con tu cuenta; nadie más que inicie sesión aquí los verá.',
    );
    expect(unsavedWorkWarning({ writes: 1, drafts: [] })).toBe(
      'Tienes 1 cambio sin sincronizar. Se guardarán en este dispositivo y se enviarán cuando vuelvas a iniciar sesión.',
    );
  });

  it('DR2: the end of a session keeps the database of a person with an open draft, photos and signatures included', async () => {
    const { db, store } = device();
    await db.borradores.put(draftRow('a', 'abierta'));
    await db.archivosDispositivo.put({ sha256: 'f'.repeat(64), type: 'image/png', bytes: new Uint8Array([1, 2, 3]).buffer, creadoEn: 1 });
    await db.consultas.put({ key: 'lista', value: [1] });
    await releaseDatabase({ db, store });
    expect(await exists(db)).toBe(true);
    await db.open();
    expect(await db.borradores.get('a')).toMatchObject({ estado: 'abierta' });
    expect(await db.archivosDispositivo.count()).toBe(1);
    // What online screens cached is not the person's work and goes.
    expect(await db.consultas.count()).toBe(0);
  });

  it('OB9: the end of a session deletes the database of a person with nothing unsaved', async () => {
    const { db, store } = device();
    await db.borradores.put(draftRow('c', 'finalizada'));
    await releaseDatabase({ db, store });
    expect(await exists(db)).toBe(false);
  });
});
