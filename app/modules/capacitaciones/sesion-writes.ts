import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { ParticipanteBody, RelatorBody } from '#sync/schemas/capacitaciones-partes.schema.ts';
import type { EvidenciaBody, EvidenciaCapacitacion } from '#sync/schemas/capacitaciones-programa.schema.ts';
import {
  type Capacitacion,
  CAPACITACION_FIELDS,
  CapacitacionCreateBodySchema,
  CapacitacionUpdateBodySchema,
} from '#sync/schemas/capacitaciones.schema.ts';
import * as v from 'valibot';
import { type LocalCapacitacion, toLocalCapacitacion } from '#app/db/capacitacion-rows.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import { queueCreate, queueUpdate } from '#app/records/record-writes.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { evidenceRows, presenterRow, workersOfCargos } from './sesion-rows.ts';
import { participantOf } from '#sync/domain/training-participant.ts';

/** What the office form of a session gives: its fields, who takes part and who presents. */
export interface SessionFormOutput {
  IdTipoCapacitacion: string;
  IdPrograma: string | null;
  Tema: string;
  Fecha: string;
  HoraInicio: string;
  Lugar: string;
  DuracionHoras: number;
  IdNivel2: string | null;
  IdNivel3: string | null;
  CargosParticipantes: string[];
  /** Participants by person, and those that stay from before (removed ones are left out). */
  Personas: string[];
  Relatores: RelatorBody[];
}

/** A new session with its lists: ONE create (SPEC TR2), its row completed on the device as the server will. */
export async function createSession(form: SessionFormOutput): Promise<string> {
  const { db, companyId, userId } = requireDevice();
  const id = uuidV7();
  const byPerson = form.Personas.map((person) => ({ Id: uuidV7(), IdPersona: person }));
  const byCargo = await workersOfCargos(db, form.CargosParticipantes, new Set(form.Personas));
  const body = v.parse(CapacitacionCreateBodySchema, {
    ...form,
    IdCapacitacion: id,
    Participantes: [...byPerson, ...byCargo.map(({ worker, cargo }) => ({ Id: uuidV7(), IdPersona: worker.IdPersona, IdCargo: cargo }))],
    Relatores: form.Relatores,
  });
  const [type, workers] = await Promise.all([
    db.tipos_capacitacion.get(body.IdTipoCapacitacion),
    db.trabajadores.bulkGet(body.Participantes.map((participant) => participant.IdPersona!)),
  ]);
  const session: Capacitacion = {
    ...body,
    IdEmpresa: companyId,
    Estado: 1,
    Version: 1,
    IdPrograma: body.IdPrograma ?? null,
    IdNivel2: body.IdNivel2 ?? null,
    IdNivel3: body.IdNivel3 ?? null,
    DuracionHoras: body.DuracionHoras ?? type?.DuracionHoras ?? 1,
    RutContratista: body.RutContratista || null,
    IdCliente: body.IdCliente || null,
    Realizada: 0,
    FechaRealizacion: null,
    VigenciaMeses: null,
    Evaluada: type?.Evaluada ?? 0,
    IdUsuario: userId,
    Participantes: body.Participantes.flatMap((participant, index) =>
      workers[index] ? [participantOf(workers[index], participant, participant.IdCargo ?? null)] : [],
    ),
    Relatores: body.Relatores.map((relator) => presenterRow(relator)),
    Evidencias: [],
  };
  await queueCreate('capacitaciones', body, { row: toLocalCapacitacion(session) });
  return id;
}

/**
 * An edit of a session: only the changed fields and the Version they were based on (SPEC CF2), plus participants
 * and presenters added (new ids) or taken out (Estado 0). False when nothing changed.
 */
export async function updateSession(current: LocalCapacitacion, form: SessionFormOutput): Promise<boolean> {
  const { db } = requireDevice();
  const changed = Object.fromEntries(
    CAPACITACION_FIELDS.filter(
      (field) =>
        field in form &&
        JSON.stringify((form as unknown as Record<string, unknown>)[field] ?? null) !== JSON.stringify(current[field] ?? null),
    ).map((field) => [field, (form as unknown as Record<string, unknown>)[field] ?? null]),
  );
  const active = current.Participantes.filter((participant) => participant.Estado === 1);
  const kept = new Set(form.Personas);
  const removed: ParticipanteBody[] = active
    .filter((participant) => !kept.has(participant.IdPersona))
    .map((participant) => ({ Id: participant.Id, Estado: 0 }));
  const present = new Set(active.filter((participant) => kept.has(participant.IdPersona)).map((participant) => participant.IdPersona));
  const addedPeople = form.Personas.filter((person) => !present.has(person)).map((person) => ({ Id: uuidV7(), IdPersona: person }));
  const newCargos = form.CargosParticipantes.filter((cargo) => !current.CargosParticipantes.includes(cargo));
  const byCargo = await workersOfCargos(db, newCargos, new Set([...present, ...addedPeople.map((added) => added.IdPersona)]));
  const added: ParticipanteBody[] = [
    ...addedPeople,
    ...byCargo.map(({ worker, cargo }) => ({ Id: uuidV7(), IdPersona: worker.IdPersona, IdCargo: cargo })),
  ];
  const presenters = presenterChanges(current, form.Relatores);
  if (Object.keys(changed).length === 0 && added.length === 0 && removed.length === 0 && presenters.length === 0) return false;
  const body = v.parse(CapacitacionUpdateBodySchema, {
    IdCapacitacion: current.IdCapacitacion,
    Version: current.Version,
    ...changed,
    ...(added.length || removed.length ? { Participantes: [...added, ...removed] } : {}),
    ...(presenters.length ? { Relatores: presenters } : {}),
  });
  const workers = await db.trabajadores.bulkGet(added.map((participant) => participant.IdPersona!));
  const participants = current.Participantes.map((participant) =>
    removed.some((gone) => gone.Id === participant.Id) ? { ...participant, Estado: 0 as const } : participant,
  );
  const session: Capacitacion = {
    ...current,
    ...(changed as Partial<Capacitacion>),
    Version: current.Version + 1,
    Participantes: [
      ...participants,
      ...added.flatMap((participant, index) =>
        workers[index] ? [participantOf(workers[index], participant, participant.IdCargo ?? null)] : [],
      ),
    ],
    Relatores: mergedPresenters(current, presenters),
  };
  await queueUpdate('capacitaciones', current, body, toLocalCapacitacion(session));
  return true;
}

/** Presenters the form added (ids not in the session) or left out of those it had (Estado 0). */
function presenterChanges(current: Capacitacion, wanted: readonly RelatorBody[]): RelatorBody[] {
  const known = new Map(current.Relatores.map((relator) => [relator.Id, relator]));
  const kept = new Set(wanted.map((relator) => relator.Id));
  const added = wanted.filter((relator) => !known.has(relator.Id));
  const removed = current.Relatores.filter((relator) => relator.Estado === 1 && !kept.has(relator.Id)).map((relator) => ({
    Id: relator.Id,
    Estado: 0 as const,
  }));
  return [...added, ...removed];
}

function mergedPresenters(current: Capacitacion, changes: readonly RelatorBody[]) {
  const list = current.Relatores.map((relator) => {
    const change = changes.find((candidate) => candidate.Id === relator.Id);
    return change ? presenterRow(change, relator) : relator;
  });
  return [
    ...list,
    ...changes.filter((change) => !current.Relatores.some((relator) => relator.Id === change.Id)).map((change) => presenterRow(change)),
  ];
}

/** A guide or evidence file added to a session, with its bytes (SPEC FL1). */
export async function addSessionEvidence(
  current: LocalCapacitacion,
  child: Required<Pick<EvidenciaBody, 'Id' | 'Nombre' | 'TipoEvidencia' | 'Archivo' | 'Fecha'>>,
  file: LocalFile,
): Promise<void> {
  const row = toLocalCapacitacion({
    ...current,
    Evidencias: [...current.Evidencias, ...evidenceRows(current.IdEmpresa, current.IdCapacitacion, [child])],
    Version: current.Version + 1,
  });
  await queueUpdate(
    'capacitaciones',
    current,
    { IdCapacitacion: current.IdCapacitacion, Version: current.Version, Evidencias: [child] },
    row,
    [file],
  );
}

export async function removeSessionEvidence(current: LocalCapacitacion, evidence: EvidenciaCapacitacion): Promise<void> {
  const row = toLocalCapacitacion({
    ...current,
    Evidencias: current.Evidencias.map((item) => (item.Id === evidence.Id ? { ...item, Estado: 0 } : item)),
    Version: current.Version + 1,
  });
  await queueUpdate(
    'capacitaciones',
    current,
    { IdCapacitacion: current.IdCapacitacion, Version: current.Version, Evidencias: [{ Id: evidence.Id, Estado: 0 }] },
    row,
  );
}
