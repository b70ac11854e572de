import type { ObservacionCardRow } from '#sync/schemas/fiscales.schema.ts';
import type { WorkerRecords } from '#server/records/worker-records.ts';
import { buildChecklistReport } from './report-data.ts';

/**
 * The inspections where a worker was observed (`Observados`, a JSON list of roster ids): finished ones only (every
 * stored inspection is finished, IN2; Estado 0 is a deleted one), with the compliance and grade the server computed
 * when it was written (sync/domain/compliance.ts). The PDF is the checklist report the office prints.
 */
export const inspeccionesWorkerRecords: WorkerRecords<'observaciones', 'checklist'> = {
  card: 'observaciones',
  async list(deps, company, worker, period) {
    // Ids are UUIDs (no LIKE wildcard in one); the list holds each id quoted.
    if (/[%_\\"]/.test(worker.IdPersona)) return [];
    const rows = await deps.db
      .selectFrom('evaluaciones')
      .select(['IdEvaluacion', 'Fecha', 'NombreFormulario', 'Porcentaje', 'Nota'])
      .where('IdEmpresa', '=', company)
      .where('Estado', '=', 1)
      .where('Observados', 'like', `%${JSON.stringify(worker.IdPersona)}%`)
      .where('Fecha', '>=', period.desde)
      .where('Fecha', '<=', period.hasta)
      .orderBy('Fecha', 'desc')
      .orderBy('FinalizadaEn', 'desc')
      .orderBy('IdEvaluacion')
      .execute();
    return rows.map((row): ObservacionCardRow => ({
      Id: row.IdEvaluacion,
      Fecha: row.Fecha,
      Checklist: row.NombreFormulario,
      Cumplimiento: row.Porcentaje,
      Nota: row.Nota,
    }));
  },
  report: {
    kind: 'checklist',
    async build(deps, company, worker, id) {
      const row = await deps.db
        .selectFrom('evaluaciones')
        .select(['Observados', 'Estado'])
        .where('IdEmpresa', '=', company)
        .where('IdEvaluacion', '=', id)
        .executeTakeFirst();
      if (!row || row.Estado !== 1 || !(JSON.parse(row.Observados) as string[]).includes(worker.IdPersona)) return undefined;
      return buildChecklistReport(deps, company, { kind: 'empresa' }, id, 'data-url');
    },
  },
};
