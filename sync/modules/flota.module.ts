import { equipoEntity, instalacionEntity, vehiculoEntity } from '../schemas/flota-activos.schema.ts';
import {
  certificadoEquipoEntity,
  certificadoInstalacionEntity,
  certificadoVehiculoEntity,
  lecturaEquipoEntity,
  lecturaVehiculoEntity,
} from '../schemas/flota-registros.schema.ts';
import { tipoEquipoEntity, tipoVehiculoEntity } from '../schemas/flota-tipos.schema.ts';
import { FIELD, defineModule, menuParent, READ } from './module-manifest.ts';

const FLOTA = menuParent(28, 1, 1, 'Flota');

/**
 * Vehicles, machines and installations (issue 38): certified, with their operators and readings that only move
 * forward. The field registers them, takes readings and attaches certificates offline; the office keeps the types.
 */
export const flotaModule = defineModule({
  name: 'flota',
  entities: {
    tipos_vehiculo: tipoVehiculoEntity,
    tipos_equipo: tipoEquipoEntity,
    vehiculos: vehiculoEntity,
    equipos: equipoEntity,
    instalaciones: instalacionEntity,
    certificaciones_vehiculo: certificadoVehiculoEntity,
    certificaciones_equipo: certificadoEquipoEntity,
    certificaciones_instalacion: certificadoInstalacionEntity,
    lecturas_vehiculo: lecturaVehiculoEntity,
    lecturas_equipo: lecturaEquipoEntity,
  },
  menu: [
    { parent: FLOTA, IdSubmodulo: 68, posicion: 1, nombre: 'Vehículos', ruta: '/vehiculos', records: 'vehiculos', demo: { supervisor: FIELD, contratista: FIELD, guardia: READ } },
    { parent: FLOTA, IdSubmodulo: 69, posicion: 2, nombre: 'Equipos', ruta: '/equipos', records: 'equipos', demo: { supervisor: FIELD, contratista: FIELD, guardia: READ } },
    { parent: FLOTA, IdSubmodulo: 70, posicion: 3, nombre: 'Instalaciones', ruta: '/instalaciones', records: 'instalaciones', demo: { supervisor: FIELD } },
    { parent: FLOTA, IdSubmodulo: 71, posicion: 4, nombre: 'Tipos de Vehículo', ruta: '/vehiculos/tipos', records: 'tipos_vehiculo', demo: { supervisor: READ, contratista: READ } },
    { parent: FLOTA, IdSubmodulo: 72, posicion: 5, nombre: 'Tipos de Equipo', ruta: '/equipos/tipos', records: 'tipos_equipo', demo: { supervisor: READ, contratista: READ } },
    // The expiring and expired certificates and licences, by worksite and contractor, with CSV.
    { parent: FLOTA, IdSubmodulo: 73, posicion: 6, nombre: 'Vencimientos de Flota', ruta: '/vehiculos/vencimientos', demo: { supervisor: READ } },
  ],
});
