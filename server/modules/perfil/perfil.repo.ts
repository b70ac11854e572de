import type { Db } from '../../db/database.ts';

export function findUserProfile(db: Db, companyId: string, userId: number) {
  return db
    .selectFrom('usuarios')
    .select([
      'IdUsuario',
      'RunPersona',
      'Nombres',
      'ApellidoPaterno',
      'ApellidoMaterno',
      'CorreoElectronicoPersona',
      'TelefonoPersona',
      'FechaNacimiento',
      'AvatarArchivo',
      'Version',
    ])
    .where('IdEmpresa', '=', companyId)
    .where('IdUsuario', '=', userId)
    .executeTakeFirst();
}

export interface UserProfileChanges {
  Nombres: string;
  ApellidoPaterno: string;
  ApellidoMaterno: string;
  TelefonoPersona: string;
  FechaNacimiento: string;
  AvatarArchivo?: string;
}

export async function updateUserProfile(db: Db, companyId: string, userId: number, changes: UserProfileChanges) {
  await db
    .updateTable('usuarios')
    .set((eb) => ({ ...changes, Version: eb('Version', '+', 1) }))
    .where('IdEmpresa', '=', companyId)
    .where('IdUsuario', '=', userId)
    .execute();
}

export function findCompanyProfile(db: Db, companyId: string) {
  return db
    .selectFrom('empresas')
    .select(['IdEmpresa', 'RutEmpresa', 'NombreEmpresa', 'Direccion', 'TelefonoEmpresa', 'LogoArchivo'])
    .where('IdEmpresa', '=', companyId)
    .executeTakeFirst();
}

export interface CompanyProfileChanges {
  NombreEmpresa: string;
  Direccion: string;
  TelefonoEmpresa: string;
  LogoArchivo?: string;
}

export async function updateCompanyProfile(db: Db, companyId: string, changes: CompanyProfileChanges) {
  await db.updateTable('empresas').set(changes).where('IdEmpresa', '=', companyId).execute();
}
