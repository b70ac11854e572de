import type { Db } from '../db/database.ts';
import { GROUPS, MODULES, SYSTEMS } from './module-catalogue.ts';

/** Writes the module catalogue; idempotent, so entries added by later modules appear on the next start. */
export async function seedCatalogue(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const system of SYSTEMS) {
      await trx.insertInto('sistemas').values(system).onConflict((oc) => oc.column('IdSistema').doUpdateSet(system)).execute();
    }
    for (const group of GROUPS) {
      await trx.insertInto('grupos_modulos').values(group).onConflict((oc) => oc.column('IdGrupo').doUpdateSet(group)).execute();
    }
    let subId = 0;
    for (const [index, module] of MODULES.entries()) {
      const moduleRow = {
        IdModulo: index + 1,
        IdGrupo: module.grupo,
        IdSistema: module.sistema,
        NombreSistemaModulo: module.nombre,
        PosicionGroupModulos: index + 1,
      };
      await trx.insertInto('modulos').values(moduleRow).onConflict((oc) => oc.column('IdModulo').doUpdateSet(moduleRow)).execute();
      for (const [position, [name, route]] of module.sub.entries()) {
        subId += 1;
        const subRow = {
          IdSubmodulo: subId,
          IdModulo: moduleRow.IdModulo,
          NombreSistemaModuloSub: name,
          Ruta: route,
          PosicionGroupModulosSub: position + 1,
        };
        await trx.insertInto('submodulos').values(subRow).onConflict((oc) => oc.column('IdSubmodulo').doUpdateSet(subRow)).execute();
      }
    }
  });
}
