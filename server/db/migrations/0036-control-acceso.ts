import type { CreateTableBuilder, Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

/**
 * The gate (issue 39): each company's key pair that signs day passes (`llaves_pase`, JWK text, made by the first node
 * that needs it), and the gate's records: settings, day passes, provisional passes and the log of entries and exits.
 */
type Builder = CreateTableBuilder<string, never>;

export async function up(db: Kysely<unknown>): Promise<void> {
  const integer = engineOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('llaves_pase')
    .addColumn('IdEmpresa', 'text', (c) => c.primaryKey().references('empresas.IdEmpresa'))
    .addColumn('Privada', 'text', (c) => c.notNull())
    .addColumn('Publica', 'text', (c) => c.notNull())
    .addColumn('CreadoEn', 'text', (c) => c.notNull())
    .execute();

  const meta = (table: Builder) =>
    table
      .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
      .addColumn('Estado', integer, (c) => c.notNull().defaultTo(1))
      .addColumn('Version', integer, (c) => c.notNull().defaultTo(1))
      .addColumn('VersionesCampos', 'text', (c) => c.notNull().defaultTo('{}'));
  const text = (table: Builder, ...names: string[]) => names.reduce((built, name) => built.addColumn(name, 'text', (c) => c.notNull().defaultTo('')), table);
  const numbers = (table: Builder, ...names: string[]) =>
    names.reduce((built, name) => built.addColumn(name, integer, (c) => c.notNull().defaultTo(0)), table);
  const create = async (name: string, id: string, columns: (table: Builder) => Builder, index: string[]) => {
    await columns(meta(db.schema.createTable(name).addColumn(id, 'text', (c) => c.primaryKey()) as Builder)).execute();
    await db.schema.createIndex(`${name}_empresa`).on(name).columns(['IdEmpresa', 'Estado', ...index]).execute();
  };
  const byUser = (table: Builder) => numbers(text(table, 'NombreUsuario'), 'IdUsuario');

  await create('ajustes_acceso', 'IdAjuste', (table) => numbers(text(table, 'FinesTurno'), 'MaxProvisoriosAnio'), []);
  await create(
    'pases_dia',
    'IdPase',
    (table) => byUser(numbers(text(table, 'Rut', 'Nombre', 'IdNivel2', 'Hasta', 'Emitido', 'Token', 'MotivoRevocacion', 'RutContratista'), 'Revocado')),
    ['Rut'],
  );
  await create(
    'pases_provisorios',
    'IdPase',
    (table) => byUser(text(table, 'Rut', 'Nombre', 'IdNivel2', 'Puerta', 'Motivo', 'FechaDispositivo', 'Hasta', 'RutContratista')),
    ['Rut', 'FechaDispositivo'],
  );
  await create(
    'movimientos_acceso',
    'IdMovimiento',
    (table) =>
      byUser(
        numbers(
          text(table, 'Tipo', 'Sujeto', 'Rut', 'Nombre', 'IdNivel2', 'Puerta', 'Via', 'FechaDispositivo', 'FechaServidor', 'RutContratista')
            .addColumn('IdActivo', 'text')
            .addColumn('Motivos', 'text', (c) => c.notNull().defaultTo('[]')),
          'Permitido',
        ),
      ),
    ['IdNivel2', 'FechaDispositivo'],
  );
}
