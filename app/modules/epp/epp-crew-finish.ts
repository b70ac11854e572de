import { actaRecord } from '#sync/schemas/epp-acta-record.ts';
import { type EppEntrega, type EppEntregaCreateBody, eppEntregaEntity } from '#sync/schemas/epp-entregas.schema.ts';
import type { CrewWorker, EppDeliveryDraft } from '#app/db/epp-delivery-draft.ts';
import { type FinishPlan, type FinishResult, finishDraft } from '#app/data/drafts.ts';
import type { localWrite, LocalWrite } from '#app/data/local-write.ts';
import { requireDevice } from '#app/sync/device-sync.ts';

type FinishDevice = NonNullable<Parameters<typeof localWrite>[1]>;

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

const problem = (message: string) => message;

function finishPlan(draft: EppDeliveryDraft): FinishPlan<'borradoresEpp', string> {
  const pending = draft.trabajadores.filter((worker) => !worker.acta).length;
  if (draft.trabajadores.length === 0) return { ok: false, problems: ['La entrega no tiene trabajadores'] };
  if (pending > 0) return { ok: false, problems: [UNSIGNED_MESSAGE(pending)] };
  const [first, ...rest] = draft.trabajadores.map((worker) => actaWrite(draft, worker, worker.acta!));
  return { ok: true, finish: { ...first!, more: rest } };
}

/**
 * SPEC EP2, DR7: when the last worker signed, every worker's acta is queued, each its own outbox entry and its own
 * record on the device, and the draft is locked, all in ONE local transaction (the drafts kit). Calling it again
 * while it runs, or after it finished, queues nothing more. The locked draft keeps every acta.
 */
export function finishCrew(id: string, device: FinishDevice = requireDevice()): Promise<FinishResult<string>> {
  return finishDraft('borradoresEpp', id, finishPlan, problem, device);
}
