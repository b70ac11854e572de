import type { Kysely } from 'kysely';

/**
 * `contratos.Actividades` becomes the spec's activities by level: each `{ IdActividad, IdNivel2, IdNivel3, Recursos:
 * { Trabajadores } }` instead of the activity's bare id. A stored id reads as the activity done at the contract's
 * worksite by none of its workers in particular, which is what it meant; accreditations stay as they are.
 */
// Frozen here, not imported: a migration keeps meaning what it meant when it ran.
const activityOf = (item: unknown) =>
  typeof item === 'string' ? { IdActividad: item, IdNivel2: null, IdNivel3: null, Recursos: { Trabajadores: [] } } : item;

export async function up(db: Kysely<unknown>): Promise<void> {
  const contracts = db as unknown as Kysely<{ contratos: { IdContrato: string; Actividades: string } }>;
  const rows = await contracts.selectFrom('contratos').select(['IdContrato', 'Actividades']).where('Actividades', '!=', '[]').execute();
  for (const row of rows) {
    const Actividades = JSON.stringify((JSON.parse(row.Actividades) as unknown[]).map(activityOf));
    await contracts.updateTable('contratos').set({ Actividades }).where('IdContrato', '=', row.IdContrato).execute();
  }
}
