import { formatDisplayDate, formatDisplayInstant } from '#sync/domain/dates.ts';
import { CRITERIOS_GRAVEDAD, type CriterioGravedad, gravityOf } from '#sync/domain/legal-clock.ts';
import { isClasificacion } from '#sync/domain/incident-rules.ts';
import { formatRut } from '#sync/domain/rut.ts';
import type { LocalIncidente } from '#app/db/incident-rows.ts';

export interface NoticeContext {
  company: { Nombre: string; Rut: string };
  /** Who gives the notice, and when it is written (epoch ms). */
  author: string;
  now: number;
  /** Names of the levels and catalogue entries the case points at. */
  names: ReadonlyMap<string, string>;
}

/**
 * The notice a grave or fatal accident obliges at once (Ley 16.744 art. 76, SUSESO's compendium): to the Inspección
 * del Trabajo and to the SEREMI de Salud of the region, with what is known when it is written. Plain text, so it can
 * be printed, copied into the authority's form or message, or shared from the device.
 */
export function noticeText(incident: LocalIncidente, to: 'inspeccion' | 'seremi', context: NoticeContext): string {
  const fatal = gravityOf({ Clasificacion: isClasificacion(incident.Clasificacion) ? incident.Clasificacion : null, CriteriosGravedad: incident.CriteriosGravedad }) === 'fatal';
  const criteria = incident.CriteriosGravedad.map((key) => CRITERIOS_GRAVEDAD[key as CriterioGravedad] ?? key);
  const place = [incident.Lugar, incident.IdNivel2 && context.names.get(incident.IdNivel2), incident.IdNivel3 && context.names.get(incident.IdNivel3)].filter(Boolean).join(', ');
  const lines = [
    `Aviso de accidente del trabajo ${fatal ? 'fatal' : 'grave'} (Ley 16.744, art. 76)`,
    `A: ${to === 'inspeccion' ? 'Inspección del Trabajo' : 'Secretaría Regional Ministerial de Salud'}`,
    '',
    `Empresa: ${context.company.Nombre}, RUT ${formatRut(context.company.Rut)}`,
    `Fecha y hora del accidente: ${formatDisplayDate(incident.FechaOcurrencia)} ${incident.HoraOcurrencia.slice(0, 5)}`,
    `Lugar: ${place}`,
    `Trabajador afectado: ${incident.NombreAccidentado || 'sin identificar'}${incident.Rut ? `, RUT ${formatRut(incident.Rut)}` : ''}${incident.Cargo ? `, ${incident.Cargo}` : ''}`,
    `Clasificación: ${incident.Clasificacion}`,
    ...(criteria.length > 0 ? [`Criterios de gravedad: ${criteria.join('; ')}`] : []),
    ...(incident.TipoEvento ? [`Tipo de evento: ${context.names.get(incident.TipoEvento) ?? ''}`] : []),
    ...(incident.Descripcion ? [`Descripción: ${incident.Descripcion}`] : []),
    `Suspensión de la faena: ${incident.SuspensionFaenaEn ? formatDisplayInstant(incident.SuspensionFaenaEn) : 'pendiente'}`,
    '',
    `Informa: ${context.author}, ${formatDisplayInstant(new Date(context.now).toISOString())}`,
    `Folio interno del accidente: ${incident.IdAccidente}`,
  ];
  return lines.join('\n');
}
