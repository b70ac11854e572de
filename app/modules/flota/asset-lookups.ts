import { toWireDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import type { RequisitoClase } from '#sync/domain/fleet-fitness.ts';
import type { CertificadoFlota, LecturaFlota } from '#sync/schemas/flota-registros.schema.ts';
import type { Medidor } from '#sync/schemas/flota-tipos.schema.ts';
import { useMemo } from 'react';
import type { LocalRows, LocalTrabajador } from '#app/db/reference-rows.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import type { SelectOption } from '#app/ui/form/form-select.tsx';
import { useNow } from '#app/ui/use-now.ts';
import type { AssetKind } from './asset-kinds.ts';
import { type AssetState, assetStateOf } from './asset-state.ts';

/** A vehicle or equipment type, whichever its table. */
export interface FleetType {
  id: string;
  Nombre: string;
  Medidor: Medidor;
  Certificaciones: readonly RequisitoClase[];
  ClaseLicencia: string;
  CertificacionesOperador: readonly string[];
}

export type AssetRow = LocalRows['vehiculos'] | LocalRows['equipos'] | LocalRows['instalaciones'];

/** What an asset's screens read besides the asset: the places, types, workers, and its certificates and readings. */
export interface AssetLookups {
  /** Today in Chile: what fitness is judged on. */
  today: string;
  worksites: SelectOption[];
  /** Level 3 areas, each under its worksite. */
  areas: (SelectOption & { parent: string | null })[];
  types: ReadonlyMap<string, FleetType>;
  typeOptions: SelectOption[];
  workers: ReadonlyMap<string, LocalTrabajador>;
  workerOptions: (SelectOption & { worksite: string | null })[];
  /** A catalogue certification's name, by id. */
  certificationName: (id: string) => string;
  /** A level's name, by id. */
  levelName: ReadonlyMap<string, string>;
  certificates: ReadonlyMap<string, CertificadoFlota[]>;
  readings: ReadonlyMap<string, LecturaFlota[]>;
}

const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, 'es');

function grouped<Row extends { IdActivo: string }>(rows: Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(row.IdActivo, [...(groups.get(row.IdActivo) ?? []), row]);
  return groups;
}

export const workerLabel = (worker: LocalTrabajador) =>
  `${[worker.Nombres, worker.ApellidoPaterno, worker.ApellidoMaterno].filter(Boolean).join(' ')} (${formatRut(worker.RunPersona)})`;

/** The hook that reads a kind's lookups (made once per kind, called by the kit as `useLookups`). */
export function assetLookupsHook(kind: AssetKind): () => AssetLookups | undefined {
  return function useAssetLookups() {
    const today = toWireDate(new Date(useNow(60_000)));
    const device = useDbQuery(async (db) => {
      const [levels, types, workers, catalogue, certificates, readings] = await Promise.all([
        db.niveles.orderBy('[TipoNivel+orden]').toArray(),
        kind.typeTable ? (db.table(kind.typeTable).toArray() as Promise<Record<string, unknown>[]>) : [],
        db.trabajadores.orderBy('orden').toArray(),
        db.certificaciones.toArray(),
        db.table(kind.certificates).toArray() as Promise<CertificadoFlota[]>,
        kind.readings ? (db.table(kind.readings).toArray() as Promise<LecturaFlota[]>) : [],
      ]);
      const fleetTypes = types.map((row) => ({ ...(row as unknown as FleetType), id: String(row[kind.typeField!]) }));
      const catalogueNames = new Map(catalogue.map((row) => [row.IdCertificacion, row.Nombre]));
      return {
        worksites: levels.filter((level) => level.TipoNivel === 2).map((level) => ({ value: level.IdNivel, label: level.Nombre })),
        areas: levels
          .filter((level) => level.TipoNivel === 3)
          .map((level) => ({ value: level.IdNivel, label: level.Nombre, parent: level.IdNivelPadre ?? null })),
        levelName: new Map(levels.map((level) => [level.IdNivel, level.Nombre])),
        types: new Map(fleetTypes.map((type) => [type.id, type])),
        typeOptions: fleetTypes.map((type) => ({ value: type.id, label: type.Nombre })).sort(byName),
        workers: new Map(workers.map((worker) => [worker.IdPersona, worker])),
        workerOptions: workers.map((worker) => ({ value: worker.IdPersona, label: workerLabel(worker), worksite: worker.IdNivel2 })),
        certificationName: (id: string) => catalogueNames.get(id) ?? 'Certificación no disponible en este dispositivo',
        certificates: grouped(certificates),
        readings: grouped(readings),
      };
    }, []);
    return useMemo(() => device && { ...device, today }, [device, today]);
  };
}

/** The asset's state: what its type asks (an installation, what it asks itself) against what it holds. */
export function stateOf(kind: AssetKind, row: AssetRow, lookups: AssetLookups): AssetState {
  const fields = row as unknown as Record<string, unknown>;
  const id = String(fields[kind.id]);
  const held = { certificates: lookups.certificates.get(id) ?? [], readings: lookups.readings.get(id) ?? [] };
  if (kind.typeField === null)
    return assetStateOf({ ...held, requirements: (row as LocalRows['instalaciones']).Certificaciones, medidor: '', operator: null }, lookups.today);
  const type = lookups.types.get(String(fields[kind.typeField]));
  const operator = { ClaseLicencia: type?.ClaseLicencia ?? '', CertificacionesOperador: type?.CertificacionesOperador ?? [] };
  return assetStateOf({ ...held, requirements: type?.Certificaciones ?? [], medidor: type?.Medidor ?? '', operator }, lookups.today);
}
