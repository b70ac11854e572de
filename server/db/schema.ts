import type { AuditoriaTable, ClientesTable, CodigosRecuperacionTable, DiasInactivosTable, EmpresasContratistasTable, CorreosTable, EmpresasTable, GruposModulosTable, HistorialTable, IntentosAccesoTable, MascarasTable, ModulosTable, RegistroAccesosTable, RolPermisosTable, RolesTable, SistemasTable, SubmodulosTable, UsuarioSistemasTable, UsuariosTable } from './account-tables.ts';
import type { ArchivosEmpresaTable, ArchivosTable, CambiosTable, ConflictosTable, IdempotenciaTable, RetencionCambiosTable } from './sync-tables.ts';
import type { ActividadesEconomicasTable, CargosTable, CertificacionesTable, EvaluacionesTable, FormularioVersionesTable, FormulariosTable, NivelesTable, ObservacionesTable, TrabajadorCargosTable, TrabajadoresTable } from './records-tables.ts';

export type * from './account-tables.ts';
export type * from './records-tables.ts';
export type * from './sync-tables.ts';

/** The database as Kysely sees it; the table types live by area in the files imported above. */
export interface Database {
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
  codigos_recuperacion: CodigosRecuperacionTable;
  registro_accesos: RegistroAccesosTable;
  historial: HistorialTable;
  correos: CorreosTable;
  archivos: ArchivosTable;
  niveles: NivelesTable;
  cargos: CargosTable;
  trabajadores: TrabajadoresTable;
  trabajador_cargos: TrabajadorCargosTable;
  idempotencia: IdempotenciaTable;
  cambios: CambiosTable;
  retencion_cambios: RetencionCambiosTable;
  conflictos: ConflictosTable;
  archivos_empresa: ArchivosEmpresaTable;
  formularios: FormulariosTable;
  formulario_versiones: FormularioVersionesTable;
  evaluaciones: EvaluacionesTable;
  observaciones: ObservacionesTable;
  certificaciones: CertificacionesTable;
  actividades_economicas: ActividadesEconomicasTable;
  empresas_contratistas: EmpresasContratistasTable;
  clientes: ClientesTable;
  dias_inactivos: DiasInactivosTable;
  auditoria: AuditoriaTable;
}
