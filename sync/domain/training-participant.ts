import type { Participante, ParticipanteBody } from '../schemas/capacitaciones-partes.schema.ts';
import type { Trabajador } from '../schemas/trabajadores.schema.ts';
import { personName } from './person-name.ts';

/** What a participant copies of its worker: what reports and certificates read stays as it was on the day. */
export type ParticipantWorker = Pick<
  Trabajador,
  'IdPersona' | 'cargos' | 'RunPersona' | 'Nombres' | 'ApellidoPaterno' | 'ApellidoMaterno' | 'RutContratista' | 'IdNivel2' | 'IdNivel3'
>;

/**
 * A participant as the server stores it, from its worker and what the device sent of it (its Id at least). The
 * device builds the same row to show until the server answers, so the two never differ.
 */
export function participantOf(
  worker: ParticipantWorker,
  sent: Partial<ParticipanteBody> & { Id: string },
  cargo: string | null,
): Participante {
  return {
    Id: sent.Id,
    IdPersona: worker.IdPersona,
    IdCargo: cargo ?? worker.cargos[0] ?? null,
    RunPersona: worker.RunPersona,
    Nombre: personName(worker),
    RutContratista: worker.RutContratista,
    IdNivel2: worker.IdNivel2,
    IdNivel3: worker.IdNivel3,
    Asistio: sent.Asistio ?? 0,
    Nota: sent.Nota ?? null,
    Firma: sent.Firma ?? null,
    FirmadoEn: sent.FirmadoEn ?? null,
    FechaVencimiento: null,
    Estado: sent.Estado ?? 1,
  };
}
