import { Hono, type Context } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { EppDispatchersAnswer, EppRequestWorkersAnswer } from '#sync/schemas/epp-answers.schema.ts';
import {
  DespachoMasivoSchema,
  DespachoSchema,
  EPP_SOLICITUDES_MESSAGES,
  eppSolicitudEntity,
  EppSolicitudSchema,
} from '#sync/schemas/epp-solicitudes.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { readRoute } from '#server/http/read-route.ts';
import { parseOrRefuse, validate } from '#server/http/validation.ts';
import { recordRoutes } from '#server/records/record-routes.ts';
import { writeContext } from '#server/records/write-answer.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { requireOwnCompany, requireSession } from '#server/tenancy/require-session.ts';
import { eppSolicitudRules } from './epp-solicitudes.rules.ts';
import { dispatchRequests, undoDispatch } from './epp-solicitudes.service.ts';
import { personName } from '#sync/domain/person-name.ts';

const tags = [eppSolicitudEntity.table];
const security = [{ bearerAuth: [] }];
const can = permissionsOf(eppSolicitudEntity.permission);
/** Any text: an id no request has is simply not found (404), never a 400. */
const RequestPath = v.object({ id: v.pipe(v.string(), v.trim(), v.toLowerCase()) });
const RequestCompanyPath = v.object({ id: v.pipe(v.string(), v.trim(), v.toLowerCase()), company: v.string() });
const written = (description: string, data: v.GenericSchema) => ({
  200: {
    description,
    content: { 'application/json': { schema: resolver(v.object({ statusCode: v.literal(200), message: v.string(), data })) } },
  },
});

/** The call's fields as the spec sends them (query) or in a JSON body; the body wins where both name one. */
async function fieldsOf(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const body = (c.req.header('content-type') ?? '').includes('application/json') ? ((await c.req.json().catch(() => ({}))) as unknown) : {};
  return { ...c.req.query(), ...(body && typeof body === 'object' && !Array.isArray(body) ? body : {}) };
}

/** Enabled users of the company whose role may dispatch requests (the dispatch dialog offers them). */
async function dispatchers(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const rows = await db
    .selectFrom('usuarios')
    .innerJoin('rol_permisos', 'rol_permisos.IdRol', 'usuarios.IdRol')
    .innerJoin('submodulos', 'submodulos.IdSubmodulo', 'rol_permisos.IdSubmodulo')
    .select([
      'usuarios.IdUsuario',
      'usuarios.Nombres',
      'usuarios.ApellidoPaterno',
      'usuarios.ApellidoMaterno',
      'usuarios.RunPersona',
      'rol_permisos.Acciones',
    ])
    .where('usuarios.IdEmpresa', '=', c.get('session').company)
    .where('usuarios.Habilitado', '=', 1)
    .where('usuarios.Tipo', '=', 'empresa')
    .where('submodulos.Ruta', '=', eppSolicitudEntity.permission)
    .orderBy('usuarios.ApellidoPaterno')
    .orderBy('usuarios.Nombres')
    .orderBy('usuarios.IdUsuario')
    .execute();
  return rows
    .filter((row) => row.Acciones.split(',').includes('despachar'))
    .map((row) => {
      const [rut = '', dv = ''] = row.RunPersona.split('-');
      return { IdUsuario: row.IdUsuario, Nombre: personName(row), RutDespachador: rut, DvDespachador: dv };
    });
}

/**
 * The dispatch calls and the request screens' lists. Mounted BEFORE the kit's calls: `POST solicitud/despacho-masivo`
 * has the shape of the create `POST solicitud/{company}` and must be matched first.
 */
export const eppSolicitudesDespachoRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .post(
    '/solicitud/despacho-masivo',
    describeRoute({
      tags,
      security,
      summary:
        'Despacha varias solicitudes pendientes a la vez: { Ids, FechaDespacho, CodigoDespacho, RutDespachador, DvDespachador, NombreDespachador, IdUsuario } en el cuerpo o en la consulta. Todas o ninguna: 404 si una no existe, 409 SOLICITUD_DESPACHADA si una ya no está pendiente',
      responses: written('Solicitudes despachadas', v.array(EppSolicitudSchema)),
    }),
    can('despachar'),
    async (c) => {
      const { Ids, ...despacho } = parseOrRefuse(DespachoMasivoSchema, await fieldsOf(c));
      const data = await dispatchRequests(writeContext(c), Ids, despacho);
      return c.json({
        statusCode: 200 as const,
        message: data.length === 1 ? EPP_SOLICITUDES_MESSAGES.dispatched : EPP_SOLICITUDES_MESSAGES.dispatchedMany,
        data,
      });
    },
  )
  .post(
    '/solicitud/despacho/:id',
    describeRoute({
      tags,
      security,
      summary:
        'Despacha una solicitud pendiente (spec: consulta FechaDespacho, CodigoDespacho, RutDespachador, DvDespachador, NombreDespachador, IdUsuario; también en el cuerpo). Queda esperando las firmas de los trabajadores en terreno. 409 SOLICITUD_DESPACHADA si ya no está pendiente',
      responses: written('Solicitud despachada', EppSolicitudSchema),
    }),
    validate('param', RequestPath),
    can('despachar'),
    async (c) => {
      const despacho = parseOrRefuse(DespachoSchema, await fieldsOf(c));
      const [data] = await dispatchRequests(writeContext(c), [c.req.valid('param').id], despacho);
      return c.json({ statusCode: 200 as const, message: EPP_SOLICITUDES_MESSAGES.dispatched, data: data! });
    },
  )
  .delete(
    '/solicituddespachada/:id/:company',
    describeRoute({
      tags,
      security,
      summary:
        'Anula el despacho de una solicitud que nadie ha firmado aún: vuelve a pendiente. 409 SOLICITUD_ENTREGADA si un trabajador ya firmó; 409 ' +
          'SOLICITUD_PENDIENTE si no está despachada',
      responses: written('Despacho anulado', EppSolicitudSchema),
    }),
    validate('param', RequestCompanyPath),
    requireOwnCompany,
    can('despachar'),
    async (c) =>
      c.json({
        statusCode: 200 as const,
        message: EPP_SOLICITUDES_MESSAGES.dispatchUndone,
        data: await undoDispatch(writeContext(c), c.req.valid('param').id),
      }),
  )
  .route(
    '/',
    readRoute(
      '/solicitud/listas/lista_despachadores/:company',
      {
        tags,
        summary:
          'Usuarios habilitados de la empresa cuyo rol puede despachar solicitudes: { statusCode, data: [{ IdUsuario, Nombre, RutDespachador, ' +
            'DvDespachador }] }',
        answer: EppDispatchersAnswer,
        access: can('index'),
      },
      async (c) => ({ statusCode: 200, data: await dispatchers(c) }),
    ),
  )
  .route(
    '/',
    readRoute(
      '/listas/lista_trabajadores/:company',
      {
        tags,
        summary:
          'Trabajadores activos para quienes el usuario puede solicitar EPP (un contratista solo los suyos; un cliente ninguno): { statusCode, data: ' +
            '[{ IdPersona, RunPersona, Nombre, RutContratista, cargos }] }',
        answer: EppRequestWorkersAnswer,
        access: can('index'),
      },
      async (c) => {
        const { db, records } = c.get('deps');
        const { company, viewer } = c.get('session');
        const workers = viewer.kind === 'cliente' ? [] : await records.trabajadores.listActive(db, company, viewer);
        const data = workers.map((worker) => ({
          IdPersona: worker.IdPersona,
          RunPersona: worker.RunPersona,
          Nombre: personName(worker),
          RutContratista: worker.RutContratista,
          cargos: worker.cargos,
        }));
        return { statusCode: 200, data };
      },
    ),
  );

/**
 * EPP requests on the record kit (spec "Requests": GET solicitud/{company}; solicitud/{id}/{company}; PUT and DELETE
 * solicitud/{id}/{company}; the create, which the spec omits, is POST solicitud/{company}). Edited and deleted only
 * while pending (409 SOLICITUD_DESPACHADA afterwards).
 */
export const eppSolicitudesRoutes = recordRoutes(eppSolicitudEntity, {
  rules: eppSolicitudRules,
  summaries: {
    list: 'Solicitudes de EPP (pendientes, despachadas y entregadas) visibles para el usuario: un contratista solo las de sus trabajadores, un cliente ninguna. { statusCode, data: EppSolicitud[] }',
    create:
      'Crea una solicitud de EPP (la especificación no nombra esta llamada): { IdSolicitud, IdEvaluacion?, Fecha, Lineas: [{ IdLinea, IdPersona, RunPersona, NombreTrabajador, IdEpp, NombreEpp, Talla, Cantidad }] }. Solo tallas del catálogo; trabajadores de una misma empresa (un contratista, solo los suyos)',
    update:
      'Edita tallas y cantidades (Lineas) de una solicitud pendiente desde su Version: "Solicitud editada correctamente."; 409 SOLICITUD_DESPACHADA si ' +
        'ya fue despachada',
    remove: 'Elimina una solicitud pendiente (?Version=n detecta datos viejos); 409 SOLICITUD_DESPACHADA si ya fue despachada',
  },
});
