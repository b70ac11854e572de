import { acreditacionEntity } from '#sync/schemas/contratistas-acreditaciones.schema.ts';
import { CONTRACTOR_CATALOGUES, type ContractorCatalogueTable, proveedorEntity } from '#sync/schemas/contratistas-catalogos.schema.ts';
import { contratoEntity } from '#sync/schemas/contratistas-contratos.schema.ts';
import { documentoRequisitoEntity } from '#sync/schemas/contratistas-documentos.schema.ts';
import { requisitoEntity } from '#sync/schemas/contratistas-requisitos.schema.ts';
import type { RecordRegistry } from '#server/records/record-registry.ts';
import { type RecordStore, sqlRecordStore } from '#server/records/record-store.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';

/** The contractor catalogues, each a table of the family's shape, listed by name. */
export const catalogueStores = Object.fromEntries(
  Object.values(CONTRACTOR_CATALOGUES).map((entity) => [entity.table, sqlRecordStore(entity, { orderBy: ['Info'] })]),
) as { [T in ContractorCatalogueTable]: RecordRegistry[T] };

export const proveedoresStore = sqlRecordStore(proveedorEntity, { orderBy: ['Nombre'] });
export const requisitosStore = sqlRecordStore(requisitoEntity, { orderBy: ['Nombre'] });

/** A store whose contractor users list more than the rows carrying their RUT (what they work in as a principal). */
function widened<Row>(store: RecordStore<Row>, sees: (viewer: Viewer, row: Row) => boolean): RecordStore<Row> {
  return {
    ...store,
    async listActive(db, company, viewer) {
      if (viewer.kind !== 'contratista') return store.listActive(db, company, viewer);
      return (await store.listActive(db, company, { kind: 'empresa' })).filter((row) => sees(viewer, row));
    },
  };
}

export const contratosStore = widened(sqlRecordStore(contratoEntity, { orderBy: ['Nombre'] }), (viewer, row) =>
  viewer.kind === 'contratista' && (row.RutContratista === viewer.rut || row.Subcontratistas.includes(viewer.rut)),
);
export const documentosStore = widened(sqlRecordStore(documentoRequisitoEntity, { orderBy: ['NombreRequisito', 'NombrePersona', 'Mes'] }), (viewer, row) =>
  viewer.kind === 'contratista' && (row.RutContratista === viewer.rut || row.RutPrincipal === viewer.rut),
);
export const acreditacionesStore = sqlRecordStore(acreditacionEntity, { orderBy: ['NombrePersona'] });
