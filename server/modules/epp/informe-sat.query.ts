import * as v from 'valibot';
import { type InformeSat, InformeSatLineaSchema } from '#sync/schemas/epp-consultas.schema.ts';
import type { Db } from '#server/db/database.ts';
import { canSeeParties, type Viewer } from '#server/tenancy/viewer.ts';
import { lineState } from './consultas.query.ts';
import { LINE_SELECT, NEVER } from './consultas.sql.ts';
import { findWorkerByRut } from './consultas.workers.ts';

type Line = { IdLinea: string; IdEpp: string; NombreEpp: string; Fecha: string; VenceEl: string | null; Anulada: number };

/** What the worker holds of each item: its longest-lasting valid line (the latest when several last as long). */
function currentLines<L extends Line>(lines: readonly L[]): L[] {
  const best = new Map<string, L>();
  for (const line of lines) {
    if (line.Anulada === 1) continue;
    const held = best.get(line.IdEpp);
    const key = (candidate: Line) => `${candidate.VenceEl ?? NEVER} ${candidate.Fecha} ${candidate.IdLinea}`;
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
    .select([...LINE_SELECT, 'e.Sello', 'e.Anulada', 'e.RutContratista', 'e.IdCliente'])
    .where('l.IdEmpresa', '=', company)
    .where('l.IdPersona', '=', worker.IdPersona)
    .where('e.Estado', '=', 1)
    .orderBy('l.Fecha', 'desc')
    .orderBy('l.IdEntregadosEpp')
    .orderBy('l.Orden')
    .execute();
  const visible = rows.filter((row) => canSeeParties(viewer, row));
  if (viewer.kind === 'cliente' && visible.length === 0) return undefined;
  const empresa = await db
    .selectFrom('empresas')
    .select(['NombreEmpresa', 'RutEmpresa'])
    .where('IdEmpresa', '=', company)
    .executeTakeFirstOrThrow();
  // The informe's line as its schema says it (its fields, in its order; not the item's id).
  const line = (row: (typeof visible)[number]) =>
    v.parse(InformeSatLineaSchema, { ...row, ...lineState(today)(row), Codigo: row.Sello, Anulada: row.Anulada === 1 ? 1 : 0 });
  return {
    Empresa: { Nombre: empresa.NombreEmpresa, Rut: empresa.RutEmpresa },
    Trabajador: worker,
    Fecha: today,
    Vigentes: currentLines(visible).map(line),
    Historial: visible.map(line),
  };
}
