import { actividadEconomicaEntity } from '#sync/schemas/actividades-economicas.schema.ts';
import { certificacionEntity } from '#sync/schemas/certificaciones.schema.ts';
import { RECORD_STORES } from '../app-modules.ts';
import type { Db } from '../db/database.ts';
import { recordChange } from '../sync/change-log.repo.ts';
import { ALL_ACTIONS } from './module-catalogue.ts';
import { seedId } from './seed-id.ts';

/** Activities common at the worksites the product serves, by their SII code (CIIU4.CL). */
const ACTIVIDADES: [codigo: string, nombre: string][] = [
  ['410010', 'Construcción de edificios para uso residencial'],
  ['410020', 'Construcción de edificios para uso no residencial'],
  ['421000', 'Construcción de carreteras y líneas de ferrocarril'],
  ['422000', 'Construcción de proyectos de servicio público'],
  ['429000', 'Construcción de otras obras de ingeniería civil'],
  ['431100', 'Demolición'],
  ['431200', 'Preparación del terreno'],
  ['432100', 'Instalaciones eléctricas'],
  ['040000', 'Extracción y procesamiento de cobre'],
  ['161000', 'Aserrado y acepilladura de madera'],
  ['492300', 'Transporte de carga por carretera'],
  ['812100', 'Limpieza general de edificios'],
];

/** Certifications a worker of the demo company may hold: issuer and months of validity (0: indefinite). */
const CERTIFICACIONES: [nombre: string, emisor: string, meses: number][] = [
  ['Trabajo en altura física', 'Mutual de Seguridad', 24],
  ['Operador de grúa horquilla', 'Organismo técnico de capacitación', 36],
  ['Instalador eléctrico clase D', 'SEC', 0],
  ['Primeros auxilios', 'Mutual de Seguridad', 24],
  ['Manejo de extintores', 'Organismo técnico de capacitación', 12],
  ['Rigger', 'Organismo técnico de capacitación', 36],
];

/**
 * The catalogues of the demo company with reference data, each record with its change-log row (as a device's write
 * would leave it), once: nothing when its first certification exists.
 */
export async function seedDemoCatalogues(db: Db, company: string, now: Date): Promise<void> {
  const first = seedId(company, 'certificacion', 0);
  if (await RECORD_STORES.certificaciones.companyOf(db, first)) return;
  await db.transaction().execute(async (trx) => {
    const certifications = CERTIFICACIONES.map(([Nombre, Emisor, VigenciaMeses], n) => ({
      IdCertificacion: seedId(company, 'certificacion', n),
      IdEmpresa: company,
      Nombre,
      Emisor,
      Vence: VigenciaMeses > 0 ? (1 as const) : (0 as const),
      VigenciaMeses,
      Estado: 1 as const,
      Version: 1,
    }));
    for (const row of certifications) {
      await RECORD_STORES.certificaciones.insert!(trx, row, '{}');
      await recordChange(trx, { company, table: certificacionEntity.table, id: row.IdCertificacion, op: 'upsert', row }, now);
    }
    for (const [n, [Codigo, Nombre]] of ACTIVIDADES.entries()) {
      const row = { IdActividadEconomica: seedId(company, 'actividad', n), IdEmpresa: company, Codigo, Nombre, Estado: 1 as const, Version: 1 };
      await RECORD_STORES.actividades_economicas.insert!(trx, row, '{}');
      await recordChange(trx, { company, table: actividadEconomicaEntity.table, id: row.IdActividadEconomica, op: 'upsert', row }, now);
    }
  });
}

/**
 * The demo administrators have every permission of the catalogue, also on routes added after their company was
 * seeded (a company of a paying customer grants new routes through its roles instead).
 */
export async function grantEveryRouteToDemoAdmins(db: Db, companies: readonly string[]): Promise<void> {
  const roles = await db.selectFrom('roles').select('IdRol').where('IdEmpresa', 'in', [...companies]).where('NombreRol', '=', 'Administrador').execute();
  const routes = await db.selectFrom('submodulos').select('IdSubmodulo').execute();
  for (const { IdRol } of roles) {
    const granted = new Set((await db.selectFrom('rol_permisos').select('IdSubmodulo').where('IdRol', '=', IdRol).execute()).map((row) => row.IdSubmodulo));
    const missing = routes.filter((route) => !granted.has(route.IdSubmodulo)).map((route) => ({ IdRol, IdSubmodulo: route.IdSubmodulo, Acciones: ALL_ACTIONS.join(',') }));
    if (missing.length) await db.insertInto('rol_permisos').values(missing).execute();
  }
}
