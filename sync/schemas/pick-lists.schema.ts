import * as v from 'valibot';
import { NivelSchema } from './niveles.schema.ts';
import { TrabajadorSchema } from './trabajadores.schema.ts';

/**
 * The rows of the pick lists several modules' forms share (levels and workers; positions with their levels are CargoNivelSchema),
 * one valibot schema each: the lists are typed with them and documented in /api/openapi.json from them.
 */

/** Levels 2 and 3 of the company, active: `{ nv2, nv3 }`. */
export const LevelListsSchema = v.object({ nv2: v.array(NivelSchema), nv3: v.array(NivelSchema) });

/** A worker as the pickers name them: identity, levels, contractor and positions (ids). */
export const WorkerPickSchema = v.pick(TrabajadorSchema, [
  'IdPersona',
  'RunPersona',
  'Nombres',
  'ApellidoPaterno',
  'ApellidoMaterno',
  'IdNivel2',
  'IdNivel3',
  'RutContratista',
  'cargos',
]);
