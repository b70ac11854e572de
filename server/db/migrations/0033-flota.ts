import type { CreateTableBuilder, Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

/**
 * The fleet (issue 38): vehicle and equipment types, vehicles, machines and installations, their certificates and
 * their meter readings. One column per field of each entity's schema, lists as JSON text (the kit's store).
 */
type Builder = CreateTableBuilder<string, never>;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = engineOf(db) === 'postgres';
  // Every integer of the schema is 64-bit on PostgreSQL, as SQLite's are; readings may have decimals.
  const integer = postgres ? 'bigint' : 'integer';
  const decimal = postgres ? 'double precision' : 'real';
  const meta = (table: Builder) =>
    table
      .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
      .addColumn('Estado', integer, (c) => c.notNull().defaultTo(1))
      .addColumn('Version', integer, (c) => c.notNull().defaultTo(1))
      .addColumn('VersionesCampos', 'text', (c) => c.notNull().defaultTo('{}'));
  const text = (table: Builder, ...names: string[]) => names.reduce((built, name) => built.addColumn(name, 'text', (c) => c.notNull().defaultTo('')), table);
  const json = (table: Builder, ...names: string[]) => names.reduce((built, name) => built.addColumn(name, 'text', (c) => c.notNull().defaultTo('[]')), table);
  const create = async (name: string, id: string, columns: (table: Builder) => Builder, index: string[]) => {
    await columns(meta(db.schema.createTable(name).addColumn(id, 'text', (c) => c.primaryKey()) as Builder)).execute();
    await db.schema.createIndex(`${name}_empresa`).on(name).columns(['IdEmpresa', 'Estado', ...index]).execute();
  };

  for (const [name, id] of [['tipos_vehiculo', 'IdTipoVehiculo'], ['tipos_equipo', 'IdTipoEquipo']] as const) {
    await create(name, id, (table) => json(text(table, 'Nombre', 'Medidor', 'ClaseLicencia'), 'Certificaciones', 'CertificacionesOperador'), ['Nombre']);
  }
  const asset = (table: Builder) =>
    text(table.addColumn('IdNivel2', 'text', (c) => c.notNull()).addColumn('IdNivel3', 'text'), 'RutContratista', 'CorreoResponsable');
  const motorised = (table: Builder) => json(text(asset(table), 'Marca', 'Modelo').addColumn('Anio', integer), 'Operadores');
  await create('vehiculos', 'IdVehiculo', (table) => motorised(text(table, 'Patente', 'IdTipoVehiculo')), ['Patente']);
  await create('equipos', 'IdEquipo', (table) => motorised(text(table, 'Codigo', 'Nombre', 'IdTipoEquipo')), ['Codigo']);
  await create('instalaciones', 'IdInstalacion', (table) => json(asset(text(table, 'Nombre', 'Descripcion')), 'Certificaciones'), ['Nombre']);

  const copied = (table: Builder) => text(table.addColumn('IdNivel2', 'text').addColumn('IdNivel3', 'text'), 'RutContratista');
  for (const name of ['certificaciones_vehiculo', 'certificaciones_equipo', 'certificaciones_instalacion']) {
    await create(
      name,
      'IdCertificacion',
      (table) =>
        copied(json(text(table, 'IdActivo', 'Clase', 'FechaEmision', 'FechaVencimiento', 'Certificador', 'Observacion'), 'Archivos').addColumn('LecturaVencimiento', decimal)),
      ['IdActivo'],
    );
  }
  for (const name of ['lecturas_vehiculo', 'lecturas_equipo']) {
    await create(
      name,
      'IdLectura',
      (table) =>
        copied(
          text(table, 'IdActivo', 'Fecha', 'Motivo', 'NombreUsuario')
            .addColumn('Valor', decimal, (c) => c.notNull())
            .addColumn('IdUsuario', integer, (c) => c.notNull().defaultTo(0)),
        ),
      ['IdActivo', 'Fecha'],
    );
  }
}
