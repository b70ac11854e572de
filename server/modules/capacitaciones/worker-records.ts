import type { CapacitacionCardRow } from '#sync/schemas/fiscales.schema.ts';
import type { WorkerRecords } from '#server/records/worker-records.ts';
import { buildCertificate } from './certificado.data.ts';

/**
 * The realised sessions a worker attended: one row per attendance (its id is the certificate's), dated by the
 * realisation, named as the app names a session (its topic, with its type when the topic does not already say it).
 * Only live attendances of live sessions (`Activa`), marked attended. The PDF is the training certificate.
 */
export const capacitacionesWorkerRecords: WorkerRecords<'capacitaciones', 'certificado-capacitacion'> = {
  card: 'capacitaciones',
  async list(deps, company, worker, period) {
    const rows = await deps.db
      .selectFrom('capacitacion_participantes as p')
      .innerJoin('capacitaciones as c', 'c.IdCapacitacion', 'p.IdCapacitacion')
      .leftJoin('tipos_capacitacion as t', (join) => join.onRef('t.IdTipoCapacitacion', '=', 'c.IdTipoCapacitacion').onRef('t.IdEmpresa', '=', 'c.IdEmpresa'))
      .select(['p.Id', 'p.FechaRealizacion', 'c.Tema', 't.Nombre as TipoNombre'])
      .where('p.IdEmpresa', '=', company)
      .where('p.IdPersona', '=', worker.IdPersona)
      .where('p.Activa', '=', 1)
      .where('p.Realizada', '=', 1)
      .where('p.Asistio', '=', 1)
      .where('c.Estado', '=', 1)
      .where('p.FechaRealizacion', '>=', period.desde)
      .where('p.FechaRealizacion', '<=', period.hasta)
      .orderBy('p.FechaRealizacion', 'desc')
      .orderBy('p.Id')
      .execute();
    return rows.map((row): CapacitacionCardRow => {
      const tema = row.Tema.trim();
      const tipo = (row.TipoNombre ?? '').trim();
      const named = !tipo || tema.toLowerCase().includes(tipo.toLowerCase()) ? tema || tipo : tema ? `${tema} (${tipo})` : tipo;
      return { Id: row.Id, Fecha: row.FechaRealizacion ?? '', Capacitacion: named };
    });
  },
  report: {
    kind: 'certificado-capacitacion',
    async build(deps, company, worker, id) {
      const attendance = await deps.db
        .selectFrom('capacitacion_participantes')
        .select('Id')
        .where('IdEmpresa', '=', company)
        .where('Id', '=', id)
        .where('IdPersona', '=', worker.IdPersona)
        .where('Activa', '=', 1)
        .where('Realizada', '=', 1)
        .where('Asistio', '=', 1)
        .executeTakeFirst();
      if (!attendance) return undefined;
      return buildCertificate(deps, company, { kind: 'empresa' }, id, 'data-url');
    },
  },
};
