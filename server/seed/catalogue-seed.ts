import type { Db } from '../db/database.ts';
import { GROUPS, MENU_ENTRIES, MENU_PARENTS, SYSTEMS } from './module-catalogue.ts';

/** Writes the module catalogue; idempotent, so entries added by later modules appear on the next start. */
export async function seedCatalogue(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const system of SYSTEMS) {
      await trx.insertInto('sistemas').values(system).onConflict((oc) => oc.column('IdSistema').doUpdateSet(system)).execute();
    }
    for (const group of GROUPS) {
      await trx.insertInto('grupos_modulos').values(group).onConflict((oc) => oc.column('IdGrupo').doUpdateSet(group)).execute();
    }
    for (const parent of MENU_PARENTS) {
      const moduleRow = {
        IdModulo: parent.IdModulo,
        IdGrupo: parent.IdGrupo,
        IdSistema: parent.IdSistema,
        NombreSistemaModulo: parent.nombre,
        PosicionGroupModulos: parent.IdModulo,
      };
      await trx.insertInto('modulos').values(moduleRow).onConflict((oc) => oc.column('IdModulo').doUpdateSet(moduleRow)).execute();
    }
    for (const entry of MENU_ENTRIES) {
      const subRow = {
        IdSubmodulo: entry.IdSubmodulo,
        IdModulo: entry.parent.IdModulo,
        NombreSistemaModuloSub: entry.nombre,
        Ruta: entry.ruta,
        PosicionGroupModulosSub: entry.posicion,
      };
      await trx.insertInto('submodulos').values(subRow).onConflict((oc) => oc.column('IdSubmodulo').doUpdateSet(subRow)).execute();
    }
  });
}
