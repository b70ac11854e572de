import { entityOf } from '#sync/records/entities.ts';
import type { EppEntrega } from '#sync/schemas/epp-entregas.schema.ts';
import { localWrite } from '#app/data/local-write.ts';
import { callPath } from '#app/records/record-writes.ts';

/**
 * SPEC EP3: annulling an acta (the spec's DELETE) keeps it, marked with who and when; the device shows it annulled
 * at once and the server sets its own time. `?Version` is the version the person saw (CF2).
 */
export async function annulActa(row: EppEntrega, by: string): Promise<void> {
  const entity = entityOf('epp_entregas');
  await localWrite({
    table: 'epp_entregas',
    id: row.IdEntregadosEpp,
    row: { ...row, Anulada: 1, AnuladaPor: by, AnuladaEn: new Date().toISOString(), Version: row.Version + 1 },
    request: { method: 'DELETE', path: `${callPath(entity, 'remove', row)}?Version=${row.Version}` },
  });
}
