import { EppDashboardFiltersAnswer } from '#sync/schemas/epp-answers.schema.ts';
import { EPP_DASHBOARD, EppDashboardQuerySchema, EppRecordsAnswerSchema, EppRecordsQuerySchema } from '#sync/schemas/epp-dashboard.schema.ts';
import { levelLists } from '#server/records/dashboard-levels.ts';
import { dashboardRead, dashboardRecords, indicatorRoutes } from '#server/records/indicators/indicator-routes.ts';
import { EPP_INDICATOR_ANSWERS } from './dashboard-indicadores.ts';
import { eppRecords } from './dashboard-registros.ts';

const FILTER_OPTIONS = 'Opciones de los filtros: { statusCode, data: { nv2, nv3, cargos } }';
const RECORDS =
  `Registros detrás de una cifra, por páginas: { statusCode, titulo, formula, data, total, Pagina, PorPagina }. ?indicador (sin él, ` +
  `todas las líneas entregadas del período) ${EPP_DASHBOARD.filtersNote} &Tipo y los registros del punto (desde, hasta, IdEpp, Mes, IdNivel, ` +
  `Motivo, Capacitado) &Pagina &PorPagina`;

const RECORDS_READ = { summary: RECORDS, answer: EppRecordsAnswerSchema, query: EppRecordsQuerySchema };

/**
 * GET /api/epp/dashboard/<indicador>/{company} (spec part 2, "EPP", Dashboard: all with Cargo), its filter options
 * and /registros/{company}?indicador=... the records behind a figure. Contractor and client users count only their
 * own (server-enforced, dashboardScope).
 */
export const eppDashboardRoutes = indicatorRoutes(EPP_DASHBOARD, EppDashboardQuerySchema, EPP_INDICATOR_ANSWERS)
  .route(
    '/',
    dashboardRead(EPP_DASHBOARD, 'filtros', { summary: FILTER_OPTIONS, answer: EppDashboardFiltersAnswer }, async (c) => {
      const { db, records } = c.get('deps');
      const { company, viewer } = c.get('session');
      const [levels, cargos] = await Promise.all([levelLists(c), records.cargos.listActive(db, company, viewer)]);
      const byName = (a: { NombreCargo: string }, b: { NombreCargo: string }) => a.NombreCargo.localeCompare(b.NombreCargo, 'es');
      const options = cargos.map((cargo) => ({ IdCargo: cargo.IdCargo, NombreCargo: cargo.NombreCargo })).sort(byName);
      return { statusCode: 200 as const, data: { ...levels, cargos: options } };
    }),
  )
  .route('/', dashboardRecords(EPP_DASHBOARD, 'registros', RECORDS_READ, eppRecords));
