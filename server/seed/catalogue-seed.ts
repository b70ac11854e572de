import type { Db } from '../db/database.ts';
import { GROUPS, MENU_ENTRIES, MENU_PARENTS, SYSTEMS } from './module-catalogue.ts';

/**
 * Writes the module catalogue; idempotent, so entries added by later modules appear on the next start. One
 * statement per table (a start on PostgreSQL pays a round trip per statement).
 */
export async function seedCatalogue(db: Db): Promise<void> {
  const modules = MENU_PARENTS.map((parent) => ({
    IdModulo: parent.IdModulo,
    IdGrupo: parent.IdGrupo,
    IdSistema: parent.IdSistema,
    NombreSistemaModulo: parent.nombre,
    PosicionGroupModulos: parent.IdModulo,
  }));
  const submodules = MENU_ENTRIES.map((entry) => ({
    IdSubmodulo: entry.IdSubmodulo,
    IdModulo: entry.parent.IdModulo,
    NombreSistemaModuloSub: entry.nombre,
    Ruta: entry.ruta,
    PosicionGroupModulosSub: entry.posicion,
  }));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sistemas')
      .values([...SYSTEMS])
      .onConflict((oc) =>
        oc.column('IdSistema').doUpdateSet((eb) => ({ Nombre: eb.ref('excluded.Nombre'), RutaInicio: eb.ref('excluded.RutaInicio') })),
      )
      .execute();
    await trx
      .insertInto('grupos_modulos')
      .values([...GROUPS])
      .onConflict((oc) =>
        oc.column('IdGrupo').doUpdateSet((eb) => ({
          NombreGrupo: eb.ref('excluded.NombreGrupo'),
          SubtituloGrupo: eb.ref('excluded.SubtituloGrupo'),
          PosicionGrupo: eb.ref('excluded.PosicionGrupo'),
        })),
      )
      .execute();
    await trx
      .insertInto('modulos')
      .values(modules)
      .onConflict((oc) =>
        oc.column('IdModulo').doUpdateSet((eb) => ({
          IdGrupo: eb.ref('excluded.IdGrupo'),
          IdSistema: eb.ref('excluded.IdSistema'),
          NombreSistemaModulo: eb.ref('excluded.NombreSistemaModulo'),
          PosicionGroupModulos: eb.ref('excluded.PosicionGroupModulos'),
        })),
      )
      .execute();
    await trx
      .insertInto('submodulos')
      .values(submodules)
      .onConflict((oc) =>
        oc.column('IdSubmodulo').doUpdateSet((eb) => ({
          IdModulo: eb.ref('excluded.IdModulo'),
          NombreSistemaModuloSub: eb.ref('excluded.NombreSistemaModuloSub'),
          Ruta: eb.ref('excluded.Ruta'),
          PosicionGroupModulosSub: eb.ref('excluded.PosicionGroupModulosSub'),
        })),
      )
      .execute();
  });
}
