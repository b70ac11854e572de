import { type ExpressionBuilder, sql, type SelectQueryBuilder } from 'kysely';
import { EXPIRING_SOON_DAYS } from '#sync/domain/validity.ts';
import { PASSING_GRADE } from '#sync/domain/grades.ts';
import type { Db } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { monthEnd } from '#server/records/dashboard-scope.ts';

/**
 * Attendance of realised sessions, as reports and dashboards read it: one table (`capacitacion_participantes`)
 * whose rows carry their session's type, hours, dates and parties, so every figure is one indexed query.
 */

type Query<O> = SelectQueryBuilder<Database, 'capacitacion_participantes', O>;
type Eb = ExpressionBuilder<Database, 'capacitacion_participantes'>;

export interface AttendanceScope {
  company: string;
  /** YYYY-MM-DD, both included; null: no limit. */
  from: string | null;
  to: string | null;
  nv2: string | null;
  nv3: string | null;
  contractor: string | null;
  client: string | null;
}

/**
 * Attendance (signed, Asistio 1) of active realised sessions of the company in the scope. A contractor sees its
 * own workers' attendance and every attendance of sessions held for it; a client, that of sessions held for it.
 */
export function realisedAttendance(db: Db, scope: AttendanceScope): Query<object> {
  let query = db
    .selectFrom('capacitacion_participantes')
    .where('capacitacion_participantes.IdEmpresa', '=', scope.company)
    // Literals, not parameters: only then may SQLite use the partial index of realised attendance.
    .where('capacitacion_participantes.Activa', '=', sql.lit(1))
    .where('capacitacion_participantes.Realizada', '=', sql.lit(1))
    .where('capacitacion_participantes.Asistio', '=', sql.lit(1));
  // The month narrows the index's range; the day keeps the range exact.
  if (scope.from) query = query.where('capacitacion_participantes.Mes', '>=', scope.from.slice(0, 7)).where('capacitacion_participantes.FechaRealizacion', '>=', scope.from);
  if (scope.to) query = query.where('capacitacion_participantes.Mes', '<=', scope.to.slice(0, 7)).where('capacitacion_participantes.FechaRealizacion', '<=', scope.to);
  if (scope.nv2) query = query.where('capacitacion_participantes.IdNivel2', '=', scope.nv2);
  if (scope.nv3) query = query.where('capacitacion_participantes.IdNivel3', '=', scope.nv3);
  const contractor = scope.contractor;
  if (contractor) query = query.where((eb) => eb.or([eb('capacitacion_participantes.RutContratista', '=', contractor), eb('capacitacion_participantes.RutContratistaSesion', '=', contractor)]));
  if (scope.client) query = query.where('capacitacion_participantes.IdCliente', '=', scope.client);
  return query;
}

/** Attended and passed (or not evaluated): the attendance holds a validity (SPEC TR4). */
export function gainsValidity(eb: Eb) {
  return eb.and([eb('capacitacion_participantes.Asistio', '=', 1), eb.or([eb('capacitacion_participantes.Evaluada', '=', 0), eb('capacitacion_participantes.Nota', '>=', PASSING_GRADE)])]);
}

/** The day `days` after a YYYY-MM-DD date. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Rows in one validity state on `today` (por vencer: within 30 days of the expiry, the expiry day included). */
export function inState(query: Query<object>, state: 'vigente' | 'por-vencer' | 'vencida' | 'reprobada', today: string): Query<object> {
  const soon = addDays(today, EXPIRING_SOON_DAYS);
  if (state === 'reprobada') return query.where((eb) => eb.not(gainsValidity(eb)));
  const valid = query.where(gainsValidity);
  if (state === 'vencida') return valid.where('capacitacion_participantes.FechaVencimiento', '<', today);
  if (state === 'por-vencer') return valid.where('capacitacion_participantes.FechaVencimiento', '>=', today).where('capacitacion_participantes.FechaVencimiento', '<=', soon);
  return valid.where((eb) => eb.or([eb('capacitacion_participantes.FechaVencimiento', 'is', null), eb('capacitacion_participantes.FechaVencimiento', '>', soon)]));
}

/** Only each worker's latest valid attendance of each type: a training renewed since no longer counts as expired. */
export function latestOfEachType(query: Query<object>): Query<object> {
  return query.where(({ exists, not, selectFrom }) =>
    not(
      exists(
        selectFrom('capacitacion_participantes as newer')
          .select('newer.Id')
          .whereRef('newer.IdEmpresa', '=', 'capacitacion_participantes.IdEmpresa')
          .whereRef('newer.IdPersona', '=', 'capacitacion_participantes.IdPersona')
          .whereRef('newer.IdTipoCapacitacion', '=', 'capacitacion_participantes.IdTipoCapacitacion')
          .where('newer.Activa', '=', 1)
          .where('newer.Realizada', '=', 1)
          .where('newer.Asistio', '=', 1)
          .where((eb) => eb.or([eb('newer.Evaluada', '=', 0), eb('newer.Nota', '>=', PASSING_GRADE)]))
          .whereRef('newer.FechaRealizacion', '>', 'capacitacion_participantes.FechaRealizacion'),
      ),
    ),
  );
}

/** The YYYY-MM-DD range of a month range (YYYY-MM, both included). */
export function monthRange(start: string, end: string): { from: string | null; to: string | null } {
  return { from: start ? `${start}-01` : null, to: end ? addDays(monthEnd(end), -1) : null };
}

export const monthOf = sql.ref<string>('capacitacion_participantes.Mes');
