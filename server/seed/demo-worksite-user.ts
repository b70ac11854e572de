import type { Db } from '../db/database.ts';
import { hashPassword } from '../tenancy/password.ts';
import { seedId } from './seed-id.ts';
import { type DemoUser, insertDemoUser } from './demo-user.ts';

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
  const supervisor = {
    correo: WORKSITE_SUPERVISOR.correo,
    run: '19012345-6',
    nombres: 'Rocío',
    paterno: 'Tapia',
    materno: 'Guzmán',
    rol: 'supervisor',
    tipo: 'empresa',
    sistemas: [1],
    faenas: [seedId(companyId, 'nv2', 1)],
    fechaNacimiento: '1990-09-03',
  } satisfies DemoUser;
  await insertDemoUser(db, companyId, supervisor, role.IdRol, await hashPassword(password), now);
}
