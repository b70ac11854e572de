import { MEDIDORES, tipoFlotaProblem } from '#sync/schemas/flota-tipos.schema.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { LocalRows } from '#app/db/reference-rows.ts';
import { paths, type RecordPaths } from '#app/navigation/paths.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import type { SelectOption } from '#app/ui/form/form-select.tsx';
import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import { recordLabels } from '#app/ui/records/record-labels.ts';
import type { FieldView, RecordView } from '#app/ui/records/record-view.ts';
import { requisitosInput, requisitosText } from './requisitos-input.ts';

export type TipoTable = 'tipos_vehiculo' | 'tipos_equipo';
type TipoRow = LocalRows['tipos_vehiculo'];

/** The company's certifications catalogue: what a type may ask its operator to hold. */
export interface TipoLookups {
  certifications: SelectOption[];
  certificationName: ReadonlyMap<string, string>;
}

function useTipoLookups(): TipoLookups | undefined {
  return useDbQuery(async (db) => {
    const rows = await db.certificaciones.orderBy('orden').toArray();
    return {
      certifications: rows.map((row) => ({ value: row.IdCertificacion, label: row.Nombre })),
      certificationName: new Map(rows.map((row) => [row.IdCertificacion, row.Nombre])),
    };
  }, []);
}

const METER_OPTIONS = (['km', 'horas'] as const).map((value) => ({ value, label: MEDIDORES[value] }));

const FIELDS: FieldView<TipoRow, TipoLookups>[] = [
  { name: 'Nombre', label: 'Nombre', required: true, input: { kind: 'text' }, inList: false },
  { name: 'Medidor', label: 'Medidor', show: (row) => MEDIDORES[row.Medidor], input: { kind: 'select', emptyLabel: MEDIDORES[''], options: () => METER_OPTIONS } },
  {
    name: 'Certificaciones',
    label: 'Certificaciones que exige',
    show: (row) => requisitosText(row.Certificaciones),
    input: requisitosInput(true),
    inList: false,
  },
  { name: 'ClaseLicencia', label: 'Clase de licencia del operador (vacío: no exige)', show: (row) => row.ClaseLicencia || 'No exige', input: { kind: 'text' } },
  {
    name: 'CertificacionesOperador',
    label: 'Certificaciones que exige al operador',
    show: (row, lookups) => row.CertificacionesOperador.map((id) => lookups.certificationName.get(id) ?? '').filter(Boolean).join(', '),
    input: { kind: 'multi', options: (lookups) => lookups.certifications },
    inList: false,
  },
];

/** Types in use by an asset on this device are kept: the server would refuse their delete. */
const assetsOfType = (assets: 'vehiculos' | 'equipos', field: string) => (db: AppDb, row: TipoRow) => {
  const id = (row as unknown as Record<string, unknown>)[field];
  return db
    .table(assets)
    .filter((asset: Record<string, unknown>) => asset[field] === id)
    .count();
};

function tipoView<T extends TipoTable>(table: T, routes: RecordPaths, noun: string, assets: 'vehiculos' | 'equipos', id: string) {
  const view: RecordView<'tipos_vehiculo', TipoLookups> = {
    table: 'tipos_vehiculo',
    routes,
    title: `Tipos de ${noun}`,
    labels: recordLabels(`tipo de ${noun}`),
    fields: FIELDS,
    useLookups: useTipoLookups,
    defaults: { Medidor: '', Certificaciones: [], ClaseLicencia: '', CertificacionesOperador: [] },
    validate: (values) => {
      const Certificaciones = (values.Certificaciones as { IntervaloLectura: number | null }[] | undefined) ?? [];
      const problem = tipoFlotaProblem({ Medidor: String(values.Medidor ?? ''), Certificaciones });
      return problem ? { field: 'Certificaciones', message: problem } : null;
    },
    inUse: assetsOfType(assets, id),
  };
  // The two tables share every field but their id: one view serves both.
  return { ...view, table } as unknown as RecordView<T, TipoLookups>;
}

const tiposVehiculoView = tipoView('tipos_vehiculo', paths.flota.tiposVehiculo, 'vehículo', 'vehiculos', 'IdTipoVehiculo');
const tiposEquipoView = tipoView('tipos_equipo', paths.flota.tiposEquipo, 'equipo', 'equipos', 'IdTipoEquipo');

export const TiposVehiculoListPage = () => <RecordListPage view={tiposVehiculoView} />;
export const TipoVehiculoFormPage = () => <RecordFormPage view={tiposVehiculoView} />;
export const TipoVehiculoDetailPage = () => <RecordDetailPage view={tiposVehiculoView} />;
export const TiposEquipoListPage = () => <RecordListPage view={tiposEquipoView} />;
export const TipoEquipoFormPage = () => <RecordFormPage view={tiposEquipoView} />;
export const TipoEquipoDetailPage = () => <RecordDetailPage view={tiposEquipoView} />;
