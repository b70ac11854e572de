import { actividadEconomicaEntity } from '#sync/schemas/actividades-economicas.schema.ts';
import { cargoEntity } from '#sync/schemas/cargos.schema.ts';
import { certificacionEntity } from '#sync/schemas/certificaciones.schema.ts';
import { formularioEntity } from '#sync/schemas/formularios.schema.ts';
import { inspeccionEntity } from '#sync/schemas/inspecciones.schema.ts';
import { nivelEntity } from '#sync/schemas/niveles.schema.ts';
import { trabajadorEntity } from '#sync/schemas/trabajadores.schema.ts';
import { capacitacionEntity } from '#sync/schemas/capacitaciones.schema.ts';
import { programaCapacitacionEntity } from '#sync/schemas/capacitaciones-programa.schema.ts';
import { tipoCapacitacionEntity } from '#sync/schemas/capacitaciones-tipos.schema.ts';
import { eppAsignacionEntity } from '#sync/schemas/epp-asignaciones.schema.ts';
import { eppTipoEntity } from '#sync/schemas/epp-tipos.schema.ts';
import { eppSolicitudEntity } from '#sync/schemas/epp-solicitudes.schema.ts';
import { ACCIDENT_CATALOGUES, type AccidentCatalogueTable } from '#sync/schemas/incidentes-catalogos.schema.ts';
import { incidenteEntity } from '#sync/schemas/incidentes.schema.ts';
import { medidaControlEntity } from '#sync/schemas/medidas-control.schema.ts';
import { dotacionEntity } from '#sync/schemas/dotaciones.schema.ts';
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
import { capacitacionesRoutes } from './modules/capacitaciones/capacitaciones.routes.ts';
import { capacitacionesStore } from './modules/capacitaciones/capacitaciones.store.ts';
import { eppEntregasStore } from './modules/epp/epp-entregas.store.ts';
import { eppRoutes } from './modules/epp/epp.routes.ts';
import { eppVerificacionRoutes } from './modules/epp/epp-verificacion.routes.ts';
import { clientesRoutes } from './modules/clientes/clientes.routes.ts';
import { empresaContratistasRoutes } from './modules/empresa-contratistas/empresa-contratistas.routes.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { reservedNamesRoutes } from './modules/usuarios/usuarios-lists.routes.ts';
import { usuariosRoutes } from './modules/usuarios/usuarios.routes.ts';
import type { RecordRegistry } from './records/record-registry.ts';
import { sqlRecordStore } from './records/record-store.ts';
import type { OverdueRule } from './records/overdue-lights.ts';
import { accidentesRoutes } from './modules/incidentes/accidentes.routes.ts';
import { dotacionesRoutes } from './modules/incidentes/dotaciones.routes.ts';
import { measuresOverdue } from './modules/incidentes/medidas.repo.ts';
import { observationsOverdue } from './modules/inspecciones/overdue-lights.ts';
import { inspeccionesWorkerRecords } from './modules/inspecciones/worker-records.ts';
import { capacitacionesWorkerRecords } from './modules/capacitaciones/worker-records.ts';
import { eppWorkerRecords } from './modules/epp/worker-records.ts';
import { incidentesWorkerRecords } from './modules/incidentes/worker-records.ts';
import { accesosFiscalizadoresRoutes } from './modules/fiscales/accesos.routes.ts';
import { fiscalesRoutes } from './modules/fiscales/fiscales.routes.ts';

/** The accident catalogues, each a table of the family's shape, listed by name. */
const catalogueStores = Object.fromEntries(
  Object.values(ACCIDENT_CATALOGUES).map((entity) => [entity.table, sqlRecordStore(entity, { orderBy: ['Info'] })]),
) as { [T in AccidentCatalogueTable]: RecordRegistry[T] };

/** Headcount rows: a contractor user lists its own (the entity's audience); a client user none (they name no client). */
const dotacionesStore = ((): RecordRegistry['dotaciones'] => {
  const store = sqlRecordStore(dotacionEntity, { orderBy: ['Mes', 'IdNivel2', 'IdNivel3', 'RutContratista'] });
  return { ...store, listActive: async (db, company, viewer) => (viewer.kind === 'cliente' ? [] : store.listActive(db, company, viewer)) };
})();

/** EPP requests: a contractor user lists its own workers' (the entity's audience); a client user none. */
const eppSolicitudesStore = ((): RecordRegistry['epp_solicitudes'] => {
  const store = sqlRecordStore(eppSolicitudEntity, { orderBy: ['Fecha'] });
  return { ...store, listActive: async (db, company, viewer) => (viewer.kind === 'cliente' ? [] : store.listActive(db, company, viewer)) };
})();

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
  // The four kinds of a worker's records the inspector portal reads (WorkerRecords): each module says what it holds.
  inspecciones: { ...inspeccionesStore, workerRecords: inspeccionesWorkerRecords },
  observaciones: observacionesStore,
  tipos_capacitacion: sqlRecordStore(tipoCapacitacionEntity, { orderBy: ['Nombre'] }),
  programas_capacitacion: sqlRecordStore(programaCapacitacionEntity, { orderBy: ['Anio', 'Mes', 'Tema'] }),
  capacitaciones: { ...capacitacionesStore, workerRecords: capacitacionesWorkerRecords },
  epp_tipos: sqlRecordStore(eppTipoEntity, { orderBy: ['NombreEpp'] }),
  epp_asignaciones: sqlRecordStore(eppAsignacionEntity, { orderBy: [] }),
  epp_entregas: { ...eppEntregasStore, workerRecords: eppWorkerRecords },
  epp_solicitudes: eppSolicitudesStore,
  ...catalogueStores,
  incidentes: { ...sqlRecordStore(incidenteEntity, { orderBy: ['FechaOcurrencia', 'HoraOcurrencia'] }), workerRecords: incidentesWorkerRecords },
  medidas_control: sqlRecordStore(medidaControlEntity, { orderBy: ['IdEvaluacion', 'CreadoEn'] }),
  dotaciones: dotacionesStore,
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
  { base: capacitacionEntity.api.base, routes: capacitacionesRoutes },
  { base: eppTipoEntity.api.base, routes: eppRoutes },
  // The public verification of sealed actas (no session): its own base, outside every module's session guard.
  { base: '/api/verificar', routes: eppVerificacionRoutes },
  { base: incidenteEntity.api.base, routes: accidentesRoutes },
  { base: dotacionEntity.api.base, routes: dotacionesRoutes },
  { base: '/api/roles', routes: rolesRoutes },
  { base: '/api/usuarios', routes: usuariosRoutes },
  { base: '/api/perfil', routes: reservedNamesRoutes },
  // The company's view of what labour inspectors consulted (Perfil Empresa); the inspector routes live in /api/fiscales.
  { base: '/api/perfil', routes: accesosFiscalizadoresRoutes },
  // The inspector portal: inspector sessions only, never a company's (server/tenancy/require-inspector.ts).
  { base: '/api/fiscales', routes: fiscalesRoutes },
  { base: '/api/empresa-contratistas', routes: empresaContratistasRoutes },
  { base: '/api/clientes', routes: clientesRoutes },
];

/** The records with a traffic light and a deadline: the overdue rule turns them red (SPEC OV1). */
export const OVERDUE_RULES: readonly OverdueRule<never>[] = [observationsOverdue as never, measuresOverdue as never];
