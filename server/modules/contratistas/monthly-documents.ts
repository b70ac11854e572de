import { toWireDate, toWireMonth } from '#sync/domain/dates.ts';
import type { AppDeps } from '#server/app-env.ts';
import { withinCompany } from '#server/db/write-scope.ts';
import { scheduleJob, type ScheduledJob } from '#server/jobs/schedule-job.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { inWriteTransaction } from '#server/sync/write-transaction.ts';
import { syncContracts } from './contract-documents.ts';

type MonthDeps = Pick<AppDeps, 'db' | 'records' | 'now'>;

const EVERY_MS = 60 * 60 * 1000;

/**
 * Ley 20.123 (CT-LEY2): each month a contract in force asks its monthly requirements (the F30-1) again. The first
 * run of a month makes that month's pending documents of every such contract and recomputes its accreditations, in
 * one transaction per company; a contract that already has them is left alone (making them is idempotent anyway).
 * Returns how many contracts were brought into the month.
 */
export async function askMonthlyDocuments(deps: MonthDeps): Promise<number> {
  const now = deps.now();
  const month = toWireMonth(now);
  const today = toWireDate(now);
  const monthly = await deps.db
    .selectFrom('requisitos')
    .select(['IdEmpresa', 'IdRequisito'])
    .where('Estado', '=', 1)
    .where('Frecuencia', '=', 'mensual')
    .execute();
  const byCompany = new Map<string, Set<string>>();
  for (const row of monthly) byCompany.set(row.IdEmpresa, (byCompany.get(row.IdEmpresa) ?? new Set()).add(row.IdRequisito));
  let brought = 0;
  for (const [company, asked] of byCompany) {
    brought += await withinCompany(company, () =>
      inWriteTransaction(deps.db, async (db) => {
        const ctx: WriteContext = { db, company, user: 0, userName: 'Sistema', viewer: { kind: 'empresa' }, key: undefined, now, records: deps.records };
        const contracts = (await ctx.records.contratos.listActive(db, company, { kind: 'empresa' })).filter(
          (contract) => contract.FechaInicio <= today && contract.FechaTermino >= `${month}-01` && contract.Requisitos.some((id) => asked.has(id)),
        );
        const current = await db
          .selectFrom('documentos_requisito')
          .select(['RutContratista', 'IdRequisito'])
          .where('IdEmpresa', '=', company)
          .where('Mes', '=', month)
          .execute();
        const has = new Set(current.map((doc) => `${doc.RutContratista}|${doc.IdRequisito}`));
        const behind = contracts.filter((contract) => contract.Requisitos.some((id) => asked.has(id) && !has.has(`${contract.RutContratista}|${id}`)));
        await syncContracts(ctx, db, behind);
        return behind.length;
      }),
    );
  }
  return brought;
}

/** At start and every hour, once per period across the API nodes; the timer never keeps the process alive. */
export function startMonthlyDocumentsJob(deps: MonthDeps, everyMs = EVERY_MS): ScheduledJob {
  const run = async () => void (await askMonthlyDocuments(deps));
  return scheduleJob(deps.db, { name: 'documentos-mensuales', everyMs, now: deps.now, run });
}
