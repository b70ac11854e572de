import {
  CONTRATISTAS_DASHBOARD,
  ContratistasRecordsAnswerSchema,
  ContratistasRecordsQuerySchema,
} from '#sync/schemas/contratistas-dashboard.schema.ts';
import { DashboardQuerySchema } from '#sync/schemas/dashboard-filters.schema.ts';
import { dashboardRecords, indicatorRoutes } from '#server/records/indicators/indicator-routes.ts';
import { cumplimiento } from './dashboard-cumplimiento.ts';
import { gestionInconformidades } from './dashboard-inconformidades.ts';
import { contratistasRecords } from './dashboard-registros.ts';
import { riskIndicator } from './dashboard-riesgo.ts';

const RECORDS =
  'Registros detrás de una cifra, por páginas: { statusCode, titulo, formula, data, total, Pagina, PorPagina }; cada registro dice su Tipo ' +
  `(documento, inconformidad, inspeccion). ?indicador (sin él, las inconformidades del período) ${CONTRATISTAS_DASHBOARD.filtersNote} y los registros del punto (desde, hasta, ` +
  'Contratista, IdCargo, Faena) &Pagina &PorPagina';

/**
 * GET /api/gestion-contratista/dashboard/<indicador>/{company} (issue 37), the level names and /registros/{company}
 * the records behind a figure. A contractor user counts its own company and its contracts' subcontractors; a client
 * user, the inspections made for it (server-enforced, dashboard-alcance.ts).
 */
export const dashboardRoutes = indicatorRoutes(CONTRATISTAS_DASHBOARD, DashboardQuerySchema, {
  cumplimiento,
  'gestion-inconformidades': gestionInconformidades,
  'nivel-riesgo-cargos': riskIndicator('nivel-riesgo-cargos'),
  'nivel-riesgo-operaciones': riskIndicator('nivel-riesgo-operaciones'),
}).route(
  '/',
  dashboardRecords(
    CONTRATISTAS_DASHBOARD,
    'registros',
    { summary: RECORDS, answer: ContratistasRecordsAnswerSchema, query: ContratistasRecordsQuerySchema },
    contratistasRecords,
  ),
);
