import { defineWorkflow, transition } from '../records/workflow.ts';
import { EPP_ENTREGAS_MESSAGES, type EppEntrega, eppEntregaEntity } from './epp-entregas.schema.ts';

/**
 * SPEC EP3: the one change a sealed acta takes. Annulling it (the spec's DELETE) keeps it with its seal, marked
 * Anulada with who and when, and it travels as an update, not a tombstone. Annulling again answers it as it is; the
 * version the person saw (`?Version=n`) makes an annulment over stale data a conflict (CF4).
 */
export const eppActaWorkflow = defineWorkflow({
  entity: eppEntregaEntity,
  stateField: 'Anulada',
  states: [
    { value: 0, label: 'Vigentes', name: 'Vigente', empty: 'No hay actas vigentes.' },
    { value: 1, label: 'Anuladas', name: 'Anulada', empty: 'No hay actas anuladas.' },
  ],
  notFound: { message: EPP_ENTREGAS_MESSAGES.notFound, status: 404 },
  transitions: {
    anular: transition<EppEntrega, { Version?: number }>({
      label: 'Anular acta',
      action: 'eliminar',
      call: { method: 'DELETE', path: '/one/:company/:id' },
      from: [0],
      wrongState: { message: EPP_ENTREGAS_MESSAGES.alreadyAnnulled, code: 'ACTA_ANULADA' },
      taken: (row) => row.Anulada === 1,
      versioned: true,
      kept: (body) => ({ Anulada: 1, Version: body.Version }),
      apply: (row, _body, who) => ({ ...row, Anulada: 1, AnuladaPor: who.userName, AnuladaEn: who.now.toISOString() }),
      message: EPP_ENTREGAS_MESSAGES.annulled,
      confirm: {
        header: 'Anular acta',
        message: (row) =>
          `¿Anular el acta de ${row.NombreTrabajador}? Se conserva con su sello, marcada como anulada. ` +
          'Para corregirla, registra después una nueva entrega que la corrija.',
        confirmText: 'Anular',
      },
      summary:
        'Anula un acta: se conserva con su sello, marcada Anulada con quién y cuándo (viaja como actualización, no como lápida). ?Version=n detecta ' +
        'una anulación sobre datos viejos; anular de nuevo responde 200',
    }),
  },
});
