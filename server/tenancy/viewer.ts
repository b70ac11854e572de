import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { UsuariosTable } from '../db/schema.ts';

/**
 * What a signed-in user may see of the company: everything, only their contractor's records, or (client users)
 * only the inspections and observations made for their client. Workers treat a client like a company user, as
 * before clients had a kind of their own (the client role has no worker permission anyway).
 */
export type Viewer = { kind: 'empresa' } | { kind: 'contratista'; rut: string } | { kind: 'cliente'; id: string };

/** Contractor users (usuarios.Tipo 'contratista') reach only the records carrying their contractor RUT. */
export function viewerOfUser(user: Pick<UsuariosTable, 'Tipo' | 'IdContratista' | 'IdCliente'>): Viewer {
  if (user.Tipo === 'contratista') return { kind: 'contratista', rut: user.IdContratista ?? '' };
  if (user.Tipo === 'cliente') return { kind: 'cliente', id: user.IdCliente ?? '' };
  return { kind: 'empresa' };
}

/** The viewer of the request's session (loaded once by `requireSession`). */
export function viewerOf(c: Context<AppEnv>): Viewer {
  return c.get('session').viewer;
}

/**
 * Whether the viewer may see a record that names its parties (audience 'partes', SPEC OV4): company users all,
 * a contractor user those of its RUT, a client user those of its client; an empty RUT or id sees none.
 */
export function canSeeParties(viewer: Viewer, record: { RutContratista: string | null; IdCliente: string | null }): boolean {
  if (viewer.kind === 'contratista') return viewer.rut !== '' && record.RutContratista === viewer.rut;
  if (viewer.kind === 'cliente') return viewer.id !== '' && record.IdCliente === viewer.id;
  return true;
}
