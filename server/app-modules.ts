import { actividadEconomicaEntity } from '#sync/schemas/actividades-economicas.schema.ts';
import { cargoEntity } from '#sync/schemas/cargos.schema.ts';
import { certificacionEntity } from '#sync/schemas/certificaciones.schema.ts';
import { formularioEntity } from '#sync/schemas/formularios.schema.ts';
import { inspeccionEntity } from '#sync/schemas/inspecciones.schema.ts';
import { nivelEntity } from '#sync/schemas/niveles.schema.ts';
import { trabajadorEntity } from '#sync/schemas/trabajadores.schema.ts';
import type { Hono } from 'hono';
import type { AppEnv } from './app-env.ts';
import { actividadesEconomicasRoutes } from './modules/actividades-economicas/actividades-economicas.routes.ts';
import { cargosRoutes } from './modules/cargos/cargos.routes.ts';
import { certificacionesRoutes } from './modules/certificaciones/certificaciones.routes.ts';
import { formulariosRoutes } from './modules/formularios/formularios.routes.ts';
import { formulariosStore } from './modules/formularios/formularios.store.ts';
import { inspeccionesRoutes } from './modules/inspecciones/inspecciones.routes.ts';
import { inspeccionesStore, observacionesStore } from './modules/inspecciones/inspecciones.store.ts';
import { nivelesRoutes } from './modules/niveles/niveles.routes.ts';
import { trabajadoresRoutes } from './modules/trabajadores/trabajadores.routes.ts';
import { trabajadoresStore } from './modules/trabajadores/trabajadores.store.ts';
import { clientesRoutes } from './modules/clientes/clientes.routes.ts';
import { empresaContratistasRoutes } from './modules/empresa-contratistas/empresa-contratistas.routes.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { reservedNamesRoutes } from './modules/usuarios/usuarios-lists.routes.ts';
import { usuariosRoutes } from './modules/usuarios/usuarios.routes.ts';
import type { RecordRegistry } from './records/record-registry.ts';
import { sqlRecordStore } from './records/record-store.ts';

/**
 * The server's composition: the one place that knows every business module. Modules reach each other's records only
 * through these stores (the read registry, `deps.records`), never through each other's files.
 */
export const RECORD_STORES: RecordRegistry = {
  certificaciones: sqlRecordStore(certificacionEntity, { orderBy: ['Nombre'] }),
  actividades_economicas: sqlRecordStore(actividadEconomicaEntity, { orderBy: ['Codigo'] }),
  niveles: sqlRecordStore(nivelEntity, { orderBy: ['TipoNivel', 'Nombre'] }),
  cargos: sqlRecordStore(cargoEntity, { orderBy: ['NombreCargo'] }),
  trabajadores: trabajadoresStore,
  formularios: formulariosStore,
  inspecciones: inspeccionesStore,
  observaciones: observacionesStore,
};

/** Each business module's routes under the API base its entities name (`/api/<module>`, spec module base paths). */
export const MODULE_ROUTES: readonly { base: `/api/${string}`; routes: Hono<AppEnv> }[] = [
  { base: trabajadorEntity.api.base, routes: trabajadoresRoutes },
  { base: cargoEntity.api.base, routes: cargosRoutes },
  { base: nivelEntity.api.base, routes: nivelesRoutes },
  { base: formularioEntity.api.base, routes: formulariosRoutes },
  { base: inspeccionEntity.api.base, routes: inspeccionesRoutes },
  { base: certificacionEntity.api.base, routes: certificacionesRoutes },
  { base: actividadEconomicaEntity.api.base, routes: actividadesEconomicasRoutes },
  { base: '/api/roles', routes: rolesRoutes },
  { base: '/api/usuarios', routes: usuariosRoutes },
  { base: '/api/perfil', routes: reservedNamesRoutes },
  { base: '/api/empresa-contratistas', routes: empresaContratistasRoutes },
  { base: '/api/clientes', routes: clientesRoutes },
];
