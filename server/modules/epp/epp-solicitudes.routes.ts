import { Hono, type Context } from 'hono';
import { EppDispatchersAnswer, EppRequestWorkersAnswer } from '#sync/schemas/epp-answers.schema.ts';
import { eppSolicitudEntity } from '#sync/schemas/epp-solicitudes.schema.ts';
import { eppSolicitudWorkflow } from '#sync/schemas/epp-solicitudes.workflow.ts';
import type { AppEnv } from '#server/app-env.ts';
import { readRoute } from '#server/http/read-route.ts';
import { enabledUsers, pickableWorkers } from '#server/records/pick-lists.ts';
import { recordRoutes } from '#server/records/record-routes.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
import { canSeeContractorRows } from '#server/tenancy/viewer.ts';
import { eppSolicitudRules } from './epp-solicitudes.rules.ts';
import { checkDispatcherRut } from './epp-solicitudes.service.ts';
import { workflowRoutes } from '#server/records/workflow-routes.ts';
import { personName } from '#sync/domain/person-name.ts';

const tags = [eppSolicitudEntity.table];
const can = permissionsOf(eppSolicitudEntity.permission);
/** Enabled staff users of the company whose role may dispatch requests (the dispatch dialog offers them). */
async function dispatchers(c: Context<AppEnv>) {
  const rows = await enabledUsers(c.get('deps').db, c.get('session').company)
    .innerJoin('rol_permisos', 'rol_permisos.IdRol', 'usuarios.IdRol')
    .innerJoin('submodulos', 'submodulos.IdSubmodulo', 'rol_permisos.IdSubmodulo')
    .select('rol_permisos.Acciones')
    .where('usuarios.Tipo', '=', 'empresa')
    .where('submodulos.Ruta', '=', eppSolicitudEntity.permission)
    .execute();
  return rows
    .filter((row) => row.Acciones.split(',').includes('despachar'))
    .map((row) => {
      const [rut = '', dv = ''] = row.RunPersona.split('-');
      return { IdUsuario: row.IdUsuario, Nombre: personName(row), RutDespachador: rut, DvDespachador: dv };
    });
}

/**
 * The requests' workflow (dispatch one or several, undo a dispatch: sync/schemas/epp-solicitudes.workflow.ts) and the
 * request screens' lists. Mounted BEFORE the kit's calls: `POST solicitud/despacho-masivo` has the shape of the
 * create `POST solicitud/{company}` and must be matched first.
 */
export const eppSolicitudesDespachoRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .route('/', workflowRoutes(eppSolicitudWorkflow, { visible: canSeeContractorRows, checkBody: { despachar: checkDispatcherRut } }))
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
        const data = (await pickableWorkers(c)).map((worker) => ({
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
