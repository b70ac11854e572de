import { sql } from 'kysely';
import { addDays } from '#sync/domain/dates.ts';
import {
  InformeDocumentoRowSchema,
  type InformeDocumentoRow,
  InformeDocumentosQuerySchema,
  type InformeDocumentosQuery,
  WARNING_DAYS,
} from '#sync/schemas/contratistas-informe.schema.ts';
import { documentoRequisitoEntity } from '#sync/schemas/contratistas-documentos.schema.ts';
import { reportListRoute } from '#server/records/report-lists/report-list-route.ts';
import { pagedRows, reportPage } from '#server/records/report-lists/report-page.ts';
import { permit } from '#server/tenancy/permit.ts';
import type { ReportScope } from '#server/records/report-lists/report-list-route.ts';

/** Falling due within the warning days, already due, or rejected; a contractor sees its own and its subcontractors'. */
async function readReport({ db, company, viewer, today, query }: ReportScope<InformeDocumentosQuery>) {
  const soon = addDays(today, WARNING_DAYS);
  const situation = sql<number>`CASE WHEN "EstadoDocumento" = 'rechazado' THEN 3 WHEN "FechaVencimiento" < ${today} THEN 2 ELSE 1 END`;
  type Raw = Omit<InformeDocumentoRow, 'Situacion'> & { Situacion: number };
  const { rows, total } = await pagedRows<Raw>(query, ({ limit, offset }) => {
    let select = db
      .selectFrom('documentos_requisito')
      .select(['IdDocumento', 'NombreRequisito', 'RutContratista', 'NombrePersona', 'NombreActivo', 'Mes', 'FechaVencimiento', 'Motivo'])
      .select(situation.as('Situacion'))
      .select(sql<number>`COUNT(*) OVER ()`.as('total'))
      .where('IdEmpresa', '=', company)
      .where('Estado', '=', 1)
      .where((eb) =>
        eb.or([
          eb('EstadoDocumento', '=', 'rechazado'),
          eb.and([eb('EstadoDocumento', '=', 'aprobado'), eb('FechaVencimiento', '!=', ''), eb('FechaVencimiento', '<=', soon)]),
        ]),
      );
    if (viewer.kind === 'contratista') {
      const rut = viewer.rut;
      // Superiores is a JSON list of RUTs: each one quoted, no LIKE wildcard in a RUT.
      select = select.where((eb) => eb.or([eb('RutContratista', '=', rut), eb('Superiores', 'like', `%${JSON.stringify(rut)}%`)]));
    }
    if (viewer.kind === 'cliente') select = select.where(sql<boolean>`1 = 0`);
    if (query.RutContratista) select = select.where('RutContratista', '=', query.RutContratista);
    const worker = query.Trabajador.toLowerCase().replace(/[%_\\]/g, '');
    // A worker's name, or a vehicle's plate or machine's code and name: a document names one of them.
    if (worker) select = select.where(sql`lower("NombrePersona" || "NombreActivo")`, 'like', `%${worker}%`);
    if (query.Situacion) select = select.where(situation, '=', Number(query.Situacion));
    return select.orderBy('FechaVencimiento').orderBy('NombreRequisito').orderBy('IdDocumento').limit(limit).offset(offset).execute();
  });
  return reportPage(query, rows.map((row) => ({ ...row, Situacion: Number(row.Situacion) as 1 | 2 | 3 })), total);
}

export const informeRoutes = reportListRoute(
  '/gestion-requisitos/informe',
  {
    tags: [documentoRequisitoEntity.table],
    summary:
      'Documentos de requisitos por vencer (30 días), vencidos o rechazados, el que vence antes primero, por páginas. ' +
      '?Situacion (1 por vencer, 2 vencido, 3 rechazado) &RutContratista &Trabajador &Pagina &PorPagina. ' +
      '{ statusCode, data: InformeDocumentoRow[], total, Pagina, PorPagina }',
    described: 'Una página de documentos por vencer, vencidos o rechazados',
    row: InformeDocumentoRowSchema,
    query: InformeDocumentosQuerySchema,
    access: permit(documentoRequisitoEntity.permission, 'index'),
  },
  readReport,
);
