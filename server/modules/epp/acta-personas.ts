import { isNameOf, personName } from '#sync/domain/person-name.ts';
import { cleanRut } from '#sync/domain/rut.ts';
import { EPP_ENTREGAS_MESSAGES, type EppEntregaCreateBody } from '#sync/schemas/epp-entregas.schema.ts';
import type { Trabajador } from '#sync/schemas/trabajadores.schema.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import { knownNames } from '#server/records/earlier-names.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { findUser } from '#server/tenancy/users.repo.ts';

const invalid = (message: string) => new HttpError(400, message, 'VALIDACION');
const sameRut = (a: string, b: string) => cleanRut(a) === cleanRut(b);

/**
 * SPEC EP6: the name an acta prints is the worker's: their name now or an earlier one (an office rename while the
 * tablet was offline for weeks does not lose the signed acta). An acta of an older app (seal version 1, which does
 * not cover the name) prints the roster's name now, whatever it sent.
 */
export async function workerNameOf(ctx: WriteContext, db: Db, body: EppEntregaCreateBody, worker: Trabajador): Promise<string> {
  if (body.VersionSello !== 2) return personName(worker);
  const names = await knownNames(db, ctx.company, 'trabajadores', worker.IdPersona, worker);
  if (!isNameOf(body.NombreTrabajador, names)) throw invalid(EPP_ENTREGAS_MESSAGES.workerNameMismatch);
  return body.NombreTrabajador;
}

/**
 * SPEC EP7: the deliverer of a version-2 acta is the user of the session (their account's RUT and one of their names)
 * or a worker of the company's roster (their RUT and one of their names), never someone only typed. An acta of an
 * older app keeps the deliverer it typed: its seal covers their RUT, and refusing it would lose what was signed.
 */
export async function checkDeliverer(ctx: WriteContext, db: Db, body: EppEntregaCreateBody): Promise<void> {
  if (body.VersionSello !== 2) return;
  const { IdUsuario, IdPersona, Nombre, Rut } = body.Entregador;
  if (IdUsuario !== undefined) {
    if (IdUsuario !== ctx.user) throw invalid(EPP_ENTREGAS_MESSAGES.delivererNotUser);
    const user = await findUser(db, ctx.company, ctx.user);
    if (!user || !sameRut(user.RunPersona, Rut) || !isNameOf(Nombre, await knownNames(db, ctx.company, 'usuarios', user.IdUsuario, user))) {
      throw invalid(EPP_ENTREGAS_MESSAGES.delivererUserMismatch);
    }
    return;
  }
  const worker = IdPersona === undefined ? undefined : (await ctx.records.trabajadores.load(db, ctx.company, IdPersona))?.row;
  // A contractor's user names only its own workers, as it delivers only to them.
  const notTheirs = ctx.viewer.kind === 'contratista' && worker?.RutContratista !== ctx.viewer.rut;
  if (!worker || notTheirs) throw invalid(EPP_ENTREGAS_MESSAGES.delivererWorkerInvalid);
  if (!sameRut(worker.RunPersona, Rut) || !isNameOf(Nombre, await knownNames(db, ctx.company, 'trabajadores', worker.IdPersona, worker))) {
    throw invalid(EPP_ENTREGAS_MESSAGES.delivererWorkerMismatch);
  }
}
