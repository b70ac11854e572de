import { formatDisplayDate } from '#sync/domain/dates.ts';
import type { PaseDia } from '#sync/schemas/acceso.schema.ts';

/** Where a day pass stands on this device: waiting for the server's signature, valid until its day, lapsed, or revoked. */
export type DayPassState = 'por-firmar' | 'vigente' | 'vencido' | 'revocado';

export function dayPassState(pass: Pick<PaseDia, 'Token' | 'Revocado' | 'Hasta'>, today: string): DayPassState {
  if (pass.Revocado === 1) return 'revocado';
  if (pass.Token === '') return 'por-firmar';
  return today > pass.Hasta ? 'vencido' : 'vigente';
}

/** The state in the office's words. */
export function dayPassStateText(pass: Pick<PaseDia, 'Token' | 'Revocado' | 'Hasta' | 'MotivoRevocacion'>, today: string): string {
  switch (dayPassState(pass, today)) {
    case 'revocado':
      return `Revocado: ${pass.MotivoRevocacion}`;
    case 'por-firmar':
      return 'Por firmar: el servidor lo firma al sincronizar';
    case 'vencido':
      return `Venció el ${formatDisplayDate(pass.Hasta)}`;
    case 'vigente':
      return `Válido hasta el ${formatDisplayDate(pass.Hasta)}`;
  }
}

/** The worksite's passes, newest first: what the office issued, signed or not yet. */
export function worksitePasses<P extends Pick<PaseDia, 'IdNivel2' | 'Estado' | 'Emitido' | 'IdPase'>>(passes: readonly P[], IdNivel2: string): P[] {
  return passes
    .filter((pass) => pass.IdNivel2 === IdNivel2 && pass.Estado !== 0)
    .sort((a, b) => (b.Emitido || '9').localeCompare(a.Emitido || '9') || b.IdPase.localeCompare(a.IdPase));
}
