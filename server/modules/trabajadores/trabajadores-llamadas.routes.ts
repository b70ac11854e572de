import { Hono } from 'hono';
import * as v from 'valibot';
import { ReservedNamesAnswerSchema } from '#sync/schemas/accounts.schema.ts';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import { NivelSchema } from '#sync/schemas/niveles.schema.ts';
import { WorkerPickSchema } from '#sync/schemas/pick-lists.schema.ts';
import { trabajadorEntity } from '#sync/schemas/trabajadores.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { named } from '#server/http/api-answers.ts';
import { readRoute } from '#server/http/read-route.ts';
import { reservedNames } from '#server/records/office-accounts.ts';
import { pickableWorkers } from '#server/records/pick-lists.ts';
import { readAccess } from '#server/records/read-access.ts';
import { createHandlers, updateHandlers } from '#server/records/record-routes.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { companyUsersOnly, requireSession } from '#server/tenancy/require-session.ts';
import { canSeeContractorRows } from '#server/tenancy/viewer.ts';
import * as repo from './trabajadores.repo.ts';
import { trabajadorRules } from './trabajadores.rules.ts';

/**
 * The worker calls of the spec beside the kit's (spec part 2, "Workers"): the older paths of the same create and
 * update (POST trabajadores, one per worker of a bulk load; PUT newtrabajadores), and the form's reads lista_trabajadores,
 * usuarios_reservados and niveles/{id}. The older paths run the kit's own commands: the same checks, rules, RUT
 * uniqueness, change log and idempotency ledger, alone or as batch entries.
 */

const tags = ['trabajadores'];
const can = permissionsOf(trabajadorEntity.permission);

/** The spec's older paths, relative to the module's base (/api/trabajadores). */
export const LEGACY_WORKER_PATHS = { create: '/trabajadores', update: '/newtrabajadores' } as const;

/** `{ statusCode, data: WorkerPick[] }`: identity, levels 2 and 3, contractor and positions, as every module's pick list. */
const WorkerPickListAnswer = dataAnswer(v.array(WorkerPickSchema));
/** `{ statusCode, data: { NombresUsuario, Correos } }`, the answer of every usuarios_reservados. */
const ReservedNamesAnswer = named('UsuariosReservados', ReservedNamesAnswerSchema);
/** `{ statusCode, data: Nivel[] | null }`: the worker's levels 2, 3 and 4, or null when the worker is not there to see. */
const WorkerLevelsAnswer = dataAnswer(v.nullable(v.array(NivelSchema)));
const WorkerLevelsPath = v.object({ company: v.string(), id: v.pipe(v.string(), v.trim(), v.toLowerCase()) });

const pickFields = Object.keys(WorkerPickSchema.entries) as (keyof v.InferOutput<typeof WorkerPickSchema>)[];
/** A worker as the pick lists of every module name them. */
const toPick = (worker: v.InferOutput<typeof WorkerPickSchema>) =>
  Object.fromEntries(pickFields.map((field) => [field, worker[field]])) as v.InferOutput<typeof WorkerPickSchema>;

const legacy = {
  rules: trabajadorRules,
  summaries: {
    create:
      'Crea un trabajador (spec: POST trabajadores, una llamada por trabajador en la carga masiva); la misma escritura que POST ' +
      'newtrabajadores2: IdPersona (UUID) del dispositivo, 409 RUT_DUPLICADO, 409 ARCHIVO_PENDIENTE, 409 CONFLICTO si el id ya existe',
    update:
      'Edita un trabajador (spec: PUT newtrabajadores); la misma escritura que PUT newtrabajadores2: IdPersona, la Version de partida ' +
      'y solo los campos cambiados. Fusión por campo o 409 CONFLICTO con la fila actual',
  },
};

export const trabajadoresLlamadasRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .post(LEGACY_WORKER_PATHS.create, ...createHandlers(trabajadorEntity, LEGACY_WORKER_PATHS.create, legacy))
  .put(LEGACY_WORKER_PATHS.update, ...updateHandlers(trabajadorEntity, LEGACY_WORKER_PATHS.update, legacy))
  .route(
    '/',
    readRoute(
      '/newtrabajadores2/lista_trabajadores/:company',
      {
        tags,
        summary:
          'Trabajadores activos para elegir, por apellido (un contratista solo los suyos, un cliente ninguno): { statusCode, data: [{ IdPersona, ' +
          'RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno, IdNivel2, IdNivel3, RutContratista, cargos }] }',
        answer: WorkerPickListAnswer,
        access: readAccess(trabajadorEntity),
      },
      async (c) => ({ statusCode: 200, data: (await pickableWorkers(c)).map(toPick) }),
    ),
  )
  .route(
    '/',
    readRoute(
      '/newtrabajadores2/usuarios_reservados/:company',
      {
        tags,
        summary:
          'Nombres de usuario y correos ya en uso en la empresa (en minúsculas), solo para usuarios de la empresa: ' +
          '{ statusCode, data: { NombresUsuario, Correos } }',
        answer: ReservedNamesAnswer,
        access: [can('index'), companyUsersOnly],
      },
      async (c) => ({ statusCode: 200, data: await reservedNames(c.get('deps').db, c.get('session').company) }),
    ),
  )
  .route(
    '/',
    readRoute(
      '/newtrabajadores2/niveles/:id/:company',
      {
        tags,
        summary:
          'Los niveles 2, 3 y 4 de un trabajador (también anulado), del 2 al 4: { statusCode, data: Nivel[] }; data es null si el trabajador ' +
          'no existe o no es visible',
        answer: WorkerLevelsAnswer,
        access: readAccess(trabajadorEntity),
        params: WorkerLevelsPath,
      },
      async (c, { params }) => {
        const { db, records } = c.get('deps');
        const { company, viewer } = c.get('session');
        const worker = await repo.loadWireWorker(db, company, params.id);
        if (!worker || !canSeeContractorRows(viewer, worker)) return { statusCode: 200, data: null };
        const levels = new Map((await records.niveles.listActive(db, company, viewer)).map((level) => [level.IdNivel, level]));
        const data = [worker.IdNivel2, worker.IdNivel3, worker.IdNivel4].flatMap((id) => (id && levels.get(id)) || []);
        return { statusCode: 200, data };
      },
    ),
  );
