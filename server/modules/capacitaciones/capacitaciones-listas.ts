import type { Context } from 'hono';
import { cargoLevels, toCargoNivel } from '#sync/schemas/cargos.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { listMasks } from '#server/records/level-masks.ts';
import { enabledUsers, pickableWorkers } from '#server/records/pick-lists.ts';
import { personName } from '#sync/domain/person-name.ts';

/** The pick lists the trainings screens share (spec: programa/listas/..., RelatorUsuario, RelatorCargos, Niveles). */

/** Enabled users of the company: who may present a training as a user (spec RelatorUsuario, lista_relatores). */
export async function presenterUsers(db: Db, company: string) {
  const rows = await enabledUsers(db, company).execute();
  return rows.map((row) => ({ IdUsuario: row.IdUsuario, Nombre: personName(row), Rut: row.RunPersona }));
}

export { levelLists } from '#server/records/dashboard-levels.ts';

export async function cargoList(c: Context<AppEnv>) {
  const { db, records } = c.get('deps');
  const { company, viewer } = c.get('session');
  const [cargos, levels] = await Promise.all([
    records.cargos.listActive(db, company, viewer),
    records.niveles.listActive(db, company, viewer),
  ]);
  return cargoLevels(cargos, levels).map(toCargoNivel);
}

/** Active workers the viewer may name (a contractor only its own; a client none), with their levels and positions. */
export async function workerList(c: Context<AppEnv>, filters: { nv2?: string; nv3?: string } = {}) {
  const workers = await pickableWorkers(c);
  return workers
    .filter((worker) => (!filters.nv2 || worker.IdNivel2 === filters.nv2) && (!filters.nv3 || worker.IdNivel3 === filters.nv3))
    .map(({ IdPersona, RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno, IdNivel2, IdNivel3, RutContratista, cargos }) => ({
      IdPersona,
      RunPersona,
      Nombres,
      ApellidoPaterno,
      ApellidoMaterno,
      IdNivel2,
      IdNivel3,
      RutContratista,
      cargos,
    }));
}

export async function typeList(c: Context<AppEnv>) {
  const { db, records } = c.get('deps');
  return records.tipos_capacitacion.listActive(db, c.get('session').company, c.get('session').viewer);
}

export function maskList(c: Context<AppEnv>) {
  return listMasks(c.get('deps').db, c.get('session').company);
}
