import { reviewWorkflow } from '../records/review-workflow.ts';
import { INSPECCIONES_MESSAGES } from './inspecciones.schema.ts';
import {
  AprobarBodySchema,
  DesaprobarBodySchema,
  type Observacion,
  observacionEntity,
  RespuestaCreateBodySchema,
} from './observaciones.schema.ts';

/** An observation's follow-up (SPEC OV2): answered by the responsible person, approved or rejected by the company. */
export const observacionWorkflow = reviewWorkflow<Observacion>({
  entity: observacionEntity,
  calls: {
    responder: { method: 'POST', path: '/observaciones-inspecciones/:id' },
    aprobar: { method: 'POST', path: '/observaciones-inspecciones/:id/aprobar' },
    rechazar: { method: 'POST', path: '/observaciones-inspecciones/:id/desaprobar' },
  },
  bodies: { responder: RespuestaCreateBodySchema, aprobar: AprobarBodySchema, rechazar: DesaprobarBodySchema },
  messages: {
    responder: INSPECCIONES_MESSAGES.responseCreated,
    aprobar: INSPECCIONES_MESSAGES.approved,
    rechazar: INSPECCIONES_MESSAGES.rejected,
  },
  refusals: {
    notFound: { message: INSPECCIONES_MESSAGES.observationNotFound, status: 404 },
    closed: { message: INSPECCIONES_MESSAGES.alreadyClosed, code: 'OBSERVACION_CERRADA' },
    notAnswered: { message: INSPECCIONES_MESSAGES.notAnswered, code: 'SIN_RESPUESTA' },
  },
  light: 'SemaforoObs',
  summaries: { responder: 'Responde una observación', aprobar: 'Aprueba una observación respondida', rechazar: 'Rechaza una observación respondida' },
});
