import { type Context, Hono } from 'hono';
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

/** Workers the viewer may deliver to: a contractor only its own; a client none. */
async function workersFor({ db, records, company, viewer }: ReturnType<typeof readScope>) {
  return viewer.kind === 'cliente' ? [] : await records.trabajadores.listActive(db, company, viewer);
}

/** The name of a level by its id (null: none, or not visible). */
async function levelNames({ db, records, company, viewer }: ReturnType<typeof readScope>) {
  const levels = new Map((await records.niveles.listActive(db, company, viewer)).map((level) => [level.IdNivel, level.Nombre]));
  return (id: string | null) => (id ? (levels.get(id) ?? null) : null);
}

const read = permit(EPP_READERS, 'index');

/**
 * The lists the EPP screens pick from (spec "Assignment" and "Delivered": lista_cargos, lista_trabajadores_niveles,
 * lista_trabajadores, epp/personas/cargos), read through the registry: workers, positions and levels belong to
 * their own modules.
 */
export const eppListasRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .route(
    '/',
    readRoute(
      '/lista_cargos/:company',
      {
        tags,
        summary:
          'Cargos activos con los nombres de sus niveles, para asignar EPP (epp/lista_cargos): { statusCode, data: [{ IdCargo, NombreCargo, IdNivel2, ' +
            'Nivel2, IdNivel3, Nivel3 }] }',
        answer: EppCargosAnswer,
        access: read,
      },
      async (c) => {
        const scope = readScope(c);
        const name = await levelNames(scope);
        const cargos = await scope.records.cargos.listActive(scope.db, scope.company, scope.viewer);
        const data = cargos.map(({ IdCargo, NombreCargo, IdNivel2, IdNivel3 }) => ({
          IdCargo,
          NombreCargo,
          IdNivel2,
          Nivel2: name(IdNivel2),
          IdNivel3,
          Nivel3: name(IdNivel3),
        }));
        return { statusCode: 200, data };
      },
    ),
  )
  .route(
    '/',
    readRoute(
      '/lista_trabajadores_niveles/:company',
      {
        tags,
        summary:
          'Trabajadores activos con sus niveles y cargos, para elegir a quién entregar por nombre, RUT, cargo, nivel 2 o nivel 3 (un contratista solo ' +
            'los suyos): { statusCode, data: [{ IdPersona, RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno, RutContratista, cargos, IdNivel2, ' +
            'Nivel2, IdNivel3, Nivel3 }] }',
        answer: EppWorkersWithLevelsAnswer,
        access: read,
      },
      async (c) => {
        const scope = readScope(c);
        const workers = await workersFor(scope);
        const name = await levelNames(scope);
        const data = workers.map((worker) => ({
          IdPersona: worker.IdPersona,
          RunPersona: worker.RunPersona,
          Nombres: worker.Nombres,
          ApellidoPaterno: worker.ApellidoPaterno,
          ApellidoMaterno: worker.ApellidoMaterno,
          RutContratista: worker.RutContratista,
          cargos: worker.cargos,
          IdNivel2: worker.IdNivel2,
          Nivel2: name(worker.IdNivel2),
          IdNivel3: worker.IdNivel3,
          Nivel3: name(worker.IdNivel3),
        }));
        return { statusCode: 200, data };
      },
    ),
  )
  .route(
    '/',
    readRoute(
      '/lista_trabajadores/:company',
      {
        tags,
        summary:
          'Trabajadores activos a quienes se puede entregar EPP (epp/lista_trabajadores; un contratista solo los suyos): { statusCode, data: [{ ' +
            'IdPersona, RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno }] }',
        answer: EppWorkersAnswer,
        access: read,
      },
      async (c) => {
        const workers = await workersFor(readScope(c));
        const data = workers.map(({ IdPersona, RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno }) => ({
          IdPersona,
          RunPersona,
          Nombres,
          ApellidoPaterno,
          ApellidoMaterno,
        }));
        return { statusCode: 200, data };
      },
    ),
  )
  .route(
    '/',
    readRoute(
      '/epp/personas/cargos/:company',
      {
        tags,
        summary:
          'Cada trabajador con sus cargos y el EPP que debe tener: el de sus cargos más el suyo (epp/epp/personas/cargos): { statusCode, data: [{ ' +
            'IdPersona, RunPersona, Nombre, cargos: [{ IdCargo, NombreCargo }], Epps: IdEpp[] }] }',
        answer: EppWorkersRequiredAnswer,
        access: read,
      },
      async (c) => {
        const scope = readScope(c);
        const { db, records, company, viewer } = scope;
        const workers = await workersFor(scope);
        const cargos = await records.cargos.listActive(db, company, viewer);
        const cargoNames = new Map(cargos.map((cargo) => [cargo.IdCargo, cargo.NombreCargo]));
        const assignments = await records.epp_asignaciones.listActive(db, company, viewer);
        const data = workers.map((worker) => ({
          IdPersona: worker.IdPersona,
          RunPersona: worker.RunPersona,
          Nombre: personName(worker),
          cargos: worker.cargos.filter((id) => cargoNames.has(id)).map((id) => ({ IdCargo: id, NombreCargo: cargoNames.get(id)! })),
          Epps: requiredEpps(assignments, worker),
        }));
        return { statusCode: 200, data };
      },
    ),
  );
