import { sql } from 'kysely';
import { reusableQuery, type Db } from '#server/db/database.ts';

// Compiled once: Mi Perfil is the one profile write a device queues, hundreds of times in a batch (SPEC RP5).
const selectUserProfile = reusableQuery((db, companyId: string, userId: number) =>
  db
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
    .where('IdUsuario', '=', userId),
);

export async function findUserProfile(db: Db, companyId: string, userId: number) {
  const [row] = await selectUserProfile(db, companyId, userId);
  return row;
}

export interface UserProfileChanges {
  Nombres: string;
  ApellidoPaterno: string;
  ApellidoMaterno: string;
  TelefonoPersona: string;
  FechaNacimiento: string;
  AvatarArchivo?: string;
}

const updateProfileFields = reusableQuery(
  (db, nombres: string, paterno: string, materno: string, telefono: string, nacimiento: string, companyId: string, userId: number) =>
    db
      .updateTable('usuarios')
      .set({
        Nombres: nombres,
        ApellidoPaterno: paterno,
        ApellidoMaterno: materno,
        TelefonoPersona: telefono,
        FechaNacimiento: nacimiento,
        Version: sql`"Version" + 1`,
      })
      .where('IdEmpresa', '=', companyId)
      .where('IdUsuario', '=', userId),
);

const updateAvatar = reusableQuery((db, avatar: string, companyId: string, userId: number) =>
  db.updateTable('usuarios').set({ AvatarArchivo: avatar }).where('IdEmpresa', '=', companyId).where('IdUsuario', '=', userId),
);

/** One change of the profile (one Version), the avatar with it when a new one was sent. */
export async function updateUserProfile(db: Db, companyId: string, userId: number, changes: UserProfileChanges) {
  const { Nombres, ApellidoPaterno, ApellidoMaterno, TelefonoPersona, FechaNacimiento, AvatarArchivo } = changes;
  await updateProfileFields(db, Nombres, ApellidoPaterno, ApellidoMaterno, TelefonoPersona, FechaNacimiento, companyId, userId);
  if (AvatarArchivo !== undefined) await updateAvatar(db, AvatarArchivo, companyId, userId);
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
