import type { Db } from '../db/database.ts';
import type { UserKind } from '../db/schema.ts';
import type { ROLE_GRANTS } from './module-catalogue.ts';

/** A demo account as the README's table lists it. */
export interface DemoUser {
  correo: string;
  nombres: string;
  paterno: string;
  materno: string;
  run: string;
  rol: 'admin' | keyof typeof ROLE_GRANTS;
  tipo: UserKind;
  sistemas: number[];
  debeCambiar?: boolean;
  idContratista?: string;
  idCliente?: string;
  /** The worksites (level ids) the user's devices hold (SPEC PL13); none for the whole company. */
  faenas?: string[];
  fechaNacimiento?: string;
}

/** Writes a demo account with its role and systems, signed in with `passwordHash`. */
export async function insertDemoUser(
  db: Db,
  companyId: string,
  user: DemoUser,
  roleId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  const inserted = await db
    .insertInto('usuarios')
    .values({
      IdEmpresa: companyId,
      CorreoElectronicoPersona: user.correo,
      NombreUsuario: user.correo.split('@')[0]!,
      RunPersona: user.run,
      Nombres: user.nombres,
      ApellidoPaterno: user.paterno,
      ApellidoMaterno: user.materno,
      TelefonoPersona: '+56 9 8765 4321',
      FechaNacimiento: user.fechaNacimiento ?? '1985-04-12',
      AvatarArchivo: null,
      HashContrasena: passwordHash,
      DebeCambiarContrasena: user.debeCambiar ? 1 : 0,
      Habilitado: 1,
      IdRol: roleId,
      Tipo: user.tipo,
      IdContratista: user.idContratista ?? null,
      IdCliente: user.idCliente ?? null,
      IdSistemaPreferido: 1,
      CreadoEn: now.toISOString(),
      ...(user.faenas ? { Faenas: JSON.stringify(user.faenas) } : {}),
    })
    .returning('IdUsuario')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('usuario_sistemas')
    .values(user.sistemas.map((IdSistema) => ({ IdUsuario: inserted.IdUsuario, IdSistema })))
    .execute();
}
