import { sql } from 'kysely';
import { userNameFromEmail } from '#sync/schemas/accounts.schema.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import { createAccount, findActiveRole } from './office-accounts.ts';
import type { OfficeWrite } from './office-write.ts';
import { partyAccounts } from './office-parties.ts';
import { personName } from '#sync/domain/person-name.ts';

/** The first of `base`, `base2`, `base3`... that no account of the company has. */
async function freeUserName(db: Db, company: string, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .selectFrom('usuarios')
        .select('NombreUsuario')
        .where('IdEmpresa', '=', company)
        .where(sql<string>`lower("NombreUsuario")`, 'like', `${base}%`)
        .execute()
    ).map((row) => row.NombreUsuario.toLowerCase()),
  );
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = `${base.slice(0, 40 - String(n).length)}${n}`;
  return name;
}

export interface PartyAccountRequest {
  IdRol: number | null;
  NombreUsuario: string | null;
  ContrasenaTemporal: string | null;
}

/** A contractor company or client as its account needs it: `key` is what its users name it by (RUT, client id). */
export interface AccountParty {
  kind: 'contratista' | 'cliente';
  key: string;
  Nombre: string;
  Correo: string;
  Rut: string;
}

/**
 * The main account of a contractor company or client (spec: made from its e-mail): it signs in with the company's
 * RUT and that e-mail, with the role and temporary password given. Its user name is the one given, or the e-mail's
 * local part made free.
 */
export async function createPartyAccount(write: OfficeWrite, party: AccountParty, request: PartyAccountRequest, roleNotFound: string) {
  if (!request.IdRol || !(await findActiveRole(write.db, write.company, request.IdRol)))
    throw new HttpError(400, roleNotFound, 'VALIDACION');
  const NombreUsuario = request.NombreUsuario ?? (await freeUserName(write.db, write.company, userNameFromEmail(party.Correo)));
  return createAccount(write, {
    RunPersona: party.Rut,
    NombreUsuario,
    Nombres: party.Nombre,
    ApellidoPaterno: '',
    ApellidoMaterno: '',
    CorreoElectronicoPersona: party.Correo,
    TelefonoPersona: '',
    FechaNacimiento: '',
    IdRol: request.IdRol,
    Tipo: party.kind,
    IdContratista: party.kind === 'contratista' ? party.key : null,
    IdCliente: party.kind === 'cliente' ? party.key : null,
    Sistemas: [1],
    AvatarArchivo: null,
    ContrasenaTemporal: request.ContrasenaTemporal ?? '',
  });
}

/** A contractor's or client's accounts as their screens list them, the main one first. */
export async function listPartyAccounts(
  db: Db,
  company: string,
  party: { contractorRut: string } | { clientId: string },
  mainAccount: number | null,
) {
  const rows = await partyAccounts(db, company, party, mainAccount);
  return rows.map((row) => ({
    IdUsuario: row.IdUsuario,
    Nombre: personName(row),
    CorreoElectronicoPersona: row.CorreoElectronicoPersona,
    Habilitado: (row.Habilitado === 1 ? 1 : 0) as 0 | 1,
  }));
}

/** The ids of a contractor's or client's accounts (deleted with it: spec, the auth user goes too). */
export async function partyAccountIds(db: Db, company: string, party: { contractorRut: string } | { clientId: string }): Promise<number[]> {
  return (await partyAccounts(db, company, party, null)).map((row) => row.IdUsuario);
}
