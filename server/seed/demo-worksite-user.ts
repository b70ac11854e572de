import type { Db } from '../db/database.ts';
import { hashPassword } from '../tenancy/password.ts';
import { seedId } from './seed-id.ts';

export const WORKSITE_SUPERVISOR = { correo: 'faena@andesdemo.cl', faena: 'Faena Los Andes' };

/**
 * A field supervisor scoped to one worksite (SPEC PL13): their tablet holds the workers and records of «Faena Los
 * Andes» only. Once, also on a data folder seeded before users had worksites; with the supervisor's role.
 */
export async function seedWorksiteSupervisor(db: Db, companyId: string, password: string, now: Date): Promise<void> {
  const taken = await db
    .selectFrom('usuarios')
    .select('IdUsuario')
    .where('IdEmpresa', '=', companyId)
    .where('CorreoElectronicoPersona', '=', WORKSITE_SUPERVISOR.correo)
    .executeTakeFirst();
  const role = await db
    .selectFrom('roles')
    .select('IdRol')
    .where('IdEmpresa', '=', companyId)
    .where('NombreRol', '=', 'Supervisor de terreno')
    .executeTakeFirst();
  if (taken || !role) return;
  const user = await db
    .insertInto('usuarios')
    .values({
      IdEmpresa: companyId,
      CorreoElectronicoPersona: WORKSITE_SUPERVISOR.correo,
      NombreUsuario: 'faena',
      RunPersona: '19012345-6',
      Nombres: 'Rocío',
      ApellidoPaterno: 'Tapia',
      ApellidoMaterno: 'Guzmán',
      TelefonoPersona: '+56 9 8765 4321',
      FechaNacimiento: '1990-09-03',
      AvatarArchivo: null,
      HashContrasena: await hashPassword(password),
      DebeCambiarContrasena: 0,
      Habilitado: 1,
      IdRol: role.IdRol,
      Tipo: 'empresa',
      IdContratista: null,
      IdCliente: null,
      IdSistemaPreferido: 1,
      CreadoEn: now.toISOString(),
      Faenas: JSON.stringify([seedId(companyId, 'nv2', 1)]),
    })
    .returning('IdUsuario')
    .executeTakeFirstOrThrow();
  await db.insertInto('usuario_sistemas').values({ IdUsuario: user.IdUsuario, IdSistema: 1 }).execute();
}
