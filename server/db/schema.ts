import type {
  AuditoriaTable,
  ClientesTable,
  CopiasActasTable,
  CodigosRecuperacionTable,
  DiasInactivosTable,
  EmpresasContratistasTable,
  CorreosTable,
  EmpresasTable,
  GruposModulosTable,
  HistorialTable,
  IntentosAccesoTable,
  FallosDireccionTable,
  SesionesCerradasTable,
  MascarasTable,
  ModulosTable,
  RegistroAccesosTable,
  RolPermisosTable,
  RolesTable,
  SistemasTable,
  SubmodulosTable,
  UsuarioSistemasTable,
  UsuariosTable,
} from './account-tables.ts';
import type {
  AjustesServidorTable,
  ArchivosContenidoTable,
  ArchivosEmpresaTable,
  ArchivosTable,
  CambiosTable,
  ConflictosTable,
  IdempotenciaTable,
  RetencionCambiosTable,
  TrabajosProgramadosTable,
} from './sync-tables.ts';
import type {
  CapacitacionEvidenciasTable,
  CapacitacionParticipantesTable,
  CapacitacionRelatoresTable,
  CapacitacionesTable,
} from './capacitaciones-tables.ts';
import type {
  EppEntregasLineasTable,
  EppEntregasTable,
  EvaluacionesTable,
  FormularioVersionesTable,
  FormulariosTable,
  NombresAnterioresTable,
  ObservacionesTable,
  TrabajadorCargosTable,
  TrabajadoresTable,
} from './records-tables.ts';
import type { KitTables } from './entity-tables.ts';
import type { AccesosFiscalizadoresTable, CodigosFiscalizadoresTable, FiscalizadoresTable } from './fiscales-tables.ts';

export type * from './account-tables.ts';
export type * from './records-tables.ts';
export type * from './capacitaciones-tables.ts';
export type * from './sync-tables.ts';
export type * from './fiscales-tables.ts';
export type * from './entity-tables.ts';

/** The database as Kysely sees it; the table types live by area in the files imported above. */
export interface Database extends KitTables {
  empresas: EmpresasTable;
  usuarios: UsuariosTable;
  sistemas: SistemasTable;
  usuario_sistemas: UsuarioSistemasTable;
  grupos_modulos: GruposModulosTable;
  modulos: ModulosTable;
  submodulos: SubmodulosTable;
  roles: RolesTable;
  rol_permisos: RolPermisosTable;
  mascaras: MascarasTable;
  intentos_acceso: IntentosAccesoTable;
  sesiones_cerradas: SesionesCerradasTable;
  fallos_direccion: FallosDireccionTable;
  codigos_recuperacion: CodigosRecuperacionTable;
  registro_accesos: RegistroAccesosTable;
  historial: HistorialTable;
  correos: CorreosTable;
  copias_actas: CopiasActasTable;
  archivos: ArchivosTable;
  trabajadores: TrabajadoresTable;
  trabajador_cargos: TrabajadorCargosTable;
  nombres_anteriores: NombresAnterioresTable;
  idempotencia: IdempotenciaTable;
  cambios: CambiosTable;
  retencion_cambios: RetencionCambiosTable;
  conflictos: ConflictosTable;
  archivos_empresa: ArchivosEmpresaTable;
  formularios: FormulariosTable;
  formulario_versiones: FormularioVersionesTable;
  evaluaciones: EvaluacionesTable;
  observaciones: ObservacionesTable;
  capacitaciones: CapacitacionesTable;
  capacitacion_participantes: CapacitacionParticipantesTable;
  capacitacion_relatores: CapacitacionRelatoresTable;
  capacitacion_evidencias: CapacitacionEvidenciasTable;
  epp_entregas: EppEntregasTable;
  epp_entregas_lineas: EppEntregasLineasTable;
  empresas_contratistas: EmpresasContratistasTable;
  clientes: ClientesTable;
  dias_inactivos: DiasInactivosTable;
  auditoria: AuditoriaTable;
  fiscalizadores: FiscalizadoresTable;
  codigos_fiscalizadores: CodigosFiscalizadoresTable;
  accesos_fiscalizadores: AccesosFiscalizadoresTable;
  ajustes_servidor: AjustesServidorTable;
  archivos_contenido: ArchivosContenidoTable;
  trabajos_programados: TrabajosProgramadosTable;
}
