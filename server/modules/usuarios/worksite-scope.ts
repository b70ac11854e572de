import type { OfficeWrite } from '#server/records/office-write.ts';
import { recordReadsChanged } from '#server/sync/change-log.repo.ts';
import { worksitesOf } from '#server/tenancy/worksites.ts';
import { checkWorksites } from './usuarios.rules.ts';
import { setWorksites } from './usuarios.repo.ts';

interface StoredScope {
  IdUsuario: number;
  Faenas: string;
  SeqPermisos: number;
  SeqFaenas: number;
  FaenasAntes: string;
}

/**
 * Gives a user these worksites (SPEC PL13, PL15). `ampliadas`: the new scope holds all of the old one, so the user's
 * devices download only what they lack (`SeqFaenas`, `FaenasAntes`); `cambiadas`: what they may read changed
 * otherwise, and the caller stamps it (PL11); `iguales`: nothing to do.
 */
export async function changeWorksites(write: OfficeWrite, user: StoredScope, next: readonly string[]): Promise<'ampliadas' | 'cambiadas' | 'iguales'> {
  const old = worksitesOf(user.Faenas);
  if (JSON.stringify(next) === JSON.stringify(old ?? [])) return 'iguales';
  await checkWorksites(write, next);
  await setWorksites(write.db, user.IdUsuario, next);
  const widened = old !== null && (next.length === 0 || old.every((id) => next.includes(id)));
  if (!widened) return 'cambiadas';
  // A device behind an earlier widening that no full download has overtaken holds only what both scopes share.
  const earlier = user.SeqFaenas > user.SeqPermisos ? (worksitesOf(user.FaenasAntes) ?? []) : null;
  const before = earlier ? old.filter((id) => earlier.includes(id)) : old;
  const seq = await recordReadsChanged(write.db, write.company, `faenas:${user.IdUsuario}`, write.now);
  await write.db
    .updateTable('usuarios')
    .set({ SeqFaenas: seq, FaenasAntes: JSON.stringify(before) })
    .where('IdUsuario', '=', user.IdUsuario)
    .execute();
  return 'ampliadas';
}
