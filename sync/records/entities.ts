import { actividadEconomicaEntity } from '../schemas/actividades-economicas.schema.ts';
import { cargoEntity } from '../schemas/cargos.schema.ts';
import { certificacionEntity } from '../schemas/certificaciones.schema.ts';
import { formularioEntity } from '../schemas/formularios.schema.ts';
import { inspeccionEntity } from '../schemas/inspecciones.schema.ts';
import { observacionEntity } from '../schemas/observaciones.schema.ts';
import { nivelEntity } from '../schemas/niveles.schema.ts';
import { trabajadorEntity } from '../schemas/trabajadores.schema.ts';
import { tipoCapacitacionEntity } from '../schemas/capacitaciones-tipos.schema.ts';
import { programaCapacitacionEntity } from '../schemas/capacitaciones-programa.schema.ts';
import { capacitacionEntity } from '../schemas/capacitaciones.schema.ts';
import { eppTipoEntity } from '../schemas/epp-tipos.schema.ts';
import { eppAsignacionEntity } from '../schemas/epp-asignaciones.schema.ts';
import { eppEntregaEntity } from '../schemas/epp-entregas.schema.ts';
import { eppSolicitudEntity } from '../schemas/epp-solicitudes.schema.ts';
import { ACCIDENT_CATALOGUES } from '../schemas/incidentes-catalogos.schema.ts';
import { incidenteEntity } from '../schemas/incidentes.schema.ts';
import { medidaControlEntity } from '../schemas/medidas-control.schema.ts';
import { dotacionEntity } from '../schemas/dotaciones.schema.ts';
import type { AnyEntity } from './entity.ts';

/**
 * Every synced entity of the product, by table. app/ and server/ build their registries from this map, keyed by
 * its tables, so an entity added here and forgotten in one of them does not compile.
 */
export const ENTITIES = {
  certificaciones: certificacionEntity,
  actividades_economicas: actividadEconomicaEntity,
  niveles: nivelEntity,
  cargos: cargoEntity,
  trabajadores: trabajadorEntity,
  formularios: formularioEntity,
  inspecciones: inspeccionEntity,
  observaciones: observacionEntity,
  tipos_capacitacion: tipoCapacitacionEntity,
  programas_capacitacion: programaCapacitacionEntity,
  capacitaciones: capacitacionEntity,
  epp_tipos: eppTipoEntity,
  epp_asignaciones: eppAsignacionEntity,
  epp_entregas: eppEntregaEntity,
  epp_solicitudes: eppSolicitudEntity,
  ...ACCIDENT_CATALOGUES,
  incidentes: incidenteEntity,
  medidas_control: medidaControlEntity,
  dotaciones: dotacionEntity,
} as const;

export type Entities = typeof ENTITIES;
export type EntityTable = keyof Entities;

/** In pull order: parents before the records that point at them. */
export const ENTITY_LIST: readonly AnyEntity[] = Object.values(ENTITIES).sort((a, b) => a.pullOrder - b.pullOrder);

export class UndescribedTableError extends Error {
  override name = 'UndescribedTableError';
  constructor(table: string) {
    super(`La tabla «${table}» no está descrita en sync/records/entities.ts`);
  }
}

export function isEntityTable(table: string): table is EntityTable {
  return Object.hasOwn(ENTITIES, table);
}

/** The description of a table; an undescribed table fails loudly instead of falling through to another's. */
export function entityOf(table: string): AnyEntity {
  if (!isEntityTable(table)) throw new UndescribedTableError(table);
  return ENTITIES[table];
}
