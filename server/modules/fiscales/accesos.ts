import type { CardKind, InspectorAccessRow, PortalPeriod, PortalWorker } from '#sync/schemas/fiscales.schema.ts';
import type { Db } from '../../db/database.ts';
import type { InspectorSession } from '../../tenancy/require-inspector.ts';

/** The newest entries the company's administrators see at once (a log grows by every search of every inspector). */
export const ACCESS_LOG_LIMIT = 500;

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
export async function logAccess(db: Db, inspector: InspectorSession, company: string, worker: PortalWorker | null, entry: Logged, now: Date): Promise<void> {
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

/** What inspectors consulted of a company, newest first. */
export async function listAccesses(db: Db, company: string): Promise<InspectorAccessRow[]> {
  const rows = await db
    .selectFrom('accesos_fiscalizadores')
    .select(['IdAcceso', 'En', 'Correo', 'Accion', 'RutTrabajador', 'NombreTrabajador', 'TipoRegistro', 'IdRegistro', 'Desde', 'Hasta', 'Busqueda', 'Resultados'])
    .where('IdEmpresa', '=', company)
    .orderBy('En', 'desc')
    .orderBy('IdAcceso', 'desc')
    .limit(ACCESS_LOG_LIMIT)
    .execute();
  return rows.map((row) => ({ ...row, TipoRegistro: row.TipoRegistro as CardKind | '' }));
}
