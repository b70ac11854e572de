import { defineWorkflow, transition } from '../records/workflow.ts';
import {
  type Despacho,
  DespachoMasivoSchema,
  DespachoSchema,
  EPP_SOLICITUDES_MESSAGES,
  type EppSolicitud,
  eppSolicitudEntity,
  NO_DISPATCH,
} from './epp-solicitudes.schema.ts';

/**
 * EPP requests (spec "Requests"): pending → dispatched (waiting for the workers' signatures in the field) → delivered
 * once every worker signed (the acta's write moves it, not a call); a dispatch nobody signed for goes back to pending.
 */
export const eppSolicitudWorkflow = defineWorkflow({
  entity: eppSolicitudEntity,
  stateField: 'Estado',
  states: [
    { value: 1, label: 'Pendientes', name: 'Pendiente', empty: 'No hay solicitudes pendientes de despacho.' },
    { value: 2, label: 'Despachadas', name: 'Despachada', empty: 'No hay solicitudes despachadas esperando firma.' },
    { value: 3, label: 'Entregadas', name: 'Entregada', empty: 'Aún no hay solicitudes entregadas.' },
  ],
  notFound: { message: eppSolicitudEntity.messages.notFound, status: 404 },
  transitions: {
    despachar: transition<EppSolicitud, Despacho>({
      label: 'Despachar',
      action: 'despachar',
      call: { method: 'POST', path: '/solicitud/despacho/:id' },
      body: DespachoSchema,
      from: [1],
      wrongState: { message: EPP_SOLICITUDES_MESSAGES.alreadyDispatched, code: 'SOLICITUD_DESPACHADA' },
      // The body is the schema's output (its five fields, and the spec's IdUsuario, which the record does not keep).
      apply: (row, { IdUsuario: _bySpec, ...despacho }, who) => ({
        ...row,
        Estado: 2,
        ...despacho,
        DespachadoPor: who.user,
        DespachadoEn: who.now.toISOString(),
      }),
      message: EPP_SOLICITUDES_MESSAGES.dispatched,
      many: {
        path: '/solicitud/despacho-masivo',
        body: DespachoMasivoSchema,
        message: EPP_SOLICITUDES_MESSAGES.dispatchedMany,
        summary:
          'Despacha varias solicitudes pendientes a la vez: { Ids, FechaDespacho, CodigoDespacho, RutDespachador, DvDespachador, NombreDespachador, ' +
          'IdUsuario } en el cuerpo o en la consulta. Todas o ninguna: 404 si una no existe, 409 SOLICITUD_DESPACHADA si una ya no está pendiente',
      },
      summary:
        'Despacha una solicitud pendiente (spec: consulta FechaDespacho, CodigoDespacho, RutDespachador, DvDespachador, NombreDespachador, ' +
        'IdUsuario; también en el cuerpo). Queda esperando las firmas de los trabajadores en terreno. 409 SOLICITUD_DESPACHADA si ya no está pendiente',
    }),
    anularDespacho: transition<EppSolicitud>({
      label: 'Anular despacho',
      action: 'despachar',
      call: { method: 'DELETE', path: '/solicituddespachada/:id/:company' },
      from: [2, 3],
      wrongState: { message: EPP_SOLICITUDES_MESSAGES.notDispatched, code: 'SOLICITUD_PENDIENTE' },
      guard: (row) =>
        row.Entregado.length > 0 ? { message: EPP_SOLICITUDES_MESSAGES.alreadyDelivered, code: 'SOLICITUD_ENTREGADA' } : null,
      apply: (row) => ({ ...row, Estado: 1, ...NO_DISPATCH }),
      message: EPP_SOLICITUDES_MESSAGES.dispatchUndone,
      confirm: {
        header: 'Anular despacho',
        message: (row) => `¿Anular el despacho ${row.CodigoDespacho ?? ''}? La solicitud vuelve a estar pendiente.`,
        confirmText: 'Anular despacho',
      },
      summary:
        'Anula el despacho de una solicitud que nadie ha firmado aún: vuelve a pendiente. 409 SOLICITUD_ENTREGADA si un trabajador ya firmó; 409 ' +
        'SOLICITUD_PENDIENTE si no está despachada',
    }),
  },
});
