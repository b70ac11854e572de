import { actaRecord } from '#sync/schemas/epp-acta-record.ts';
import { type EppEntrega, type EppEntregaCreateBody, eppEntregaEntity } from '#sync/schemas/epp-entregas.schema.ts';
import type { CrewWorker, EppDeliveryDraft } from '#app/db/epp-delivery-draft.ts';
import type { FinishPlan, FinishResult } from '#app/data/drafts.ts';
import type { localWrite, LocalWrite } from '#app/data/local-write.ts';
import { defineFieldRecord, type SignerRole } from '#app/records/field-record/field-record.ts';
import { finishFieldRecord } from '#app/records/field-record/field-record-finish.ts';

type FinishDevice = NonNullable<Parameters<typeof localWrite>[1]>;

export const CREW_MESSAGES = {
  workersRequired: 'Elige al menos un trabajador',
  blankSignature: 'La firma está en blanco: dibújala antes de continuar',
  delivererFirst: 'Primero firma quien entrega, una vez para toda la cuadrilla',
  delivererRequired: 'Elige quién entrega: tú o un trabajador de la nómina',
  delivererNotOnDevice: 'El trabajador que entrega no está en este dispositivo',
  linesRequired: 'El trabajador debe recibir al menos un EPP',
  alreadySigned: 'Este trabajador ya firmó su acta: no se puede modificar',
  changedWhileSigning: 'La entrega cambió mientras se firmaba: revisa los elementos y vuelve a firmar',
  notInCrew: 'El trabajador ya no está en esta entrega',
} as const;

/** Each worker signs their own acta, sealed as they sign: from then on their lines and their place are fixed. */
const crewWorkers: SignerRole<EppDeliveryDraft, CrewWorker> = {
  of: (draft) => draft.trabajadores,
  id: (worker) => worker.IdPersona,
  gone: CREW_MESSAGES.notInCrew,
  signed: (worker) => worker.acta !== null,
  sealed: CREW_MESSAGES.alreadySigned,
  remove: (draft, worker) => {
    draft.trabajadores = draft.trabajadores.filter((candidate) => candidate !== worker);
  },
};

/** SPEC EP2: each acta is its own server record, sent as its own call. */
export const ACTAS_PATH = `${eppEntregaEntity.api.base}${eppEntregaEntity.api.create!}`;

export const UNSIGNED_MESSAGE = (pending: number) => (pending === 1 ? 'Falta la firma de 1 trabajador' : `Faltan las firmas de ${pending} trabajadores`);

/** The acta as this device shows it until the server has it (its receipt time then comes with the next pull). */
export function localActa(draft: EppDeliveryDraft, worker: CrewWorker, acta: EppEntregaCreateBody): EppEntrega {
  return actaRecord(acta, {
    IdEmpresa: draft.IdEmpresa,
    RutContratista: worker.RutContratista,
    NombreTrabajador: acta.NombreTrabajador,
    lives: new Map(worker.items.map((line) => [line.IdLinea, line.VidaUtilMeses])),
    IdUsuario: draft.IdUsuario,
    RecibidoEn: null,
  });
}

function actaWrite(draft: EppDeliveryDraft, worker: CrewWorker, acta: EppEntregaCreateBody): { write: Omit<LocalWrite, 'files' | 'also'>; files: EppEntregaCreateBody['FirmaTrabajador'][] } {
  return {
    write: {
      table: 'epp_entregas',
      id: acta.IdEntregadosEpp,
      row: localActa(draft, worker, acta),
      request: { method: 'POST', path: ACTAS_PATH, body: acta },
      parents: [{ table: 'trabajadores', id: acta.IdPersona }, ...(acta.Corrige ? [{ table: 'epp_entregas' as const, id: acta.Corrige }] : [])],
    },
    files: [acta.Entregador.Firma, acta.FirmaTrabajador],
  };
}

function finishPlan(draft: EppDeliveryDraft): FinishPlan<'borradoresEpp', string> {
  const pending = draft.trabajadores.filter((worker) => !worker.acta).length;
  if (draft.trabajadores.length === 0) return { ok: false, problems: ['La entrega no tiene trabajadores'] };
  if (pending > 0) return { ok: false, problems: [UNSIGNED_MESSAGE(pending)] };
  const [first, ...rest] = draft.trabajadores.map((worker) => actaWrite(draft, worker, worker.acta!));
  return { ok: true, finish: { ...first!, more: rest } };
}

/**
 * A crew delivery as a signed field record: who delivers signs once (epp-crew-store.ts), then each worker signs and
 * seals their own acta; it finishes as one acta per worker, each its own outbox entry (SPEC DR7).
 */
export const crewRecord = defineFieldRecord({
  table: 'borradoresEpp',
  blankSignature: CREW_MESSAGES.blankSignature,
  signers: { workers: crewWorkers },
  finish: finishPlan,
  problem: (message: string) => message,
});

/**
 * SPEC EP2, DR7: when the last worker signed, every worker's acta is queued, each its own outbox entry and its own
 * record on the device, and the draft is locked, all in ONE local transaction (the drafts kit). Calling it again
 * while it runs, or after it finished, queues nothing more. The locked draft keeps every acta.
 */
export function finishCrew(id: string, device?: FinishDevice): Promise<FinishResult<string>> {
  return finishFieldRecord(crewRecord, id, device);
}
