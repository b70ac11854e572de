import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { UsuariosTable } from '../db/schema.ts';

/**
 * What a signed-in user may see of the company: everything, only their contractor's records, or (client users)
 * only the records made for their client. Workers belong to the company or to a contractor, never to a client:
 * a client user sees none (SPEC PL7).
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
 * Records held for parties (audience `partes`, SPEC PL7): company users see them all; a contractor user only those
 * naming its RUT, a client user only those naming its client id (an empty one matches nothing).
 */
export function canSeeParties(viewer: Viewer, record: { RutContratista: string | null; IdCliente: string | null }): boolean {
  if (viewer.kind === 'contratista') return viewer.rut !== '' && record.RutContratista === viewer.rut;
  if (viewer.kind === 'cliente') return viewer.id !== '' && record.IdCliente === viewer.id;
  return true;
}

/**
 * Records of one contractor's workers or of the company's own staff (workers, EPP requests, contractor headcounts,
 * SPEC PL7): a contractor user only its own RUT's (none while its RUT is empty), a client user none, the company all.
 */
export function canSeeContractorRows(viewer: Viewer, row: { RutContratista: string | null }): boolean {
  if (viewer.kind === 'contratista') return viewer.rut !== '' && row.RutContratista === viewer.rut;
  return viewer.kind === 'empresa';
}
