import type { Viewer } from '../tenancy/viewer.ts';

/**
 * Whether the viewer may reach a record that belongs to one contractor's workers, or to the company's own staff
 * (SPEC PL7): a contractor user only its own RUT's (none while its RUT is empty), a client user none, the company all.
 */
export function contractorRowVisible(viewer: Viewer, row: { RutContratista: string | null }): boolean {
  if (viewer.kind === 'contratista') return viewer.rut !== '' && row.RutContratista === viewer.rut;
  return viewer.kind === 'empresa';
}
