import type { Inspeccion } from '#sync/schemas/inspecciones.schema.ts';
import type { Observacion } from '#sync/schemas/observaciones.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { RecordStore } from '#server/records/record-store.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';
import * as repo from './inspecciones.repo.ts';

const NO_FILTERS = {};

async function activeOf(db: Db, table: 'evaluaciones' | 'observaciones', company: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const id = table === 'evaluaciones' ? 'IdEvaluacion' : 'IdObservacion';
  const rows = await db.selectFrom(table).select(id).where('IdEmpresa', '=', company).where('Estado', '=', 1).where(id, 'in', [...ids]).execute();
  return new Set(rows.map((row) => (row as Record<typeof id, string>)[id]));
}

/** Finished inspections are written whole by their module (IN2): the registry only reads them. */
export const inspeccionesStore: RecordStore<Inspeccion> = {
  async companyOf(db, id) {
    return (await repo.findInspectionById(db, id))?.IdEmpresa;
  },
  async load(db, company, id) {
    const row = await repo.findInspection(db, company, id);
    return row && { row: repo.toWireInspeccion(row), fieldVersions: '{}' };
  },
  listActive: (db, company, viewer: Viewer) => repo.listInspections(db, company, viewer, NO_FILTERS),
  activeIds: (db, company, ids) => activeOf(db, 'evaluaciones', company, ids),
  isReferenced: async () => false,
};

export const observacionesStore: RecordStore<Observacion> = {
  async companyOf(db, id) {
    return (await db.selectFrom('observaciones').select('IdEmpresa').where('IdObservacion', '=', id).executeTakeFirst())?.IdEmpresa;
  },
  async load(db, company, id) {
    const row = await repo.findObservation(db, company, id);
    return row && { row: repo.toWireObservacion(row), fieldVersions: '{}' };
  },
  listActive: (db, company, viewer: Viewer) => repo.listObservations(db, company, viewer, NO_FILTERS),
  activeIds: (db, company, ids) => activeOf(db, 'observaciones', company, ids),
  isReferenced: async () => false,
};
