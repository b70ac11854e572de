import { Dexie, type EntityTable, type Table } from 'dexie';
import { OUTBOX_STORES, type OutboxFileRow, type OutboxRow } from '#app/sync/dexie-outbox-store.ts';
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
    // Strict durability: a write the person saw saved has reached the disk, not just the OS cache.
    super(name, { chromeTransactionDurability: 'strict', ...options });
    this.version(1).stores({
      consultas: 'key',
      ajustes: 'key',
    });
    // `palabras` finds a worker by the start of any word of its RUT or names; the compound indexes keep each
    // filter in name order, so a list of thousands is read as keys and only the visible rows are loaded.
    this.version(2).stores({
      ...OUTBOX_STORES,
      trabajadores:
        'IdPersona, *palabras, orden, [IdNivel2+orden], [IdNivel3+orden], *cargos, RutContratista',
      cargos: 'IdCargo, orden, IdNivel2, IdNivel3',
      niveles: 'IdNivel, [TipoNivel+orden], IdNivelPadre',
      syncMeta: 'key',
      serverRows: 'recordKey',
    });
    // Lists of thousands of inspections and observations filter by an index in date order and load only what shows.
    this.version(3).stores({
      formularios: 'IdFormulario, orden, Tipo',
      inspecciones: 'IdEvaluacion, Fecha, [Tipo+Fecha], [IdFormulario+Fecha], [IdNivel2+Fecha], [IdNivel3+Fecha], [RutContratista+Fecha]',
      observaciones: 'IdObservacion, IdEvaluacion, Fecha, Plazo, [SemaforoObs+Fecha], [TipoObs+Fecha], IdResponsable',
      borradores: 'IdEvaluacion, actualizadoEn, estado',
      archivosDispositivo: 'sha256',
    });
    // The first catalogues on the record kit: read whole, ordered by their folded name.
    this.version(4).stores({
      certificaciones: 'IdCertificacion, orden',
      actividades_economicas: 'IdActividadEconomica, orden',
    });
    // The home screen finds the person's own inspections by key instead of reading every inspection.
    this.version(5).stores({
      inspecciones: 'IdEvaluacion, Fecha, [Tipo+Fecha], [IdFormulario+Fecha], [IdNivel2+Fecha], [IdNivel3+Fecha], [RutContratista+Fecha], IdSupervisor',
    });
    // Trainings: sessions whole (lists inside), found by the workers and attendance rows of their participants;
    // `asistencias` is attendance being taken at a worksite (a draft, SPEC TR1).
    this.version(6).stores({
      tipos_capacitacion: 'IdTipoCapacitacion, orden',
      programas_capacitacion: 'IdCapacitacion, orden, IdTipoCapacitacion',
      capacitaciones: 'IdCapacitacion, orden, Realizada, *personas, *asistencias, IdPrograma',
      asistencias: 'IdCapacitacion, actualizadoEn, estado',
    });
    // EPP: the catalogue by name, assignments by their position or worker, actas by date, worker, crew and the acta
    // they correct; crew deliveries in progress are drafts (SPEC DR1).
    this.version(7).stores({
      epp_tipos: 'IdEpp, orden',
      epp_asignaciones: 'IdAsignacionEpp, IdCargo, IdPersona',
      epp_entregas: 'IdEntregadosEpp, Fecha, IdPersona, IdEntrega, Corrige',
      borradoresEpp: 'IdEntrega, actualizadoEn, estado',
    });
    // Incidents: the cases, their control measures, the reports being written, and the fifteen accident catalogues
    // (read through `table(name)`, like every described record).
    this.version(8).stores({
      incidentes: 'IdEvaluacion, FechaOcurrencia, Estado',
      medidas_control: 'IdMedidaControl, IdEvaluacion, IdResponsable, Plazo',
      borradores_incidentes: 'IdEvaluacion, actualizadoEn, estado',
      ...Object.fromEntries(ACCIDENT_CATALOGUE_TABLES.map((table) => [table, 'Id, orden'])),
    });
    // Headcount and hours worked per month and level: the accident rates' denominators, listed by month.
    this.version(9).stores({
      dotaciones: 'IdDotacion, Mes',
    });
    // EPP requests: pending, dispatched (waiting for signatures) and delivered, by state, date and inspection.
    this.version(10).stores({
      epp_solicitudes: 'IdSolicitud, Estado, Fecha, IdEvaluacion',
    });
  }
}

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
