import type { Relator, RelatorBody } from '#sync/schemas/capacitaciones-partes.schema.ts';
import { type EvidenciaBody, toEvidencia } from '#sync/schemas/capacitaciones-programa.schema.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { LocalTrabajador } from '#app/db/reference-rows.ts';

/**
 * A session's row as the device shows it until the server answers, completed the way the server completes it
 * (server/modules/capacitaciones/capacitacion-partes.ts): participants from the device's workers (by the same
 * `participantOf`), presenters as sent, evidence with its stored path, and each attendance's expiry once realised
 * (SPEC TR4).
 */

/** Active workers on the device holding one of `cargos` who are not yet among `present` (participants by cargo). */
export async function workersOfCargos(
  db: AppDb,
  cargos: readonly string[],
  present: ReadonlySet<string>,
): Promise<{ worker: LocalTrabajador; cargo: string }[]> {
  const found: { worker: LocalTrabajador; cargo: string }[] = [];
  const seen = new Set(present);
  for (const cargo of cargos) {
    for (const worker of await db.trabajadores.where('cargos').equals(cargo).sortBy('orden')) {
      if (seen.has(worker.IdPersona)) continue;
      seen.add(worker.IdPersona);
      found.push({ worker, cargo });
    }
  }
  return found;
}

export function presenterRow(sent: RelatorBody, stored?: Relator): Relator {
  return {
    Id: sent.Id,
    IdUsuario: sent.IdUsuario ?? stored?.IdUsuario ?? null,
    IdCargo: sent.IdCargo ?? stored?.IdCargo ?? null,
    IdPersona: sent.IdPersona ?? stored?.IdPersona ?? null,
    Nombre: sent.Nombre ?? stored?.Nombre ?? '',
    Rut: sent.Rut ?? stored?.Rut ?? '',
    Firma: sent.Firma !== undefined ? sent.Firma : (stored?.Firma ?? null),
    FirmadoEn: sent.FirmadoEn !== undefined ? sent.FirmadoEn : (stored?.FirmadoEn ?? null),
    Estado: sent.Estado ?? stored?.Estado ?? 1,
  };
}

export function evidenceRows(company: string, session: string, sent: readonly EvidenciaBody[]) {
  return sent.flatMap((child) =>
    child.Nombre && child.TipoEvidencia && child.Archivo && child.Fecha
      ? [
          toEvidencia(company, session, {
            ...child,
            Nombre: child.Nombre,
            TipoEvidencia: child.TipoEvidencia,
            Archivo: child.Archivo,
            Fecha: child.Fecha,
          }),
        ]
      : [],
  );
}
