import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
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
import { answers } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { reportListRoute } from '#server/records/report-lists/report-list-route.ts';
import { validate } from '#server/http/validation.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { requireOwnCompany, requireSession } from '#server/tenancy/require-session.ts';
import { runConsulta } from './consultas.query.ts';
import { informeSat } from './informe-sat.query.ts';

const tags = ['epp consultas'];
const security = [{ bearerAuth: [] }];
const InformeSatAnswer = dataAnswer(InformeSatSchema);
const sat = (summary: string) =>
  describeRoute({ tags, security, summary, responses: answers(InformeSatAnswer, 'El informe SAT del trabajador') });
const RutPath = v.object({ rut: v.string(), company: v.string() });
const DASHBOARD = '/dashboard/epp';
const SOLICITUDES = '/epp/solicitudes';

const FILTERS =
  'Filtros: nv2, nv3 (niveles del trabajador), IdCargo, FechaInicio y FechaTermino (AAAA-MM-DD, fecha de la entrega; en entregados, vencidos y epp_vencidos), RutContratista (un usuario de la empresa; el de una contratista ve solo lo suyo, el de un cliente solo lo entregado para él), Pagina y PorPagina (máx. 1000). { statusCode, data, total, Pagina, PorPagina }';

/** Each consulta (spec 2.3: epp/consultas/{nombre}, and two solicitud calls that answer the same), who may read it, what it answers. */
const CONSULTAS: { name: EppConsulta; readers: string[]; summary: string; path?: string }[] = [
  {
    name: 'asignados',
    readers: ['/epp/consultas/asignados'],
    summary: 'EPP asignado: por trabajador, cada EPP que exigen sus cargos más lo suyo (AsignadoFila).',
  },
  {
    name: 'entregados',
    readers: ['/epp/consultas/entregados'],
    summary: 'EPP entregado: cada línea de las actas no anuladas, con talla, cantidad, fecha y VenceEl (EntregadoFila).',
  },
  {
    name: 'vencidos',
    readers: ['/epp/consultas/vencidos', DASHBOARD],
    summary:
      'Trabajadores con EPP vencido: al menos una línea pasada su vida útil sin una entrega posterior válida del mismo EPP; vida útil 0 no vence ' +
        '(VencidoFila).',
  },
  {
    name: 'epp_vencidos',
    readers: ['/epp/consultas/epp_vencidos', DASHBOARD],
    summary: 'EPP vencidos: las líneas vencidas y no renovadas, por EPP (EntregadoFila).',
  },
  {
    name: 'pendientes_entrega',
    readers: ['/epp/consultas/pendientes_entrega', DASHBOARD],
    summary:
      'EPP pendiente de entrega: por trabajador, cada EPP exigido del que no tiene una entrega válida (no vencida, no anulada) (PendienteFila).',
  },
  {
    path: '/solicitud/informes/informe_vencidos',
    name: 'vencidos',
    readers: ['/epp/consultas/vencidos', SOLICITUDES, DASHBOARD],
    summary: 'Lo mismo que consultas/vencidos (spec solicitud/informes/informe_vencidos).',
  },
  {
    path: '/solicitud/informes/informe_pendientes',
    name: 'pendientes_entrega',
    readers: ['/epp/consultas/pendientes_entrega', SOLICITUDES, DASHBOARD],
    summary: 'Lo mismo que consultas/pendientes_entrega (spec solicitud/informes/informe_pendientes).',
  },
];

/** The row of each consulta, typed: each schema must match what its consulta runs. */
const ROWS: { [K in EppConsulta]: v.GenericSchema<unknown, ConsultaFilaByKind[K]> } = CONSULTA_ROWS;

function consultaRoute<K extends EppConsulta>(app: Hono<AppEnv>, path: string, name: K, readers: string[], summary: string) {
  const spec = { tags, summary: `${summary} ${FILTERS}`, row: ROWS[name], query: ConsultaQuerySchema, access: permissionsOf(readers)('index') };
  app.route('/', reportListRoute(path, spec, (scope) => runConsulta(name, scope)));
}

/**
 * The EPP consultas (spec 2.3 routes epp/consultas/asignados, entregados, vencidos, epp_vencidos,
 * pendientes_entrega) as GET /api/epp/consultas/{nombre}/{company}; the spec's calls
 * solicitud/informes/informe_vencidos and informe_pendientes answer the same as vencidos and pendientes_entrega;
 * and the informe SAT of one worker (GET informes/informe_sat/{rut}/{company}).
 */
export const eppConsultasRoutes = (() => {
  const app = new Hono<AppEnv>().use(requireSession);
  for (const { name, readers, summary, path } of CONSULTAS) consultaRoute(app, path ?? `/consultas/${name}`, name, readers, summary);
  return app.get(
    '/informes/informe_sat/:rut/:company',
    sat(
      'Informe SAT de un trabajador por su RUT: lo que tiene hoy (por EPP, la última entrega válida: talla, cantidad, entregado el, vence el, código del acta) y su historial de entregas (anuladas marcadas). { statusCode, data: InformeSat }; 400 si el RUT no es válido; 404 si no es un trabajador de la empresa visible para el usuario.',
    ),
    validate('param', RutPath),
    requireOwnCompany,
    permissionsOf('/epp/informe_sat')('index'),
    async (c) => {
      const parsed = v.safeParse(InformeSatPathSchema, c.req.valid('param'));
      if (!parsed.success) throw new HttpError(400, parsed.issues[0].message, 'VALIDACION');
      const { company, viewer } = c.get('session');
      const { db, now } = c.get('deps');
      const data = await informeSat(db, company, viewer, parsed.output.rut, toWireDate(now()));
      if (!data) throw new HttpError(404, CONSULTAS_MESSAGES.workerNotFound, 'NO_ENCONTRADO');
      return c.json({ statusCode: 200, data } satisfies v.InferOutput<typeof InformeSatAnswer>);
    },
  );
})();
