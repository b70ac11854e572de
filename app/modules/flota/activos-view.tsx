import { formatRut } from '#sync/domain/rut.ts';
import type { RequisitoClase } from '#sync/domain/fleet-fitness.ts';
import type { AssetTable } from '#sync/schemas/flota-activos.schema.ts';
import type { FieldView, RecordView } from '#app/ui/records/record-view.ts';
import { type AssetLookups, type AssetRow, assetLookupsHook, stateOf, workerLabel } from './asset-lookups.ts';
import { type AssetKind, ASSET_VIEWS } from './asset-kinds.ts';
import { AssetSections } from './asset-sections.tsx';
import { fitnessLabel } from './asset-state.ts';
import { requisitosInput, requisitosText } from './requisitos-input.ts';

/** The fields of any kind of asset, by name: each kind lists the ones it has. */
type Row = Record<string, unknown>;
type Field = FieldView<Row, AssetLookups>;

const text = (row: Row, field: string) => (typeof row[field] === 'string' ? (row[field] as string) : '');
const operatorsOf = (row: Row) => (Array.isArray(row.Operadores) ? (row.Operadores as string[]) : []);
const AREA_MESSAGE = 'El área debe ser de la faena elegida';

function identityFields(kind: AssetKind): Field[] {
  if (kind.table === 'vehiculos') return [{ name: 'Patente', label: 'Patente', required: true, input: { kind: 'text' }, inList: false }];
  if (kind.table === 'equipos')
    return [
      { name: 'Codigo', label: 'Código', required: true, input: { kind: 'text' }, inList: false },
      { name: 'Nombre', label: 'Nombre', input: { kind: 'text' }, inList: false },
    ];
  return [
    { name: 'Nombre', label: 'Nombre', required: true, input: { kind: 'text' }, inList: false },
    { name: 'Descripcion', label: 'Descripción', input: { kind: 'text' }, inList: false },
    {
      name: 'Certificaciones',
      label: 'Certificaciones que exige',
      show: (row) => requisitosText(row.Certificaciones as RequisitoClase[]),
      input: requisitosInput(false),
      inList: false,
    },
  ];
}

/** A vehicle's or a machine's type, make, model and year. */
function machineFields(typeField: string): Field[] {
  return [
    {
      name: typeField,
      label: 'Tipo',
      required: true,
      show: (row, lookups) => lookups.types.get(text(row, typeField))?.Nombre ?? '',
      input: { kind: 'select', emptyLabel: 'Elige el tipo', options: (lookups) => lookups.typeOptions },
    },
    { name: 'Marca', label: 'Marca', input: { kind: 'text' }, inList: false },
    { name: 'Modelo', label: 'Modelo', input: { kind: 'text' }, inList: false },
    { name: 'Anio', label: 'Año', input: { kind: 'number' }, inList: false },
  ];
}

const placeFields: Field[] = [
  {
    name: 'IdNivel2',
    label: 'Faena',
    required: true,
    show: (row, lookups) => lookups.levelName.get(text(row, 'IdNivel2')) ?? '',
    input: { kind: 'select', emptyLabel: 'Elige la faena', options: (lookups) => lookups.worksites },
  },
  {
    name: 'IdNivel3',
    label: 'Área',
    show: (row, lookups) => lookups.levelName.get(text(row, 'IdNivel3')) ?? '',
    input: {
      kind: 'select',
      emptyLabel: 'Toda la faena',
      options: (lookups, values) => lookups.areas.filter((area) => area.parent === values.IdNivel2),
    },
    inList: false,
  },
  {
    name: 'RutContratista',
    label: 'RUT de la contratista (vacío si es propio)',
    show: (row) => (text(row, 'RutContratista') ? formatRut(text(row, 'RutContratista')) : 'Propio'),
    input: { kind: 'text' },
    inList: false,
  },
  { name: 'CorreoResponsable', label: 'Correo del responsable de los avisos', input: { kind: 'text' }, inList: false },
];

/** The workers who may operate it: those of its worksite or of none, and the ones already chosen. */
const operatorField: Field = {
  name: 'Operadores',
  label: 'Operadores',
  show: (row, lookups) =>
    operatorsOf(row)
      .flatMap((id) => {
        const worker = lookups.workers.get(id);
        return worker ? [workerLabel(worker)] : [];
      })
      .join(', '),
  input: {
    kind: 'multi',
    options: (lookups, values) => {
      const chosen = new Set(operatorsOf(values));
      const here = (worksite: string | null) => worksite === null || worksite === values.IdNivel2;
      return lookups.workerOptions.filter((option) => chosen.has(option.value) || here(option.worksite));
    },
  },
  inList: false,
};

/** The kit's view of one kind of asset: its fields, its fitness in the list, and its sections in the detail. */
function assetView<T extends AssetTable>(kind: AssetKind<T>): RecordView<T, AssetLookups> {
  const fitnessOf = (row: Row, lookups: AssetLookups) => fitnessLabel(stateOf(kind, row as unknown as AssetRow, lookups).fitness);
  const fields: Field[] = [
    ...identityFields(kind),
    ...(kind.typeField ? machineFields(kind.typeField) : []),
    ...placeFields,
    ...(kind.typeField ? [operatorField] : []),
  ];
  const typeFilter = kind.typeField && {
    name: kind.typeField,
    label: 'Tipo',
    emptyLabel: 'Todos',
    options: (lookups: AssetLookups) => lookups.typeOptions,
    matches: (row: Row, value: string) => row[kind.typeField!] === value,
  };
  const view: RecordView<'vehiculos', AssetLookups> = {
    table: 'vehiculos',
    routes: kind.routes,
    title: kind.title,
    labels: kind.labels,
    fields: fields as unknown as RecordView<'vehiculos', AssetLookups>['fields'],
    useLookups: assetLookupsHook(kind),
    filters: [
      { name: 'IdNivel2', label: 'Faena', emptyLabel: 'Todas', options: (lookups) => lookups.worksites, matches: (row, value) => row.IdNivel2 === value },
      ...(typeFilter ? [typeFilter as unknown as NonNullable<RecordView<'vehiculos', AssetLookups>['filters']>[number]] : []),
    ],
    summary: (row, lookups) => {
      const fields = row as unknown as Row;
      const type = kind.typeField ? lookups.types.get(text(fields, kind.typeField))?.Nombre : undefined;
      return [fitnessOf(fields, lookups), type, lookups.levelName.get(row.IdNivel2)].filter(Boolean).join(' · ');
    },
    defaults: { Certificaciones: [], Operadores: [], RutContratista: '', CorreoResponsable: '', Anio: null },
    validate: (values, lookups) => {
      const area = lookups.areas.find((option) => option.value === values.IdNivel3);
      return area && area.parent !== values.IdNivel2 ? { field: 'IdNivel3', message: AREA_MESSAGE } : null;
    },
    sections: (row, lookups) => <AssetSections kind={kind} row={row as unknown as AssetRow} lookups={lookups} />,
  };
  // One view for the three kinds, whose rows differ in their own fields: each kind lists the fields it has.
  return { ...view, table: kind.table } as unknown as RecordView<T, AssetLookups>;
}

export const ASSET_RECORD_VIEWS = {
  vehiculos: assetView(ASSET_VIEWS.vehiculos),
  equipos: assetView(ASSET_VIEWS.equipos),
  instalaciones: assetView(ASSET_VIEWS.instalaciones),
};
