import { attendanceExpiry } from '../domain/training-rules.ts';
import type { Participante } from './capacitaciones-partes.schema.ts';
import type { Capacitacion } from './capacitaciones.schema.ts';
import type { TipoCapacitacion } from './capacitaciones-tipos.schema.ts';

/**
 * SPEC TR4: a realised session fixes its type's vigencia and evaluation (`type`, read when it is realised or its
 * realisation date changes; null keeps the session's), and each attendance's expiry follows from them and the
 * person's attendance and grade. Built once: the device shows the realised session with it before the server
 * answers, and the server stores it.
 */
export function sessionWithValidity(session: Capacitacion, type: Pick<TipoCapacitacion, 'VigenciaMeses' | 'Evaluada'> | null): Capacitacion {
  if (session.Realizada !== 1 || !session.FechaRealizacion) {
    return { ...session, Participantes: session.Participantes.map((participant) => ({ ...participant, FechaVencimiento: null })) };
  }
  const months = type ? type.VigenciaMeses : (session.VigenciaMeses ?? 0);
  const evaluated = type ? type.Evaluada : session.Evaluada;
  const expiry = (participant: Participante) => attendanceExpiry(session.FechaRealizacion!, months, participant, evaluated);
  return {
    ...session,
    VigenciaMeses: months,
    Evaluada: evaluated,
    Participantes: session.Participantes.map((participant) => ({ ...participant, FechaVencimiento: expiry(participant) })),
  };
}
