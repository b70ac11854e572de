import { ASSET_KINDS, type AssetTable } from '#sync/schemas/flota-activos.schema.ts';
import { paths, type RecordPaths } from '#app/navigation/paths.ts';
import { recordLabels } from '#app/ui/records/record-labels.ts';
import type { RecordView } from '#app/ui/records/record-view.ts';

export type CertificateTable = 'certificaciones_vehiculo' | 'certificaciones_equipo' | 'certificaciones_instalacion';
export type ReadingTable = 'lecturas_vehiculo' | 'lecturas_equipo';
export type TypeTable = 'tipos_vehiculo' | 'tipos_equipo';

/** One kind of asset as its screens see it: its tables, the type it takes (installations none), its words. */
export interface AssetKind<T extends AssetTable = AssetTable> {
  table: T;
  id: string;
  /** The asset's field that names its type, and the type's table; null for installations. */
  typeField: string | null;
  typeTable: TypeTable | null;
  certificates: CertificateTable;
  /** Where its meter readings go; null for installations, which have no meter. */
  readings: ReadingTable | null;
  routes: RecordPaths;
  title: string;
  labels: RecordView<never>['labels'];
  /** «este vehículo», «esta instalación». */
  this: string;
}

export const ASSET_VIEWS: { [T in AssetTable]: AssetKind<T> } = {
  vehiculos: {
    table: 'vehiculos',
    id: ASSET_KINDS.vehiculos.id,
    typeField: ASSET_KINDS.vehiculos.type,
    typeTable: ASSET_KINDS.vehiculos.typeTable,
    certificates: 'certificaciones_vehiculo',
    readings: 'lecturas_vehiculo',
    routes: paths.flota.vehiculos,
    title: 'Vehículos',
    labels: recordLabels('vehículo'),
    this: 'este vehículo',
  },
  equipos: {
    table: 'equipos',
    id: ASSET_KINDS.equipos.id,
    typeField: ASSET_KINDS.equipos.type,
    typeTable: ASSET_KINDS.equipos.typeTable,
    certificates: 'certificaciones_equipo',
    readings: 'lecturas_equipo',
    routes: paths.flota.equipos,
    title: 'Equipos',
    labels: recordLabels('equipo'),
    this: 'este equipo',
  },
  instalaciones: {
    table: 'instalaciones',
    id: ASSET_KINDS.instalaciones.id,
    typeField: null,
    typeTable: null,
    certificates: 'certificaciones_instalacion',
    readings: null,
    routes: paths.flota.instalaciones,
    title: 'Instalaciones',
    labels: recordLabels('instalación', true),
    this: 'esta instalación',
  },
};
