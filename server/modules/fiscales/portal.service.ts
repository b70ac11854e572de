import { sql } from 'kysely';
import { DATE_PICKER_MIN, toWireDate } from '#sync/domain/dates.ts';
import { personName } from '#sync/domain/person-name.ts';
import { evidenceFileName } from '#sync/domain/file-names.ts';
import type { EntityTable } from '#sync/records/entities.ts';
import {
  type CardKind,
  FISCALES_MESSAGES,
  type PortalCompany,
  type PortalPeriod,
  type PortalSearchAnswer,
  type PortalWorker,
} from '#sync/schemas/fiscales.schema.ts';
import type { AppDeps } from '#server/app-env.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { WorkerRecords } from '#server/records/worker-records.ts';
import { renderReportPdf } from '#server/reports/render-report-pdf.ts';
import { containing, searchWords } from '#server/records/search-words.ts';
import { logAccess } from './accesos.ts';
import type { InspectorSession } from '#server/tenancy/require-inspector.ts';

/** Each card of the search screen and the entity whose module says what it holds about a worker (`workerRecords`). */
export const CARD_TABLES = {
  observaciones: 'inspecciones',
  capacitaciones: 'capacitaciones',
  epp: 'epp_entregas',
  incidentes: 'incidentes',
} as const satisfies Record<CardKind, EntityTable>;

/** Autocomplete answers at most this many. */
export const LOOKUP_LIMIT = 20;

/** The module's reader of one card, through the read registry (the portal never imports a module). */
export function cardRecords<C extends CardKind>(deps: Pick<AppDeps, 'records'>, card: C): WorkerRecords<C> {
  const reader = deps.records[CARD_TABLES[card]].workerRecords;
  if (!reader || reader.card !== card) throw new Error(`${CARD_TABLES[card]}: falta workerRecords para la tarjeta ${card}`);
  return reader as unknown as WorkerRecords<C>;
}

/** Every company of the platform whatever its state (access is permanent, Ord. 1394/2019), by RUT or name. */
export async function searchCompanies(deps: Pick<AppDeps, 'db'>, q: string): Promise<PortalCompany[]> {
  let query = deps.db.selectFrom('empresas').select(['IdEmpresa', 'RutEmpresa', 'NombreEmpresa', 'EstadoEmpresa']);
  for (const word of searchWords(q)) {
    const pattern = containing(word);
    query = query.where(
      sql<boolean>`(lower(replace(replace("RutEmpresa", '.', ''), '-', '')) LIKE ${pattern} ESCAPE '\\' OR lower("NombreEmpresa") LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  const rows = await query.orderBy('NombreEmpresa').orderBy('IdEmpresa').limit(LOOKUP_LIMIT).execute();
  return rows.map((row) => ({
    IdEmpresa: row.IdEmpresa,
    RutEmpresa: row.RutEmpresa,
    NombreEmpresa: row.NombreEmpresa,
    EstadoEmpresa: Number(row.EstadoEmpresa),
  }));
}

/** The company of a search, whatever its state; 404 when there is none. */
export async function findCompany(deps: Pick<AppDeps, 'db'>, company: string): Promise<PortalCompany> {
  const row = await deps.db
    .selectFrom('empresas')
    .select(['IdEmpresa', 'RutEmpresa', 'NombreEmpresa', 'EstadoEmpresa'])
    .where('IdEmpresa', '=', company)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, FISCALES_MESSAGES.companyNotFound, 'EMPRESA_NO_EXISTE');
  return { ...row, EstadoEmpresa: Number(row.EstadoEmpresa) };
}

/**
 * Workers of the company by RUT or name, those no longer on its roster too (a deleted worker, Estado 0): their
 * records stay, and the inspectorate's access to them is permanent.
 */
export async function searchWorkers(deps: Pick<AppDeps, 'db'>, company: string, q: string): Promise<PortalWorker[]> {
  await findCompany(deps, company);
  let query = deps.db
    .selectFrom('trabajadores')
    .select(['IdPersona', 'RunPersona', 'Nombres', 'ApellidoPaterno', 'ApellidoMaterno'])
    .where('IdEmpresa', '=', company);
  for (const word of searchWords(q)) query = query.where(sql<boolean>`"Busqueda" LIKE ${containing(word)} ESCAPE '\\'`);
  const rows = await query
    .orderBy('ApellidoPaterno')
    .orderBy('ApellidoMaterno')
    .orderBy('Nombres')
    .orderBy('IdPersona')
    .limit(LOOKUP_LIMIT)
    .execute();
  return rows.map((row) => ({ IdPersona: row.IdPersona, Rut: row.RunPersona, Nombre: personName(row) }));
}

/** A worker of the company, on its roster or not; 404 when the worker (in that company) does not exist. */
export async function findWorker(deps: Pick<AppDeps, 'db'>, company: string, id: string): Promise<PortalWorker> {
  const row = await deps.db
    .selectFrom('trabajadores')
    .select(['IdPersona', 'RunPersona', 'Nombres', 'ApellidoPaterno', 'ApellidoMaterno'])
    .where('IdEmpresa', '=', company)
    .where('IdPersona', '=', id.toLowerCase())
    .executeTakeFirst();
  if (!row) throw new HttpError(404, FISCALES_MESSAGES.workerNotFound, 'TRABAJADOR_NO_EXISTE');
  return { IdPersona: row.IdPersona, Rut: row.RunPersona, Nombre: personName(row) };
}

/** Spec 9: no date after today in Chile (the schema already keeps both from 1969-01-01 on and in order). */
export function checkPeriod(deps: Pick<AppDeps, 'now'>, period: PortalPeriod): PortalPeriod {
  const today = toWireDate(deps.now());
  if (period.desde > today || period.hasta > today) throw new HttpError(400, FISCALES_MESSAGES.dateOutOfRange, 'VALIDACION');
  return period;
}

/** The four cards of one worker in a period, each newest first; the search is logged. */
export async function searchRecords(
  deps: AppDeps,
  inspector: InspectorSession,
  company: string,
  workerId: string,
  period: PortalPeriod,
): Promise<PortalSearchAnswer> {
  checkPeriod(deps, period);
  const empresa = await findCompany(deps, company);
  const trabajador = await findWorker(deps, company, workerId);
  const ref = { IdPersona: trabajador.IdPersona, Rut: trabajador.Rut };
  const answer: PortalSearchAnswer = {
    trabajador,
    empresa,
    periodo: period,
    observaciones: await cardRecords(deps, 'observaciones').list(deps, company, ref, period),
    capacitaciones: await cardRecords(deps, 'capacitaciones').list(deps, company, ref, period),
    epp: await cardRecords(deps, 'epp').list(deps, company, ref, period),
    incidentes: await cardRecords(deps, 'incidentes').list(deps, company, ref, period),
  };
  await logAccess(deps.db, inspector, company, trabajador, { Accion: 'busqueda', period }, deps.now());
  return answer;
}

/** One record's PDF, drawn by its module's report, when it is this worker's; undefined otherwise. */
export async function recordPdf(
  deps: AppDeps,
  company: string,
  worker: PortalWorker,
  card: CardKind,
  id: string,
): Promise<Buffer | undefined> {
  const reader = cardRecords(deps, card) as WorkerRecords<CardKind>;
  const data = await reader.report.build(deps, company, { IdPersona: worker.IdPersona, Rut: worker.Rut }, id);
  return data === undefined ? undefined : renderReportPdf(reader.report.kind, data);
}

/**
 * Whether a record is one of the rows the search shows this worker (any date up to today): read from the card's
 * list, which costs milliseconds, not from its report, which draws nothing but costs the whole report's reads.
 */
export async function isWorkersRecord(deps: AppDeps, company: string, worker: PortalWorker, card: CardKind, id: string): Promise<boolean> {
  const reader = cardRecords(deps, card) as WorkerRecords<CardKind>;
  const rows = await reader.list(
    deps,
    company,
    { IdPersona: worker.IdPersona, Rut: worker.Rut },
    { desde: DATE_PICKER_MIN, hasta: toWireDate(deps.now()) },
  );
  return rows.some((row) => row.Id === id);
}

/** The downloaded name (spec part 2 section 5 rules: no accents, only letters, digits and hyphens): `epp-11373541-5-<id>.pdf`. */
export function pdfFileName(card: CardKind, worker: PortalWorker, id: string): string {
  return evidenceFileName(`${card}-${worker.Rut}-${id}.pdf`);
}
