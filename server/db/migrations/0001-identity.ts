import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('empresas')
    .addColumn('IdEmpresa', 'text', (c) => c.primaryKey())
    .addColumn('RutEmpresa', 'text', (c) => c.notNull().unique())
    .addColumn('NombreEmpresa', 'text', (c) => c.notNull())
    .addColumn('Direccion', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('TelefonoEmpresa', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('LogoArchivo', 'text')
    .addColumn('EstadoEmpresa', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('VarianteDashboard', 'text', (c) => c.notNull().defaultTo('estandar'))
    .addColumn('CreadoEn', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sistemas')
    .addColumn('IdSistema', 'integer', (c) => c.primaryKey())
    .addColumn('Nombre', 'text', (c) => c.notNull())
    .addColumn('RutaInicio', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('IdRol', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
    .addColumn('NombreRol', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('usuarios')
    .addColumn('IdUsuario', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
    .addColumn('CorreoElectronicoPersona', 'text', (c) => c.notNull())
    .addColumn('RunPersona', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Nombres', 'text', (c) => c.notNull())
    .addColumn('ApellidoPaterno', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ApellidoMaterno', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('TelefonoPersona', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('FechaNacimiento', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('AvatarArchivo', 'text')
    .addColumn('HashContrasena', 'text', (c) => c.notNull())
    .addColumn('DebeCambiarContrasena', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('Habilitado', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('IdRol', 'integer', (c) => c.notNull().references('roles.IdRol'))
    .addColumn('Tipo', 'text', (c) => c.notNull().defaultTo('empresa'))
    .addColumn('IdContratista', 'text')
    .addColumn('IdCliente', 'text')
    .addColumn('IdSistemaPreferido', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('Version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('CreadoEn', 'text', (c) => c.notNull())
    .addUniqueConstraint('usuarios_empresa_correo', ['IdEmpresa', 'CorreoElectronicoPersona'])
    .execute();

  await db.schema
    .createTable('usuario_sistemas')
    .addColumn('IdUsuario', 'integer', (c) => c.notNull().references('usuarios.IdUsuario').onDelete('cascade'))
    .addColumn('IdSistema', 'integer', (c) => c.notNull().references('sistemas.IdSistema'))
    .addPrimaryKeyConstraint('usuario_sistemas_pk', ['IdUsuario', 'IdSistema'])
    .execute();

  await db.schema
    .createTable('intentos_acceso')
    .addColumn('Clave', 'text', (c) => c.primaryKey())
    .addColumn('Fallidos', 'integer', (c) => c.notNull())
    .addColumn('PrimerFallo', 'integer', (c) => c.notNull())
    .addColumn('BloqueadoHasta', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('codigos_recuperacion')
    .addColumn('IdCodigo', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('IdUsuario', 'integer', (c) => c.notNull().references('usuarios.IdUsuario').onDelete('cascade'))
    .addColumn('HashCodigo', 'text', (c) => c.notNull())
    .addColumn('ExpiraEn', 'integer', (c) => c.notNull())
    .addColumn('Intentos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('Usado', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('registro_accesos')
    .addColumn('IdRegistro', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull())
    .addColumn('Correo', 'text', (c) => c.notNull())
    .addColumn('Estado', 'text', (c) => c.notNull())
    .addColumn('Detalle', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Fecha', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('historial')
    .addColumn('IdHistorial', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('Usuario', 'text', (c) => c.notNull())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull())
    .addColumn('Origen', 'text', (c) => c.notNull())
    .addColumn('Texto', 'text', (c) => c.notNull())
    .addColumn('Afectado', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Contrasena1', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Contrasena2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('CodigoVerificacion', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Fecha', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('correos')
    .addColumn('IdCorreo', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('Para', 'text', (c) => c.notNull())
    .addColumn('Asunto', 'text', (c) => c.notNull())
    .addColumn('Texto', 'text', (c) => c.notNull())
    .addColumn('Estado', 'text', (c) => c.notNull())
    .addColumn('Error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Fecha', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('archivos')
    .addColumn('Sha256', 'text', (c) => c.primaryKey())
    .addColumn('Tipo', 'text', (c) => c.notNull())
    .addColumn('Tamano', 'integer', (c) => c.notNull())
    .addColumn('CreadoEn', 'text', (c) => c.notNull())
    .execute();

  await sql`CREATE INDEX registro_accesos_empresa ON registro_accesos (IdEmpresa, Fecha)`.execute(db);
  await sql`CREATE INDEX historial_empresa ON historial (IdEmpresa, Fecha)`.execute(db);
}
