import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { describe, expect, it } from 'vitest';
import { type LocalCargo, type LocalNivel, toLocalCargo, toLocalNivel } from '#app/db/reference-rows.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { localWrite } from './local-write.ts';
import { loadRefusedWrite, resendCorrection } from './refused-writes.ts';

const device = testDevicesForEachTest();

const DUPLICATE = { status: 409, body: { statusCode: 409, message: 'El cargo ya existe para esa combinación de niveles', code: 'CARGO_DUPLICADO' } };

function cargo(NombreCargo: string): LocalCargo {
  return toLocalCargo({ IdCargo: uuidV7(), IdEmpresa: '76123456', NombreCargo, IdNivel2: null, IdNivel3: null, Estado: 1, Version: 1 });
}

describe('resendCorrection (SPEC RP15)', () => {
  it('a refused creation opens with its body and goes again whole, with a new key in its place, the row corrected', async () => {
    let refuse = true;
    const test = device({ refuse: () => (refuse ? DUPLICATE : undefined) });
    const row = cargo('Rigger');
    const body = { IdCargo: row.IdCargo, NombreCargo: 'Rigger', IdNivel2: null, IdNivel3: null };
    const refused = await localWrite({ table: 'cargos', id: row.IdCargo, row, request: { method: 'POST', path: '/api/cargos/newcargos2', body } }, test);
    await test.replayer.requestSync({ ignoreBackoff: true });
    expect((await test.store.get(refused.key))?.state).toBe('dead');
    expect(await loadRefusedWrite(test.db, refused.key, 'cargos', row.IdCargo)).toMatchObject({ entry: { key: refused.key, state: 'dead' }, record: body });
    // A key of another record is not this record's refused write.
    expect(await loadRefusedWrite(test.db, refused.key, 'cargos', uuidV7())).toBeNull();

    refuse = false;
    const corrected = toLocalCargo({ ...row, NombreCargo: 'Rigger Norte' });
    await resendCorrection(
      refused.key,
      {
        table: 'cargos',
        id: row.IdCargo,
        current: row,
        create: (original) => ({ body: { ...original, NombreCargo: 'Rigger Norte' }, row: corrected }),
        update: () => {
          throw new Error('not an update');
        },
      },
      test,
    );
    const [resent] = await test.store.list({ limit: 10 });
    expect(resent).toMatchObject({ seq: refused.seq, state: 'pending', attempts: 0, body: { ...body, NombreCargo: 'Rigger Norte' } });
    expect(resent?.key).not.toBe(refused.key);
    expect(await test.db.cargos.get(row.IdCargo)).toEqual(corrected);

    await test.replayer.requestSync({ ignoreBackoff: true });
    expect(test.server.applied).toEqual([expect.objectContaining({ key: resent?.key, body: { ...body, NombreCargo: 'Rigger Norte' } })]);
    expect(await test.db.outbox.count()).toBe(0);
  });

  it('a refused update opens over the server version it was based on, and is rebased on the newest one the device knows', async () => {
    let refuse = true;
    const test = device({ refuse: () => (refuse ? { status: 400, body: { statusCode: 400, message: 'El nivel superior no existe o no es del tipo anterior' } } : undefined) });
    const server: LocalNivel = toLocalNivel({ IdNivel: uuidV7(), IdEmpresa: '76123456', TipoNivel: 2, IdNivelPadre: null, Nombre: 'Faena', RutNivel: '', Estado: 1, Version: 3 });
    await test.db.niveles.put(server);
    const edited = toLocalNivel({ ...server, Nombre: 'Faena Norte', Version: 4 });
    const path = `/api/niveles/put/76123456/${server.IdNivel}`;
    const refused = await localWrite({ table: 'niveles', id: server.IdNivel, row: edited, request: { method: 'PUT', path, body: { Version: 3, Nombre: 'Faena Norte' } } }, test);
    await test.replayer.requestSync({ ignoreBackoff: true });
    expect((await loadRefusedWrite(test.db, refused.key, 'niveles', server.IdNivel))?.record).toMatchObject({ Nombre: 'Faena Norte', Version: 3, TipoNivel: 2 });

    // Meanwhile a pull skipped a newer server version of the record (PL6): the correction is based on it.
    const newer = toLocalNivel({ ...server, RutNivel: '76123456-0', Version: 5 });
    await test.db.serverRows.put({ recordKey: `niveles:${server.IdNivel}`, row: newer });
    refuse = false;
    await resendCorrection(
      refused.key,
      {
        table: 'niveles',
        id: server.IdNivel,
        current: edited,
        create: () => {
          throw new Error('not a creation');
        },
        update: (base) => ({ body: { Version: base.Version, Nombre: 'Faena Sur' }, row: toLocalNivel({ ...base, Nombre: 'Faena Sur', Version: base.Version + 1 }) }),
      },
      test,
    );
    expect(await test.db.niveles.get(server.IdNivel)).toMatchObject({ Nombre: 'Faena Sur', RutNivel: '76123456-0', Version: 6 });
    await test.replayer.requestSync({ ignoreBackoff: true });
    expect(test.server.applied).toEqual([expect.objectContaining({ path, body: { Version: 5, Nombre: 'Faena Sur' } })]);
  });

  it('only a dead write of that record can be corrected; a delete can only be discarded', async () => {
    const test = device({ refuse: () => DUPLICATE });
    const row = cargo('Soldador');
    const pending = await localWrite({ table: 'cargos', id: row.IdCargo, row, request: { method: 'POST', path: '/api/cargos/newcargos2', body: {} } }, test);
    const correction = { table: 'cargos' as const, id: row.IdCargo, current: row, create: () => ({ body: {}, row }), update: () => ({ body: {}, row }) };
    await expect(resendCorrection(pending.key, correction, test)).rejects.toThrow();
    await expect(resendCorrection(pending.key, { ...correction, id: uuidV7() }, test)).rejects.toThrow();

    const removal = await localWrite({ table: 'cargos', id: row.IdCargo, row: null, request: { method: 'DELETE', path: `/api/cargos/newcargos2/delete/${row.IdCargo}` } }, test);
    await test.replayer.requestSync({ ignoreBackoff: true });
    await test.replayer.discard(pending.key);
    await test.replayer.requestSync({ ignoreBackoff: true });
    expect((await test.store.get(removal.key))?.state).toBe('dead');
    await expect(resendCorrection(removal.key, correction, test)).rejects.toThrow('solo se puede descartar');
  });
});
