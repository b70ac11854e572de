import { sql, type Kysely } from 'kysely';

/**
 * Trainings: types and programmes (record tables of the kit), and sessions with their participants (the attendance
 * rows), presenters and evidence, each list in its own table. A session travels whole on the wire; the server
 * keeps its lists as rows so reports and dashboards over hundreds of thousands of attendances are plain SQL.
 *
 * Each attendance row copies what the reports filter and add by (the session's type, hours, date, realisation and
 * parties; the worker's RUT, name, contractor, levels and position in the session), so they read one table and no JSON.
 * `Activa` is 1 while both the row and its session are active.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tipos_capacitacion')
    .addColumn('IdTipoCapacitacion', 'text', (c) => c.primaryKey())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
    .addColumn('Nombre', 'text', (c) => c.notNull())
    .addColumn('IdCategoria', 'integer', (c) => c.notNull())
    .addColumn('DuracionHoras', 'real', (c) => c.notNull())
    .addColumn('VigenciaMeses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('Evaluada', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('Descripcion', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Estado', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('Version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('VersionesCampos', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('tipos_capacitacion_empresa').on('tipos_capacitacion').columns(['IdEmpresa', 'Estado', 'Nombre']).execute();

  await db.schema
    .createTable('programas_capacitacion')
    .addColumn('IdCapacitacion', 'text', (c) => c.primaryKey())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
    .addColumn('Anio', 'integer', (c) => c.notNull())
    .addColumn('Mes', 'integer', (c) => c.notNull())
    .addColumn('IdTipoCapacitacion', 'text', (c) => c.notNull())
    .addColumn('Tema', 'text', (c) => c.notNull())
    .addColumn('Cargos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('IdNivel2', 'text')
    .addColumn('IdNivel3', 'text')
    .addColumn('Evidencias', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('Estado', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('Version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('VersionesCampos', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .createIndex('programas_capacitacion_empresa')
    .on('programas_capacitacion')
    .columns(['IdEmpresa', 'Estado', 'Anio', 'Mes'])
    .execute();
  await db.schema
    .createIndex('programas_capacitacion_tipo')
    .on('programas_capacitacion')
    .columns(['IdEmpresa', 'IdTipoCapacitacion'])
    .execute();

  await db.schema
    .createTable('capacitaciones')
    .addColumn('IdCapacitacion', 'text', (c) => c.primaryKey())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
    .addColumn('IdTipoCapacitacion', 'text', (c) => c.notNull())
    .addColumn('IdPrograma', 'text')
    .addColumn('Tema', 'text', (c) => c.notNull())
    .addColumn('Fecha', 'text', (c) => c.notNull())
    .addColumn('HoraInicio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Lugar', 'text', (c) => c.notNull())
    .addColumn('DuracionHoras', 'real', (c) => c.notNull())
    .addColumn('IdNivel2', 'text')
    .addColumn('IdNivel3', 'text')
    .addColumn('RutContratista', 'text')
    .addColumn('IdCliente', 'text')
    .addColumn('CargosParticipantes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('Realizada', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('FechaRealizacion', 'text')
    .addColumn('VigenciaMeses', 'integer')
    .addColumn('Evaluada', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('IdUsuario', 'integer', (c) => c.notNull())
    .addColumn('Estado', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('Version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('VersionesCampos', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('capacitaciones_fecha').on('capacitaciones').columns(['IdEmpresa', 'Estado', 'Fecha']).execute();
  await db.schema.createIndex('capacitaciones_programa').on('capacitaciones').columns(['IdEmpresa', 'IdPrograma']).execute();
  await db.schema.createIndex('capacitaciones_tipo').on('capacitaciones').columns(['IdEmpresa', 'IdTipoCapacitacion']).execute();

  await db.schema
    .createTable('capacitacion_participantes')
    .addColumn('Id', 'text', (c) => c.primaryKey())
    .addColumn('IdCapacitacion', 'text', (c) => c.notNull().references('capacitaciones.IdCapacitacion'))
    .addColumn('IdEmpresa', 'text', (c) => c.notNull())
    .addColumn('Posicion', 'integer', (c) => c.notNull())
    .addColumn('IdPersona', 'text', (c) => c.notNull())
    .addColumn('IdCargo', 'text')
    .addColumn('RunPersona', 'text', (c) => c.notNull())
    .addColumn('Nombre', 'text', (c) => c.notNull())
    .addColumn('RutContratista', 'text')
    .addColumn('IdNivel2', 'text')
    .addColumn('IdNivel3', 'text')
    .addColumn('Asistio', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('Nota', 'real')
    .addColumn('Firma', 'text')
    .addColumn('FirmadoEn', 'text')
    .addColumn('FechaVencimiento', 'text')
    .addColumn('Estado', 'integer', (c) => c.notNull().defaultTo(1))
    // Copied from the session on every write of it.
    .addColumn('Activa', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('IdTipoCapacitacion', 'text', (c) => c.notNull())
    .addColumn('IdPrograma', 'text')
    .addColumn('DuracionHoras', 'real', (c) => c.notNull())
    .addColumn('Fecha', 'text', (c) => c.notNull())
    .addColumn('Realizada', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('FechaRealizacion', 'text')
    // YYYY-MM of FechaRealizacion: figures by month read the index in its order, with no sorting.
    .addColumn('Mes', 'text')
    .addColumn('Evaluada', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('RutContratistaSesion', 'text')
    .addColumn('IdCliente', 'text')
    .execute();
  await db.schema
    .createIndex('capacitacion_participantes_sesion')
    .on('capacitacion_participantes')
    .columns(['IdCapacitacion', 'Posicion'])
    .execute();
  await db.schema
    .createIndex('capacitacion_participantes_persona')
    .on('capacitacion_participantes')
    .columns(['IdEmpresa', 'IdPersona'])
    .execute();
  // Reports and dashboards read realised attendance of a company: by month and date range (every figure), and by
  // person and type (the state of validities, the people trained). The columns they add and count by ride along, so
  // an indicator over a year of
  // attendance reads an index alone (SQLite calls an index covering only if it also holds the columns of its own
  // WHERE); partial, so rows of deleted or not yet realised sessions never weigh.
  await sql`CREATE INDEX capacitacion_participantes_realizadas ON capacitacion_participantes
    (IdEmpresa, Mes, IdCapacitacion, IdTipoCapacitacion, IdCargo, IdPersona, DuracionHoras, FechaRealizacion, IdNivel2, IdNivel3, Activa, Realizada, Asistio)
    WHERE Activa = 1 AND Realizada = 1 AND Asistio = 1`.execute(db);
  await sql`CREATE INDEX capacitacion_participantes_vigencias ON capacitacion_participantes
    (IdEmpresa, IdPersona, IdTipoCapacitacion, FechaVencimiento, Evaluada, Nota, FechaRealizacion, IdNivel2, IdNivel3, Activa, Realizada, Asistio)
    WHERE Activa = 1 AND Realizada = 1 AND Asistio = 1`.execute(db);

  await db.schema
    .createTable('capacitacion_relatores')
    .addColumn('Id', 'text', (c) => c.primaryKey())
    .addColumn('IdCapacitacion', 'text', (c) => c.notNull().references('capacitaciones.IdCapacitacion'))
    .addColumn('IdEmpresa', 'text', (c) => c.notNull())
    .addColumn('Posicion', 'integer', (c) => c.notNull())
    .addColumn('IdUsuario', 'integer')
    .addColumn('IdCargo', 'text')
    .addColumn('IdPersona', 'text')
    .addColumn('Nombre', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Rut', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Firma', 'text')
    .addColumn('FirmadoEn', 'text')
    .addColumn('Estado', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('capacitacion_relatores_sesion')
    .on('capacitacion_relatores')
    .columns(['IdCapacitacion', 'Posicion'])
    .execute();

  await db.schema
    .createTable('capacitacion_evidencias')
    .addColumn('Id', 'text', (c) => c.primaryKey())
    .addColumn('IdCapacitacion', 'text', (c) => c.notNull().references('capacitaciones.IdCapacitacion'))
    .addColumn('IdEmpresa', 'text', (c) => c.notNull())
    .addColumn('Posicion', 'integer', (c) => c.notNull())
    .addColumn('Evidencia', 'text', (c) => c.notNull())
    .addColumn('Nombre', 'text', (c) => c.notNull())
    .addColumn('TipoEvidencia', 'text', (c) => c.notNull())
    .addColumn('Archivo', 'text', (c) => c.notNull())
    .addColumn('Fecha', 'text', (c) => c.notNull())
    .addColumn('Estado', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('capacitacion_evidencias_sesion')
    .on('capacitacion_evidencias')
    .columns(['IdCapacitacion', 'Posicion'])
    .execute();
}
