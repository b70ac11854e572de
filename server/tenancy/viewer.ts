import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { findUser } from '../modules/auth/auth.repo.ts';

/** What a signed-in user may see of the company: everything, or only their contractor's records. */
export type Viewer = { kind: 'empresa' } | { kind: 'contratista'; rut: string };

/** Contractor users (usuarios.Tipo 'contratista') reach only the records carrying their contractor RUT. */
export async function viewerOf(c: Context<AppEnv>): Promise<Viewer> {
  const claims = c.get('claims');
  const user = await findUser(c.get('deps').db, claims.emp, claims.sub);
  return user?.Tipo === 'contratista' ? { kind: 'contratista', rut: user.IdContratista ?? '' } : { kind: 'empresa' };
}
