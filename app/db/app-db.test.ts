import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { readUnsavedWork } from '#app/data/unsaved-work.ts';
import { DexieOutboxStore } from '#app/sync/dexie-outbox-store.ts';
import { AppDb, DEVICE_STORE_VERSIONS } from './app-db.ts';

describe('the device database', () => {
  it('keeps every version it ever shipped: a change of a table is a new version, never an edit of one a device has', () => {
    const versions = [...DEVICE_STORE_VERSIONS.keys()];
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    // One snapshot per version: a new version adds one; an edited version no longer matches its own.
    for (const [version, stores] of DEVICE_STORE_VERSIONS) expect(stores).toMatchSnapshot(`versión ${version}`);
  });

  it('opens with every store the descriptions give, each with its primary key first', async () => {
    const db = new AppDb(`prueba-${crypto.randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.open();
    const declared = new Map<string, string>();
    for (const stores of DEVICE_STORE_VERSIONS.values())
      for (const [table, indexes] of Object.entries(stores)) declared.set(table, indexes);
    expect(db.tables.map((table) => table.name).sort()).toEqual([...declared.keys()].sort());
    for (const table of db.tables) expect(table.schema.primKey.src).toBe(declared.get(table.name)!.split(',')[0]!.trim().replace(/^&/, ''));
    expect(db.verno).toBe(Math.max(...DEVICE_STORE_VERSIONS.keys()));
    db.close();
  });
});

/**
 * The device database as the release before descriptions gave its stores shipped it (version 10, written by hand in
 * app/db/app-db.ts then): a tablet in the field has exactly this.
 */
function shippedVersion10(db: Dexie): void {
  db.version(1).stores({ consultas: 'key', ajustes: 'key' });
  db.version(2).stores({
    outbox: '++seq, &key, state, recordKey, *dependsOn, *fileShas',
    outboxFiles: '&sha256',
    trabajadores: 'IdPersona, *palabras, orden, [IdNivel2+orden], [IdNivel3+orden], *cargos, RutContratista',
    cargos: 'IdCargo, orden, IdNivel2, IdNivel3',
    niveles: 'IdNivel, [TipoNivel+orden], IdNivelPadre',
    syncMeta: 'key',
    serverRows: 'recordKey',
  });
  db.version(3).stores({
    formularios: 'IdFormulario, orden, Tipo',
    inspecciones: 'IdEvaluacion, Fecha, [Tipo+Fecha], [IdFormulario+Fecha], [IdNivel2+Fecha], [IdNivel3+Fecha], [RutContratista+Fecha]',
    observaciones: 'IdObservacion, IdEvaluacion, Fecha, Plazo, [SemaforoObs+Fecha], [TipoObs+Fecha], IdResponsable',
    borradores: 'IdEvaluacion, actualizadoEn, estado',
    archivosDispositivo: 'sha256',
  });
  db.version(4).stores({ certificaciones: 'IdCertificacion, orden', actividades_economicas: 'IdActividadEconomica, orden' });
  db.version(5).stores({
    inspecciones:
      'IdEvaluacion, Fecha, [Tipo+Fecha], [IdFormulario+Fecha], [IdNivel2+Fecha], [IdNivel3+Fecha], [RutContratista+Fecha], IdSupervisor',
  });
  db.version(6).stores({
    tipos_capacitacion: 'IdTipoCapacitacion, orden',
    programas_capacitacion: 'IdCapacitacion, orden, IdTipoCapacitacion',
    capacitaciones: 'IdCapacitacion, orden, Realizada, *personas, *asistencias, IdPrograma',
    asistencias: 'IdCapacitacion, actualizadoEn, estado',
  });
  db.version(7).stores({
    epp_tipos: 'IdEpp, orden',
    epp_asignaciones: 'IdAsignacionEpp, IdCargo, IdPersona',
    epp_entregas: 'IdEntregadosEpp, Fecha, IdPersona, IdEntrega, Corrige',
    borradoresEpp: 'IdEntrega, actualizadoEn, estado',
  });
  const catalogues = [
    'actos_subestandares',
    'agentes_evento',
    'causas_basicas',
    'condiciones_subestandares',
    'factores',
    'faltas_control',
    'familias_riesgo',
    'fuentes_evento',
  ];
  const more = [
    'items_agente',
    'items_causas_basicas',
    'partes_cuerpo',
    'riesgos_especificos',
    'tipos_agente',
    'tipos_evento',
    'tipos_lesion',
  ];
  db.version(8).stores({
    incidentes: 'IdEvaluacion, FechaOcurrencia, Estado',
    medidas_control: 'IdMedidaControl, IdEvaluacion, IdResponsable, Plazo',
    borradores_incidentes: 'IdEvaluacion, actualizadoEn, estado',
    ...Object.fromEntries([...catalogues, ...more].map((table) => [table, 'Id, orden'])),
  });
  db.version(9).stores({ dotaciones: 'IdDotacion, Mes' });
  db.version(10).stores({ epp_solicitudes: 'IdSolicitud, Estado, Fecha, IdEvaluacion' });
}

/** Every object store of an open IndexedDB database with its key path and index names, as the browser holds them. */
function storedIndexes(database: IDBDatabase): Record<string, { keyPath: unknown; indexes: string[] }> {
  const names = [...database.objectStoreNames];
  const transaction = database.transaction(names, 'readonly');
  return Object.fromEntries(
    names.map((name) => {
      const store = transaction.objectStore(name);
      return [name, { keyPath: store.keyPath, indexes: [...store.indexNames].sort() }];
    }),
  );
}

describe('a device updated from the release before', () => {
  it('opens the same database: its open draft and its queued write are there, and the queue sends that write', async () => {
    const indexedDB = new IDBFactory();
    const name = 'andes-hse-7';
    const before = new Dexie(name, { indexedDB, IDBKeyRange });
    shippedVersion10(before);
    await before.open();
    await before.table('borradores').put({ IdEvaluacion: 'b-1', IdUsuario: 7, estado: 'abierta', actualizadoEn: 1, respuestas: {} });
    await before.table('outbox').add({
      key: '0191a5c2-0000-7000-8000-000000000001',
      method: 'POST',
      path: '/api/certificaciones',
      body: { IdCertificacion: 'c-1', Nombre: 'Rigger' },
      payloadVersion: 1,
      createdAt: 1,
      attempts: 0,
      state: 'pending',
      nextAttemptAt: 0,
      recordKey: 'certificaciones:c-1',
      fileShas: [],
    });
    before.close();

    const after = new AppDb(name, { indexedDB, IDBKeyRange });
    await after.open();
    const store = new DexieOutboxStore({ db: after, entries: after.outbox, files: after.outboxFiles });
    expect(await readUnsavedWork(after, store)).toEqual({
      writes: 1,
      drafts: [{ table: 'borradores', noun: expect.objectContaining({ one: 'inspección en curso' }), count: 1 }],
    });
    const [queued] = await store.list({ limit: 10 });
    expect(queued).toMatchObject({ key: '0191a5c2-0000-7000-8000-000000000001', path: '/api/certificaciones', state: 'pending' });
    // Only the newest version is declared to Dexie: the stores and indexes it left are those of a new device.
    const fresh = new AppDb(`prueba-${crypto.randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    await fresh.open();
    expect(storedIndexes(after.backendDB())).toEqual(storedIndexes(fresh.backendDB()));
    fresh.close();
    after.close();
  });
});
