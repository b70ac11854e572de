import type { Db } from '#server/db/database.ts';
import { workerSearchText } from '#server/records/search-words.ts';
import { toWireWorker, type WorkerRow } from '#server/modules/trabajadores/trabajadores.repo.ts';
import { seedId } from '#server/seed/demo-seed.ts';
import { rutCheckDigit } from '#sync/domain/rut.ts';
import { EMPTY_MEDICAL_DATE } from '#sync/schemas/trabajadores.schema.ts';

/**
 * `count` workers of the demo company with their change-log rows, as if registered over the years (the demo seed
 * adds 20 more), written in one transaction straight into the tables.
 */
export async function insertBenchWorkers(db: Db, company: string, count: number): Promise<void> {
  const cargo = seedId(company, 'cargo', 1);
  const level2 = seedId(company, 'nv2', 1);
  const level3 = seedId(company, 'nv3', 1);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += 500) {
      const rows: WorkerRow[] = Array.from({ length: Math.min(500, count - start) }, (_, offset) => {
        const i = start + offset;
        const body = String(30_000_000 + i);
        const names = { RunPersona: `${body}-${rutCheckDigit(body)}`, Nombres: `Nombre ${i}`, ApellidoPaterno: `Apellido ${i % 997}`, ApellidoMaterno: 'Carga' };
        return {
          ...names,
          IdPersona: seedId(company, 'bench', i),
          IdEmpresa: company,
          IdNivel2: level2,
          IdNivel3: level3,
          IdNivel4: null,
          TipoEmpresa: 1,
          RutContratista: null,
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
            Audiencia: 'empresa',
          })),
        )
        .execute();
    }
  });
}
