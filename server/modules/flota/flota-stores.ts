import { equipoEntity, instalacionEntity, vehiculoEntity } from '#sync/schemas/flota-activos.schema.ts';
import {
  certificadoEquipoEntity,
  certificadoInstalacionEntity,
  certificadoVehiculoEntity,
  lecturaEquipoEntity,
  lecturaVehiculoEntity,
} from '#sync/schemas/flota-registros.schema.ts';
import { tipoEquipoEntity, tipoVehiculoEntity } from '#sync/schemas/flota-tipos.schema.ts';
import { sqlRecordStore } from '#server/records/record-store.ts';

/** The fleet's tables, each the kit's store of its entity. */
export const flotaStores = {
  tipos_vehiculo: sqlRecordStore(tipoVehiculoEntity, { orderBy: ['Nombre'] }),
  tipos_equipo: sqlRecordStore(tipoEquipoEntity, { orderBy: ['Nombre'] }),
  vehiculos: sqlRecordStore(vehiculoEntity, { orderBy: ['Patente'] }),
  equipos: sqlRecordStore(equipoEntity, { orderBy: ['Codigo'] }),
  instalaciones: sqlRecordStore(instalacionEntity, { orderBy: ['Nombre'] }),
  certificaciones_vehiculo: sqlRecordStore(certificadoVehiculoEntity, { orderBy: ['IdActivo', 'Clase', 'FechaEmision'] }),
  certificaciones_equipo: sqlRecordStore(certificadoEquipoEntity, { orderBy: ['IdActivo', 'Clase', 'FechaEmision'] }),
  certificaciones_instalacion: sqlRecordStore(certificadoInstalacionEntity, { orderBy: ['IdActivo', 'Clase', 'FechaEmision'] }),
  lecturas_vehiculo: sqlRecordStore(lecturaVehiculoEntity, { orderBy: ['IdActivo', 'Fecha'] }),
  lecturas_equipo: sqlRecordStore(lecturaEquipoEntity, { orderBy: ['IdActivo', 'Fecha'] }),
};
