import type { Db } from '../db/database.ts';
import { hashPassword } from '../tenancy/password.ts';
import { seedId } from './seed-id.ts';
import { type DemoUser, demoUserId, grantRole, insertDemoUser } from './demo-user.ts';
import { ROLE_GRANTS } from './module-catalogue.ts';

export const WORKSITE_SUPERVISOR = { correo: 'faena@andesdemo.cl', faena: 'Faena Los Andes' };
export const GUARD = { correo: 'guardia@andesdemo.cl', rol: 'Guardia' };

/**
 * A field supervisor scoped to one worksite (SPEC PL13): their tablet holds the workers and records of «Faena Los
 * Andes» only. Once, also on a data folder seeded before users had worksites; with the supervisor's role.
 */
export async function seedWorksiteSupervisor(db: Db, companyId: string, password: string, now: Date): Promise<void> {
  const taken = await demoUserId(db, companyId, WORKSITE_SUPERVISOR.correo);
  const role = await db
    .selectFrom('roles')
    .select('IdRol')
    .where('IdEmpresa', '=', companyId)
    .where('NombreRol', '=', 'Supervisor de terreno')
    .executeTakeFirst();
  if (taken !== undefined || !role) return;
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

/**
 * The guard of Faena Los Andes's gate (issue 39), with a role of their own that checks people and vehicles, logs
 * entries and exits and gives provisional passes: their tablet holds that worksite only. Once, also on an older folder.
 */
export async function seedGuard(db: Db, companyId: string, password: string, now: Date): Promise<void> {
  if ((await demoUserId(db, companyId, GUARD.correo)) !== undefined) return;
  await db.transaction().execute(async (trx) => {
    const role = await trx.insertInto('roles').values({ IdEmpresa: companyId, NombreRol: GUARD.rol }).returning('IdRol').executeTakeFirstOrThrow();
    await grantRole(trx, role.IdRol, ROLE_GRANTS.guardia);
    const guard = {
      correo: GUARD.correo,
      run: '16543210-K',
      nombres: 'Luis',
      paterno: 'Carrasco',
      materno: 'Olivares',
      rol: 'guardia',
      tipo: 'empresa',
      sistemas: [1],
      faenas: [seedId(companyId, 'nv2', 1)],
      fechaNacimiento: '1982-02-14',
    } satisfies DemoUser;
    await insertDemoUser(trx, companyId, guard, role.IdRol, await hashPassword(password), now);
  });
}
