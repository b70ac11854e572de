import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { requiredEpps } from '#sync/domain/epp-delivery.ts';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { validate } from '#server/http/validation.ts';
import type { RecordRegistry } from '#server/records/record-registry.ts';
import { permit } from '#server/tenancy/permit.ts';
import { requireOwnCompany, requireSession } from '#server/tenancy/require-session.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';
import { EPP_READERS } from './epp-readers.ts';
import { personName } from '#sync/domain/person-name.ts';

const tags = ['epp'];
const security = [{ bearerAuth: [] }];
const CompanyPath = v.object({ company: v.string() });

/** Workers the viewer may deliver to (a contractor only its own; a client none), and the names of every level. */
async function workersAndLevels(records: RecordRegistry, db: Db, company: string, viewer: Viewer) {
  const workers = viewer.kind === 'cliente' ? [] : await records.trabajadores.listActive(db, company, viewer);
  const levels = new Map((await records.niveles.listActive(db, company, viewer)).map((level) => [level.IdNivel, level.Nombre]));
  const name = (id: string | null) => (id ? (levels.get(id) ?? null) : null);
  return { workers, name };
}

const doc = (summary: string) => describeRoute({ tags, security, summary });
const read = permit(EPP_READERS, 'index');

/**
 * The lists the EPP screens pick from (spec "Assignment" and "Delivered": lista_cargos, lista_trabajadores_niveles,
 * lista_trabajadores, epp/personas/cargos), read through the registry: workers, positions and levels belong to
 * their own modules.
 */
export const eppListasRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get(
    '/lista_cargos/:company',
    doc('Cargos activos con los nombres de sus niveles, para asignar EPP (epp/lista_cargos): { statusCode, data: [{ IdCargo, NombreCargo, IdNivel2, Nivel2, IdNivel3, Nivel3 }] }'),
    validate('param', CompanyPath),
    requireOwnCompany,
    read,
    async (c) => {
      const { db, records } = c.get('deps');
      const { company, viewer } = c.get('session');
      const levels = new Map((await records.niveles.listActive(db, company, viewer)).map((level) => [level.IdNivel, level.Nombre]));
      const name = (id: string | null) => (id ? (levels.get(id) ?? null) : null);
      const cargos = await records.cargos.listActive(db, company, viewer);
      const data = cargos.map(({ IdCargo, NombreCargo, IdNivel2, IdNivel3 }) => ({ IdCargo, NombreCargo, IdNivel2, Nivel2: name(IdNivel2), IdNivel3, Nivel3: name(IdNivel3) }));
      return c.json({ statusCode: 200, data });
    },
  )
  .get(
    '/lista_trabajadores_niveles/:company',
    doc(
      'Trabajadores activos con sus niveles y cargos, para elegir a quién entregar por nombre, RUT, cargo, nivel 2 o nivel 3 (un contratista solo los suyos): { statusCode, data: [{ IdPersona, RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno, RutContratista, cargos, IdNivel2, Nivel2, IdNivel3, Nivel3 }] }',
    ),
    validate('param', CompanyPath),
    requireOwnCompany,
    read,
    async (c) => {
      const { db, records } = c.get('deps');
      const { company, viewer } = c.get('session');
      const { workers, name } = await workersAndLevels(records, db, company, viewer);
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
      return c.json({ statusCode: 200, data });
    },
  )
  .get(
    '/lista_trabajadores/:company',
    doc('Trabajadores activos a quienes se puede entregar EPP (epp/lista_trabajadores; un contratista solo los suyos): { statusCode, data: [{ IdPersona, RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno }] }'),
    validate('param', CompanyPath),
    requireOwnCompany,
    read,
    async (c) => {
      const { db, records } = c.get('deps');
      const { company, viewer } = c.get('session');
      const { workers } = await workersAndLevels(records, db, company, viewer);
      const data = workers.map(({ IdPersona, RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno }) => ({ IdPersona, RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno }));
      return c.json({ statusCode: 200, data });
    },
  )
  .get(
    '/epp/personas/cargos/:company',
    doc(
      'Cada trabajador con sus cargos y el EPP que debe tener: el de sus cargos más el suyo (epp/epp/personas/cargos): { statusCode, data: [{ IdPersona, RunPersona, Nombre, cargos: [{ IdCargo, NombreCargo }], Epps: IdEpp[] }] }',
    ),
    validate('param', CompanyPath),
    requireOwnCompany,
    read,
    async (c) => {
      const { db, records } = c.get('deps');
      const { company, viewer } = c.get('session');
      const { workers } = await workersAndLevels(records, db, company, viewer);
      const cargoNames = new Map((await records.cargos.listActive(db, company, viewer)).map((cargo) => [cargo.IdCargo, cargo.NombreCargo]));
      const assignments = await records.epp_asignaciones.listActive(db, company, viewer);
      const data = workers.map((worker) => ({
        IdPersona: worker.IdPersona,
        RunPersona: worker.RunPersona,
        Nombre: personName(worker),
        cargos: worker.cargos.filter((id) => cargoNames.has(id)).map((id) => ({ IdCargo: id, NombreCargo: cargoNames.get(id)! })),
        Epps: requiredEpps(assignments, worker),
      }));
      return c.json({ statusCode: 200, data });
    },
  );
