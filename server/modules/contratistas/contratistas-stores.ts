import { CONTRACTOR_CATALOGUES, type ContractorCatalogueTable, proveedorEntity } from '#sync/schemas/contratistas-catalogos.schema.ts';
import type { RecordRegistry } from '#server/records/record-registry.ts';
import { sqlRecordStore } from '#server/records/record-store.ts';

/** The contractor catalogues, each a table of the family's shape, listed by name. */
export const catalogueStores = Object.fromEntries(
  Object.values(CONTRACTOR_CATALOGUES).map((entity) => [entity.table, sqlRecordStore(entity, { orderBy: ['Info'] })]),
) as { [T in ContractorCatalogueTable]: RecordRegistry[T] };

export const proveedoresStore = sqlRecordStore(proveedorEntity, { orderBy: ['Nombre'] });
