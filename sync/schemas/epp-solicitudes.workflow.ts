import { defineWorkflow, transition } from '../records/workflow.ts';
import {
  type Despacho,
  DespachoMasivoSchema,
  DespachoSchema,
  EPP_SOLICITUDES_MESSAGES,
  type EppSolicitud,
  eppSolicitudEntity,
  SOLICITUD_ESTADOS,
} from './epp-solicitudes.schema.ts';

const alreadyDispatched = { message: EPP_SOLICITUDES_MESSAGES.alreadyDispatched, code: 'SOLICITUD_DESPACHADA' } as const;
const dispatchCleared = {
  CodigoDespacho: null,
  FechaDespacho: null,
  RutDespachador: null,
  DvDespachador: null,
  NombreDespachador: null,
  DespachadoPor: null,
  DespachadoEn: null,
} as const;

/**
 * EPP requests (spec "Requests"): pending → dispatched (waiting for the workers' signatures in the field) → delivered
 * once every worker signed (the acta's write moves it, not a call); a dispatch nobody signed for goes back to pending.
 */
export const eppSolicitudWorkflow = defineWorkflow({
  entity: eppSolicitudEntity,
  stateField: 'Estado',
  states: [
    { value: 1, label: 'Pendientes', name: SOLICITUD_ESTADOS[1], empty: 'No hay solicitudes pendientes de despacho.' },
    { value: 2, label: 'Despachadas', name: SOLICITUD_ESTADOS[2], empty: 'No hay solicitudes despachadas esperando firma.' },
    { value: 3, label: 'Entregadas', name: SOLICITUD_ESTADOS[3], empty: 'Aún no hay solicitudes entregadas.' },
  ],
  notFound: { message: EPP_SOLICITUDES_MESSAGES.notFound, status: 404 },
  transitions: {
    despachar: transition<EppSolicitud, Despacho>({
      label: 'Despachar',
      action: 'despachar',
      call: { method: 'POST', path: '/solicitud/despacho/:id' },
      body: DespachoSchema,
      from: [1],
      wrongState: alreadyDispatched,
      apply: (row, despacho, who) => ({
        ...row,
        Estado: 2,
        CodigoDespacho: despacho.CodigoDespacho,
        FechaDespacho: despacho.FechaDespacho,
        RutDespachador: despacho.RutDespachador,
        DvDespachador: despacho.DvDespachador,
        NombreDespachador: despacho.NombreDespachador,
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
      apply: (row) => ({ ...row, Estado: 1, ...dispatchCleared }),
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
