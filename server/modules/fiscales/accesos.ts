import { sql } from 'kysely';
import { addDays, chileDayStart } from '#sync/domain/dates.ts';
import type { AccessLogInspector, AccessLogQuery } from '#sync/schemas/fiscales-accesos.schema.ts';
import type { CardKind, InspectorAccessRow, PortalPeriod, PortalWorker } from '#sync/schemas/fiscales.schema.ts';
import type { ReportListAnswer } from '#sync/schemas/report-list.schema.ts';
import type { Db } from '#server/db/database.ts';
import { pagedRows, reportPage } from '#server/records/report-lists/report-page.ts';
import type { InspectorSession } from '#server/tenancy/require-inspector.ts';

type Logged =
  | { Accion: 'busqueda'; period: PortalPeriod }
  | { Accion: 'pdf'; TipoRegistro: CardKind; IdRegistro: string }
  | { Accion: 'nomina'; Busqueda: string; Resultados: number };

function details(entry: Logged) {
  switch (entry.Accion) {
    case 'busqueda':
      return { Desde: entry.period.desde, Hasta: entry.period.hasta };
    case 'pdf':
      return { TipoRegistro: entry.TipoRegistro, IdRegistro: entry.IdRegistro };
    case 'nomina':
      return { Busqueda: entry.Busqueda, Resultados: entry.Resultados };
  }
}

/**
 * One line of the log of what inspectors consulted: who, which company, which worker (RUT and name as the inspector
 * saw them, copied: the roster may change later; none for a roster listing), what and when.
 */
export async function logAccess(
  db: Db,
  inspector: InspectorSession,
  company: string,
  worker: PortalWorker | null,
  entry: Logged,
  now: Date,
): Promise<void> {
  await db
    .insertInto('accesos_fiscalizadores')
    .values({
      IdFiscalizador: inspector.IdFiscalizador,
      Correo: inspector.Correo,
      IdEmpresa: company,
      IdPersona: worker?.IdPersona ?? '',
      RutTrabajador: worker?.Rut ?? '',
      NombreTrabajador: worker?.Nombre ?? '',
      Accion: entry.Accion,
      ...details(entry),
      En: now.toISOString(),
    })
    .execute();
}

/** The day after a YYYY-MM-DD day. */
/** A LIKE pattern that matches `text` anywhere, its wildcards taken as themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The company's log narrowed by the query: an inspector; a worker by part of the name or of the RUT (dots and
 * hyphen aside); the Chilean days from Desde to Hasta (the instants are kept in UTC, the days begin in Chile).
 */
function filteredLog(db: Db, company: string, query: AccessLogQuery) {
  let log = db.selectFrom('accesos_fiscalizadores').where('IdEmpresa', '=', company);
  if (query.IdFiscalizador) log = log.where('IdFiscalizador', '=', Number(query.IdFiscalizador));
  if (query.Desde) log = log.where('En', '>=', chileDayStart(query.Desde));
  if (query.Hasta) log = log.where('En', '<', chileDayStart(addDays(query.Hasta, 1)));
  const worker = query.Trabajador;
  if (worker) {
    const rut = worker.replace(/[.\s-]/g, '').toUpperCase();
    const byRut = /^\d+[\dK]?$/.test(rut);
    log = log.where((eb) =>
      eb.or([
        // SQLite's LIKE ignores ASCII case, PostgreSQL's does not: both sides folded, as lower() folds ASCII only on both.
        eb(sql<string>`lower("NombreTrabajador")`, 'like', sql<string>`lower(${containing(worker)}) escape '\\'`),
        ...(byRut
          ? [eb(sql<string>`replace(replace(upper("RutTrabajador"), '.', ''), '-', '')`, 'like', sql<string>`${containing(rut)} escape '\\'`)]
          : []),
      ]),
    );
  }
  return log;
}

/** What inspectors consulted of a company, newest first, a page at a time, with how many entries match. */
export async function listAccesses(db: Db, company: string, query: AccessLogQuery): Promise<ReportListAnswer<InspectorAccessRow>> {
  const { rows, total } = await pagedRows(query, ({ limit, offset }) =>
    filteredLog(db, company, query)
      .select([
        'IdAcceso',
        'En',
        'Correo',
        'Accion',
        'RutTrabajador',
        'NombreTrabajador',
        'TipoRegistro',
        'IdRegistro',
        'Desde',
        'Hasta',
        'Busqueda',
        'Resultados',
        sql<number>`count(*) over ()`.as('total'),
      ])
      .orderBy('En', 'desc')
      .orderBy('IdAcceso', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  );
  const data = rows.map((row) => ({ ...row, TipoRegistro: row.TipoRegistro as CardKind | '' }));
  return reportPage(query, data, total);
}

/** The inspectors who consulted the company, by address: the choices of the log's inspector filter. */
export function accessInspectors(db: Db, company: string): Promise<AccessLogInspector[]> {
  return db
    .selectFrom('accesos_fiscalizadores')
    .select(['IdFiscalizador', sql<string>`max("Correo")`.as('Correo')])
    .where('IdEmpresa', '=', company)
    .groupBy('IdFiscalizador')
    .orderBy('Correo')
    .execute();
}
