import { Hono } from 'hono';
import * as v from 'valibot';
import { toWireDate } from '#sync/domain/dates.ts';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import {
  CONSULTA_ROWS,
  CONSULTAS_MESSAGES,
  type ConsultaFilaByKind,
  ConsultaQuerySchema,
  type EppConsulta,
  InformeSatPathSchema,
  InformeSatSchema,
} from '#sync/schemas/epp-consultas.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { HttpError } from '#server/http/http-error.ts';
import { reportListRoute } from '#server/records/report-lists/report-list-route.ts';
import { readRoute } from '#server/http/read-route.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
import { CONSULTAS as QUERIES } from './consultas.query.ts';
import { informeSat } from './informe-sat.query.ts';

const tags = ['epp consultas'];
const RutPath = v.object({ rut: v.string(), company: v.string() });
const DASHBOARD = '/dashboard/epp';
const SOLICITUDES = '/epp/solicitudes';

const FILTERS =
  'Filtros: nv2, nv3 (niveles del trabajador), IdCargo, FechaInicio y FechaTermino (AAAA-MM-DD, fecha de la entrega; en entregados, vencidos y epp_vencidos), RutContratista (un usuario de la empresa; el de una contratista ve solo lo suyo, el de un cliente solo lo entregado para él), Pagina y PorPagina (máx. 1000). { statusCode, data, total, Pagina, PorPagina }';

/**
 * Each consulta (spec 2.3: epp/consultas/{nombre}, and two solicitud calls that answer the same), what it answers,
 * and who may read it: the consulta's own route, and the screens that show it too.
 */
type ConsultaRoute<K extends EppConsulta = EppConsulta> = { name: K; summary: string; path?: string; shownIn?: string[] };
const CONSULTAS: ConsultaRoute[] = [
  { name: 'asignados', summary: 'EPP asignado: por trabajador, cada EPP que exigen sus cargos más lo suyo (AsignadoFila).' },
  {
    name: 'entregados',
    summary: 'EPP entregado: cada línea de las actas no anuladas, con talla, cantidad, fecha y VenceEl (EntregadoFila).',
  },
  {
    name: 'vencidos',
    shownIn: [DASHBOARD],
    summary:
      'Trabajadores con EPP vencido: al menos una línea pasada su vida útil sin una entrega posterior válida del mismo EPP; vida útil 0 no vence ' +
        '(VencidoFila).',
  },
  { name: 'epp_vencidos', shownIn: [DASHBOARD], summary: 'EPP vencidos: las líneas vencidas y no renovadas, por EPP (EntregadoFila).' },
  {
    name: 'pendientes_entrega',
    shownIn: [DASHBOARD],
    summary:
      'EPP pendiente de entrega: por trabajador, cada EPP exigido del que no tiene una entrega válida (no vencida, no anulada) (PendienteFila).',
  },
  {
    path: '/solicitud/informes/informe_vencidos',
    name: 'vencidos',
    shownIn: [SOLICITUDES, DASHBOARD],
    summary: 'Lo mismo que consultas/vencidos (spec solicitud/informes/informe_vencidos).',
  },
  {
    path: '/solicitud/informes/informe_pendientes',
    name: 'pendientes_entrega',
    shownIn: [SOLICITUDES, DASHBOARD],
    summary: 'Lo mismo que consultas/pendientes_entrega (spec solicitud/informes/informe_pendientes).',
  },
];

/** The row of each consulta, typed: each schema must match what its consulta runs. */
const ROWS: { [K in EppConsulta]: v.GenericSchema<unknown, ConsultaFilaByKind[K]> } = CONSULTA_ROWS;

function consultaRoute<K extends EppConsulta>(app: Hono<AppEnv>, { name, summary, path, shownIn = [] }: ConsultaRoute<K>) {
  const access = permissionsOf([`/epp/consultas/${name}`, ...shownIn])('index');
  const spec = { tags, summary: `${summary} ${FILTERS}`, row: ROWS[name], query: ConsultaQuerySchema, access };
  app.route('/', reportListRoute(path ?? `/consultas/${name}`, spec, (scope) => QUERIES[name](scope)));
}

/**
 * The EPP consultas (spec 2.3 routes epp/consultas/asignados, entregados, vencidos, epp_vencidos,
 * pendientes_entrega) as GET /api/epp/consultas/{nombre}/{company}; the spec's calls
 * solicitud/informes/informe_vencidos and informe_pendientes answer the same as vencidos and pendientes_entrega;
 * and the informe SAT of one worker (GET informes/informe_sat/{rut}/{company}).
 */
export const eppConsultasRoutes = (() => {
  const app = new Hono<AppEnv>().use(requireSession);
  for (const each of CONSULTAS) consultaRoute(app, each);
  const summary =
    'Informe SAT de un trabajador por su RUT: lo que tiene hoy (por EPP, la última entrega válida: talla, cantidad, entregado el, vence el, ' +
    'código del acta) y su historial de entregas (anuladas marcadas). { statusCode, data: InformeSat }; 400 si el RUT no es válido; 404 si no ' +
    'es un trabajador de la empresa visible para el usuario.';
  const access = permissionsOf('/epp/informe_sat')('index');
  const spec = { tags, summary, described: 'El informe SAT del trabajador', answer: dataAnswer(InformeSatSchema), params: RutPath, access };
  return app.route(
    '/',
    readRoute('/informes/informe_sat/:rut/:company', spec, async (c, { params }) => {
      const parsed = v.safeParse(InformeSatPathSchema, params);
      if (!parsed.success) throw new HttpError(400, parsed.issues[0].message, 'VALIDACION');
      const { company, viewer } = c.get('session');
      const { db, now } = c.get('deps');
      const data = await informeSat(db, company, viewer, parsed.output.rut, toWireDate(now()));
      if (!data) throw new HttpError(404, CONSULTAS_MESSAGES.workerNotFound, 'NO_ENCONTRADO');
      return { statusCode: 200, data };
    }),
  );
})();
