-- The schema SQLite's migrations 0001 to 0021 build, as PostgreSQL's first migration (0021-base-postgresql).
-- Frozen like any migration that has shipped: later changes are new migrations both engines run.
-- Identifiers are quoted (PostgreSQL folds unquoted ones to lower case). INTEGER is BIGINT (epoch milliseconds
-- do not fit in 32 bits), REAL is DOUBLE PRECISION. A SQLite AUTOINCREMENT key takes its value from "secuencias",
-- the twin of sqlite_sequence (see the end): issued in the writing transaction, so a rollback gives it back, and the
-- same writes number their rows alike on both engines.

create table "empresas" (
  "IdEmpresa" text not null,
  "RutEmpresa" text not null,
  "NombreEmpresa" text not null,
  "Direccion" text not null default '',
  "TelefonoEmpresa" text not null default '',
  "LogoArchivo" text,
  "EstadoEmpresa" bigint not null default 1,
  "VarianteDashboard" text not null default 'estandar',
  "CreadoEn" text not null,
  primary key ("IdEmpresa"),
  unique ("RutEmpresa")
);

create table "sistemas" (
  "IdSistema" bigint not null,
  "Nombre" text not null,
  "RutaInicio" text not null,
  primary key ("IdSistema")
);

create table "roles" (
  "IdRol" bigint not null,
  "IdEmpresa" text not null,
  "NombreRol" text not null,
  "Estado" bigint not null default 1,
  "SeqPermisos" bigint not null default 0,
  primary key ("IdRol")
);

create table "usuarios" (
  "IdUsuario" bigint not null,
  "IdEmpresa" text not null,
  "CorreoElectronicoPersona" text not null,
  "RunPersona" text not null default '',
  "Nombres" text not null,
  "ApellidoPaterno" text not null default '',
  "ApellidoMaterno" text not null default '',
  "TelefonoPersona" text not null default '',
  "FechaNacimiento" text not null default '',
  "AvatarArchivo" text,
  "HashContrasena" text not null,
  "DebeCambiarContrasena" bigint not null default 0,
  "Habilitado" bigint not null default 1,
  "IdRol" bigint not null,
  "Tipo" text not null default 'empresa',
  "IdContratista" text,
  "IdCliente" text,
  "IdSistemaPreferido" bigint not null default 1,
  "Version" bigint not null default 1,
  "CreadoEn" text not null,
  "NombreUsuario" text not null default '',
  "SeqPermisos" bigint not null default 0,
  "GeneracionSesion" bigint not null default 0,
  primary key ("IdUsuario"),
  unique ("IdEmpresa", "CorreoElectronicoPersona")
);

create table "usuario_sistemas" (
  "IdUsuario" bigint not null,
  "IdSistema" bigint not null,
  primary key ("IdUsuario", "IdSistema")
);

create table "intentos_acceso" (
  "Clave" text not null,
  "Fallidos" bigint not null,
  "PrimerFallo" bigint not null,
  "BloqueadoHasta" bigint not null default 0,
  primary key ("Clave")
);

create table "codigos_recuperacion" (
  "IdCodigo" bigint not null,
  "IdUsuario" bigint not null,
  "HashCodigo" text not null,
  "ExpiraEn" bigint not null,
  "Intentos" bigint not null default 0,
  "Usado" bigint not null default 0,
  primary key ("IdCodigo")
);

create table "registro_accesos" (
  "IdRegistro" bigint not null,
  "IdEmpresa" text not null,
  "Correo" text not null,
  "Estado" text not null,
  "Detalle" text not null default '',
  "Fecha" text not null,
  primary key ("IdRegistro")
);

create table "historial" (
  "IdHistorial" bigint not null,
  "Usuario" text not null,
  "IdEmpresa" text not null,
  "Origen" text not null,
  "Texto" text not null,
  "Afectado" text not null default '',
  "Contrasena1" text not null default '',
  "Contrasena2" text not null default '',
  "CodigoVerificacion" text not null default '',
  "Fecha" text not null,
  primary key ("IdHistorial")
);

create table "correos" (
  "IdCorreo" bigint not null,
  "Para" text not null,
  "Asunto" text not null,
  "Texto" text not null,
  "Estado" text not null,
  "Error" text not null default '',
  "Fecha" text not null,
  "AdjuntoSha256" text,
  "AdjuntoNombre" text,
  primary key ("IdCorreo")
);

create table "archivos" (
  "Sha256" text not null,
  "Tipo" text not null,
  "Tamano" bigint not null,
  "CreadoEn" text not null,
  primary key ("Sha256")
);

create table "grupos_modulos" (
  "IdGrupo" bigint not null,
  "NombreGrupo" text not null,
  "SubtituloGrupo" text not null default '',
  "PosicionGrupo" bigint not null,
  primary key ("IdGrupo"),
  unique ("NombreGrupo")
);

create table "modulos" (
  "IdModulo" bigint not null,
  "IdGrupo" bigint not null,
  "IdSistema" bigint not null,
  "NombreSistemaModulo" text not null,
  "PosicionGroupModulos" bigint not null,
  primary key ("IdModulo")
);

create table "submodulos" (
  "IdSubmodulo" bigint not null,
  "IdModulo" bigint not null,
  "NombreSistemaModuloSub" text not null,
  "Ruta" text not null,
  "PosicionGroupModulosSub" bigint not null,
  primary key ("IdSubmodulo"),
  unique ("Ruta")
);

create table "rol_permisos" (
  "IdRol" bigint not null,
  "IdSubmodulo" bigint not null,
  "Acciones" text not null,
  primary key ("IdRol", "IdSubmodulo")
);

create table "mascaras" (
  "IdEmpresa" text not null,
  "TipoNv" bigint not null,
  "Nombre" text not null,
  primary key ("IdEmpresa", "TipoNv")
);

create table "niveles" (
  "IdNivel" text not null,
  "IdEmpresa" text not null,
  "TipoNivel" bigint not null,
  "IdNivelPadre" text,
  "Nombre" text not null,
  "RutNivel" text not null default '',
  "Version" bigint not null default 1,
  "Estado" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("IdNivel")
);

create table "cargos" (
  "IdCargo" text not null,
  "IdEmpresa" text not null,
  "NombreCargo" text not null,
  "IdNivel2" text,
  "IdNivel3" text,
  "Version" bigint not null default 1,
  "Estado" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("IdCargo")
);

create table "idempotencia" (
  "IdEmpresa" text not null,
  "Clave" text not null,
  "Huella" text not null,
  "Estado" bigint not null,
  "Respuesta" text not null,
  "CreadoEn" text not null,
  primary key ("IdEmpresa", "Clave")
);

create table "cambios" (
  "Seq" bigint not null,
  "IdEmpresa" text not null,
  "Tabla" text not null,
  "IdRegistro" text not null,
  "Operacion" text not null,
  "Fila" text,
  "CreadoEn" text not null,
  "Audiencia" text not null default 'todos',
  primary key ("Seq"),
  check ("Operacion" IN ('upsert', 'delete'))
);

create table "retencion_cambios" (
  "Id" bigint not null,
  "DesdeSeq" bigint not null,
  primary key ("Id"),
  check ("Id" = 1)
);

create table "conflictos" (
  "IdConflicto" bigint not null,
  "IdEmpresa" text not null,
  "Tabla" text not null,
  "IdRegistro" text not null,
  "VersionBase" bigint not null,
  "VersionServidor" bigint not null,
  "Cuerpo" text not null,
  "Usuario" bigint not null,
  "Clave" text,
  "CreadoEn" text not null,
  "Resuelto" bigint not null default 0,
  primary key ("IdConflicto")
);

create table "archivos_empresa" (
  "Sha256" text not null,
  "IdEmpresa" text not null,
  "CreadoEn" text not null,
  primary key ("IdEmpresa", "Sha256")
);

create table "trabajadores" (
  "IdPersona" text not null,
  "IdEmpresa" text not null,
  "RunPersona" text not null,
  "Nombres" text not null,
  "ApellidoPaterno" text not null,
  "ApellidoMaterno" text not null default '',
  "IdNivel2" text,
  "IdNivel3" text,
  "IdNivel4" text,
  "TipoEmpresa" bigint not null default 1,
  "RutContratista" text,
  "FichaMedica" text,
  "FechaFichaMedica" text not null default '0000-00-00 00:00:00',
  "FichaMedicaAnterior" text,
  "Firma" text,
  "FirmaAnterior" text,
  "Licencias" text not null default '[]',
  "Certificaciones" text not null default '[]',
  "Evidencias" text not null default '[]',
  "Busqueda" text not null default '',
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  "CorreoPersonal" text not null default '',
  "ConsentimientoCorreo" text,
  primary key ("IdPersona"),
  check ("TipoEmpresa" IN (1, 2))
);

create table "trabajador_cargos" (
  "IdPersona" text not null,
  "IdCargo" text not null,
  "IdEmpresa" text not null,
  primary key ("IdPersona", "IdCargo")
);

create table "formularios" (
  "IdFormulario" text not null,
  "IdEmpresa" text not null,
  "Nombre" text not null,
  "Tipo" text not null,
  "Descripcion" text not null default '',
  "Estado" bigint not null default 1,
  "VersionFormulario" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  "ActualizadoEn" text not null,
  primary key ("IdFormulario"),
  check ("Tipo" IN ('inspeccion', 'observacion', 'varios'))
);

create table "formulario_versiones" (
  "IdFormulario" text not null,
  "VersionFormulario" bigint not null,
  "IdEmpresa" text not null,
  "Contenido" text not null,
  "IdUsuario" bigint,
  "CreadoEn" text not null,
  primary key ("IdFormulario", "VersionFormulario")
);

create table "evaluaciones" (
  "IdEvaluacion" text not null,
  "IdEmpresa" text not null,
  "IdFormulario" text not null,
  "VersionFormulario" bigint not null,
  "NombreFormulario" text not null,
  "Tipo" text not null,
  "Fecha" text not null,
  "Lugar" text not null,
  "IdNivel2" text,
  "IdNivel3" text,
  "IdSupervisor" bigint not null,
  "Supervisor" text not null,
  "Observados" text not null default '[]',
  "EquipoTrabajo" text not null default '',
  "RutContratista" text,
  "IdCliente" text,
  "Encabezado" text not null default '{}',
  "Respuestas" text not null,
  "Firmas" text not null,
  "Porcentaje" double precision,
  "Nota" double precision,
  "Estado" bigint not null default 1,
  "IniciadaEn" text not null,
  "FinalizadaEn" text not null,
  "CreadoEn" text not null,
  "Version" bigint not null default 1,
  primary key ("IdEvaluacion")
);

create table "observaciones" (
  "IdObservacion" text not null,
  "IdEvaluacion" text not null,
  "IdEmpresa" text not null,
  "IdFormulario" text not null,
  "TipoObs" text not null,
  "IdEnunciado" text,
  "Enunciado" text,
  "Observacion" text not null,
  "Responsable" text not null default '',
  "IdResponsable" bigint,
  "Plazo" text,
  "SemaforoObs" bigint not null default 1,
  "Severidad" text,
  "Respondida" bigint not null default 0,
  "Aprobada" bigint not null default 0,
  "Estado" bigint not null default 1,
  "EmisorObs" text not null default '',
  "Archivos" text not null default '[]',
  "Respuestas" text not null default '[]',
  "Fecha" text not null,
  "IdNivel2" text,
  "IdNivel3" text,
  "RutContratista" text,
  "IdCliente" text,
  "CreadoEn" text not null,
  "Version" bigint not null default 1,
  -- An inspection's observations are listed in the order they were written: SQLite's rowid, kept here by name.
  "rowid" bigint generated by default as identity,
  primary key ("IdObservacion"),
  check ("TipoObs" IN ('Checklist', 'General', 'Brechas')),
  check ("SemaforoObs" IN (1, 2, 3))
);

create table "certificaciones" (
  "IdCertificacion" text not null,
  "IdEmpresa" text not null,
  "Nombre" text not null,
  "Emisor" text not null default '',
  "Vence" bigint not null default 0,
  "VigenciaMeses" bigint not null default 0,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("IdCertificacion")
);

create table "actividades_economicas" (
  "IdActividadEconomica" text not null,
  "IdEmpresa" text not null,
  "Codigo" text not null,
  "Nombre" text not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("IdActividadEconomica")
);

create table "tipos_capacitacion" (
  "IdTipoCapacitacion" text not null,
  "IdEmpresa" text not null,
  "Nombre" text not null,
  "IdCategoria" bigint not null,
  "DuracionHoras" double precision not null,
  "VigenciaMeses" bigint not null default 0,
  "Evaluada" bigint not null default 0,
  "Descripcion" text not null default '',
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  "Epps" text not null default '[]',
  primary key ("IdTipoCapacitacion")
);

create table "programas_capacitacion" (
  "IdCapacitacion" text not null,
  "IdEmpresa" text not null,
  "Anio" bigint not null,
  "Mes" bigint not null,
  "IdTipoCapacitacion" text not null,
  "Tema" text not null,
  "Cargos" text not null default '[]',
  "IdNivel2" text,
  "IdNivel3" text,
  "Evidencias" text not null default '[]',
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("IdCapacitacion")
);

create table "capacitaciones" (
  "IdCapacitacion" text not null,
  "IdEmpresa" text not null,
  "IdTipoCapacitacion" text not null,
  "IdPrograma" text,
  "Tema" text not null,
  "Fecha" text not null,
  "HoraInicio" text not null default '',
  "Lugar" text not null,
  "DuracionHoras" double precision not null,
  "IdNivel2" text,
  "IdNivel3" text,
  "RutContratista" text,
  "IdCliente" text,
  "CargosParticipantes" text not null default '[]',
  "Realizada" bigint not null default 0,
  "FechaRealizacion" text,
  "VigenciaMeses" bigint,
  "Evaluada" bigint not null default 0,
  "IdUsuario" bigint not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("IdCapacitacion")
);

create table "capacitacion_participantes" (
  "Id" text not null,
  "IdCapacitacion" text not null,
  "IdEmpresa" text not null,
  "Posicion" bigint not null,
  "IdPersona" text not null,
  "IdCargo" text,
  "RunPersona" text not null,
  "Nombre" text not null,
  "RutContratista" text,
  "IdNivel2" text,
  "IdNivel3" text,
  "Asistio" bigint not null default 0,
  "Nota" double precision,
  "Firma" text,
  "FirmadoEn" text,
  "FechaVencimiento" text,
  "Estado" bigint not null default 1,
  "Activa" bigint not null default 1,
  "IdTipoCapacitacion" text not null,
  "IdPrograma" text,
  "DuracionHoras" double precision not null,
  "Fecha" text not null,
  "Realizada" bigint not null default 0,
  "FechaRealizacion" text,
  "Mes" text,
  "Evaluada" bigint not null default 0,
  "RutContratistaSesion" text,
  "IdCliente" text,
  primary key ("Id")
);

create table "capacitacion_relatores" (
  "Id" text not null,
  "IdCapacitacion" text not null,
  "IdEmpresa" text not null,
  "Posicion" bigint not null,
  "IdUsuario" bigint,
  "IdCargo" text,
  "IdPersona" text,
  "Nombre" text not null default '',
  "Rut" text not null default '',
  "Firma" text,
  "FirmadoEn" text,
  "Estado" bigint not null default 1,
  primary key ("Id")
);

create table "capacitacion_evidencias" (
  "Id" text not null,
  "IdCapacitacion" text not null,
  "IdEmpresa" text not null,
  "Posicion" bigint not null,
  "Evidencia" text not null,
  "Nombre" text not null,
  "TipoEvidencia" text not null,
  "Archivo" text not null,
  "Fecha" text not null,
  "Estado" bigint not null default 1,
  primary key ("Id")
);

create table "epp_tipos" (
  "IdEpp" text not null,
  "IdEmpresa" text not null,
  "NombreEpp" text not null,
  "actividades" text not null default '[]',
  "Riesgo" text not null default '',
  "Norma" text not null default '',
  "Tallas" text not null default '[]',
  "VidaUtilMeses" bigint not null default 0,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("IdEpp")
);

create table "epp_asignaciones" (
  "IdAsignacionEpp" text not null,
  "IdEmpresa" text not null,
  "IdCargo" text,
  "IdPersona" text,
  "Epps" text not null default '[]',
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("IdAsignacionEpp")
);

create table "epp_entregas" (
  "IdEntregadosEpp" text not null,
  "IdEmpresa" text not null,
  "IdEntrega" text not null,
  "IdPersona" text not null,
  "RunPersona" text not null,
  "NombreTrabajador" text not null,
  "RutContratista" text,
  "IdCliente" text,
  "Motivo" bigint not null,
  "Fecha" text not null,
  "Entregador" text not null,
  "FirmaTrabajador" text not null,
  "FirmadoEn" text not null,
  "Corrige" text,
  "Sello" text not null,
  "RecibidoEn" text not null,
  "IdUsuario" bigint not null,
  "Anulada" bigint not null default 0,
  "AnuladaPor" text,
  "AnuladaEn" text,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionSello" bigint not null default 1,
  primary key ("IdEntregadosEpp"),
  unique ("Sello"),
  check ("Motivo" IN (1, 2, 3, 4, 5))
);

create table "epp_entregas_lineas" (
  "IdLinea" text not null,
  "IdEntregadosEpp" text not null,
  "IdEmpresa" text not null,
  "Orden" bigint not null,
  "IdPersona" text not null,
  "IdEpp" text not null,
  "NombreEpp" text not null,
  "Talla" text not null default '',
  "Cantidad" bigint not null,
  "Fecha" text not null,
  "VidaUtilMeses" bigint not null,
  "VenceEl" text,
  primary key ("IdLinea"),
  check ("Cantidad" BETWEEN 1 AND 99)
);

create table "actos_subestandares" (
  "Id" text not null,
  "IdEmpresa" text not null,
  "Info" text not null,
  "Tipo" text not null default '',
  "Fecha" text not null,
  "IdUsuario" bigint not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("Id")
);

create table "condiciones_subestandares" (
  "Id" text not null,
  "IdEmpresa" text not null,
  "Info" text not null,
  "Tipo" text not null default '',
  "Fecha" text not null,
  "IdUsuario" bigint not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("Id")
);

create table "tipos_evento" (
  "Id" text not null,
  "IdEmpresa" text not null,
  "Info" text not null,
  "Tipo" text not null default '',
  "Fecha" text not null,
  "IdUsuario" bigint not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("Id")
);

create table "tipos_agente" (
  "Id" text not null,
  "IdEmpresa" text not null,
  "Info" text not null,
  "Tipo" text not null default '',
  "Fecha" text not null,
  "IdUsuario" bigint not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("Id")
);

create table "items_agente" (
  "Id" text not null,
  "IdEmpresa" text not null,
  "Info" text not null,
  "Tipo" text not null default '',
  "IdTipoAgente" text not null,
  "Fecha" text not null,
  "IdUsuario" bigint not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("Id")
);

create table "faltas_control" (
  "Id" text not null,
  "IdEmpresa" text not null,
  "Info" text not null,
  "Tipo" text not null default '',
  "Fecha" text not null,
  "IdUsuario" bigint not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("Id")
);

create table "tipos_lesion" (
  "Id" text not null,
  "IdEmpresa" text not null,
  "Info" text not null,
  "Tipo" text not null default '',
  "Fecha" text not null,
  "IdUsuario" bigint not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("Id")
);

create table "partes_cuerpo" (
  "Id" text not null,
  "IdEmpresa" text not null,
  "Info" text not null,
  "Tipo" text not null default '',
  "Fecha" text not null,
  "IdUsuario" bigint not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("Id")
);

create table "factores" (
  "Id" text not null,
  "IdEmpresa" text not null,
  "Info" text not null,
  "Tipo" text not null default '',
  "Fecha" text not null,
  "IdUsuario" bigint not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("Id")
);

create table "causas_basicas" (
  "Id" text not null,
  "IdEmpresa" text not null,
  "Info" text not null,
  "Tipo" text not null default '',
  "IdFactor" text not null,
  "Fecha" text not null,
  "IdUsuario" bigint not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("Id")
);

create table "items_causas_basicas" (
  "Id" text not null,
  "IdEmpresa" text not null,
  "Info" text not null,
  "Tipo" text not null default '',
  "IdCausaBasica" text not null,
  "Fecha" text not null,
  "IdUsuario" bigint not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("Id")
);

create table "fuentes_evento" (
  "Id" text not null,
  "IdEmpresa" text not null,
  "Info" text not null,
  "Tipo" text not null default '',
  "Fecha" text not null,
  "IdUsuario" bigint not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("Id")
);

create table "agentes_evento" (
  "Id" text not null,
  "IdEmpresa" text not null,
  "Info" text not null,
  "Tipo" text not null default '',
  "Fecha" text not null,
  "IdUsuario" bigint not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("Id")
);

create table "familias_riesgo" (
  "Id" text not null,
  "IdEmpresa" text not null,
  "Info" text not null,
  "Tipo" text not null default '',
  "Fecha" text not null,
  "IdUsuario" bigint not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("Id")
);

create table "riesgos_especificos" (
  "Id" text not null,
  "IdEmpresa" text not null,
  "Info" text not null,
  "Tipo" text not null default '',
  "IdFamiliaRiesgo" text not null,
  "Fecha" text not null,
  "IdUsuario" bigint not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("Id")
);

create table "incidentes" (
  "IdEvaluacion" text not null,
  "IdEmpresa" text not null,
  "IdAccidente" text not null,
  "Estado" bigint not null default 1,
  "Clasificacion" text not null,
  "Gravedad" text not null default 'no_grave',
  "CriteriosGravedad" text not null default '[]',
  "FechaOcurrencia" text not null,
  "HoraOcurrencia" text not null,
  "FechaAlta" text not null default '',
  "DiasPerdidos" bigint,
  "Lugar" text not null,
  "IdNivel2" text,
  "IdNivel3" text,
  "ProcesoFaena" text not null default '',
  "EquipoTrabajo" text not null default '',
  "FuenteEvento" text,
  "AgenteEvento" text,
  "TipoEvento" text not null,
  "IdPersona" text,
  "NombreAccidentado" text not null default '',
  "Rut" text not null default '',
  "Cargo" text not null default '',
  "Edad" bigint,
  "AntiguedadCargo" text not null default '',
  "RutContratista" text,
  "IdCliente" text,
  "TipoLesion" text,
  "ParteCuerpo" text,
  "Equipo" text,
  "Proceso" text not null default '',
  "Monto" double precision,
  "Descripcion" text not null default '',
  "ActosSubestandar" text not null default '[]',
  "Factores" text not null default '[]',
  "CondicionSubestandar" text not null default '[]',
  "CausasBasicas" text not null default '[]',
  "ItemCausasBasicas" text not null default '[]',
  "FaltaControl" text not null default '[]',
  "IdRiesgoEspecifico" text,
  "Probabilidad" bigint,
  "Consecuencia" bigint,
  "ValorRiesgo" bigint,
  "NivelRiesgo" text not null default '',
  "NombreInformador" text not null,
  "RutEjecutor" text not null default '',
  "DvEjecutor" text not null default '',
  "FirmaInformador" text,
  "FechaConocimiento" text not null,
  "MedioPrueba" text not null default '',
  "DiatPresentadaEn" text,
  "DiatPresentadaPor" text not null default '',
  "DiatFolio" text not null default '',
  "Mutualidad" text not null default '',
  "SuspensionFaenaEn" text,
  "AvisoInspeccionEn" text,
  "AvisoSeremiEn" text,
  "DatosDiat" text not null default '{}',
  "Evidencias" text not null default '[]',
  "Declaraciones" text not null default '[]',
  "Investigadores" text not null default '[]',
  "FechaEvaluacion" text not null,
  "IdUsuario" bigint not null,
  "CreadoEn" text not null,
  "CerradoEn" text,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("IdEvaluacion")
);

create table "medidas_control" (
  "IdMedidaControl" text not null,
  "IdEmpresa" text not null,
  "IdEvaluacion" text not null,
  "MedidaControl" text not null,
  "Plazo" text,
  "Responsable" text not null,
  "IdResponsable" bigint,
  "Semaforo" bigint not null default 1,
  "Respondida" bigint not null default 0,
  "Aprobada" bigint not null default 0,
  "Archivos" text not null default '[]',
  "Respuestas" text not null default '[]',
  "RutContratista" text,
  "IdCliente" text,
  "CreadoEn" text not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("IdMedidaControl")
);

create table "empresas_contratistas" (
  "IdEmpresaContratista" text not null,
  "IdEmpresa" text not null,
  "Rut" text not null,
  "RutCompleto" text not null,
  "Nombre" text not null,
  "Correo" text not null,
  "Telefono" text not null default '',
  "Direccion" text not null default '',
  "LogoArchivo" text,
  "Estado" bigint not null default 1,
  "Tipo" bigint not null default 2,
  "IdUsuario" bigint,
  "Version" bigint not null default 1,
  "CreadoEn" text not null,
  primary key ("IdEmpresaContratista"),
  unique ("IdEmpresa", "RutCompleto"),
  check ("Estado" IN (1, 2)),
  check ("Tipo" IN (1, 2))
);

create table "clientes" (
  "IdCliente" text not null,
  "IdEmpresa" text not null,
  "RutCliente" text not null default '',
  "Nombre" text not null,
  "Correo" text not null,
  "Telefono" text not null default '',
  "Direccion" text not null default '',
  "LogoArchivo" text,
  "Estado" bigint not null default 1,
  "Tipo" bigint not null default 2,
  "IdUsuario" bigint,
  "Version" bigint not null default 1,
  "CreadoEn" text not null,
  primary key ("IdCliente"),
  check ("Estado" IN (1, 2)),
  check ("Tipo" IN (1, 2))
);

create table "dias_inactivos" (
  "IdUsuario" bigint not null,
  "IdEmpresa" text not null,
  "Fecha" text not null,
  primary key ("IdUsuario", "Fecha")
);

create table "auditoria" (
  "IdAuditoria" bigint not null,
  "IdEmpresa" text not null,
  "Fecha" text not null,
  "IdAutor" bigint not null,
  "NombreAutor" text not null,
  "Entidad" text not null,
  "IdRegistro" text not null,
  "NombreRegistro" text not null,
  "Accion" text not null,
  "Cambios" text not null default '[]',
  primary key ("IdAuditoria")
);

create table "dotaciones" (
  "IdDotacion" text not null,
  "IdEmpresa" text not null,
  "Mes" text not null,
  "IdNivel2" text not null,
  "IdNivel3" text,
  "RutContratista" text not null default '',
  "Dotacion" bigint not null,
  "HorasHombre" double precision not null,
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("IdDotacion")
);

create table "epp_solicitudes" (
  "IdSolicitud" text not null,
  "IdEmpresa" text not null,
  "IdEvaluacion" text,
  "Fecha" text not null,
  "Lineas" text not null,
  "RutContratista" text,
  "IdUsuario" bigint not null,
  "Solicitante" text not null default '',
  "CodigoDespacho" text,
  "FechaDespacho" text,
  "RutDespachador" text,
  "DvDespachador" text,
  "NombreDespachador" text,
  "DespachadoPor" bigint,
  "DespachadoEn" text,
  "Entregado" text not null default '[]',
  "Estado" bigint not null default 1,
  "Version" bigint not null default 1,
  "VersionesCampos" text not null default '{}',
  primary key ("IdSolicitud")
);

create table "copias_actas" (
  "IdEntregadosEpp" text not null,
  "IdEmpresa" text not null,
  "Para" text not null,
  "CreadoEn" text not null,
  "Intentos" bigint not null default 0,
  "UltimoError" text not null default '',
  primary key ("IdEntregadosEpp")
);

create table "fiscalizadores" (
  "IdFiscalizador" bigint not null,
  "Correo" text not null,
  "HashContrasena" text not null,
  "DebeCambiarContrasena" bigint not null default 1,
  "TemporalExpiraEn" bigint,
  "CreadoEn" text not null,
  "VerificadoEn" text,
  "GeneracionSesion" bigint not null default 0,
  primary key ("IdFiscalizador"),
  unique ("Correo")
);

create table "codigos_fiscalizadores" (
  "IdCodigo" bigint not null,
  "IdFiscalizador" bigint not null,
  "HashCodigo" text not null,
  "ExpiraEn" bigint not null,
  "Intentos" bigint not null default 0,
  "Usado" bigint not null default 0,
  primary key ("IdCodigo")
);

create table "accesos_fiscalizadores" (
  "IdAcceso" bigint not null,
  "IdFiscalizador" bigint not null,
  "Correo" text not null,
  "IdEmpresa" text not null,
  "IdPersona" text not null,
  "RutTrabajador" text not null,
  "NombreTrabajador" text not null,
  "Accion" text not null,
  "TipoRegistro" text not null default '',
  "IdRegistro" text not null default '',
  "Desde" text not null default '',
  "Hasta" text not null default '',
  "En" text not null,
  "Busqueda" text not null default '',
  "Resultados" bigint not null default 0,
  primary key ("IdAcceso")
);

create table "sesiones_cerradas" (
  "IdSesion" text not null,
  "ExpiraEn" bigint not null,
  primary key ("IdSesion")
);

create table "fallos_direccion" (
  "Direccion" text not null,
  "Fallidos" bigint not null,
  "PrimerFallo" bigint not null,
  primary key ("Direccion")
);

create table "nombres_anteriores" (
  "IdEmpresa" text not null,
  "Tabla" text not null,
  "IdRegistro" text not null,
  "Nombres" text not null,
  "ApellidoPaterno" text not null,
  "ApellidoMaterno" text not null,
  "HastaEn" text not null,
  check ("Tabla" IN ('trabajadores', 'usuarios'))
);

alter table "roles" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "usuarios" add foreign key ("IdRol") references "roles" ("IdRol");
alter table "usuarios" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "usuario_sistemas" add foreign key ("IdSistema") references "sistemas" ("IdSistema");
alter table "usuario_sistemas" add foreign key ("IdUsuario") references "usuarios" ("IdUsuario") on delete cascade;
alter table "codigos_recuperacion" add foreign key ("IdUsuario") references "usuarios" ("IdUsuario") on delete cascade;
alter table "modulos" add foreign key ("IdSistema") references "sistemas" ("IdSistema");
alter table "modulos" add foreign key ("IdGrupo") references "grupos_modulos" ("IdGrupo");
alter table "submodulos" add foreign key ("IdModulo") references "modulos" ("IdModulo");
alter table "rol_permisos" add foreign key ("IdSubmodulo") references "submodulos" ("IdSubmodulo");
alter table "rol_permisos" add foreign key ("IdRol") references "roles" ("IdRol") on delete cascade;
alter table "mascaras" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "niveles" add foreign key ("IdNivelPadre") references "niveles" ("IdNivel");
alter table "niveles" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "cargos" add foreign key ("IdNivel3") references "niveles" ("IdNivel");
alter table "cargos" add foreign key ("IdNivel2") references "niveles" ("IdNivel");
alter table "cargos" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "archivos_empresa" add foreign key ("Sha256") references "archivos" ("Sha256");
alter table "trabajadores" add foreign key ("IdNivel4") references "niveles" ("IdNivel");
alter table "trabajadores" add foreign key ("IdNivel3") references "niveles" ("IdNivel");
alter table "trabajadores" add foreign key ("IdNivel2") references "niveles" ("IdNivel");
alter table "trabajadores" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "trabajador_cargos" add foreign key ("IdCargo") references "cargos" ("IdCargo");
alter table "trabajador_cargos" add foreign key ("IdPersona") references "trabajadores" ("IdPersona");
alter table "formularios" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "formulario_versiones" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "formulario_versiones" add foreign key ("IdFormulario") references "formularios" ("IdFormulario");
alter table "evaluaciones" add foreign key ("IdFormulario", "VersionFormulario") references "formulario_versiones" ("IdFormulario", "VersionFormulario");
alter table "evaluaciones" add foreign key ("IdNivel3") references "niveles" ("IdNivel");
alter table "evaluaciones" add foreign key ("IdNivel2") references "niveles" ("IdNivel");
alter table "evaluaciones" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "observaciones" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "observaciones" add foreign key ("IdEvaluacion") references "evaluaciones" ("IdEvaluacion");
alter table "certificaciones" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "actividades_economicas" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "tipos_capacitacion" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "programas_capacitacion" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "capacitaciones" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "capacitacion_participantes" add foreign key ("IdCapacitacion") references "capacitaciones" ("IdCapacitacion");
alter table "capacitacion_relatores" add foreign key ("IdCapacitacion") references "capacitaciones" ("IdCapacitacion");
alter table "capacitacion_evidencias" add foreign key ("IdCapacitacion") references "capacitaciones" ("IdCapacitacion");
alter table "epp_tipos" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "epp_asignaciones" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "epp_entregas" add foreign key ("Corrige") references "epp_entregas" ("IdEntregadosEpp");
alter table "epp_entregas" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "epp_entregas_lineas" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "epp_entregas_lineas" add foreign key ("IdEntregadosEpp") references "epp_entregas" ("IdEntregadosEpp");
alter table "actos_subestandares" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "condiciones_subestandares" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "tipos_evento" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "tipos_agente" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "items_agente" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "faltas_control" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "tipos_lesion" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "partes_cuerpo" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "factores" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "causas_basicas" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "items_causas_basicas" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "fuentes_evento" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "agentes_evento" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "familias_riesgo" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "riesgos_especificos" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "incidentes" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "medidas_control" add foreign key ("IdEvaluacion") references "incidentes" ("IdEvaluacion");
alter table "medidas_control" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "empresas_contratistas" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "clientes" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "dias_inactivos" add foreign key ("IdUsuario") references "usuarios" ("IdUsuario") on delete cascade;
alter table "dotaciones" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "epp_solicitudes" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "copias_actas" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "codigos_fiscalizadores" add foreign key ("IdFiscalizador") references "fiscalizadores" ("IdFiscalizador") on delete cascade;
alter table "accesos_fiscalizadores" add foreign key ("IdEmpresa") references "empresas" ("IdEmpresa");
alter table "accesos_fiscalizadores" add foreign key ("IdFiscalizador") references "fiscalizadores" ("IdFiscalizador");

create index "registro_accesos_empresa" on "registro_accesos" ("IdEmpresa", "Fecha");
create index "historial_empresa" on "historial" ("IdEmpresa", "Fecha");
create index "niveles_empresa" on "niveles" ("IdEmpresa", "TipoNivel");
create index "cargos_empresa" on "cargos" ("IdEmpresa");
create index "cambios_empresa" on "cambios" ("IdEmpresa", "Seq");
create index "conflictos_empresa" on "conflictos" ("IdEmpresa", "Resuelto");
create index "idempotencia_creado" on "idempotencia" ("CreadoEn");
create unique index "trabajadores_empresa_run" on "trabajadores" ("IdEmpresa", "RunPersona") where "Estado" = 1;
create index "trabajadores_empresa_nombres" on "trabajadores" ("IdEmpresa", "Estado", "ApellidoPaterno", "ApellidoMaterno", "Nombres");
create index "trabajadores_empresa_nv2" on "trabajadores" ("IdEmpresa", "IdNivel2");
create index "trabajadores_empresa_nv3" on "trabajadores" ("IdEmpresa", "IdNivel3");
create index "trabajadores_empresa_contratista" on "trabajadores" ("IdEmpresa", "RutContratista");
create index "trabajador_cargos_cargo" on "trabajador_cargos" ("IdCargo", "IdPersona");
create index "cargos_niveles" on "cargos" ("IdEmpresa", "IdNivel2", "IdNivel3");
create index "niveles_padre" on "niveles" ("IdNivelPadre");
create index "formularios_empresa" on "formularios" ("IdEmpresa", "Tipo", "Nombre");
create index "evaluaciones_Tipo" on "evaluaciones" ("IdEmpresa", "Tipo", "Fecha");
create index "evaluaciones_IdFormulario" on "evaluaciones" ("IdEmpresa", "IdFormulario", "Fecha");
create index "evaluaciones_IdNivel2" on "evaluaciones" ("IdEmpresa", "IdNivel2", "Fecha");
create index "evaluaciones_IdNivel3" on "evaluaciones" ("IdEmpresa", "IdNivel3", "Fecha");
create index "evaluaciones_RutContratista" on "evaluaciones" ("IdEmpresa", "RutContratista", "Fecha");
create index "evaluaciones_IdCliente" on "evaluaciones" ("IdEmpresa", "IdCliente", "Fecha");
create index "evaluaciones_fecha" on "evaluaciones" ("IdEmpresa", "Estado", "Fecha");
create index "observaciones_evaluacion" on "observaciones" ("IdEvaluacion");
create index "observaciones_IdFormulario" on "observaciones" ("IdEmpresa", "IdFormulario", "Fecha");
create index "observaciones_IdNivel2" on "observaciones" ("IdEmpresa", "IdNivel2", "Fecha");
create index "observaciones_IdNivel3" on "observaciones" ("IdEmpresa", "IdNivel3", "Fecha");
create index "observaciones_RutContratista" on "observaciones" ("IdEmpresa", "RutContratista", "Fecha");
create index "observaciones_IdCliente" on "observaciones" ("IdEmpresa", "IdCliente", "Fecha");
create index "observaciones_SemaforoObs" on "observaciones" ("IdEmpresa", "SemaforoObs", "Fecha");
create index "observaciones_fecha" on "observaciones" ("IdEmpresa", "Estado", "Fecha");
create index "observaciones_vencibles" on "observaciones" ("Plazo") where "Estado" = 1 AND "Aprobada" = 0 AND "SemaforoObs" <> 3;
create index "certificaciones_empresa" on "certificaciones" ("IdEmpresa", "Estado", "Nombre");
create index "actividades_economicas_empresa" on "actividades_economicas" ("IdEmpresa", "Estado", "Codigo");
create index "tipos_capacitacion_empresa" on "tipos_capacitacion" ("IdEmpresa", "Estado", "Nombre");
create index "programas_capacitacion_empresa" on "programas_capacitacion" ("IdEmpresa", "Estado", "Anio", "Mes");
create index "programas_capacitacion_tipo" on "programas_capacitacion" ("IdEmpresa", "IdTipoCapacitacion");
create index "capacitaciones_fecha" on "capacitaciones" ("IdEmpresa", "Estado", "Fecha");
create index "capacitaciones_programa" on "capacitaciones" ("IdEmpresa", "IdPrograma");
create index "capacitaciones_tipo" on "capacitaciones" ("IdEmpresa", "IdTipoCapacitacion");
create index "capacitacion_participantes_sesion" on "capacitacion_participantes" ("IdCapacitacion", "Posicion");
create index "capacitacion_participantes_persona" on "capacitacion_participantes" ("IdEmpresa", "IdPersona");
create index "capacitacion_participantes_realizadas" on "capacitacion_participantes" ("IdEmpresa", "Mes", "IdCapacitacion", "IdTipoCapacitacion", "IdCargo", "IdPersona", "DuracionHoras", "FechaRealizacion", "IdNivel2", "IdNivel3", "Activa", "Realizada", "Asistio") where "Activa" = 1 AND "Realizada" = 1 AND "Asistio" = 1;
create index "capacitacion_participantes_vigencias" on "capacitacion_participantes" ("IdEmpresa", "IdPersona", "IdTipoCapacitacion", "FechaVencimiento", "Evaluada", "Nota", "FechaRealizacion", "IdNivel2", "IdNivel3", "Activa", "Realizada", "Asistio") where "Activa" = 1 AND "Realizada" = 1 AND "Asistio" = 1;
create index "capacitacion_relatores_sesion" on "capacitacion_relatores" ("IdCapacitacion", "Posicion");
create index "capacitacion_evidencias_sesion" on "capacitacion_evidencias" ("IdCapacitacion", "Posicion");
create index "epp_tipos_empresa" on "epp_tipos" ("IdEmpresa", "Estado", "NombreEpp");
create index "epp_asignaciones_cargo" on "epp_asignaciones" ("IdEmpresa", "IdCargo");
create index "epp_asignaciones_persona" on "epp_asignaciones" ("IdEmpresa", "IdPersona");
create index "epp_entregas_IdPersona" on "epp_entregas" ("IdEmpresa", "IdPersona", "Fecha");
create index "epp_entregas_RutContratista" on "epp_entregas" ("IdEmpresa", "RutContratista", "Fecha");
create index "epp_entregas_IdCliente" on "epp_entregas" ("IdEmpresa", "IdCliente", "Fecha");
create index "epp_entregas_fecha" on "epp_entregas" ("IdEmpresa", "Estado", "Fecha");
create index "epp_entregas_cuadrilla" on "epp_entregas" ("IdEmpresa", "IdEntrega");
create index "epp_entregas_lineas_acta" on "epp_entregas_lineas" ("IdEntregadosEpp", "Orden");
create index "epp_entregas_lineas_vence" on "epp_entregas_lineas" ("IdEmpresa", "VenceEl");
create index "epp_entregas_lineas_persona" on "epp_entregas_lineas" ("IdEmpresa", "IdPersona", "IdEpp", "Fecha");
create index "epp_entregas_lineas_epp" on "epp_entregas_lineas" ("IdEmpresa", "IdEpp", "Fecha");
create index "actos_subestandares_empresa" on "actos_subestandares" ("IdEmpresa", "Estado", "Info");
create index "condiciones_subestandares_empresa" on "condiciones_subestandares" ("IdEmpresa", "Estado", "Info");
create index "tipos_evento_empresa" on "tipos_evento" ("IdEmpresa", "Estado", "Info");
create index "tipos_agente_empresa" on "tipos_agente" ("IdEmpresa", "Estado", "Info");
create index "items_agente_empresa" on "items_agente" ("IdEmpresa", "Estado", "Info");
create index "items_agente_padre" on "items_agente" ("IdEmpresa", "IdTipoAgente");
create index "faltas_control_empresa" on "faltas_control" ("IdEmpresa", "Estado", "Info");
create index "tipos_lesion_empresa" on "tipos_lesion" ("IdEmpresa", "Estado", "Info");
create index "partes_cuerpo_empresa" on "partes_cuerpo" ("IdEmpresa", "Estado", "Info");
create index "factores_empresa" on "factores" ("IdEmpresa", "Estado", "Info");
create index "causas_basicas_empresa" on "causas_basicas" ("IdEmpresa", "Estado", "Info");
create index "causas_basicas_padre" on "causas_basicas" ("IdEmpresa", "IdFactor");
create index "items_causas_basicas_empresa" on "items_causas_basicas" ("IdEmpresa", "Estado", "Info");
create index "items_causas_basicas_padre" on "items_causas_basicas" ("IdEmpresa", "IdCausaBasica");
create index "fuentes_evento_empresa" on "fuentes_evento" ("IdEmpresa", "Estado", "Info");
create index "agentes_evento_empresa" on "agentes_evento" ("IdEmpresa", "Estado", "Info");
create index "familias_riesgo_empresa" on "familias_riesgo" ("IdEmpresa", "Estado", "Info");
create index "riesgos_especificos_empresa" on "riesgos_especificos" ("IdEmpresa", "Estado", "Info");
create index "riesgos_especificos_padre" on "riesgos_especificos" ("IdEmpresa", "IdFamiliaRiesgo");
create index "incidentes_fecha" on "incidentes" ("IdEmpresa", "Estado", "FechaOcurrencia");
create index "incidentes_clasificacion" on "incidentes" ("IdEmpresa", "Clasificacion", "FechaOcurrencia");
create index "incidentes_contratista" on "incidentes" ("IdEmpresa", "RutContratista");
create index "incidentes_niveles" on "incidentes" ("IdEmpresa", "IdNivel2", "IdNivel3");
create index "medidas_control_caso" on "medidas_control" ("IdEmpresa", "IdEvaluacion");
create index "medidas_control_plazo" on "medidas_control" ("Estado", "Aprobada", "Plazo");
create index "clientes_empresa" on "clientes" ("IdEmpresa", "Nombre");
create index "auditoria_empresa" on "auditoria" ("IdEmpresa", "IdAuditoria");
create index "auditoria_registro" on "auditoria" ("IdEmpresa", "Entidad", "IdRegistro");
create unique index "dotaciones_unica" on "dotaciones" ("IdEmpresa", "Mes", "IdNivel2", coalesce("IdNivel3", ''), "RutContratista") where "Estado" <> 0;
create index "dotaciones_mes" on "dotaciones" ("IdEmpresa", "Estado", "Mes", "IdNivel2", "IdNivel3", "RutContratista", "Dotacion", "HorasHombre");
create index "incidentes_tasas" on "incidentes" ("IdEmpresa", "Clasificacion", "FechaOcurrencia", "Estado", "FechaAlta", "IdNivel2", "IdNivel3", "RutContratista", "IdCliente");
create index "epp_solicitudes_estado" on "epp_solicitudes" ("IdEmpresa", "Estado", "Fecha");
create index "epp_solicitudes_contratista" on "epp_solicitudes" ("IdEmpresa", "RutContratista", "Estado");
create index "epp_entregas_lineas_cobertura" on "epp_entregas_lineas" ("IdEmpresa", "IdPersona", "IdEpp", "VenceEl", "IdEntregadosEpp");
create index "epp_entregas_anuladas" on "epp_entregas" ("IdEmpresa", "Anulada", "Estado");
create index "accesos_fiscalizadores_empresa" on "accesos_fiscalizadores" ("IdEmpresa", "En");
create index "capacitacion_participantes_personas" on "capacitacion_participantes" ("IdEmpresa", "Mes", "IdPersona", "FechaRealizacion", "IdNivel2", "IdNivel3", "Activa", "Realizada", "Asistio") where "Activa" = 1 AND "Realizada" = 1 AND "Asistio" = 1;
create index "sesiones_cerradas_expira" on "sesiones_cerradas" ("ExpiraEn");
create index "nombres_anteriores_registro" on "nombres_anteriores" ("IdEmpresa", "Tabla", "IdRegistro");

-- SQLite's AUTOINCREMENT: a key left empty is the table's last issued key plus one; a key given explicitly raises
-- the last issued key to it when larger. The counter row is written in the inserting transaction.
create table "secuencias" (
  "Tabla" text not null,
  "Ultimo" bigint not null,
  primary key ("Tabla")
);

create function siguiente_clave() returns trigger language plpgsql as $$
declare
  clave bigint := (to_jsonb(new) ->> tg_argv[0])::bigint;
begin
  if clave is null then
    insert into "secuencias" ("Tabla", "Ultimo") values (tg_table_name, 1)
      on conflict ("Tabla") do update set "Ultimo" = "secuencias"."Ultimo" + 1
      returning "Ultimo" into clave;
    new := jsonb_populate_record(new, jsonb_build_object(tg_argv[0], clave));
  else
    insert into "secuencias" ("Tabla", "Ultimo") values (tg_table_name, clave)
      on conflict ("Tabla") do update set "Ultimo" = greatest("secuencias"."Ultimo", excluded."Ultimo");
  end if;
  return new;
end $$;

create trigger "roles_clave" before insert on "roles" for each row execute function siguiente_clave('IdRol');
create trigger "usuarios_clave" before insert on "usuarios" for each row execute function siguiente_clave('IdUsuario');
create trigger "codigos_recuperacion_clave" before insert on "codigos_recuperacion" for each row execute function siguiente_clave('IdCodigo');
create trigger "registro_accesos_clave" before insert on "registro_accesos" for each row execute function siguiente_clave('IdRegistro');
create trigger "historial_clave" before insert on "historial" for each row execute function siguiente_clave('IdHistorial');
create trigger "correos_clave" before insert on "correos" for each row execute function siguiente_clave('IdCorreo');
create trigger "cambios_clave" before insert on "cambios" for each row execute function siguiente_clave('Seq');
create trigger "conflictos_clave" before insert on "conflictos" for each row execute function siguiente_clave('IdConflicto');
create trigger "auditoria_clave" before insert on "auditoria" for each row execute function siguiente_clave('IdAuditoria');
create trigger "fiscalizadores_clave" before insert on "fiscalizadores" for each row execute function siguiente_clave('IdFiscalizador');
create trigger "codigos_fiscalizadores_clave" before insert on "codigos_fiscalizadores" for each row execute function siguiente_clave('IdCodigo');
create trigger "accesos_fiscalizadores_clave" before insert on "accesos_fiscalizadores" for each row execute function siguiente_clave('IdAcceso');

-- Sealed EPP actas and their lines are never changed nor deleted (migrations 0010 and 0021); a form version is
-- immutable (0007); a change of a worker's or a user's name keeps the earlier name (0021).
create function rechazar() returns trigger language plpgsql as $$
begin
  raise exception '%', tg_argv[0];
end $$;

create trigger "formulario_versiones_inmutables" before update on "formulario_versiones"
  for each row execute function rechazar('una versión de formulario no se modifica');
create trigger "epp_entregas_selladas" before update of
    "IdEntregadosEpp", "IdEmpresa", "IdEntrega", "IdPersona", "RunPersona", "NombreTrabajador", "RutContratista", "IdCliente",
    "Motivo", "Fecha", "Entregador", "FirmaTrabajador", "FirmadoEn", "Corrige", "Sello", "RecibidoEn", "IdUsuario", "VersionSello"
  on "epp_entregas" for each row execute function rechazar('un acta de entrega sellada no se modifica');
create trigger "epp_entregas_conservadas" before delete on "epp_entregas"
  for each row execute function rechazar('un acta de entrega se anula, no se borra');
create trigger "epp_entregas_lineas_selladas" before update on "epp_entregas_lineas"
  for each row execute function rechazar('una línea de un acta sellada no se modifica');
create trigger "epp_entregas_lineas_conservadas" before delete on "epp_entregas_lineas"
  for each row execute function rechazar('una línea de un acta se conserva');

create function guardar_nombre_anterior() returns trigger language plpgsql as $$
begin
  insert into "nombres_anteriores" ("IdEmpresa", "Tabla", "IdRegistro", "Nombres", "ApellidoPaterno", "ApellidoMaterno", "HastaEn")
  values (
    old."IdEmpresa", tg_table_name,
    case tg_table_name when 'usuarios' then to_jsonb(old) ->> 'IdUsuario' else to_jsonb(old) ->> 'IdPersona' end,
    old."Nombres", old."ApellidoPaterno", coalesce(old."ApellidoMaterno", ''),
    to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  );
  return null;
end $$;

create trigger "trabajadores_nombres_anteriores" after update of "Nombres", "ApellidoPaterno", "ApellidoMaterno" on "trabajadores"
  for each row
  when (old."Nombres" is distinct from new."Nombres" or old."ApellidoPaterno" is distinct from new."ApellidoPaterno"
    or old."ApellidoMaterno" is distinct from new."ApellidoMaterno")
  execute function guardar_nombre_anterior();
create trigger "usuarios_nombres_anteriores" after update of "Nombres", "ApellidoPaterno", "ApellidoMaterno" on "usuarios"
  for each row
  when (old."Nombres" is distinct from new."Nombres" or old."ApellidoPaterno" is distinct from new."ApellidoPaterno"
    or old."ApellidoMaterno" is distinct from new."ApellidoMaterno")
  execute function guardar_nombre_anterior();

-- Nothing has been pruned from the change log yet (migration 0004).
insert into "retencion_cambios" ("Id", "DesdeSeq") values (1, 0);
