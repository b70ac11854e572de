import type { OutboxEntry } from '#sync/outbox/outbox-entry.ts';
import { type Entities, entityOf, type EntityTable } from '#sync/records/entities.ts';
import type { RowOf } from '#sync/records/entity.ts';
import { LEVEL_TYPES, type LevelType } from '#sync/schemas/niveles.schema.ts';
import type { Inspeccion } from '#sync/schemas/inspecciones.schema.ts';
import type { Observacion } from '#sync/schemas/observaciones.schema.ts';
import type { EppAsignacion } from '#sync/schemas/epp-asignaciones.schema.ts';
import type { EppEntrega } from '#sync/schemas/epp-entregas.schema.ts';
import type { EppSolicitud } from '#sync/schemas/epp-solicitudes.schema.ts';
import {
  type CatalogueTable,
  fold,
  type LocalRow,
  type LocalRows,
  type OwnLocalRows,
  toLocalCargo,
  toLocalFormulario,
  toLocalDotacion,
  toLocalNivel,
  toLocalTrabajador,
} from '#app/db/reference-rows.ts';
import { toLocalCapacitacion, toLocalPrograma } from '#app/db/capacitacion-rows.ts';
import { withIncidentDerived } from '#app/db/incident-derived.ts';
import { LEVEL_PATHS, paths, type RecordPaths } from '#app/navigation/paths.ts';
import { MAINTAINER_PATHS } from '#app/navigation/served-routes.ts';

/** Where the person corrects a refused write of a record (SPEC RP15), and the action the server checks for it. */
export interface CorrectionRoute {
  routes(entry: OutboxEntry, row: LocalRow | null | undefined): RecordPaths | undefined;
  action: 'crear' | 'editar';
}

/** What the device adds to an entity's description: how it keeps a pulled row, and where a refusal is corrected. */
export interface DeviceRecord<T extends EntityTable> {
  toLocal(row: RowOf<Entities[T]>): LocalRows[T];
  /** null: a refused write of this record can only be discarded (RP16). */
  correction: CorrectionRoute | null;
}

/** A catalogue: kept as pulled with its folded name for the list order, corrected in its own form. */
function catalogue<T extends EntityTable>(table: T, routes: RecordPaths): DeviceRecord<T> {
  return {
    toLocal: (row) => ({ ...row, orden: fold(entityOf(table).displayName(row as Record<string, unknown>)) }) as unknown as LocalRows[T],
    correction: { routes: () => routes, action: 'editar' },
  };
}

function levelTypeOf(entry: OutboxEntry, row: LocalRow | null | undefined): LevelType | undefined {
  const type = (row as { TipoNivel?: unknown } | null | undefined)?.TipoNivel ?? (entry.body as { TipoNivel?: unknown } | null)?.TipoNivel;
  return (LEVEL_TYPES as readonly unknown[]).includes(type) ? (type as LevelType) : undefined;
}

/**
 * The entities the device keeps in a shape of their own, keyed by table; every other entity is a catalogue its menu
 * entry maintains (`records` in the module's manifest). A test holds that every entity is one or the other.
 */
const OWN_DEVICE_RECORDS: { [T in keyof OwnLocalRows]: DeviceRecord<T> } = {
  niveles: {
    toLocal: toLocalNivel,
    correction: {
      routes: (entry, row) => {
        const type = levelTypeOf(entry, row);
        return type ? LEVEL_PATHS[type] : undefined;
      },
      action: 'editar',
    },
  },
  cargos: {
    // The list call adds the names of the levels; the device keeps only the record.
    toLocal: ({ Nivel2: _nivel2, Nivel3: _nivel3, ...cargo }: RowOf<Entities['cargos']> & { Nivel2?: unknown; Nivel3?: unknown }) =>
      toLocalCargo(cargo),
    correction: { routes: () => paths.cargos, action: 'editar' },
  },
  trabajadores: { toLocal: toLocalTrabajador, correction: { routes: () => paths.trabajadores, action: 'editar' } },
  formularios: { toLocal: toLocalFormulario, correction: null },
  // A refused finished inspection is corrected in its draft, reopened on this device (SPEC IN11): it is only created.
  inspecciones: {
    toLocal: (row: Inspeccion) => row,
    correction: { routes: (entry) => (entry.method === 'POST' ? paths.inspecciones : undefined), action: 'crear' },
  },
  observaciones: { toLocal: (row: Observacion) => row, correction: null },
  programas_capacitacion: { toLocal: toLocalPrograma, correction: { routes: () => paths.capacitaciones.programa, action: 'editar' } },
  // A refused realisation goes back to its attendance draft when discarded (SPEC TR5); other writes are corrected in the form.
  capacitaciones: {
    toLocal: toLocalCapacitacion,
    correction: {
      routes: (entry) => (entry.path.endsWith('/detalles/realizadas') ? undefined : paths.capacitaciones.creadas),
      action: 'editar',
    },
  },
  epp_asignaciones: { toLocal: (row: EppAsignacion) => row, correction: { routes: () => paths.eppAsignacion, action: 'editar' } },
  // A sealed acta is never corrected in place: a refused one can only be discarded (its draft keeps it on the device).
  epp_entregas: { toLocal: (row: EppEntrega) => row, correction: null },
  // A refused request or edit is corrected in its form; a refused dispatch can only be discarded.
  epp_solicitudes: {
    toLocal: (row: EppSolicitud) => row,
    correction: {
      routes: (entry) =>
        entry.path.includes('/despacho') || entry.path.includes('/solicituddespachada/') ? undefined : paths.eppSolicitudes,
      action: 'editar',
    },
  },
  // A refused report is corrected in its draft, reopened on this device; a refused edit in the case's form.
  incidentes: {
    toLocal: withIncidentDerived,
    correction: { routes: (entry) => (entry.method === 'PUT' ? paths.incidentes : undefined), action: 'editar' },
  },
  medidas_control: { toLocal: (row) => row, correction: null },
  dotaciones: { toLocal: toLocalDotacion, correction: { routes: () => paths.incidentes.dotacion, action: 'editar' } },
  // A refused upload or decision can only be discarded: the follow-up shows the document as the server keeps it.
  documentos_requisito: { toLocal: (row) => row, correction: null },
  // Kept by the server alone (recomputed with every document and contract): never written by a device.
  acreditaciones: { toLocal: (row) => row, correction: null },
  acreditaciones_activo: { toLocal: (row) => row, correction: null },
  // A refused certificate or reading can only be discarded: it is entered again on its asset's page.
  certificaciones_vehiculo: { toLocal: (row) => row, correction: null },
  certificaciones_equipo: { toLocal: (row) => row, correction: null },
  certificaciones_instalacion: { toLocal: (row) => row, correction: null },
  lecturas_vehiculo: { toLocal: (row) => row, correction: null },
  lecturas_equipo: { toLocal: (row) => row, correction: null },
  // The gate's records: a refused one is discarded from Sincronización (a movement is what happened; a pass is given again).
  ajustes_acceso: { toLocal: (row) => row, correction: null },
  pases_dia: { toLocal: (row) => row, correction: null },
  pases_provisorios: { toLocal: (row) => row, correction: null },
  movimientos_acceso: { toLocal: (row) => row, correction: null },
};

export const DEVICE_RECORDS: { [T in EntityTable]: DeviceRecord<T> } = {
  ...(Object.fromEntries(Object.entries(MAINTAINER_PATHS).map(([table, routes]) => [table, catalogue(table as EntityTable, routes)])) as {
    [T in CatalogueTable]: DeviceRecord<T>;
  }),
  ...OWN_DEVICE_RECORDS,
};

export function deviceRecordOf(table: EntityTable): DeviceRecord<EntityTable> {
  return DEVICE_RECORDS[table] as unknown as DeviceRecord<EntityTable>;
}

/** A pulled or downloaded row as the device keeps it; deleted records (Estado 0) are not kept. */
export function localRowOf(table: EntityTable, row: Record<string, unknown>): LocalRow | null {
  if (row.Estado === 0) return null;
  return deviceRecordOf(table).toLocal(row as never);
}

/** The id of a row of `table`, by its description. */
export function idOfRow(table: string, row: object): string {
  return String((row as Record<string, unknown>)[entityOf(table).id]);
}
