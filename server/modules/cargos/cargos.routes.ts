import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import { cargoEntity, cargoLevels, CargoNivelSchema, toCargoNivel } from '#sync/schemas/cargos.schema.ts';
import { NivelSchema } from '#sync/schemas/niveles.schema.ts';
import { named } from '#server/http/api-answers.ts';
import { readRoute } from '#server/http/read-route.ts';
import { validate } from '#server/http/validation.ts';
import { MasksAnswer } from '#server/records/dashboard-answers.ts';
import { listMasks } from '#server/records/level-masks.ts';
import { recordResponses, recordRoutes, removeHandlers } from '#server/records/record-routes.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { requireOwnCompany } from '#server/tenancy/require-session.ts';
import { cargoRules } from './cargos.rules.ts';

const tags = ['cargos'];
const security = [{ bearerAuth: [] }];
const can = permissionsOf(cargoEntity.permission);

const CompanyPath = v.object({ company: v.string() });
const LevelFilter = v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase()));
const ListQuery = v.object({ nv2: LevelFilter, nv3: LevelFilter });
const options = { rules: cargoRules, list: false as const };

/** `{ statusCode, data: { nv2, nv3 } }`: the active levels 2 and 3 a list of positions filters by. */
const LevelFilters = dataAnswer(v.object({ nv2: v.array(NivelSchema), nv3: v.array(NivelSchema) }));
/** `{ statusCode, data: CargoNivel[] }`: active positions with the names of their levels, for pickers. */
const CargoNivelesAnswer = dataAnswer(v.array(named('CargoNivel', CargoNivelSchema)));

export const cargosRoutes = recordRoutes(cargoEntity, options)
  .get(
    '/newcargos2/:company',
    describeRoute({
      tags,
      security,
      summary: 'Cargos activos con los nombres de sus niveles (?nv2&nv3): { statusCode, data: (Cargo & { Nivel2, Nivel3 })[] }',
      responses: recordResponses(cargoEntity).list,
    }),
    validate('param', CompanyPath),
    requireOwnCompany,
    can('index'),
    validate('query', ListQuery),
    async (c) => {
      const { db, records } = c.get('deps');
      const { company, viewer } = c.get('session');
      const { nv2, nv3 } = c.req.valid('query');
      const cargos = (await records.cargos.listActive(db, company, viewer)).filter(
        (cargo) => (!nv2 || cargo.IdNivel2 === nv2) && (!nv3 || cargo.IdNivel3 === nv3),
      );
      return c.json({ statusCode: 200, data: cargoLevels(cargos, await records.niveles.listActive(db, company, viewer)) });
    },
  )
  .route(
    '/',
    readRoute(
      '/newcargos2/mascaras/:company',
      {
        tags,
        summary: 'Nombres de los niveles 2, 3 y 4 de la empresa: { statusCode, data: [{ TipoNv, Nombre }] }',
        answer: MasksAnswer,
        access: can('index'),
      },
      async (c) => ({
        statusCode: 200,
        data: await listMasks(c.get('deps').db, c.get('session').company),
      }),
    ),
  )
  .route(
    '/',
    readRoute(
      '/newcargos2/filtros/:company',
      {
        tags,
        summary: 'Niveles activos para los filtros: { statusCode, data: { nv2: Nivel[], nv3: Nivel[] } }',
        answer: LevelFilters,
        access: can('index'),
      },
      async (c) => {
        const { db, records } = c.get('deps');
        const levels = await records.niveles.listActive(db, c.get('session').company, c.get('session').viewer);
        return { statusCode: 200, data: { nv2: levels.filter((l) => l.TipoNivel === 2), nv3: levels.filter((l) => l.TipoNivel === 3) } };
      },
    ),
  )
  .route(
    '/',
    readRoute(
      '/newcargos2/cargo_nivel/:company',
      {
        tags,
        summary: 'Combinaciones cargo-nivel: { statusCode, data: [{ IdCargo, NombreCargo, IdNivel2, Nivel2, IdNivel3, Nivel3 }] }',
        answer: CargoNivelesAnswer,
        access: can('index'),
      },
      async (c) => {
        const { db, records } = c.get('deps');
        const { company, viewer } = c.get('session');
        const rows = cargoLevels(
          await records.cargos.listActive(db, company, viewer),
          await records.niveles.listActive(db, company, viewer),
        );
        return { statusCode: 200, data: rows.map(toCargoNivel) };
      },
    ),
  )
  // The spec's delete may also name the position's levels, which must then be its current ones.
  .delete('/newcargos2/delete/:IdCargo/:IdNivel2', ...removeHandlers(cargoEntity, '/newcargos2/delete/:IdCargo/:IdNivel2', options))
  .delete(
    '/newcargos2/delete/:IdCargo/:IdNivel2/:IdNivel3',
    ...removeHandlers(cargoEntity, '/newcargos2/delete/:IdCargo/:IdNivel2/:IdNivel3', options),
  );
