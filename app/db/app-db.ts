import { Dexie, type EntityTable, type Table } from 'dexie';
import { OUTBOX_STORES, type OutboxFileRow, type OutboxRow } from '#app/sync/dexie-outbox-store.ts';
import { ENTITY_LIST } from '#sync/records/entities.ts';
import { ACCIDENT_CATALOGUE_TABLES, ACCIDENT_CATALOGUES } from '#sync/schemas/incidentes-catalogos.schema.ts';
import type { IncidentDraft, LocalIncidente, LocalMedida } from './incident-rows.ts';
import type { DeviceFile, InspectionDraft, LocalFormulario, LocalInspeccion, LocalObservacion } from './inspection-rows.ts';
import type { LocalCargo, LocalNivel, LocalRow, LocalRows, LocalTrabajador } from './reference-rows.ts';
import type { AttendanceDraft, LocalCapacitacion, LocalPrograma } from './capacitacion-rows.ts';
import type { EppDeliveryDraft } from './epp-delivery-draft.ts';

export interface KeyValueRow {
  key: string;
  value: unknown;
}

/** The server's state of a record with queued writes: what a discard restores (SPEC PL6). Null: not on the server. */
export interface ServerRowCopy {
  recordKey: string;
  row: LocalRow | null;
}

/** Name of the database of one person (SPEC OB9): the next person on the device opens another one. */
export function userDbName(userId: number): string {
  return `andes-hse-${userId}`;
}

/** The device's database. Schema versions are appended, never edited: a device may skip releases. */
export class AppDb extends Dexie {
  consultas!: EntityTable<KeyValueRow, 'key'>;
  ajustes!: EntityTable<KeyValueRow, 'key'>;
  outbox!: Table<OutboxRow, number>;
  outboxFiles!: Table<OutboxFileRow, string>;
  trabajadores!: EntityTable<LocalTrabajador, 'IdPersona'>;
  cargos!: EntityTable<LocalCargo, 'IdCargo'>;
  niveles!: EntityTable<LocalNivel, 'IdNivel'>;
  syncMeta!: EntityTable<KeyValueRow, 'key'>;
  serverRows!: EntityTable<ServerRowCopy, 'recordKey'>;
  formularios!: EntityTable<LocalFormulario, 'IdFormulario'>;
  inspecciones!: EntityTable<LocalInspeccion, 'IdEvaluacion'>;
  observaciones!: EntityTable<LocalObservacion, 'IdObservacion'>;
  borradores!: EntityTable<InspectionDraft, 'IdEvaluacion'>;
  archivosDispositivo!: EntityTable<DeviceFile, 'sha256'>;
  certificaciones!: EntityTable<LocalRows['certificaciones'], 'IdCertificacion'>;
  actividades_economicas!: EntityTable<LocalRows['actividades_economicas'], 'IdActividadEconomica'>;
  tipos_capacitacion!: EntityTable<LocalRows['tipos_capacitacion'], 'IdTipoCapacitacion'>;
  programas_capacitacion!: EntityTable<LocalPrograma, 'IdCapacitacion'>;
  capacitaciones!: EntityTable<LocalCapacitacion, 'IdCapacitacion'>;
  asistencias!: EntityTable<AttendanceDraft, 'IdCapacitacion'>;
  epp_tipos!: EntityTable<LocalRows['epp_tipos'], 'IdEpp'>;
  epp_asignaciones!: EntityTable<LocalRows['epp_asignaciones'], 'IdAsignacionEpp'>;
  epp_entregas!: EntityTable<LocalRows['epp_entregas'], 'IdEntregadosEpp'>;
  borradoresEpp!: EntityTable<EppDeliveryDraft, 'IdEntrega'>;
  incidentes!: EntityTable<LocalIncidente, 'IdEvaluacion'>;
  medidas_control!: EntityTable<LocalMedida, 'IdMedidaControl'>;
  borradores_incidentes!: EntityTable<IncidentDraft, 'IdEvaluacion'>;
  dotaciones!: EntityTable<LocalRows['dotaciones'], 'IdDotacion'>;
  epp_solicitudes!: EntityTable<LocalRows['epp_solicitudes'], 'IdSolicitud'>;

  constructor(name: string, options: ConstructorParameters<typeof Dexie>[1] = {}) {
    // Strict durability: a write the person saw saved has reached the disk, not just the OS cache. No query cache:
    // a plain save is written without Dexie (app/data/raw-local-write.ts), and a cache would answer the live queries
    // it wakes with what they read before it.
    super(name, { chromeTransactionDurability: 'strict', cache: 'disabled', ...options });
    // Only the newest version is declared: Dexie brings a device from any older version by comparing the stores it
    // finds with these (no version has a content upgrade; one that needs it is declared beside this). Declaring every
    // version re-read all earlier ones at each declaration: 80 ms of the first screen on a fast machine.
    this.version(NEWEST_DEVICE_VERSION).stores(NEWEST_DEVICE_STORES);
  }
}

/** A table's indexes in Dexie's notation, set by one version of the device database. */
interface DeviceStoreChange {
  version: number;
  table: string;
  /** The primary key first, then the indexes. */
  indexes: string;
}

/**
 * The tables the app keeps for itself (settings, the outbox, sync bookkeeping, the device's files, drafts). Every
 * described record's table comes from its entity's `device` (sync/records/entity.ts). Versions are appended, never
 * edited: a device may skip releases.
 */
const APP_STORES: readonly DeviceStoreChange[] = [
  { version: 1, table: 'consultas', indexes: 'key' },
  { version: 1, table: 'ajustes', indexes: 'key' },
  ...Object.entries(OUTBOX_STORES).map(([table, indexes]) => ({ version: 2, table, indexes })),
  { version: 2, table: 'syncMeta', indexes: 'key' },
  { version: 2, table: 'serverRows', indexes: 'recordKey' },
  { version: 3, table: 'archivosDispositivo', indexes: 'sha256' },
  // Drafts (SPEC DR1): found by when they last changed and their state.
  { version: 3, table: 'borradores', indexes: 'IdEvaluacion, actualizadoEn, estado' },
  { version: 6, table: 'asistencias', indexes: 'IdCapacitacion, actualizadoEn, estado' },
  { version: 7, table: 'borradoresEpp', indexes: 'IdEntrega, actualizadoEn, estado' },
  { version: 8, table: 'borradores_incidentes', indexes: 'IdEvaluacion, actualizadoEn, estado' },
];

function entityStores(): DeviceStoreChange[] {
  return ENTITY_LIST.flatMap((entity) =>
    Object.entries(entity.device).map(([version, indexes]) => ({ version: Number(version), table: entity.table, indexes: [entity.id, ...indexes].join(', ') })),
  );
}

/** What each version of the device database sets, in version order: the stores Dexie opens the database with. */
export function deviceStoreVersions(changes: readonly DeviceStoreChange[]): Map<number, Record<string, string>> {
  const versions = new Map<number, Record<string, string>>();
  for (const change of [...changes].sort((a, b) => a.version - b.version)) {
    const stores = versions.get(change.version) ?? {};
    if (stores[change.table] !== undefined) throw new Error(`La tabla «${change.table}» tiene dos definiciones en la versión ${change.version}`);
    stores[change.table] = change.indexes;
    versions.set(change.version, stores);
  }
  return versions;
}

export const DEVICE_STORE_VERSIONS = deviceStoreVersions([...APP_STORES, ...entityStores()]);

const NEWEST_DEVICE_VERSION = Math.max(...DEVICE_STORE_VERSIONS.keys());
/** Every table as its latest version left it. */
const NEWEST_DEVICE_STORES: Record<string, string> = Object.assign({}, ...DEVICE_STORE_VERSIONS.values());

/** Labels for the "stored on this device" summary; bookkeeping tables without a label are not listed. */
export const TABLE_LABELS: Record<string, string> = {
  consultas: 'Consultas guardadas para usar sin conexión',
  ajustes: 'Ajustes del dispositivo',
  outbox: 'Cambios aún no aceptados por el servidor (pendientes y rechazados)',
  outboxFiles: 'Archivos y firmas por subir',
  trabajadores: 'Trabajadores',
  cargos: 'Cargos',
  niveles: 'Niveles',
  formularios: 'Formularios',
  inspecciones: 'Inspecciones',
  observaciones: 'Observaciones',
  borradores: 'Inspecciones en curso (borradores)',
  archivosDispositivo: 'Fotos y firmas tomadas en este dispositivo',
  certificaciones: 'Certificaciones',
  actividades_economicas: 'Actividades económicas',
  tipos_capacitacion: 'Tipos de capacitación',
  programas_capacitacion: 'Programa de capacitaciones',
  capacitaciones: 'Capacitaciones',
  asistencias: 'Asistencias en curso (borradores)',
  epp_tipos: 'Catálogo de EPP',
  epp_asignaciones: 'Asignaciones de EPP',
  epp_entregas: 'Entregas de EPP (actas)',
  borradoresEpp: 'Entregas de EPP en curso (borradores)',
  incidentes: 'Incidentes y accidentes',
  medidas_control: 'Medidas de control de incidentes',
  borradores_incidentes: 'Reportes de incidente en curso (borradores)',
  dotaciones: 'Dotación y horas hombre',
  epp_solicitudes: 'Solicitudes de EPP',
  ...Object.fromEntries(ACCIDENT_CATALOGUE_TABLES.map((table) => [table, `Catálogo de accidentes: ${ACCIDENT_CATALOGUES[table].noun.many}`])),
};
