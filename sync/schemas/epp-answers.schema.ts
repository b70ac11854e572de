import * as v from 'valibot';
import { dataAnswer } from './answers.schema.ts';
import { CargoNivelSchema } from './cargos.schema.ts';
import { LevelListsSchema } from './pick-lists.schema.ts';
import { TrabajadorSchema } from './trabajadores.schema.ts';

/**
 * What the EPP module's pick lists answer (spec part 2, "EPP": lista_cargos, lista_trabajadores_niveles,
 * lista_trabajadores, epp/personas/cargos, the requests' lists, the dashboard's filters), one schema each: the
 * handlers are typed with them and /api/openapi.json documents them from the same schemas.
 */

const WorkerIdentity = v.pick(TrabajadorSchema, ['IdPersona', 'RunPersona', 'Nombres', 'ApellidoPaterno', 'ApellidoMaterno']);
const CargoName = v.object({ IdCargo: v.string(), NombreCargo: v.string() });

/** Positions with the names of their levels. */
export const EppCargosAnswer = dataAnswer(v.array(CargoNivelSchema));

/** Workers with their levels (ids and names) and positions. */
export const EppWorkersWithLevelsAnswer = dataAnswer(
  v.array(
    v.object({
      ...WorkerIdentity.entries,
      RutContratista: v.nullable(v.string()),
      cargos: v.array(v.string()),
      IdNivel2: v.nullable(v.string()),
      Nivel2: v.nullable(v.string()),
      IdNivel3: v.nullable(v.string()),
      Nivel3: v.nullable(v.string()),
    }),
  ),
);

/** Workers by name and RUT. */
export const EppWorkersAnswer = dataAnswer(v.array(WorkerIdentity));

/** Each worker with their positions and the EPP they must hold (ids). */
export const EppWorkersRequiredAnswer = dataAnswer(
  v.array(
    v.object({ IdPersona: v.string(), RunPersona: v.string(), Nombre: v.string(), cargos: v.array(CargoName), Epps: v.array(v.string()) }),
  ),
);

/** Workers a request may name: `[{ IdPersona, RunPersona, Nombre, RutContratista, cargos }]`. */
export const EppRequestWorkersAnswer = dataAnswer(
  v.array(
    v.object({
      IdPersona: v.string(),
      RunPersona: v.string(),
      Nombre: v.string(),
      RutContratista: v.nullable(v.string()),
      cargos: v.array(v.string()),
    }),
  ),
);

/** Users who may dispatch requests, with their RUT split in number and check digit. */
export const EppDispatchersAnswer = dataAnswer(
  v.array(v.object({ IdUsuario: v.number(), Nombre: v.string(), RutDespachador: v.string(), DvDespachador: v.string() })),
);

/** The dashboard's filter options: levels 2 and 3 and the positions by name. */
export const EppDashboardFiltersAnswer = dataAnswer(v.object({ ...LevelListsSchema.entries, cargos: v.array(CargoName) }));
