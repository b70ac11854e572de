import type { Selectable } from 'kysely';
import { DEFAULT_LOGO_URL } from '#sync/schemas/accounts.schema.ts';
import type { EmpresaContratista } from '#sync/schemas/empresa-contratistas.schema.ts';
import { listPartyAccounts } from '#server/records/office-party-accounts.ts';
import type { Db } from '#server/db/database.ts';
import type { EmpresasContratistasTable } from '#server/db/schema.ts';
import type { FileStore } from '#server/files/file-store.ts';
import { imageOrDefault } from '#server/files/inline-image.ts';

export type ContractorRow = Selectable<EmpresasContratistasTable>;

export function findContractor(db: Db, company: string, id: string) {
  return db
    .selectFrom('empresas_contratistas')
    .selectAll()
    .where('IdEmpresa', '=', company)
    .where('IdEmpresaContratista', '=', id)
    .executeTakeFirst();
}

/** Whoever holds the id, in any company: ids are made on devices and global. */
export function contractorIdTaken(db: Db, id: string) {
  return db.selectFrom('empresas_contratistas').select('IdEmpresa').where('IdEmpresaContratista', '=', id).executeTakeFirst();
}

export function findByRut(db: Db, company: string, rut: string) {
  return db
    .selectFrom('empresas_contratistas')
    .select('IdEmpresaContratista')
    .where('IdEmpresa', '=', company)
    .where('RutCompleto', '=', rut)
    .executeTakeFirst();
}

/** The company's contractor companies by name; only the active ones when `activeOnly`. */
export function listContractors(db: Db, company: string, activeOnly: boolean) {
  let query = db.selectFrom('empresas_contratistas').selectAll().where('IdEmpresa', '=', company);
  if (activeOnly) query = query.where('Estado', '=', 1);
  return query.orderBy('Nombre').orderBy('IdEmpresaContratista').execute();
}

/** A contractor company as its screens show it: its logo or the default one, and its accounts. */
export async function toWire(db: Db, files: FileStore, now: Date, row: ContractorRow): Promise<EmpresaContratista> {
  const { IdEmpresa: _company, LogoArchivo, Version: _version, ...fields } = row;
  const logo = imageOrDefault(files, LogoArchivo, now, DEFAULT_LOGO_URL);
  return {
    ...fields,
    Logo: logo.url,
    LogoPropio: logo.own,
    Usuarios: await listPartyAccounts(db, row.IdEmpresa, { contractorRut: row.RutCompleto }, row.IdUsuario),
  };
}
