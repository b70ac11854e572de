import { toWireDate } from '#sync/domain/dates.ts';
import { type GateAnswer, personAtGate } from '#sync/domain/gate-decision.ts';
import type { Db } from '#server/db/database.ts';
import { accreditationsOf, personByRut, provisionalPassesOf } from './gate-records.ts';

/** SPEC GA-ENT1 on the server: the gate's answer for a person at a worksite at an instant, from the server's rows. */
export async function personAtGateNow(
  db: Db,
  company: string,
  IdNivel2: string,
  Rut: string,
  instant: Date,
): Promise<GateAnswer & { Nombre: string }> {
  const [person, accreditations, provisional] = await Promise.all([
    personByRut(db, company, Rut),
    accreditationsOf(db, company, Rut),
    provisionalPassesOf(db, company, Rut),
  ]);
  const at = { IdNivel2, Rut, today: toWireDate(instant), now: instant.toISOString() };
  return { ...personAtGate(at, person, { accreditations, provisional }), Nombre: person?.Nombre ?? '' };
}
