import { sql } from 'kysely';
import { bootstrap } from '#server/bootstrap.ts';
import { RECORD_STORES } from '#server/app-modules.ts';
import { parseConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { seedId } from '#server/seed/demo-seed.ts';
import { recordChange } from '#server/sync/change-log.repo.ts';
import { inWorksites } from '#sync/records/worksites.ts';
import { type BenchWorksite, insertBenchWorkers } from './bench-workers.ts';

/**
 * A company with `total` worksites: the demo seed's two (Faena Los Andes with its Obras Civiles, Faena Ruta 5 Norte
 * with its Movimiento de Tierra) and level-2 levels «Faena Banco N» for the rest, each with its change row as the
 * seed writes them (a device pulls its levels from the feed).
 */
export async function insertBenchWorksites(db: Db, company: string, total: number): Promise<BenchWorksite[]> {
  const worksites: BenchWorksite[] = [
    { nivel2: seedId(company, 'nv2', 1), nivel3: seedId(company, 'nv3', 1) },
    { nivel2: seedId(company, 'nv2', 2), nivel3: seedId(company, 'nv3', 3) },
  ];
  for (let n = worksites.length + 1; n <= total; n += 1) {
    const id = seedId(company, 'bench-nv2', n);
    await db.insertInto('niveles').values({ IdNivel: id, IdEmpresa: company, TipoNivel: 2, IdNivelPadre: null, Nombre: `Faena Banco ${n}`, RutNivel: '' }).execute();
    const row = (await RECORD_STORES.niveles.load(db, company, id))!.row;
    await recordChange(db, { company, table: 'niveles', id, op: 'upsert', row });
    worksites.push({ nivel2: id, nivel3: null });
  }
  return worksites;
}

export interface SpreadCompany {
  /** The worksite the scoped user works in: Faena Los Andes. */
  worksite: string;
  /**
   * The workers a device of that worksite holds: those of its worksite and those with none (SPEC PL13), and those the
   * records of its worksite name from elsewhere (the demo's inspections observe some, PL16).
   */
  scopedWorkers: number;
  allWorkers: number;
}

/**
 * `count` bench workers spread evenly over `worksites` worksites of the demo company, and `correo` (a demo user)
 * scoped to Faena Los Andes, in a data folder.
 */
export async function seedSpreadWorkers(
  dataDir: string,
  company: string,
  count: number,
  worksites: number,
  correo: string,
): Promise<SpreadCompany> {
  const deps = await bootstrap(parseConfig({ DATA_DIR: dataDir }));
  try {
    const levels = await insertBenchWorksites(deps.db, company, worksites);
    await insertBenchWorkers(deps.db, company, count, levels);
    const worksite = levels[0]!.nivel2;
    const scoped = await deps.db
      .updateTable('usuarios')
      .set({ Faenas: JSON.stringify([worksite]) })
      .where('IdEmpresa', '=', company)
      .where('CorreoElectronicoPersona', '=', correo)
      .executeTakeFirst();
    if (scoped.numUpdatedRows !== 1n) throw new Error(`No existe el usuario ${correo} en la empresa ${company}`);
    const workers = await deps.db
      .selectFrom('trabajadores')
      .select(['IdPersona', 'IdNivel2', 'IdNivel3'])
      .where('IdEmpresa', '=', company)
      .where('Estado', '=', 1)
      .execute();
    const named = await namedAt(deps.db, company, worksite);
    return {
      worksite,
      scopedWorkers: workers.filter((one) => inWorksites([worksite], one.IdNivel2, one.IdNivel3) || named.has(one.IdPersona)).length,
      allWorkers: workers.length,
    };
  } finally {
    await deps.db.destroy();
  }
}

/** The workers the inspections and incidents of a worksite name (observed, injured). */
async function namedAt(db: Db, company: string, worksite: string): Promise<Set<string>> {
  const inspections = await db.selectFrom('evaluaciones').select('Observados').where('IdEmpresa', '=', company).where('IdNivel2', '=', worksite).execute();
  const incidents = await sql<{ IdPersona: string | null }>`SELECT IdPersona FROM incidentes WHERE IdEmpresa = ${company} AND IdNivel2 = ${worksite}`.execute(db);
  return new Set([
    ...inspections.flatMap((row) => JSON.parse(row.Observados) as string[]),
    ...incidents.rows.flatMap((row) => (row.IdPersona ? [row.IdPersona] : [])),
  ]);
}
