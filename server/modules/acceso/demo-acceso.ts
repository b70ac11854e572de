import { ajustesAccesoEntity, movimientoEntity, paseDiaEntity, paseProvisorioEntity } from '#sync/schemas/acceso.schema.ts';
import { personName } from '#sync/domain/person-name.ts';
import type { Db } from '#server/db/database.ts';
import { createRecord } from '#server/records/record-writes.ts';
import { demoWriteContext } from '#server/seed/demo-write-context.ts';
import { demoUserId } from '#server/seed/demo-user.ts';
import { GUARD } from '#server/seed/demo-worksite-user.ts';
import { seedId } from '#server/seed/seed-id.ts';
import type { DemoSeedTools } from '#server/server-module.ts';
import { ajustesRules } from './gate-settings.ts';
import { movimientoRules } from './movimientos.routes.ts';
import { paseDiaRules, pasesProvisoriosRules } from './pases.routes.ts';
import { personAtGateNow } from './gate-answer.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const GATE = 'Portería principal';

/**
 * The gate's demo (issue 39), written as the guard of Faena Los Andes would: the company's settings, a week of
 * entries and exits of the contract's accredited worker and of two of the company's own (one still inside since
 * yesterday), a refused attempt of the contract's worker whose examination was rejected, and a provisional pass given
 * to them with its reason. Once.
 */
export async function seedGateDemo(db: Db, company: string, now: Date, { records }: DemoSeedTools): Promise<void> {
  if ((await records.ajustes_acceso.listActive(db, company, { kind: 'empresa' })).length > 0) return;
  const guard = await demoUserId(db, company, GUARD.correo);
  const admin = await demoUserId(db, company, 'admin@andesdemo.cl');
  const worksite = seedId(company, 'nv2', 1);
  const workers = await db
    .selectFrom('trabajadores')
    .select(['IdPersona', 'RunPersona', 'Nombres', 'ApellidoPaterno', 'ApellidoMaterno'])
    .where('IdEmpresa', '=', company)
    .where('IdPersona', 'in', [1, 2, 3, 5].map((n) => seedId(company, 'trabajador', n)))
    .execute();
  if (guard === undefined || admin === undefined || workers.length < 4) return;
  await db.transaction().execute(async (trx) => {
    const ctx = await demoWriteContext(trx, company, guard, now, records);
    const settings = { IdAjuste: seedId(company, 'ajustes_acceso', 1), FinesTurno: ['08:00', '20:00'], MaxProvisoriosAnio: 3 };
    await createRecord(ctx, ajustesAccesoEntity, settings, ajustesRules);
    const worker = (n: number) => workers.find((row) => row.IdPersona === seedId(company, 'trabajador', n))!;
    const name = (n: number) => personName(worker(n));
    let count = 0;
    const move = async (at: Date, Tipo: 'entrada' | 'salida', n: number, answer: { Permitido: 0 | 1; Via: string; Motivos: string[] }) => {
      const person = { Sujeto: 'persona', Rut: worker(n).RunPersona, IdActivo: null, Nombre: name(n) };
      const where = { IdNivel2: worksite, Puerta: GATE, FechaDispositivo: at.toISOString() };
      const body = { IdMovimiento: seedId(company, 'movimiento', ++count), Tipo, ...person, ...where, ...answer };
      await createRecord({ ...ctx, now: new Date(at.getTime() + 5 * 60_000) }, movimientoEntity, body, movimientoRules);
    };
    // Seven days of day shifts, 07:40 to 19:15 (Chile, UTC-3 in summer): the last one is still inside now.
    const dayStart = new Date(Math.floor((now.getTime() - 3 * HOUR) / DAY) * DAY + 3 * HOUR);
    for (let back = 6; back >= 0; back--) {
      const day = new Date(dayStart.getTime() - back * DAY);
      for (const n of [1, 2, 3]) {
        // Worker 3 stayed in yesterday past the end of the shift and has not come out: the roll call flags them.
        if (back === 0 && n === 3) continue;
        const entry = new Date(day.getTime() + 7 * HOUR + (40 + n) * 60_000);
        if (entry > now) continue;
        const answer = await personAtGateNow(trx, company, worksite, worker(n).RunPersona, entry);
        await move(entry, 'entrada', n, answer);
        const exit = new Date(day.getTime() + 19 * HOUR + (15 + n) * 60_000);
        if (exit < now && back > 0 && !(back === 1 && n === 3)) await move(exit, 'salida', n, { Permitido: 1, Via: '', Motivos: [] });
      }
    }
    // Worker 5's examination was rejected: refused at the gate with the reason, then let in on a provisional pass.
    const refusedAt = new Date(Math.min(now.getTime() - HOUR, dayStart.getTime() + 8 * HOUR));
    await move(refusedAt, 'entrada', 5, await personAtGateNow(trx, company, worksite, worker(5).RunPersona, refusedAt));
    const IdPase = seedId(company, 'pase_provisorio', 1);
    const minutesLater = (minutes: number) => new Date(refusedAt.getTime() + minutes * 60_000);
    const pass = {
      IdPase,
      Rut: worker(5).RunPersona,
      Nombre: name(5),
      IdNivel2: worksite,
      Puerta: GATE,
      Motivo: 'Examen preocupacional renovado en trámite: autorizado por el jefe de faena',
      FechaDispositivo: minutesLater(10).toISOString(),
    };
    await createRecord({ ...ctx, now: minutesLater(11) }, paseProvisorioEntity, pass, pasesProvisoriosRules);
    await move(minutesLater(12), 'entrada', 5, await personAtGateNow(trx, company, worksite, worker(5).RunPersona, minutesLater(12)));
    // The office printed a day pass for the accredited worker: their QR lets them in at a tablet that lacks the contract.
    const office = await demoWriteContext(trx, company, admin, now, records);
    await createRecord(office, paseDiaEntity, { IdPase: seedId(company, 'pase_dia', 1), Rut: worker(1).RunPersona, IdNivel2: worksite }, paseDiaRules);
  });
}
