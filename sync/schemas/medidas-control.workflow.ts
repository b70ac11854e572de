import { reviewWorkflow } from '../records/review-workflow.ts';
import {
  MEDIDAS_MESSAGES,
  type MedidaControl,
  medidaControlEntity,
  MedidaAprobarBodySchema,
  MedidaRechazarBodySchema,
  MedidaRespuestaBodySchema,
} from './medidas-control.schema.ts';

/** A control measure's follow-up (SPEC OV2), on the same cycle as an observation's; decided with the id in the body. */
export const medidaControlWorkflow = reviewWorkflow<MedidaControl>({
  entity: medidaControlEntity,
  calls: {
    responder: { method: 'POST', path: '/registro-accidentes/:id/:company' },
    aprobar: { method: 'POST', path: '/registro-accidentes/aprobar/medida/control' },
    rechazar: { method: 'POST', path: '/registro-accidentes/desaprobar/medida/control' },
  },
  bodies: { responder: MedidaRespuestaBodySchema, aprobar: MedidaAprobarBodySchema, rechazar: MedidaRechazarBodySchema },
  messages: { responder: MEDIDAS_MESSAGES.responseCreated, aprobar: MEDIDAS_MESSAGES.approved, rechazar: MEDIDAS_MESSAGES.rejected },
  refusals: {
    notFound: { message: MEDIDAS_MESSAGES.notFound, status: 404 },
    closed: { message: MEDIDAS_MESSAGES.alreadyClosed, code: 'MEDIDA_CERRADA' },
    notAnswered: { message: MEDIDAS_MESSAGES.notAnswered, code: 'SIN_RESPUESTA' },
  },
  light: 'Semaforo',
  summaries: { responder: 'Responde una medida de control', aprobar: 'Aprueba una medida de control', rechazar: 'Rechaza una medida de control' },
});
