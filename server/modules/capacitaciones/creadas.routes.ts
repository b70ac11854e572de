import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { fileNameOfPath } from '#sync/domain/file-names.ts';
import { RecordIdSchema } from '#sync/records/record-fields.ts';
import { TIPOS_RELATOR } from '#sync/schemas/capacitaciones-partes.schema.ts';
import { PROGRAMA_MESSAGES } from '#sync/schemas/capacitaciones-programa.schema.ts';
import {
  GuiaEvidenciaBodySchema,
  SesionCargoBodySchema,
  SesionPersonaBodySchema,
  SesionRelatorBodySchema,
} from '#sync/schemas/capacitaciones-detalles.schema.ts';
import { capacitacionEntity, CAPACITACIONES_MESSAGES, sessionFiles } from '#sync/schemas/capacitaciones.schema.ts';
import { toWireDate } from '#sync/domain/dates.ts';
import {
  CargoNivelListAnswer,
  GuiasEvidenciasAnswer,
  LevelListsAnswer,
  PresenterUsersAnswer,
  TiposRelatorAnswer,
  WorkerPickListAnswer,
} from '#sync/schemas/capacitaciones-answers.schema.ts';
import { answers } from '#server/http/api-answers.ts';
import { readRoute } from '#server/http/read-route.ts';
import { validate } from '#server/http/validation.ts';
import { recordResponses, recordRoutes } from '#server/records/record-routes.ts';
import { permissionsOf, sessionOnly } from '#server/tenancy/permit.ts';
import { requireOwnCompany } from '#server/tenancy/require-session.ts';
import { derivedChildId } from './capacitacion-partes.ts';
import { addedParticipant, changeSession, presenterBy, sessionOfChild, visibleSession } from './capacitacion-cambios.ts';
import { cargoList, levelLists, presenterUsers, workerList } from './capacitaciones-listas.ts';
import { capacitacionRules } from './capacitaciones.rules.ts';
import { type CommandCheck, commandHandlers } from '#server/commands/command.ts';

const tags = ['capacitaciones'];
const security = [{ bearerAuth: [] }];
const can = permissionsOf(capacitacionEntity.permission);
/** A one-per-call change of a session: answers the session saved, as the kit's writes do. */
const write = (summary: string) => describeRoute({ tags, security, summary, responses: recordResponses(capacitacionEntity).write });
/** An id that is not one simply finds nothing (data null or empty), as a detail of an absent record answers. */
const SessionPath = v.object({ id: v.pipe(v.string(), v.trim(), v.toLowerCase()), company: v.string() });
const IdPath = v.object({ id: RecordIdSchema });
/** The checks of a spec's one-per-call addition to a session: creating on sessions, then its body. */
const adding = (schema: v.GenericSchema): CommandCheck[] => [
  { kind: 'access', route: capacitacionEntity.permission, action: 'crear' },
  { kind: 'json', schema },
];

/**
 * Sessions ("creadas") on the record kit: the list, ONE-write create and update, delete; the detail with signed
 * addresses of its files; and the spec's one-per-call additions, each a versioned update of the whole session.
 */
export const creadasRoutes = recordRoutes(capacitacionEntity, {
  rules: capacitacionRules,
  detail: false,
  summaries: {
    list: 'Capacitaciones activas que el usuario puede ver (un contratista solo las de su RUT, un cliente las de su IdCliente), con participantes, relatores y evidencias: { statusCode, data }',
    create:
      'Crea una capacitación con sus listas en UNA escritura: participantes (por persona, o por cargo en CargosParticipantes: los trabajadores activos del cargo), relatores y evidencias. Archivos subidos antes (409 ARCHIVO_PENDIENTE). 400 con el mensaje y nada escrito si algo no es válido',
    update:
      'Edita los campos enviados desde su Version (fusión por campo); participantes, relatores y evidencias se agregan o cambian por su Id (Estado 0 ' +
        'los quita)',
  },
})
  .get(
    '/creadas/:id/:company',
    describeRoute({
      tags,
      security,
      summary:
        'Una capacitación (también anulada) con enlaces firmados de sus archivos en Urls { sha256: url }; data null si no existe o no es visible',
      responses: recordResponses(capacitacionEntity).one,
    }),
    validate('param', SessionPath),
    requireOwnCompany,
    can('index'),
    async (c) => {
      const { db, files, now } = c.get('deps');
      const found = await c.get('deps').records.capacitaciones.load(db, c.get('session').company, c.req.valid('param').id);
      if (!found || !capacitacionRules.visible!(c.get('session').viewer, found.row)) return c.json({ statusCode: 200, data: null });
      const Urls = files.signedUrls(sessionFiles(found.row), now());
      return c.json({ statusCode: 200, data: { ...found.row, Urls } });
    },
  )
  .post(
    '/creadas/cargos',
    write('Agrega como participantes a los trabajadores activos de un cargo (spec, uno por llamada): { IdCapacitacion, IdCargo }'),
    ...commandHandlers({
      checks: adding(SesionCargoBodySchema),
      run: async (call, { body }) => {
        const { IdCapacitacion, IdCargo } = body as v.InferOutput<typeof SesionCargoBodySchema>;
        const session = await visibleSession(call, IdCapacitacion);
        const CargosParticipantes = [...new Set([...session.CargosParticipantes, IdCargo])];
        return changeSession(call, session, { CargosParticipantes }, CAPACITACIONES_MESSAGES.participantAdded);
      },
    }),
  )
  .post(
    '/creadas/participantes',
    write('Agrega un trabajador como participante: { IdCapacitacion, IdPersona }. Repetirla no lo agrega dos veces'),
    ...commandHandlers({
      checks: adding(SesionPersonaBodySchema),
      run: async (call, { body }) => {
        const { IdCapacitacion, IdPersona } = body as v.InferOutput<typeof SesionPersonaBodySchema>;
        const session = await visibleSession(call, IdCapacitacion);
        const Participantes = addedParticipant(call.session.company, session, IdPersona);
        return changeSession(call, session, { Participantes }, CAPACITACIONES_MESSAGES.participantAdded);
      },
    }),
  )
  .post(
    '/creadas/cargosRelatores',
    write('Agrega un cargo como relator: { IdCapacitacion, IdCargo }'),
    ...commandHandlers({
      checks: adding(SesionCargoBodySchema),
      run: async (call, { body }) => {
        const { IdCapacitacion, IdCargo } = body as v.InferOutput<typeof SesionCargoBodySchema>;
        const session = await visibleSession(call, IdCapacitacion);
        const Id = derivedChildId(call.session.company, IdCapacitacion, 'relator-cargo', IdCargo);
        return changeSession(call, session, { Relatores: [{ Id, IdCargo, Estado: 1 }] }, CAPACITACIONES_MESSAGES.presenterAdded);
      },
    }),
  )
  .post(
    '/creadas/relatores',
    write('Agrega un relator por persona: { IdCapacitacion, IdPersona } con el IdUsuario de un usuario o el IdPersona de un trabajador'),
    ...commandHandlers({
      checks: adding(SesionRelatorBodySchema),
      run: async (call, { body }) => {
        const { IdCapacitacion, IdPersona } = body as v.InferOutput<typeof SesionRelatorBodySchema>;
        const session = await visibleSession(call, IdCapacitacion);
        const Relatores = [presenterBy(call.session.company, IdCapacitacion, IdPersona)];
        return changeSession(call, session, { Relatores }, CAPACITACIONES_MESSAGES.presenterAdded);
      },
    }),
  )
  .post(
    '/guiasEvidencias',
    write(
      'Agrega una guía o evidencia ya subida (PUT /api/files/{sha256}): { IdCapacitacion, Evidencia (nombre o ruta), TipoEvidencia, fecha, Archivo: { ' +
        'Sha256, Tipo } }. Se guarda como <empresa>/<capacitación>/evidencias/<nombre> con las reglas de nombres de la sección 5',
    ),
    ...commandHandlers({
      checks: adding(GuiaEvidenciaBodySchema),
      run: async (call, input) => {
        const body = input.body as v.InferOutput<typeof GuiaEvidenciaBodySchema>;
        const session = await visibleSession(call, body.IdCapacitacion);
        const evidence = {
          Id: derivedChildId(call.session.company, body.IdCapacitacion, 'evidencia', body.Archivo.Sha256),
          Nombre: fileNameOfPath(body.Evidencia),
          TipoEvidencia: body.TipoEvidencia,
          Archivo: body.Archivo,
          Fecha: body.fecha ?? toWireDate(call.deps.now()),
          Estado: 1 as const,
        };
        return changeSession(call, session, { Evidencias: [evidence] }, CAPACITACIONES_MESSAGES.evidenceAdded);
      },
    }),
  )
  .route(
    '/',
    readRoute(
      '/creadasGuiasEvidencias/:id/:company',
      {
        tags,
        summary:
          'Guías y evidencias activas de una capacitación, con enlaces firmados: { statusCode, data: [{ Id, Evidencia, Nombre, TipoEvidencia, Archivo, ' +
            'Fecha, Url }] }',
        answer: GuiasEvidenciasAnswer,
        access: can('index'),
        params: SessionPath,
      },
      async (c, { params }) => {
        const { db, files, now, records } = c.get('deps');
        const found = await records.capacitaciones.load(db, c.get('session').company, params.id);
        if (!found || found.row.Estado !== 1 || !capacitacionRules.visible!(c.get('session').viewer, found.row))
          return { statusCode: 200, data: [] };
        const session = found.row;
        const active = session.Evidencias.filter((evidence) => evidence.Estado === 1);
        const data = active.map((evidence) => ({ ...evidence, Url: files.signedUrl(evidence.Archivo.Sha256, now()) }));
        return { statusCode: 200, data };
      },
    ),
  )
  .post(
    '/creadasGuiasEvidencias/:id',
    write('Quita una guía o evidencia por su Id (Estado 0)'),
    ...commandHandlers({
      checks: [
        { kind: 'param', schema: IdPath },
        { kind: 'access', route: capacitacionEntity.permission, action: 'editar' },
      ],
      run: async (call, { params }) => {
        const { id } = params as v.InferOutput<typeof IdPath>;
        const session = await sessionOfChild(call, 'capacitacion_evidencias', id, PROGRAMA_MESSAGES.evidenceNotFound);
        return changeSession(call, session, { Evidencias: [{ Id: id, Estado: 0 }] }, CAPACITACIONES_MESSAGES.guideRemoved);
      },
    }),
  )
  .route(
    '/',
    readRoute(
      '/Niveles/:company',
      { tags, summary: 'Niveles 2 y 3 activos: { statusCode, data: { nv2, nv3 } }', answer: LevelListsAnswer, access: can('index') },
      async (c) => ({ statusCode: 200, data: await levelLists(c) }),
    ),
  )
  .get(
    '/TipoRelator',
    describeRoute({
      tags,
      security,
      summary: 'Tipos de relator: { statusCode, data: [{ IdTipoRelator, Nombre }] }',
      responses: answers(TiposRelatorAnswer, 'Tipos de relator'),
    }),
    sessionOnly(),
    (c) => c.json({ statusCode: 200, data: [...TIPOS_RELATOR] } satisfies v.InferOutput<typeof TiposRelatorAnswer>),
  )
  .route(
    '/',
    readRoute(
      '/RelatorUsuario/:company',
      {
        tags,
        summary: 'Usuarios habilitados que pueden ser relatores: { statusCode, data: [{ IdUsuario, Nombre, Rut }] }',
        answer: PresenterUsersAnswer,
        access: can('index'),
      },
      async (c) => ({
        statusCode: 200,
        data: await presenterUsers(c.get('deps').db, c.get('session').company),
      }),
    ),
  )
  .route(
    '/',
    readRoute(
      '/RelatorCargos/:company',
      {
        tags,
        summary: 'Cargos con sus niveles, para relatores por cargo: { statusCode, data: CargoNivel[] }',
        answer: CargoNivelListAnswer,
        access: can('index'),
      },
      async (c) => ({ statusCode: 200, data: await cargoList(c) }),
    ),
  )
  .route(
    '/',
    readRoute(
      '/listas/lista_trabajadores/:company',
      {
        tags,
        summary: 'Trabajadores activos que el usuario puede elegir como participantes (un contratista, los suyos)',
        answer: WorkerPickListAnswer,
        access: can('index'),
      },
      async (c) => ({
        statusCode: 200,
        data: await workerList(c),
      }),
    ),
  );
