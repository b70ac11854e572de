import { formatDisplayDate } from '#sync/domain/dates.ts';
import type { AppDeps } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { renderReportPdf } from '#server/reports/render-report-pdf.ts';
import { scheduleJob, type ScheduledJob } from '#server/jobs/schedule-job.ts';
import { buildEppActaReport } from './epp-acta-report.ts';

/**
 * The worker's own copy of a signed acta (issue "EPP requests, dispatch, queries and dashboard"): when the worker
 * has a personal e-mail with their consent recorded, the acta's PDF is mailed to it (kept in the local mailbox when
 * no SMTP relay is set). The acta's transaction writes the pending copy; drawing and sending happen after it, here,
 * so a sync batch never waits for a PDF and a server stopped in between still sends it when it starts again.
 */

const EVERY_MS = 15_000;
const MAX_ATTEMPTS = 5;

type CopyDeps = Pick<AppDeps, 'db' | 'files' | 'now' | 'config' | 'mailer'>;

/** Inside the acta's transaction: the copy is owed if the worker has an address and agreed to receive it there. */
export async function owePersonalCopy(db: Db, company: string, idPersona: string, idEntregadosEpp: string, now: Date): Promise<void> {
  const worker = await db
    .selectFrom('trabajadores')
    .select(['CorreoPersonal', 'ConsentimientoCorreo'])
    .where('IdEmpresa', '=', company)
    .where('IdPersona', '=', idPersona)
    .executeTakeFirst();
  if (!worker?.CorreoPersonal || !worker.ConsentimientoCorreo) return;
  await db.insertInto('copias_actas').values({ IdEntregadosEpp: idEntregadosEpp, IdEmpresa: company, Para: worker.CorreoPersonal, CreadoEn: now.toISOString() }).onConflict((conflict) => conflict.doNothing()).execute();
}

/** Draws and mails every copy still owed; a failure is kept with its reason and retried, up to five times. */
export async function sendOwedCopies(deps: CopyDeps): Promise<number> {
  const owed = await deps.db.selectFrom('copias_actas').selectAll().where('Intentos', '<', MAX_ATTEMPTS).orderBy('CreadoEn').limit(50).execute();
  let sent = 0;
  for (const copy of owed) {
    try {
      const data = await buildEppActaReport(deps, copy.IdEmpresa, { kind: 'empresa' }, copy.IdEntregadosEpp, 'data-url');
      if (!data || data.Anulada) {
        // Annulled or removed before its copy left: nothing to send.
        await deps.db.deleteFrom('copias_actas').where('IdEntregadosEpp', '=', copy.IdEntregadosEpp).execute();
        continue;
      }
      const pdf = await renderReportPdf('eppActa', data);
      const now = deps.now();
      const sha256 = await deps.files.put(pdf, 'application/pdf', now, copy.IdEmpresa);
      const name = `acta-epp-${data.Fecha}-${copy.IdEntregadosEpp.slice(-8)}.pdf`;
      await deps.mailer.send(
        {
          to: copy.Para,
          subject: `Tu acta de entrega de EPP del ${formatDisplayDate(data.Fecha)} · ${data.Empresa.Nombre}`,
          text: [
            `Hola ${data.Trabajador.Nombre}:`,
            '',
            `Adjuntamos tu copia del acta de entrega de elementos de protección personal que firmaste el ${formatDisplayDate(data.Fecha)} en ${data.Empresa.Nombre}.`,
            `Puedes verificarla en ${data.UrlVerificacion}`,
            '',
            'Recibes este correo porque autorizaste que te enviemos tus actas a esta dirección.',
          ].join('\n'),
          attachment: { name, type: 'application/pdf', bytes: pdf, sha256 },
        },
        now,
      );
      await deps.db.deleteFrom('copias_actas').where('IdEntregadosEpp', '=', copy.IdEntregadosEpp).execute();
      sent += 1;
    } catch (error) {
      await deps.db
        .updateTable('copias_actas')
        .set((eb) => ({ Intentos: eb('Intentos', '+', 1), UltimoError: String(error).slice(0, 500) }))
        .where('IdEntregadosEpp', '=', copy.IdEntregadosEpp)
        .execute();
      console.error(`[actas] no se pudo enviar la copia del acta ${copy.IdEntregadosEpp}`, error);
    }
  }
  return sent;
}

export type CopyJob = ScheduledJob;

/**
 * Sends what is owed at start and then every 15 seconds, once per period across the API nodes: one node at a time,
 * so two nodes do not mail the same copy. The timer never keeps the process alive.
 */
export function startActaCopyJob(deps: CopyDeps, everyMs = EVERY_MS): CopyJob {
  const run = async () => void (await sendOwedCopies(deps));
  return scheduleJob(deps.db, { name: 'copias-actas', everyMs, now: deps.now, run });
}
