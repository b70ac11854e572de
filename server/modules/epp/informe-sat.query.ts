import { MOTIVOS_ENTREGA, type MotivoEntrega } from '#sync/domain/epp-delivery.ts';
import { validityState } from '#sync/domain/validity.ts';
import type { InformeSat, InformeSatLinea } from '#sync/schemas/epp-consultas.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';
import { canSee } from './epp-entregas.repo.ts';
import { findWorkerByRut } from './consultas.workers.ts';

const NEVER = '9999-12-31';

/** What the worker holds of each item: its longest-lasting valid line (the latest when several last as long). */
function currentLines<Line extends InformeSatLinea & { IdEpp: string }>(lines: readonly Line[]): Line[] {
  const best = new Map<string, Line>();
  for (const line of lines) {
    if (line.Anulada === 1) continue;
    const held = best.get(line.IdEpp);
    const key = (candidate: InformeSatLinea) => `${candidate.VenceEl ?? NEVER} ${candidate.Fecha} ${candidate.IdLinea}`;
    if (!held || key(line) > key(held)) best.set(line.IdEpp, line);
  }
  return [...best.values()].sort((a, b) => a.NombreEpp.localeCompare(b.NombreEpp, 'es'));
}

/**
 * Informe SAT (spec GET informes/informe_sat/{rut}/{company}): everything a worker holds today, since when and until
 * when, with the acta each item was signed in, and every delivery before (annulled ones marked). Undefined when the
 * RUT is not an active worker the viewer may see (a contractor its own; a client, those delivered to for it).
 */
export async function informeSat(db: Db, company: string, viewer: Viewer, rut: string, today: string): Promise<InformeSat | undefined> {
  const worker = await findWorkerByRut(db, company, rut);
  if (!worker) return undefined;
  if (viewer.kind === 'contratista' && (viewer.rut === '' || worker.RutContratista !== viewer.rut)) return undefined;
  const rows = await db
    .selectFrom('epp_entregas_lineas as l')
    .innerJoin('epp_entregas as e', 'e.IdEntregadosEpp', 'l.IdEntregadosEpp')
    .select([
      'l.IdLinea',
      'l.IdEntregadosEpp',
      'l.IdEpp',
      'l.NombreEpp',
      'l.Talla',
      'l.Cantidad',
      'l.Fecha',
      'l.VenceEl',
      'e.Motivo',
      'e.Sello',
      'e.Anulada',
      'e.RutContratista',
      'e.IdCliente',
    ])
    .where('l.IdEmpresa', '=', company)
    .where('l.IdPersona', '=', worker.IdPersona)
    .where('e.Estado', '=', 1)
    .orderBy('l.Fecha', 'desc')
    .orderBy('l.IdEntregadosEpp')
    .orderBy('l.Orden')
    .execute();
  const visible = rows.filter((row) => canSee(viewer, row));
  if (viewer.kind === 'cliente' && visible.length === 0) return undefined;
  const empresa = await db
    .selectFrom('empresas')
    .select(['NombreEmpresa', 'RutEmpresa'])
    .where('IdEmpresa', '=', company)
    .executeTakeFirstOrThrow();
  const lines = visible.map((row) => ({
    IdLinea: row.IdLinea,
    IdEntregadosEpp: row.IdEntregadosEpp,
    IdEpp: row.IdEpp,
    NombreEpp: row.NombreEpp,
    Talla: row.Talla,
    Cantidad: row.Cantidad,
    Fecha: row.Fecha,
    VenceEl: row.VenceEl,
    Estado: validityState(row.VenceEl, today),
    Motivo: MOTIVOS_ENTREGA[row.Motivo as MotivoEntrega] ?? '',
    Codigo: row.Sello,
    Anulada: row.Anulada === 1 ? (1 as const) : (0 as const),
  }));
  const strip = ({ IdEpp: _id, ...line }: (typeof lines)[number]): InformeSatLinea => line;
  return {
    Empresa: { Nombre: empresa.NombreEmpresa, Rut: empresa.RutEmpresa },
    Trabajador: worker,
    Fecha: today,
    Vigentes: currentLines(lines).map(strip),
    Historial: lines.map(strip),
  };
}
