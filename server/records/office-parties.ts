import type { Db } from '../db/database.ts';

/**
 * Contractor companies and clients as identity needs them: a user names its contractor by the RUT its records carry
 * and its client by id, and their state decides whether the user signs in. Their own screens and rules live in
 * their modules (server/modules/empresa-contratistas, clientes).
 */
export function findContractorByRut(db: Db, company: string, rut: string) {
  return db
    .selectFrom('empresas_contratistas')
    .select(['IdEmpresaContratista', 'RutCompleto', 'Nombre', 'Estado'])
    .where('IdEmpresa', '=', company)
    .where('RutCompleto', '=', rut)
    .executeTakeFirst();
}

/** Of `ruts`, those of the company's active contractor companies: what a contract or an asset may name. */
export async function activeContractorRuts(db: Db, company: string, ruts: readonly string[]): Promise<Set<string>> {
  if (ruts.length === 0) return new Set();
  const rows = await db
    .selectFrom('empresas_contratistas')
    .select('RutCompleto')
    .where('IdEmpresa', '=', company)
    .where('RutCompleto', 'in', [...ruts])
    .where('Estado', '=', 1)
    .execute();
  return new Set(rows.map((row) => row.RutCompleto));
}

export function findClient(db: Db, company: string, id: string) {
  return db
    .selectFrom('clientes')
    .select(['IdCliente', 'Nombre', 'Estado'])
    .where('IdEmpresa', '=', company)
    .where('IdCliente', '=', id)
    .executeTakeFirst();
}

/** Active contractor companies and clients, by name: what a user may be made for. */
export async function activeParties(db: Db, company: string) {
  const [contratistas, clientes] = await Promise.all([
    db
      .selectFrom('empresas_contratistas')
      .select(['RutCompleto', 'Nombre'])
      .where('IdEmpresa', '=', company)
      .where('Estado', '=', 1)
      .orderBy('Nombre')
      .execute(),
    db
      .selectFrom('clientes')
      .select(['IdCliente', 'Nombre'])
      .where('IdEmpresa', '=', company)
      .where('Estado', '=', 1)
      .orderBy('Nombre')
      .execute(),
  ]);
  return { contratistas, clientes };
}

/** A deleted account is no longer a contractor's or client's main account. */
export async function forgetMainAccount(db: Db, company: string, userId: number): Promise<void> {
  await db
    .updateTable('empresas_contratistas')
    .set({ IdUsuario: null })
    .where('IdEmpresa', '=', company)
    .where('IdUsuario', '=', userId)
    .execute();
  await db.updateTable('clientes').set({ IdUsuario: null }).where('IdEmpresa', '=', company).where('IdUsuario', '=', userId).execute();
}

/** The accounts of a contractor company (by RUT) or a client (by id), the main one first. */
export function partyAccounts(
  db: Db,
  company: string,
  party: { contractorRut: string } | { clientId: string },
  mainAccount: number | null,
) {
  let query = db
    .selectFrom('usuarios')
    .select(['IdUsuario', 'Nombres', 'ApellidoPaterno', 'ApellidoMaterno', 'CorreoElectronicoPersona', 'Habilitado'])
    .where('IdEmpresa', '=', company);
  query =
    'contractorRut' in party
      ? query.where('Tipo', '=', 'contratista').where('IdContratista', '=', party.contractorRut)
      : query.where('Tipo', '=', 'cliente').where('IdCliente', '=', party.clientId);
  return query
    .orderBy((eb) =>
      eb
        .case()
        .when('IdUsuario', '=', mainAccount ?? -1)
        .then(0)
        .else(1)
        .end(),
    )
    .orderBy('Nombres')
    .execute();
}
