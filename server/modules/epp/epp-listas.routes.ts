import { type Context, Hono } from 'hono';
import type * as v from 'valibot';
import { requiredEpps } from '#sync/domain/epp-delivery.ts';
import {
  EppCargosAnswer,
  EppWorkersAnswer,
  EppWorkersRequiredAnswer,
  EppWorkersWithLevelsAnswer,
} from '#sync/schemas/epp-answers.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { readRoute } from '#server/http/read-route.ts';
import { permit } from '#server/tenancy/permit.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
import { EPP_READERS } from './epp-readers.ts';
import { personName } from '#sync/domain/person-name.ts';

const tags = ['epp'];

/** A read's database, registry, company and viewer. */
function readScope(c: Context<AppEnv>) {
  const { db, records } = c.get('deps');
  const { company, viewer } = c.get('session');
  return { db, records, company, viewer };
}

/** Workers the viewer may deliver to: the worker store gives a contractor only its own, a client none. */
function workersFor({ db, records, company, viewer }: ReturnType<typeof readScope>) {
  return records.trabajadores.listActive(db, company, viewer);
}

/** A worker by name and RUT. */
type Worker = Awaited<ReturnType<typeof workersFor>>[number];
const identity = ({ IdPersona, RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno }: Worker) => ({
  IdPersona,
  RunPersona,
  Nombres,
  ApellidoPaterno,
  ApellidoMaterno,
});

/** A position's or worker's levels, each with its name (null: none, or not visible). */
async function levelNames({ db, records, company, viewer }: ReturnType<typeof readScope>) {
  const levels = new Map((await records.niveles.listActive(db, company, viewer)).map((level) => [level.IdNivel, level.Nombre]));
  const name = (id: string | null) => (id ? (levels.get(id) ?? null) : null);
  return ({ IdNivel2, IdNivel3 }: { IdNivel2: string | null; IdNivel3: string | null }) => ({
    IdNivel2,
    Nivel2: name(IdNivel2),
    IdNivel3,
    Nivel3: name(IdNivel3),
  });
}

/** A pick list of the EPP screens: a company read (readRoute) answering `{ statusCode: 200, data }` with `list`'s data. */
function pickList<Data extends v.GenericSchema>(
  path: string,
  summary: string,
  answer: v.ObjectSchema<{ statusCode: v.LiteralSchema<200, undefined>; data: Data }, undefined>,
  list: (scope: ReturnType<typeof readScope>) => Promise<v.InferOutput<Data>>,
) {
  const answered = async (c: Context<AppEnv>) => ({ statusCode: 200, data: await list(readScope(c)) }) as v.InferOutput<typeof answer>;
  return readRoute(path, { tags, summary, answer, access: permit(EPP_READERS, 'index') }, answered);
}

/**
 * The lists the EPP screens pick from (spec "Assignment" and "Delivered": lista_cargos, lista_trabajadores_niveles,
 * lista_trabajadores, epp/personas/cargos), read through the registry: workers, positions and levels belong to
 * their own modules.
 */
export const eppListasRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .route(
    '/',
    pickList(
      '/lista_cargos/:company',
      'Cargos activos con los nombres de sus niveles, para asignar EPP (epp/lista_cargos): { statusCode, data: [{ IdCargo, NombreCargo, IdNivel2, ' +
        'Nivel2, IdNivel3, Nivel3 }] }',
      EppCargosAnswer,
      async (scope) => {
        const levels = await levelNames(scope);
        const cargos = await scope.records.cargos.listActive(scope.db, scope.company, scope.viewer);
        return cargos.map((cargo) => ({ IdCargo: cargo.IdCargo, NombreCargo: cargo.NombreCargo, ...levels(cargo) }));
      },
    ),
  )
  .route(
    '/',
    pickList(
      '/lista_trabajadores_niveles/:company',
      'Trabajadores activos con sus niveles y cargos, para elegir a quién entregar por nombre, RUT, cargo, nivel 2 o nivel 3 (un contratista solo ' +
        'los suyos): { statusCode, data: [{ IdPersona, RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno, RutContratista, cargos, IdNivel2, ' +
        'Nivel2, IdNivel3, Nivel3 }] }',
      EppWorkersWithLevelsAnswer,
      async (scope) => {
        const workers = await workersFor(scope);
        const levels = await levelNames(scope);
        return workers.map((worker) => ({
          ...identity(worker),
          RutContratista: worker.RutContratista,
          cargos: worker.cargos,
          ...levels(worker),
        }));
      },
    ),
  )
  .route(
    '/',
    pickList(
      '/lista_trabajadores/:company',
      'Trabajadores activos a quienes se puede entregar EPP (epp/lista_trabajadores; un contratista solo los suyos): { statusCode, data: [{ ' +
        'IdPersona, RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno }] }',
      EppWorkersAnswer,
      async (scope) => (await workersFor(scope)).map(identity),
    ),
  )
  .route(
    '/',
    pickList(
      '/epp/personas/cargos/:company',
      'Cada trabajador con sus cargos y el EPP que debe tener: el de sus cargos más el suyo (epp/epp/personas/cargos): { statusCode, data: [{ ' +
        'IdPersona, RunPersona, Nombre, cargos: [{ IdCargo, NombreCargo }], Epps: IdEpp[] }] }',
      EppWorkersRequiredAnswer,
      async (scope) => {
        const { db, records, company, viewer } = scope;
        const workers = await workersFor(scope);
        const cargos = await records.cargos.listActive(db, company, viewer);
        const cargoNames = new Map(cargos.map((cargo) => [cargo.IdCargo, cargo.NombreCargo]));
        const assignments = await records.epp_asignaciones.listActive(db, company, viewer);
        return workers.map((worker) => ({
          IdPersona: worker.IdPersona,
          RunPersona: worker.RunPersona,
          Nombre: personName(worker),
          cargos: worker.cargos.filter((id) => cargoNames.has(id)).map((id) => ({ IdCargo: id, NombreCargo: cargoNames.get(id)! })),
          Epps: requiredEpps(assignments, worker),
        }));
      },
    ),
  );
