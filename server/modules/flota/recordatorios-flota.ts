import { addDays, formatDisplayDate, toWireDate } from '#sync/domain/dates.ts';
import { CLASES_CERTIFICACION } from '#sync/domain/fleet-fitness.ts';
import { ASSET_KINDS, type AssetTable } from '#sync/schemas/flota-activos.schema.ts';
import type { CertificadoFlota } from '#sync/schemas/flota-registros.schema.ts';
import type { AppDeps } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { withinCompany } from '#server/db/write-scope.ts';
import { scheduleJob, type ScheduledJob } from '#server/jobs/schedule-job.ts';
import type { OutgoingMail } from '#server/mail/mailer.ts';
import { inWriteTransaction } from '#server/sync/write-transaction.ts';
import { type FleetAsset, fleetAssets, fleetNames } from './vencimientos-data.ts';

type ReminderDeps = Pick<AppDeps, 'db' | 'mailer' | 'now'>;

const EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 86_400_000;

/** The days before its expiry at which a certificate's responsible is reminded, the latest step last. */
const REMINDER_STEPS = [30, 15, 7] as const;
type ReminderStep = (typeof REMINDER_STEPS)[number];

/** Each asset kind's certificate table: what `recordatorios_flota.Tabla` names. */
const CERTIFICATE_TABLES = {
  vehiculos: 'certificaciones_vehiculo',
  equipos: 'certificaciones_equipo',
  instalaciones: 'certificaciones_instalacion',
} as const satisfies Record<AssetTable, string>;

/** A row of `recordatorios_flota` (migration 0034), typed beside the only code that reads and writes it. */
interface RecordatoriosFlotaTable {
  IdEmpresa: string;
  Tabla: string;
  IdCertificacion: string;
  Paso: number;
  Fecha: string;
}

/** One step of one certificate, in the certificate's table. */
interface Reminder {
  table: string;
  cert: CertificadoFlota;
  step: ReminderStep;
}

const daysUntil = (today: string, day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);

/**
 * The step due with `daysLeft` days to the expiry: the smallest step that is not below it, so a job that missed a
 * day still sends it, and a certificate first seen at 6 days gets only the 7 (never the 30 and 15 after it). None
 * once expired or further than the first step.
 */
function reminderStep(daysLeft: number): ReminderStep | null {
  if (daysLeft < 0) return null;
  return [...REMINDER_STEPS].reverse().find((step) => step >= daysLeft) ?? null;
}

function when(daysLeft: number): string {
  if (daysLeft === 0) return 'hoy';
  if (daysLeft === 1) return 'mañana';
  return `en ${daysLeft} días`;
}

/** The reminder of one certificate, in Spanish: the asset, the certificate and its expiry. */
function reminderMail(asset: FleetAsset, worksite: string, cert: CertificadoFlota, daysLeft: number): OutgoingMail {
  const noun: { one: string; feminine?: boolean } = ASSET_KINDS[asset.table].entity.noun;
  const of = `${noun.feminine ? 'de la' : 'del'} ${noun.one} ${asset.name}`;
  const certificate = CLASES_CERTIFICACION[cert.Clase];
  const expiry = formatDisplayDate(cert.FechaVencimiento);
  const where = worksite ? ` (${worksite})` : '';
  return {
    to: asset.correoResponsable,
    subject: `${certificate} ${of} vence el ${expiry}`,
    text: [
      'Hola:',
      '',
      `La certificación «${certificate}» ${of}${where} vence el ${expiry}, ${when(daysLeft)}.`,
      'Renuévela y registra la nueva certificación antes de esa fecha para que el activo siga habilitado para operar.',
      '',
      'Recibes este correo porque figuras como responsable de este activo. Avisamos 30, 15 y 7 días antes de cada vencimiento.',
    ].join('\n'),
  };
}

/** The companies with a certificate falling due by date within the first step: the only ones with anything to send. */
async function companiesWithDueCertificates(db: Db, today: string): Promise<string[]> {
  const last = addDays(today, REMINDER_STEPS[0]);
  const companies = new Set<string>();
  for (const table of Object.values(CERTIFICATE_TABLES)) {
    const rows = await db
      .selectFrom(table)
      .select('IdEmpresa')
      .distinct()
      .where('Estado', '<>', 0)
      .where('FechaVencimiento', '>=', today)
      .where('FechaVencimiento', '<=', last)
      .execute();
    for (const row of rows) companies.add(row.IdEmpresa);
  }
  return [...companies].sort();
}

/**
 * Sends one reminder unless that step of that certificate was sent already. The row that remembers it and the mail
 * (kept in `correos`) commit together, so a step is never lost nor kept twice; a second node blocks on the row's key
 * until the first commits, then finds it. With an SMTP relay, a crash between the relay taking the mail and the
 * commit is the one case that sends a step again.
 */
async function sendOnce(deps: ReminderDeps, company: string, reminder: Reminder, mail: OutgoingMail) {
  const now = deps.now();
  const { table, cert, step } = reminder;
  return withinCompany(company, () =>
    inWriteTransaction(deps.db, async (db) => {
      const taken = await db
        .withTables<{ recordatorios_flota: RecordatoriosFlotaTable }>()
        .insertInto('recordatorios_flota')
        .values({ IdEmpresa: company, Tabla: table, IdCertificacion: cert.IdCertificacion, Paso: step, Fecha: now.toISOString() })
        .onConflict((conflict) => conflict.columns(['Tabla', 'IdCertificacion', 'Paso']).doNothing())
        .returning('Paso')
        .executeTakeFirst();
      if (!taken) return 0;
      await deps.mailer.send(mail, now, db);
      return 1;
    }),
  );
}

/**
 * Mails each certificate that counts (the latest of its class, of an active asset with a responsible) whose expiry
 * by date is within 30, 15 or 7 days: one mail per certificate and step. A renewal counts instead of the certificate
 * it renews, with steps of its own. Returns how many mails were sent; a mail that fails is tried again at the next
 * run (nothing of it was kept), after the others were sent, and fails this run.
 */
export async function sendFleetReminders(deps: ReminderDeps): Promise<number> {
  const today = toWireDate(deps.now());
  let sent = 0;
  const failures: unknown[] = [];
  for (const company of await companiesWithDueCertificates(deps.db, today)) {
    const assets = (await fleetAssets(deps.db, company, { kind: 'empresa' })).filter((asset) => asset.correoResponsable !== '');
    const { worksites } = await fleetNames(deps.db, company);
    for (const asset of assets) {
      for (const cert of asset.certificates) {
        if (cert.FechaVencimiento === '') continue;
        const daysLeft = daysUntil(today, cert.FechaVencimiento);
        const step = reminderStep(daysLeft);
        if (step === null) continue;
        const mail = reminderMail(asset, worksites.get(asset.nivel2) ?? '', cert, daysLeft);
        sent += await sendOnce(deps, company, { table: CERTIFICATE_TABLES[asset.table], cert, step }, mail).catch((error: unknown) => {
          failures.push(error);
          return 0;
        });
      }
    }
  }
  if (failures.length) throw new AggregateError(failures, `No se enviaron ${failures.length} recordatorios de flota`);
  return sent;
}

/** At start and every hour, once per period across the API nodes; the timer never keeps the process alive. */
export function startFleetRemindersJob(deps: ReminderDeps, everyMs = EVERY_MS): ScheduledJob {
  const run = async () => void (await sendFleetReminders(deps));
  return scheduleJob(deps.db, { name: 'recordatorios-flota', everyMs, now: deps.now, run });
}
