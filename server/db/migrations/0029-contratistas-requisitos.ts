import type { Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

/**
 * Contractor management (issue 37): requirement rules, contracts, the documents each requirement asks of a company,
 * contract or worker, and one accreditation row per worker, contract and worksite. Lists (`Subcontratistas`,
 * `Trabajadores`, `Historial`…) are JSON text, as the record kit stores them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every integer of the schema is 64-bit on PostgreSQL, as SQLite's are.
  const integer = engineOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('requisitos')
    .addColumn('IdRequisito', 'text', (c) => c.primaryKey())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
    .addColumn('Nombre', 'text', (c) => c.notNull())
    .addColumn('Descripcion', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Aplicacion', 'text', (c) => c.notNull())
    .addColumn('IdClasificacion', 'text')
    .addColumn('Frecuencia', 'text', (c) => c.notNull())
    .addColumn('TipoRequisito', 'text', (c) => c.notNull())
    .addColumn('UnidadEvaluacion', 'text', (c) => c.notNull())
    .addColumn('PeriodoMeses', integer, (c) => c.notNull())
    .addColumn('Modulo', 'text', (c) => c.notNull())
    .addColumn('Obligatorio', integer, (c) => c.notNull())
    .addColumn('ControlDeuda', integer, (c) => c.notNull().defaultTo(0))
    .addColumn('Estado', integer, (c) => c.notNull().defaultTo(1))
    .addColumn('Version', integer, (c) => c.notNull().defaultTo(1))
    .addColumn('VersionesCampos', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('requisitos_empresa').on('requisitos').columns(['IdEmpresa', 'Estado', 'Nombre']).execute();

  await db.schema
    .createTable('contratos')
    .addColumn('IdContrato', 'text', (c) => c.primaryKey())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
    .addColumn('Nombre', 'text', (c) => c.notNull())
    .addColumn('RutContratista', 'text', (c) => c.notNull())
    .addColumn('FechaInicio', 'text', (c) => c.notNull())
    .addColumn('FechaTermino', 'text', (c) => c.notNull())
    .addColumn('IdNivel2', 'text', (c) => c.notNull())
    .addColumn('IdProceso', 'text')
    .addColumn('RutAdministrador', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('NombreAdministrador', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('RutResponsable', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('NombreResponsable', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Subcontratistas', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('Actividades', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('Trabajadores', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('Requisitos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('Estado', integer, (c) => c.notNull().defaultTo(1))
    .addColumn('Version', integer, (c) => c.notNull().defaultTo(1))
    .addColumn('VersionesCampos', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('contratos_empresa').on('contratos').columns(['IdEmpresa', 'Estado', 'RutContratista']).execute();

  await db.schema
    .createTable('documentos_requisito')
    .addColumn('IdDocumento', 'text', (c) => c.primaryKey())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
    .addColumn('IdRequisito', 'text', (c) => c.notNull())
    .addColumn('NombreRequisito', 'text', (c) => c.notNull())
    .addColumn('Aplicacion', 'text', (c) => c.notNull())
    .addColumn('Obligatorio', integer, (c) => c.notNull())
    .addColumn('ControlDeuda', integer, (c) => c.notNull())
    .addColumn('PeriodoMeses', integer, (c) => c.notNull())
    .addColumn('RutContratista', 'text', (c) => c.notNull())
    .addColumn('RutPrincipal', 'text', (c) => c.notNull())
    .addColumn('IdContrato', 'text')
    .addColumn('IdPersona', 'text')
    .addColumn('NombrePersona', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Mes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('EstadoDocumento', 'text', (c) => c.notNull())
    .addColumn('Archivo', 'text', (c) => c.notNull().defaultTo('null'))
    .addColumn('FechaEmision', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('FechaVencimiento', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Motivo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ConDeuda', integer)
    .addColumn('Renovacion', 'text', (c) => c.notNull().defaultTo('null'))
    .addColumn('Historial', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('Estado', integer, (c) => c.notNull().defaultTo(1))
    .addColumn('Version', integer, (c) => c.notNull().defaultTo(1))
    .addColumn('VersionesCampos', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('documentos_requisito_empresa').on('documentos_requisito').columns(['IdEmpresa', 'Estado', 'IdRequisito']).execute();

  await db.schema
    .createTable('acreditaciones')
    .addColumn('IdAcreditacion', 'text', (c) => c.primaryKey())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
    .addColumn('IdPersona', 'text', (c) => c.notNull())
    .addColumn('NombrePersona', 'text', (c) => c.notNull())
    .addColumn('RunPersona', 'text', (c) => c.notNull())
    .addColumn('IdContrato', 'text', (c) => c.notNull())
    .addColumn('IdNivel2', 'text', (c) => c.notNull())
    .addColumn('RutContratista', 'text', (c) => c.notNull())
    .addColumn('Acreditado', integer, (c) => c.notNull())
    .addColumn('AcreditadoHasta', 'text', (c) => c.notNull())
    .addColumn('Motivos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('Estado', integer, (c) => c.notNull().defaultTo(1))
    .addColumn('Version', integer, (c) => c.notNull().defaultTo(1))
    .addColumn('VersionesCampos', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('acreditaciones_contrato').on('acreditaciones').columns(['IdEmpresa', 'IdContrato']).execute();
}
