import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { RecordIdSchema } from '#sync/records/record-fields.ts';
import { PARTES_MESSAGES } from '#sync/schemas/capacitaciones-partes.schema.ts';
import { SesionCargoBodySchema, SesionPersonaBodySchema, SesionRelatorBodySchema } from '#sync/schemas/capacitaciones-detalles.schema.ts';
import { capacitacionEntity, CAPACITACIONES_MESSAGES, RealizacionBodySchema } from '#sync/schemas/capacitaciones.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { AsistenciaAnswer } from '#sync/schemas/capacitaciones-answers.schema.ts';
import { answers } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { validate } from '#server/http/validation.ts';
import { recordResponses } from '#server/records/record-routes.ts';
import { updateRecord } from '#server/records/record-writes.ts';
import { commandWriteContext, writeOutcomeAnswer } from '#server/records/write-answer.ts';
import { type CommandCheck, commandHandlers } from '#server/commands/command.ts';
import { permissionsOf, permit } from '#server/tenancy/permit.ts';
import { requireOwnCompany } from '#server/tenancy/require-session.ts';
import { derivedChildId } from './capacitacion-partes.ts';
import { addedParticipant, changeSession, presenterBy, sessionOfChild, visibleSession } from './capacitacion-cambios.ts';
import { capacitacionRules } from './capacitaciones.rules.ts';
import * as repo from './capacitaciones.repo.ts';

const tags = ['capacitaciones'];
const security = [{ bearerAuth: [] }];
/** A one-per-call change of a session: answers the session saved, as the kit's writes do. */
const write = (summary: string) => describeRoute({ tags, security, summary, responses: recordResponses(capacitacionEntity).write });
/** Taking attendance, correcting grades and reading realised sessions: creadas or realizadas grant it. */
const REALISED = [capacitacionEntity.permission, '/capacitaciones/realizadas'];
const realised = permissionsOf(REALISED);
const IdPath = v.object({ id: RecordIdSchema });
/** The checks of a spec's one-per-call change of a session's lists: editing sessions, then its body. */
const editing = (schema: v.GenericSchema): CommandCheck[] => [
  { kind: 'access', route: capacitacionEntity.permission, action: 'editar' },
  { kind: 'json', schema },
];
/** The checks of removing a session's child by its Id: the path, then editing on `route`. */
const removing = (route: string | readonly string[]): CommandCheck[] => [
  { kind: 'param', schema: IdPath },
  { kind: 'access', route, action: 'editar' },
];
const CompanyPath = v.object({ company: v.string() });

/**
 * Editing a session's lists one call at a time (spec "Update": detalles/...), the realisation with the attendance
 * taken at the worksite (one write, SPEC TR2), and the realised list.
 */
export const detallesRoutes = new Hono<AppEnv>()
  .put(
    '/detalles/realizadas',
    describeRoute({
      tags,
      security,
      summary:
        'Marca la capacitación como realizada con la asistencia tomada en terreno, en UNA escritura (SPEC TR2): asistentes con su firma, notas si el tipo se evalúa (1,0 a 7,0), firmas de relatores y fotos. Fija la vigencia de cada asistencia (SPEC TR4). Enviada de nuevo corrige notas o agrega personas. 400 con el mensaje y nada escrito si algo falta (SPEC TR3)',
      responses: recordResponses(capacitacionEntity).write,
    }),
    ...commandHandlers({
      checks: [
        { kind: 'access', route: REALISED, action: 'editar' },
        { kind: 'json', schema: RealizacionBodySchema },
      ],
      run: async (call, input) => {
        const body = input.body as v.InferOutput<typeof RealizacionBodySchema>;
        const fields = { ...body, Realizada: 1 as const };
        const outcome = await updateRecord(commandWriteContext(call), capacitacionEntity, body.IdCapacitacion, fields, capacitacionRules);
        return writeOutcomeAnswer(outcome, CAPACITACIONES_MESSAGES.realised);
      },
    }),
  )
  .post(
    '/detalles/newParticipantes',
    write('Agrega un trabajador como participante a una capacitación existente: { IdCapacitacion, IdPersona }'),
    ...commandHandlers({
      checks: editing(SesionPersonaBodySchema),
      run: async (call, { body }) => {
        const { IdCapacitacion, IdPersona } = body as v.InferOutput<typeof SesionPersonaBodySchema>;
        const session = await visibleSession(call, IdCapacitacion);
        const Participantes = addedParticipant(call.session.company, session, IdPersona);
        return changeSession(call, session, { Participantes }, CAPACITACIONES_MESSAGES.participantAdded);
      },
    }),
  )
  .post(
    '/detalles/newCargos',
    write('Agrega como participantes a los trabajadores activos de un cargo: { IdCapacitacion, IdCargo }'),
    ...commandHandlers({
      checks: editing(SesionCargoBodySchema),
      run: async (call, { body }) => {
        const { IdCapacitacion, IdCargo } = body as v.InferOutput<typeof SesionCargoBodySchema>;
        const session = await visibleSession(call, IdCapacitacion);
        const CargosParticipantes = [...new Set([...session.CargosParticipantes, IdCargo])];
        return changeSession(call, session, { CargosParticipantes }, CAPACITACIONES_MESSAGES.participantAdded);
      },
    }),
  )
  .post(
    '/detalles/newUsuarios',
    write('Agrega un relator por persona (IdUsuario de un usuario o IdPersona de un trabajador): { IdCapacitacion, IdPersona }'),
    ...commandHandlers({
      checks: editing(SesionRelatorBodySchema),
      run: async (call, { body }) => {
        const { IdCapacitacion, IdPersona } = body as v.InferOutput<typeof SesionRelatorBodySchema>;
        const session = await visibleSession(call, IdCapacitacion);
        const Relatores = [presenterBy(call.session.company, IdCapacitacion, IdPersona)];
        return changeSession(call, session, { Relatores }, CAPACITACIONES_MESSAGES.presenterAdded);
      },
    }),
  )
  .post(
    '/detalles/newCargosRelatores',
    write('Agrega un cargo como relator: { IdCapacitacion, IdCargo }'),
    ...commandHandlers({
      checks: editing(SesionCargoBodySchema),
      run: async (call, { body }) => {
        const { IdCapacitacion, IdCargo } = body as v.InferOutput<typeof SesionCargoBodySchema>;
        const session = await visibleSession(call, IdCapacitacion);
        const Id = derivedChildId(call.session.company, IdCapacitacion, 'relator-cargo', IdCargo);
        return changeSession(call, session, { Relatores: [{ Id, IdCargo, Estado: 1 }] }, CAPACITACIONES_MESSAGES.presenterAdded);
      },
    }),
  )
  .delete(
    '/detalles/relatores/:id',
    write('Quita un relator por su Id (Estado 0)'),
    ...commandHandlers({
      checks: removing(capacitacionEntity.permission),
      run: async (call, { params }) => {
        const { id } = params as v.InferOutput<typeof IdPath>;
        const session = await sessionOfChild(call, 'capacitacion_relatores', id, PARTES_MESSAGES.presenterNotFound);
        return changeSession(call, session, { Relatores: [{ Id: id, Estado: 0 }] }, CAPACITACIONES_MESSAGES.presenterRemoved);
      },
    }),
  )
  .delete(
    '/detalles/trabajador/:id',
    write('Quita a un trabajador de una capacitación realizada (su asistencia, por su Id, pasa a Estado 0)'),
    ...commandHandlers({
      checks: removing(REALISED),
      run: async (call, { params }) => {
        const { id } = params as v.InferOutput<typeof IdPath>;
        const session = await sessionOfChild(call, 'capacitacion_participantes', id, PARTES_MESSAGES.participantNotFound);
        if (session.Realizada !== 1) throw new HttpError(400, CAPACITACIONES_MESSAGES.notRealised, 'VALIDACION');
        return changeSession(call, session, { Participantes: [{ Id: id, Estado: 0 }] }, CAPACITACIONES_MESSAGES.participantRemoved);
      },
    }),
  )
  .delete(
    '/detalles/:id',
    write('Quita un participante por su Id (Estado 0)'),
    ...commandHandlers({
      checks: removing(capacitacionEntity.permission),
      run: async (call, { params }) => {
        const { id } = params as v.InferOutput<typeof IdPath>;
        const session = await sessionOfChild(call, 'capacitacion_participantes', id, PARTES_MESSAGES.participantNotFound);
        return changeSession(call, session, { Participantes: [{ Id: id, Estado: 0 }] }, CAPACITACIONES_MESSAGES.participantRemoved);
      },
    }),
  )
  .get(
    '/detalles/one/:id',
    describeRoute({
      tags,
      security,
      summary: 'Una asistencia por su Id con su capacitación: { statusCode, data: { Participante, Capacitacion } }',
      responses: answers(AsistenciaAnswer, 'La asistencia y su capacitación'),
    }),
    validate('param', IdPath),
    realised('index'),
    async (c) => {
      const id = c.req.valid('param').id;
      const reader = { deps: c.get('deps'), session: c.get('session') };
      const session = await sessionOfChild(reader, 'capacitacion_participantes', id, PARTES_MESSAGES.participantNotFound);
      const { Participantes, ...rest } = session;
      const Participante = Participantes.find((participant) => participant.Id === id)!;
      return c.json({ statusCode: 200, data: { Participante, Capacitacion: rest } } satisfies v.InferOutput<typeof AsistenciaAnswer>);
    },
  )
  .get(
    '/realizadas/:company',
    describeRoute({
      tags,
      security,
      summary: 'Capacitaciones realizadas que el usuario puede ver, con su asistencia: { statusCode, data }',
      responses: recordResponses(capacitacionEntity).list,
    }),
    validate('param', CompanyPath),
    requireOwnCompany,
    permit('/capacitaciones/realizadas', 'index'),
    async (c) =>
      c.json({
        statusCode: 200,
        data: await repo.listSessions(c.get('deps').db, c.get('session').company, c.get('session').viewer, { realizada: 1 }),
      }),
  );
