import { eppAsignacionEntity } from '#sync/schemas/epp-asignaciones.schema.ts';
import { eppEntregaEntity } from '#sync/schemas/epp-entregas.schema.ts';
import { eppTipoEntity } from '#sync/schemas/epp-tipos.schema.ts';

/** Whoever sees any EPP screen reads the lists they pick from (catalogue, positions, workers). */
export const EPP_READERS = [eppTipoEntity.permission, eppAsignacionEntity.permission, eppEntregaEntity.permission] as const;
