import type { EppEntrega } from '#sync/schemas/epp-entregas.schema.ts';
import type { RecordStore } from '#server/records/record-store.ts';
import * as repo from './epp-entregas.repo.ts';

/** Sealed actas are written whole by their module (the seal is checked there): the registry only reads them. */
export const eppEntregasStore: RecordStore<EppEntrega> = {
  async companyOf(db, id) {
    return (await repo.findDeliveryById(db, id))?.IdEmpresa;
  },
  async load(db, company, id) {
    const row = await repo.loadDelivery(db, company, id);
    return row && { row, fieldVersions: '{}' };
  },
  listActive: (db, company, viewer) => repo.listDeliveries(db, company, viewer),
  async activeIds(db, company, ids) {
    if (ids.length === 0) return new Set();
    const rows = await db.selectFrom('epp_entregas').select('IdEntregadosEpp').where('IdEmpresa', '=', company).where('Estado', '=', 1).where('IdEntregadosEpp', 'in', [...ids]).execute();
    return new Set(rows.map((row) => row.IdEntregadosEpp));
  },
  // Nothing is ever refused because an acta points at it: an acta keeps its history.
  isReferenced: async () => false,
};
