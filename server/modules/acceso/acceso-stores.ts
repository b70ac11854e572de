import { ajustesAccesoEntity, movimientoEntity, paseDiaEntity, paseProvisorioEntity } from '#sync/schemas/acceso.schema.ts';
import { sqlRecordStore } from '#server/records/record-store.ts';

/** The gate's tables, each the kit's store of its entity. */
export const accesoStores = {
  ajustes_acceso: sqlRecordStore(ajustesAccesoEntity, { orderBy: ['IdAjuste'] }),
  pases_dia: sqlRecordStore(paseDiaEntity, { orderBy: ['Rut', 'Emitido'] }),
  pases_provisorios: sqlRecordStore(paseProvisorioEntity, { orderBy: ['Rut', 'FechaDispositivo'] }),
  movimientos_acceso: sqlRecordStore(movimientoEntity, { orderBy: ['FechaDispositivo', 'IdMovimiento'] }),
};
