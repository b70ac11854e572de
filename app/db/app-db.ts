import { Dexie, type EntityTable } from 'dexie';

export interface KeyValueRow {
  key: string;
  value: unknown;
}

export const APP_DB_NAME = 'andes-hse';

/** The device's database. Schema versions are appended, never edited: a device may skip releases. */
export class AppDb extends Dexie {
  consultas!: EntityTable<KeyValueRow, 'key'>;
  ajustes!: EntityTable<KeyValueRow, 'key'>;

  constructor(name = APP_DB_NAME, options: ConstructorParameters<typeof Dexie>[1] = {}) {
    // Strict durability: a write the person saw saved has reached the disk, not just the OS cache.
    super(name, { chromeTransactionDurability: 'strict', ...options });
    this.version(1).stores({
      consultas: 'key',
      ajustes: 'key',
    });
  }
}

export const db = new AppDb();

/** Labels for the "stored on this device" summary, one per table. */
export const TABLE_LABELS: Record<string, string> = {
  consultas: 'Consultas guardadas para usar sin conexión',
  ajustes: 'Ajustes del dispositivo',
};
