import type { EppCardRow } from '#sync/schemas/fiscales.schema.ts';
import type { WorkerRecords } from '#server/records/worker-records.ts';
import { buildEppActaReport } from './epp-acta-report.ts';
import { checkActaSeal } from './epp-verificacion.routes.ts';
import * as repo from './epp-entregas.repo.ts';

/** "Casco (1), Guantes (2)": an acta's items, in their order, with the quantity given. */
function itemsText(items: readonly { NombreEpp: string; Cantidad: number }[]): string {
  return items.map((item) => `${item.NombreEpp} (${item.Cantidad})`).join(', ');
}

/**
 * The actas a worker signed (by roster id, or by RUT for an acta whose worker left the roster), annulled ones
 * included (they are kept, and say so), each with its seal checked now exactly as the public verification checks it.
 * The PDF is the acta itself.
 */
export const eppWorkerRecords: WorkerRecords<'epp', 'eppActa'> = {
  card: 'epp',
  async list(deps, company, worker, period) {
    const rows = await deps.db
      .selectFrom('epp_entregas')
      .selectAll()
      .where('IdEmpresa', '=', company)
      .where('Estado', '=', 1)
      .where((eb) => eb.or([eb('IdPersona', '=', worker.IdPersona), eb('RunPersona', '=', worker.Rut)]))
      .where('Fecha', '>=', period.desde)
      .where('Fecha', '<=', period.hasta)
      .orderBy('Fecha', 'desc')
      .orderBy('FirmadoEn', 'desc')
      .orderBy('IdEntregadosEpp')
      .execute();
    const cards: EppCardRow[] = [];
    for (const row of rows) {
      const { acta, sealMatches } = await checkActaSeal(deps.db, row);
      cards.push({ Id: row.IdEntregadosEpp, Fecha: row.Fecha, Epp: itemsText(acta.Items), Sello: row.Sello, Verificacion: row.Anulada === 1 ? 'anulado' : sealMatches ? 'valido' : 'alterado' });
    }
    return cards;
  },
  report: {
    kind: 'eppActa',
    async build(deps, company, worker, id) {
      const acta = await repo.loadDelivery(deps.db, company, id);
      if (!acta || acta.Estado !== 1 || (acta.IdPersona !== worker.IdPersona && acta.RunPersona !== worker.Rut)) return undefined;
      return buildEppActaReport(deps, company, { kind: 'empresa' }, id, 'data-url');
    },
  },
};
