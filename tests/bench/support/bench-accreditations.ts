import type { Kysely } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { seedId } from '#server/seed/demo-seed.ts';
import { rutCheckDigit } from '#sync/domain/rut.ts';

/**
 * An accreditation row at `nivel2` for each of the first `count` bench workers (tests/bench/support/bench-workers.ts),
 * accredited until the end of next year under one bench contract, with its change-log row as the server keeps them,
 * in one transaction straight into the tables.
 */
type Loose = Kysely<Record<string, Record<string, unknown>>>;

export async function insertBenchAccreditations(
  db: Db,
  company: string,
  count: number,
  at: { nivel2: string; contractor: string },
): Promise<void> {
  const contract = seedId(company, 'bench-contrato', 1);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += 500) {
      const rows = Array.from({ length: Math.min(500, count - start) }, (_, offset) => {
        const i = start + offset;
        const body = String(30_000_000 + i);
        return {
          IdAcreditacion: seedId(company, 'bench-acreditacion', i),
          IdEmpresa: company,
          Estado: 1,
          Version: 1,
          VersionesCampos: '{}',
          IdPersona: seedId(company, 'bench', i),
          NombrePersona: `Nombre ${i} Apellido ${i % 997} Carga`,
          RunPersona: `${body}-${rutCheckDigit(body)}`,
          IdContrato: contract,
          IdNivel2: at.nivel2,
          RutContratista: at.contractor,
          Acreditado: 1,
          AcreditadoHasta: `${new Date().getUTCFullYear() + 1}-12-31`,
          Motivos: '[]',
        };
      });
      await (trx as unknown as Loose).insertInto('acreditaciones').values(rows).execute();
      await trx
        .insertInto('cambios')
        .values(
          rows.map(({ VersionesCampos: _fieldVersions, Motivos: _motivos, ...row }) => ({
            IdEmpresa: company,
            Tabla: 'acreditaciones',
            IdRegistro: row.IdAcreditacion,
            Operacion: 'upsert' as const,
            Fila: JSON.stringify({ ...row, Motivos: [] }),
            CreadoEn: new Date().toISOString(),
            Audiencia: `contratista:${at.contractor}`,
            Nivel2: at.nivel2,
            Nivel3: null,
          })),
        )
        .execute();
    }
  });
}
