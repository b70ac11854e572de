import type { Selectable } from 'kysely';
import { DEFAULT_LOGO_URL } from '#sync/schemas/accounts.schema.ts';
import type { Cliente } from '#sync/schemas/clientes.schema.ts';
import { listPartyAccounts } from '#server/records/office-party-accounts.ts';
import type { Db } from '#server/db/database.ts';
import type { ClientesTable } from '#server/db/schema.ts';
import type { FileStore } from '#server/files/file-store.ts';
import { imageOrDefault } from '#server/files/inline-image.ts';

export type ClientRow = Selectable<ClientesTable>;

export function findClientRow(db: Db, company: string, id: string) {
  return db.selectFrom('clientes').selectAll().where('IdEmpresa', '=', company).where('IdCliente', '=', id).executeTakeFirst();
}

/** Whoever holds the id, in any company: ids are made on devices and global. */
export function clientIdTaken(db: Db, id: string) {
  return db.selectFrom('clientes').select('IdEmpresa').where('IdCliente', '=', id).executeTakeFirst();
}

/** Another client of the company with this RUT (clients without RUT never clash). */
export async function rutTaken(db: Db, company: string, rut: string, exceptId?: string): Promise<boolean> {
  if (rut === '') return false;
  let query = db.selectFrom('clientes').select('IdCliente').where('IdEmpresa', '=', company).where('RutCliente', '=', rut);
  if (exceptId !== undefined) query = query.where('IdCliente', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function listClients(db: Db, company: string) {
  return db.selectFrom('clientes').selectAll().where('IdEmpresa', '=', company).orderBy('Nombre').orderBy('IdCliente').execute();
}

/** A client as its screens show it: its logo or the default one (spec section 5), its account's user name and its accounts. */
export async function toWire(db: Db, files: FileStore, now: Date, row: ClientRow): Promise<Cliente> {
  const { IdEmpresa: company, LogoArchivo, Version: _version, ...fields } = row;
  const logo = imageOrDefault(files, LogoArchivo, now, DEFAULT_LOGO_URL);
  const account = row.IdUsuario === null ? undefined : await db.selectFrom('usuarios').select('NombreUsuario').where('IdUsuario', '=', row.IdUsuario).executeTakeFirst();
  return {
    ...fields,
    Logo: logo.url,
    LogoPropio: logo.own,
    NombreUsuario: account?.NombreUsuario ?? null,
    Usuarios: await listPartyAccounts(db, company, { clientId: row.IdCliente }, row.IdUsuario),
  };
}
