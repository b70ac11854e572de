import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { Dexie, type ObservabilitySet } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { localWorker } from '#app/db/local-worker.fixture.ts';
import { type LocalTrabajador, toLocalTrabajador } from '#app/db/reference-rows.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { discardLocalWrite, localWrite, resendLocalWrite } from './local-write.ts';

const newDevice = testDevicesForEachTest();
/** Each test runs twice: with the database not open yet (Dexie's path) and open (IndexedDB directly, raw-local-write.ts). */
let opened = false;
async function device(...args: Parameters<typeof newDevice>) {
  const test = newDevice(...args);
  if (opened) await test.db.open();
  return test;
}

const worker = localWorker;

const signature = { sha256: 'a'.repeat(64), type: 'image/png', bytes: new Uint8Array([137, 80, 78, 71]).buffer as ArrayBuffer };

describe.each([
  ['through Dexie', false],
  ['through IndexedDB directly', true],
])('localWrite %s', (_path, open) => {
  beforeEach(() => {
    opened = open;
  });

  it('OB1/FL1: the row, the file bytes and the outbox entry are committed together', async () => {
    const test = await device();
    const row = worker({ Firma: { Sha256: signature.sha256, Tipo: 'image/png' } });
    const entry = await localWrite(
      { table: 'trabajadores', id: row.IdPersona, row, request: { method: 'POST', path: '/api/trabajadores/newtrabajadores2', body: { IdPersona: row.IdPersona } }, files: [signature] },
      test,
    );

    expect(await test.db.trabajadores.get(row.IdPersona)).toMatchObject({ RunPersona: '12345678-5', palabras: ['123456785', 'ana', 'perez'] });
    expect(entry).toMatchObject({ recordKey: `trabajadores:${row.IdPersona}`, files: [{ sha256: signature.sha256, type: 'image/png' }], state: 'pending' });
    expect((await test.store.getFile(signature.sha256))?.bytes).toBeInstanceOf(ArrayBuffer);
    expect(await test.db.serverRows.get(`trabajadores:${row.IdPersona}`)).toEqual({ recordKey: `trabajadores:${row.IdPersona}`, row: null });
  });

  it('OB1: when the row cannot be written, neither the entry nor the file stays', async () => {
    const test = await device();
    const broken = { ...worker(), IdPersona: undefined } as unknown as LocalTrabajador;
    await expect(
      localWrite({ table: 'trabajadores', id: 'x', row: broken, request: { method: 'POST', path: '/api/trabajadores/newtrabajadores2', body: {} }, files: [signature] }, test),
    ).rejects.toThrow();
    expect(await test.db.outbox.count()).toBe(0);
    expect(await test.db.outboxFiles.count()).toBe(0);
    expect(await test.db.serverRows.count()).toBe(0);
  });

  it('OB7: a write that points at a record created offline depends on that creation', async () => {
    const test = await device();
    const level = uuidV7();
    const created = await localWrite({ table: 'niveles', id: level, row: null, request: { method: 'POST', path: '/api/niveles/post/76123456', body: {} } }, test);
    const child = worker();
    const entry = await localWrite(
      { table: 'trabajadores', id: child.IdPersona, row: child, request: { method: 'POST', path: '/api/trabajadores/newtrabajadores2', body: {} }, parents: [{ table: 'niveles', id: level }] },
      test,
    );
    expect(entry.dependsOn).toEqual([created.key]);
  });

  it('RP16/PL6: discarding the only write of an edited record shows the server version again', async () => {
    const refusal = { status: 409, body: { statusCode: 409, message: 'Ya existe un trabajador con ese rut', code: 'RUT_DUPLICADO' } };
    const test = await device({ refuse: () => refusal });
    const original = worker();
    await test.db.trabajadores.put(original);
    const edited = toLocalTrabajador({ ...original, Nombres: 'Anita', Version: 2 });
    const entry = await localWrite({ table: 'trabajadores', id: original.IdPersona, row: edited, request: { method: 'PUT', path: '/api/trabajadores/newtrabajadores2', body: { Nombres: 'Anita' } } }, test);
    await test.replayer.requestSync({ ignoreBackoff: true });
    expect((await test.store.get(entry.key))?.lastError?.message).toBe('Ya existe un trabajador con ese rut');

    await discardLocalWrite(entry.key, test);

    expect(await test.db.outbox.count()).toBe(0);
    expect(await test.db.trabajadores.get(original.IdPersona)).toEqual(original);
    expect(await test.db.serverRows.count()).toBe(0);
  });

  it('RP16: discarding a creation the server refused takes the record off the device', async () => {
    const test = await device({ refuse: () => ({ status: 400, body: { statusCode: 400, message: 'El rut no es válido' } }) });
    const row = worker();
    const entry = await localWrite({ table: 'trabajadores', id: row.IdPersona, row, request: { method: 'POST', path: '/api/trabajadores/newtrabajadores2', body: {} } }, test);
    await test.replayer.requestSync({ ignoreBackoff: true });
    await discardLocalWrite(entry.key, test);
    expect(await test.db.trabajadores.get(row.IdPersona)).toBeUndefined();
  });

  it('RP15: a corrected write keeps its place with a new key, and the device shows the correction', async () => {
    let refuse = true;
    const test = await device({ refuse: () => (refuse ? { status: 409, body: { statusCode: 409, message: 'Ya existe un trabajador con ese rut' } } : undefined) });
    const row = worker();
    const entry = await localWrite({ table: 'trabajadores', id: row.IdPersona, row, request: { method: 'POST', path: '/api/trabajadores/newtrabajadores2', body: { RunPersona: row.RunPersona } } }, test);
    await test.replayer.requestSync({ ignoreBackoff: true });
    refuse = false;

    const corrected = toLocalTrabajador({ ...row, RunPersona: '11111111-1' });
    await resendLocalWrite(entry.key, { table: 'trabajadores', id: row.IdPersona, row: corrected, body: { RunPersona: '11111111-1' } }, test);
    await test.replayer.requestSync({ ignoreBackoff: true });

    expect(test.server.applied).toEqual([expect.objectContaining({ body: { RunPersona: '11111111-1' } })]);
    expect(test.server.applied[0]?.key).not.toBe(entry.key);
    expect(await test.db.outbox.count()).toBe(0);
    expect((await test.db.trabajadores.get(row.IdPersona))?.RunPersona).toBe('11111111-1');
  });

  it('OB1: the screens hear of the save (what their live queries listen to), and the replayer finds its entry', async () => {
    const test = await device();
    const heard: string[] = [];
    const listener = (changed: ObservabilitySet) => heard.push(...Object.keys(changed));
    Dexie.on('storagemutated', listener);
    try {
      const row = worker();
      const entry = await localWrite({ table: 'trabajadores', id: row.IdPersona, row, request: { method: 'POST', path: '/api/trabajadores/newtrabajadores2', body: {} } }, test);
      await expect.poll(() => heard).toEqual(expect.arrayContaining([`idb://${test.db.name}/trabajadores/`, `idb://${test.db.name}/outbox/`]));
      expect(await test.store.get(entry.key)).toMatchObject({ seq: entry.seq, recordKey: `trabajadores:${row.IdPersona}`, state: 'pending' });
      expect(await test.store.hasEntriesFor(`trabajadores:${row.IdPersona}`)).toBe(true);
    } finally {
      Dexie.on('storagemutated').unsubscribe(listener);
    }
  });
});
