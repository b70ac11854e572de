import { realisationProblems } from '#sync/domain/training-rules.ts';
import { sessionWithValidity } from '#sync/schemas/capacitacion-record.ts';
import type { Participante } from '#sync/schemas/capacitaciones-partes.schema.ts';
import { type Capacitacion, type CapacitacionCreateBody, CAPACITACIONES_MESSAGES } from '#sync/schemas/capacitaciones.schema.ts';
import type { TipoCapacitacion } from '#sync/schemas/capacitaciones-tipos.schema.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { RecordRules } from '#server/records/record-writes.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { canSeeParties } from '#server/tenancy/viewer.ts';
import {
  completeEvidence,
  completeParticipants,
  completePresenters,
  mergeEvidence,
  mergeParticipant,
  mergePresenter,
  workersOfCargos,
} from './capacitacion-partes.ts';
import { takenChildIds } from './capacitaciones.repo.ts';

const invalid = (message: string) => new HttpError(400, message, 'VALIDACION');

async function typeOf(ctx: WriteContext, db: Db, id: string): Promise<TipoCapacitacion> {
  const type = (await ctx.records.tipos_capacitacion.load(db, ctx.company, id))?.row;
  if (!type || type.Estado !== 1) throw invalid(CAPACITACIONES_MESSAGES.typeInvalid);
  return type;
}

/** A contractor or client user holds sessions for itself; a company user names the parties, or none. */
function partiesOf(
  ctx: WriteContext,
  body: Pick<CapacitacionCreateBody, 'RutContratista' | 'IdCliente'>,
): Pick<Capacitacion, 'RutContratista' | 'IdCliente'> {
  if (ctx.viewer.kind === 'contratista') return { RutContratista: ctx.viewer.rut, IdCliente: body.IdCliente || null };
  if (ctx.viewer.kind === 'cliente') return { RutContratista: body.RutContratista || null, IdCliente: ctx.viewer.id };
  return { RutContratista: body.RutContratista || null, IdCliente: body.IdCliente || null };
}

/** Children ids are global: one a body adds must not be another session's (a replay into the wrong session). */
async function checkNewChildIds(db: Db, session: Capacitacion, current: Capacitacion | null): Promise<void> {
  const lists = [
    ['capacitacion_participantes', session.Participantes, current?.Participantes ?? []],
    ['capacitacion_relatores', session.Relatores, current?.Relatores ?? []],
    ['capacitacion_evidencias', session.Evidencias, current?.Evidencias ?? []],
  ] as const;
  for (const [table, list, before] of lists) {
    const known = new Set(before.map((child) => child.Id));
    const added = list.map((child) => child.Id).filter((id) => !known.has(id));
    if ((await takenChildIds(db, table, added, session.IdCapacitacion)).length > 0)
      throw new HttpError(409, CAPACITACIONES_MESSAGES.childIdTaken, 'ID_REPETIDO');
  }
}

const idsOf = (list: readonly { Id: string }[]) => new Set(list.map((child) => child.Id));

/** A session's own rules on the shared versioned writes: parties, completed lists, validity, realisation. */
export const capacitacionRules: RecordRules<Capacitacion> = {
  visible: canSeeParties,
  async created(ctx, sent, db) {
    const body = sent as unknown as CapacitacionCreateBody;
    const type = await typeOf(ctx, db, body.IdTipoCapacitacion);
    const participants = await completeParticipants(ctx, db, body.Participantes, new Set());
    const byCargo = await workersOfCargos(ctx, db, body.IdCapacitacion, body.CargosParticipantes, participants);
    return {
      IdCapacitacion: body.IdCapacitacion,
      IdEmpresa: ctx.company,
      Estado: 1,
      Version: 1,
      IdTipoCapacitacion: body.IdTipoCapacitacion,
      IdPrograma: body.IdPrograma ?? null,
      Tema: body.Tema,
      Fecha: body.Fecha,
      HoraInicio: body.HoraInicio,
      Lugar: body.Lugar,
      DuracionHoras: body.DuracionHoras ?? type.DuracionHoras,
      IdNivel2: body.IdNivel2 ?? null,
      IdNivel3: body.IdNivel3 ?? null,
      ...partiesOf(ctx, body),
      CargosParticipantes: body.CargosParticipantes,
      Realizada: 0,
      FechaRealizacion: null,
      VigenciaMeses: null,
      Evaluada: type.Evaluada,
      IdUsuario: ctx.user,
      Participantes: [...participants, ...byCargo],
      Relatores: await completePresenters(ctx, db, body.Relatores, new Set()),
      Evidencias: completeEvidence(ctx, body.IdCapacitacion, body.Evidencias),
    };
  },
  async merged(ctx, merged, current, changed, db) {
    const participants = await completeParticipants(ctx, db, merged.Participantes, idsOf(current.Participantes));
    const newCargos = changed.includes('CargosParticipantes')
      ? merged.CargosParticipantes.filter((cargo) => !current.CargosParticipantes.includes(cargo))
      : [];
    const byCargo = await workersOfCargos(ctx, db, merged.IdCapacitacion, newCargos, participants);
    const session: Capacitacion = {
      ...merged,
      Participantes: [...participants, ...byCargo],
      Relatores: await completePresenters(ctx, db, merged.Relatores, idsOf(current.Relatores)),
      Evidencias: completeEvidence(ctx, merged.IdCapacitacion, merged.Evidencias),
    };
    const typeChanged = changed.includes('IdTipoCapacitacion');
    const realising = session.Realizada === 1 && (current.Realizada === 0 || changed.includes('FechaRealizacion'));
    // The type's vigencia and evaluation are read now only when they are fixed: later edits of the type do not
    // change a realised session's certificates.
    const type = typeChanged || realising ? await typeOf(ctx, db, session.IdTipoCapacitacion) : null;
    const evaluated = type && session.Realizada === 0 ? { Evaluada: type.Evaluada } : {};
    return sessionWithValidity({ ...session, ...evaluated }, realising ? type : null);
  },
  async check(_ctx, db, session, current) {
    await checkNewChildIds(db, session, current);
    if (session.Realizada !== 1) return;
    const [problem] = realisationProblems(session);
    if (problem) throw invalid(problem.message);
  },
  children: [
    { field: 'Participantes', idOf: (child: Participante) => child.Id, merge: mergeParticipant },
    { field: 'Relatores', idOf: (child: { Id: string }) => child.Id, merge: mergePresenter },
    { field: 'Evidencias', idOf: (child: { Id: string }) => child.Id, merge: mergeEvidence },
  ],
};
