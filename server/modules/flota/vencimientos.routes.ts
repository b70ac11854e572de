import {
  type VencimientoFlotaRow,
  VencimientoFlotaRowSchema,
  type VencimientosFlotaQuery,
  VencimientosFlotaQuerySchema,
} from '#sync/schemas/flota-vencimientos.schema.ts';
import { reportListRoute, type ReportScope } from '#server/records/report-lists/report-list-route.ts';
import { reportPage } from '#server/records/report-lists/report-page.ts';
import { permit } from '#server/tenancy/permit.ts';
import { canSeeContractorRows } from '#server/tenancy/viewer.ts';
import { fleetAssets, fleetNames, fleetOperators } from './vencimientos-data.ts';
import { expiryRows, filterRows, sortRows } from './vencimientos-rows.ts';

const PERMISSION = '/vehiculos/vencimientos';

/**
 * Read whole and paged here: a row's state follows from the asset's type, its latest certificate of each class, its
 * current reading and its operators' records, which no single query holds. A contractor sees its own assets' rows
 * (the stores' audience) and of their operators its own workers; a client user, none.
 */
async function readReport({ db, company, viewer, today, query }: ReportScope<VencimientosFlotaQuery>) {
  if (viewer.kind === 'cliente') return reportPage<VencimientoFlotaRow>(query, [], 0);
  const assets = await fleetAssets(db, company, viewer);
  const workers = await fleetOperators(db, company, assets.flatMap((asset) => asset.operators));
  // SPEC PL7: a contractor user reads its own workers only; another's operator of its asset is not named to it.
  const operators = new Map([...workers].filter(([, worker]) => canSeeContractorRows(viewer, worker)));
  const names = await fleetNames(db, company);
  const rows = sortRows(filterRows(expiryRows(assets, { today, operators, ...names }), query));
  const start = (query.Pagina - 1) * query.PorPagina;
  return reportPage(query, rows.slice(start, start + query.PorPagina), rows.length);
}

/** GET /api/vehiculos/vencimientos/{company}: mounted before the vehicles' detail, whose path has the same shape. */
export const vencimientosRoutes = reportListRoute(
  '/vencimientos',
  {
    tags: ['vehiculos', 'equipos', 'instalaciones'],
    summary:
      'Vencimientos de flota: certificaciones de vehículos, equipos e instalaciones por vencer (30 días o el último décimo del ' +
      'intervalo por lectura) o vencidas, las obligatorias sin registrar, y las licencias y certificaciones de sus operadores por ' +
      'vencer, vencidas o faltantes; la que vence antes primero. ?nv2 &RutContratista &Situacion (por-vencer, vencida, ' +
      'sin-registrar) &Sujeto (activo, operador) &Pagina &PorPagina. { statusCode, data: VencimientoFlotaRow[], total, Pagina, PorPagina }',
    described: 'Una página de vencimientos de flota',
    row: VencimientoFlotaRowSchema,
    query: VencimientosFlotaQuerySchema,
    access: permit(PERMISSION, 'index'),
  },
  readReport,
);
