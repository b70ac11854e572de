import { type Capacitacion, capacitacionEntity, type CapacitacionUpdateBody } from '#sync/schemas/capacitaciones.schema.ts';
import type { CommandAnswer, CommandCall } from '#server/commands/command.ts';
import { HttpError } from '#server/http/http-error.ts';
import { updateRecord } from '#server/records/record-writes.ts';
import { commandWriteContext, writeOutcomeAnswer } from '#server/records/write-answer.ts';
import { canSeeParties } from '#server/tenancy/viewer.ts';
import { derivedChildId } from './capacitacion-partes.ts';
import { capacitacionRules } from './capacitaciones.rules.ts';
import * as repo from './capacitaciones.repo.ts';

type ChildTable = Parameters<typeof repo.sessionOfChild>[2];
/** Who reads: a command's call, or a read's deps and session. */
type Reader = Pick<CommandCall, 'deps' | 'session'>;

/** A session the user may see, or 404 with the spec's message. */
export async function visibleSession({ deps, session }: Reader, id: string): Promise<Capacitacion> {
  const found = await repo.loadSession(deps.db, session.company, id);
  if (!found || found.session.Estado !== 1 || !canSeeParties(session.viewer, found.session))
    throw new HttpError(404, capacitacionEntity.messages.notFound);
  return found.session;
}

/** The visible session holding a child row, by the child's Id; 404 with `notFound` when there is none. */
export async function sessionOfChild(reader: Reader, table: ChildTable, childId: string, notFound: string): Promise<Capacitacion> {
  const sessionId = await repo.sessionOfChild(reader.deps.db, reader.session.company, table, childId);
  if (!sessionId) throw new HttpError(404, notFound);
  return visibleSession(reader, sessionId);
}

/**
 * One of the spec's one-per-call changes of a session (a participant, a presenter, a guide added or removed), as
 * a versioned update of the whole session through the record kit: based on the version just read, so it never
 * conflicts, and with children's own ids, so repeating it changes nothing (SPEC CF5).
 */
export async function changeSession(
  call: CommandCall,
  session: Capacitacion,
  change: Omit<CapacitacionUpdateBody, 'IdCapacitacion' | 'Version'>,
  message: string,
): Promise<CommandAnswer> {
  const body = { ...change, IdCapacitacion: session.IdCapacitacion, Version: session.Version };
  const outcome = await updateRecord(commandWriteContext(call), capacitacionEntity, session.IdCapacitacion, body, capacitacionRules);
  return writeOutcomeAnswer(outcome, message);
}

/** A participant added by person: its id is derived from the session and the worker, so a repeat adds nobody. */
export function addedParticipant(
  company: string,
  session: { IdCapacitacion: string; Participantes: { Id: string; IdPersona: string; Estado: 0 | 1 }[] },
  person: string,
) {
  const present = session.Participantes.find((participant) => participant.IdPersona === person);
  if (present) return [{ Id: present.Id, Estado: 1 as const }];
  return [{ Id: derivedChildId(company, session.IdCapacitacion, 'participante', person), IdPersona: person }];
}

export function presenterBy(company: string, session: string, person: number | string) {
  const id = derivedChildId(company, session, 'relator', String(person));
  return typeof person === 'number' ? { Id: id, IdUsuario: person, Estado: 1 as const } : { Id: id, IdPersona: person, Estado: 1 as const };
}
