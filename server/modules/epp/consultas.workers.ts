import * as v from 'valibot';
import { type ConsultaTrabajador, ConsultaTrabajadorSchema } from '#sync/schemas/epp-consultas.schema.ts';
import type { Db } from '#server/db/database.ts';
import { personName } from '#sync/domain/person-name.ts';

/** The workers of a page of a consulta as the company has them today: RUT, name, positions' and levels' names. */
export async function describeWorkers(db: Db, company: string, ids: readonly string[]): Promise<Map<string, ConsultaTrabajador>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const [workers, cargos] = await Promise.all([
    db
      .selectFrom('trabajadores as w')
      .leftJoin('niveles as n2', 'n2.IdNivel', 'w.IdNivel2')
      .leftJoin('niveles as n3', 'n3.IdNivel', 'w.IdNivel3')
      .select(['w.IdPersona', 'w.RunPersona', 'w.Nombres', 'w.ApellidoPaterno', 'w.ApellidoMaterno', 'w.RutContratista', 'n2.Nombre as Nivel2', 'n3.Nombre as Nivel3'])
      .where('w.IdEmpresa', '=', company)
      .where('w.IdPersona', 'in', unique)
      .execute(),
    db
      .selectFrom('trabajador_cargos as tc')
      .innerJoin('cargos as c', 'c.IdCargo', 'tc.IdCargo')
      .select(['tc.IdPersona', 'c.NombreCargo'])
      .where('tc.IdEmpresa', '=', company)
      .where('tc.IdPersona', 'in', unique)
      .where('c.Estado', '=', 1)
      .orderBy('c.NombreCargo')
      .execute(),
  ]);
  const cargosOf = new Map<string, string[]>();
  for (const row of cargos) cargosOf.set(row.IdPersona, [...(cargosOf.get(row.IdPersona) ?? []), row.NombreCargo]);
  const described = (worker: (typeof workers)[number]) =>
    v.parse(ConsultaTrabajadorSchema, {
      ...worker,
      Nombre: personName(worker),
      Cargos: (cargosOf.get(worker.IdPersona) ?? []).join(', '),
      Nivel2: worker.Nivel2 ?? '',
      Nivel3: worker.Nivel3 ?? '',
    });
  return new Map(workers.map((worker) => [worker.IdPersona, described(worker)]));
}

/** The company's active worker with this RUT (cleaned, "12345678-5"), or undefined. */
export async function findWorkerByRut(db: Db, company: string, rut: string): Promise<ConsultaTrabajador | undefined> {
  const row = await db.selectFrom('trabajadores').select('IdPersona').where('IdEmpresa', '=', company).where('Estado', '=', 1).where('RunPersona', '=', rut).executeTakeFirst();
  return row ? (await describeWorkers(db, company, [row.IdPersona])).get(row.IdPersona) : undefined;
}
