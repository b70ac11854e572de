import { acreditacionActivoEntity, acreditacionEntity } from '#sync/schemas/contratistas-acreditaciones.schema.ts';
import { CONTRACTOR_CATALOGUES, type ContractorCatalogueTable, proveedorEntity } from '#sync/schemas/contratistas-catalogos.schema.ts';
import { contratoEntity } from '#sync/schemas/contratistas-contratos.schema.ts';
import { documentoRequisitoEntity } from '#sync/schemas/contratistas-documentos.schema.ts';
import { requisitoEntity } from '#sync/schemas/contratistas-requisitos.schema.ts';
import type { RecordRegistry } from '#server/records/record-registry.ts';
import { sqlRecordStore } from '#server/records/record-store.ts';

/** The contractor catalogues, each a table of the family's shape, listed by name. */
export const catalogueStores = Object.fromEntries(
  Object.values(CONTRACTOR_CATALOGUES).map((entity) => [entity.table, sqlRecordStore(entity, { orderBy: ['Info'] })]),
) as { [T in ContractorCatalogueTable]: RecordRegistry[T] };

export const proveedoresStore = sqlRecordStore(proveedorEntity, { orderBy: ['Nombre'] });
export const requisitosStore = sqlRecordStore(requisitoEntity, { orderBy: ['Nombre'] });

export const contratosStore = sqlRecordStore(contratoEntity, { orderBy: ['Nombre'], contractorSees: ['RutContratista', 'Subcontratistas'] });
export const documentosStore = sqlRecordStore(documentoRequisitoEntity, {
  orderBy: ['NombreRequisito', 'NombrePersona', 'Mes'],
  contractorSees: ['RutContratista', 'Superiores'],
});
export const acreditacionesStore = sqlRecordStore(acreditacionEntity, { orderBy: ['NombrePersona'] });
export const acreditacionesActivoStore = sqlRecordStore(acreditacionActivoEntity, { orderBy: ['NombreActivo'] });
