import type { Db } from '#server/db/database.ts';
import { workerSearchText } from '#server/records/search-words.ts';
import { toWireWorker, type WorkerRow } from '#server/modules/trabajadores/trabajadores.repo.ts';
import { seedId } from '#server/seed/demo-seed.ts';
import { rutCheckDigit } from '#sync/domain/rut.ts';
import { EMPTY_MEDICAL_DATE } from '#sync/schemas/trabajadores.schema.ts';

/** Where bench workers work: a level 2 and, if any, one of its levels 3. */
export interface BenchWorksite {
  nivel2: string;
  nivel3: string | null;
}

/**
 * `count` workers of the demo company with their change-log rows, as if registered over the years (the demo seed
 * adds 20 more), written in one transaction straight into the tables. Worker i works at `worksites[i % length]`
 * (by default all at Faena Los Andes, Obras Civiles), and its change row carries those levels as every write of a
 * worker does (SPEC PL13), so a device scoped to a worksite pulls only its share. With `contractor`, all are that
 * contractor's workers.
 */
export async function insertBenchWorkers(
  db: Db,
  company: string,
  count: number,
  worksites?: readonly BenchWorksite[],
  contractor: string | null = null,
): Promise<void> {
  const cargo = seedId(company, 'cargo', 1);
  const places = worksites?.length ? worksites : [{ nivel2: seedId(company, 'nv2', 1), nivel3: seedId(company, 'nv3', 1) }];
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += 500) {
      const rows: WorkerRow[] = Array.from({ length: Math.min(500, count - start) }, (_, offset) => {
        const i = start + offset;
        const place = places[i % places.length]!;
        const body = String(30_000_000 + i);
        const names = { RunPersona: `${body}-${rutCheckDigit(body)}`, Nombres: `Nombre ${i}`, ApellidoPaterno: `Apellido ${i % 997}`, ApellidoMaterno: 'Carga' };
        return {
          ...names,
          IdPersona: seedId(company, 'bench', i),
          IdEmpresa: company,
          IdNivel2: place.nivel2,
          IdNivel3: place.nivel3,
          IdNivel4: null,
          TipoEmpresa: contractor ? 2 : 1,
          RutContratista: contractor,
          FichaMedica: null,
          FechaFichaMedica: EMPTY_MEDICAL_DATE,
          FichaMedicaAnterior: null,
          Firma: null,
          FirmaAnterior: null,
          CorreoPersonal: '',
          ConsentimientoCorreo: null,
          Licencias: '[]',
          Certificaciones: '[]',
          Evidencias: '[]',
          Busqueda: workerSearchText(names),
          Estado: 1,
          Version: 1,
          VersionesCampos: '{}',
        };
      });
      await trx.insertInto('trabajadores').values(rows).execute();
      await trx.insertInto('trabajador_cargos').values(rows.map((row) => ({ IdPersona: row.IdPersona, IdCargo: cargo, IdEmpresa: company }))).execute();
      await trx
        .insertInto('cambios')
        .values(
          rows.map((row) => ({
            IdEmpresa: company,
            Tabla: 'trabajadores',
            IdRegistro: row.IdPersona,
            Operacion: 'upsert' as const,
            Fila: JSON.stringify(toWireWorker(row, [cargo])),
            CreadoEn: new Date().toISOString(),
            Audiencia: contractor ? `contratista:${contractor}` : 'empresa',
            Nivel2: row.IdNivel2,
            Nivel3: row.IdNivel3,
          })),
        )
        .execute();
    }
  });
}
