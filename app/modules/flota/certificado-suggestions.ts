import { isWireDate } from '#sync/domain/dates.ts';
import { CLASES_CERTIFICACION, type ClaseCertificacion, type RequisitoClase } from '#sync/domain/fleet-fitness.ts';
import { suggestedRevisionMonth } from '#sync/domain/revision-tecnica.ts';
import { expiryDate } from '#sync/domain/validity.ts';

/** A date the form proposes, and why: the person confirms it against the certificate. */
export interface ExpirySuggestion {
  date: string;
  note: string;
}

/** The last day of a YYYY-MM month. */
export function lastDayOf(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, number, 0)).getUTCDate()).padStart(2, '0')}`;
}

/**
 * The expiry the form proposes for a certificate issued on `issued`: a vehicle's revisión técnica by its plate's
 * month in the official calendar, any other class by the validity its type gives it (none for 0 months: it does not
 * expire by date, or the type does not ask it).
 */
export function suggestedExpiry(
  clase: ClaseCertificacion | null,
  issued: string,
  requirement: RequisitoClase | undefined,
  plate: string | null,
): ExpirySuggestion | null {
  if (clase === null || !isWireDate(issued)) return null;
  const month = clase === 'revision_tecnica' && plate ? suggestedRevisionMonth(plate, issued) : null;
  if (month)
    return {
      date: lastDayOf(month),
      note: `Sugerencia según el último dígito de la patente ${plate} (calendario de revisión técnica): confírmala con el certificado.`,
    };
  const date = requirement ? expiryDate(issued, requirement.VigenciaMeses) : null;
  if (!date) return null;
  const months = requirement!.VigenciaMeses === 1 ? '1 mes' : `${requirement!.VigenciaMeses} meses`;
  return { date, note: `Sugerencia: la emisión más ${months}, la vigencia de ${CLASES_CERTIFICACION[clase]} en el tipo.` };
}

/** The reading at which a certificate by meter falls due (a service every N km): the current one plus the interval. */
export function suggestedDueReading(requirement: RequisitoClase | undefined, current: number | null): number | null {
  const interval = requirement?.IntervaloLectura ?? null;
  return interval === null || current === null ? null : current + interval;
}
