import * as v from 'valibot';
import { dataAnswer } from './answers.schema.ts';
import { CargoNivelSchema } from './cargos.schema.ts';
import { LevelListsSchema, WorkerPickSchema } from './pick-lists.schema.ts';
import { ParticipanteSchema } from './capacitaciones-partes.schema.ts';
import { EvidenciaCapacitacionSchema } from './capacitaciones-programa.schema.ts';
import { TipoCapacitacionSchema } from './capacitaciones-tipos.schema.ts';
import { CapacitacionSchema } from './capacitaciones.schema.ts';

/**
 * What the trainings module's reads answer beyond its records (spec part 2, "Trainings": pick lists, a session's
 * guides, an attendance with its session), one schema each: the handlers are typed with them and
 * /api/openapi.json documents them from the same schemas.
 */

/** GET categorias: `{ statusCode, data: [{ IdCategoria, Nombre }] }`. */
export const CategoriasAnswer = dataAnswer(v.array(v.object({ IdCategoria: v.number(), Nombre: v.string() })));
/** GET TipoRelator: `{ statusCode, data: [{ IdTipoRelator, Nombre }] }`. */
export const TiposRelatorAnswer = dataAnswer(v.array(v.object({ IdTipoRelator: v.number(), Nombre: v.string() })));

/** Levels 2 and 3, active: `{ statusCode, data: { nv2, nv3 } }`. */
export const LevelListsAnswer = dataAnswer(LevelListsSchema);
/** Active training types. */
export const TiposListAnswer = dataAnswer(v.array(TipoCapacitacionSchema));
/** Positions with the names of their levels. */
export const CargoNivelListAnswer = dataAnswer(v.array(CargoNivelSchema));
/** Active workers the viewer may name, with their levels and positions. */
export const WorkerPickListAnswer = dataAnswer(v.array(WorkerPickSchema));
/** Enabled users who may present a training: `[{ IdUsuario, Nombre, Rut }]`. */
export const PresenterUsersAnswer = dataAnswer(v.array(v.object({ IdUsuario: v.number(), Nombre: v.string(), Rut: v.string() })));

/** The report's and the dashboard's filter options. */
export const InformeFiltrosAnswer = dataAnswer(v.object({ ...LevelListsSchema.entries, tipos: v.array(TipoCapacitacionSchema) }));
export const DashboardFiltrosAnswer = dataAnswer(
  v.object({ ...LevelListsSchema.entries, tipos: v.array(TipoCapacitacionSchema), cargos: v.array(CargoNivelSchema) }),
);
/** Titles of the realised sessions: `[{ Tema }]`. */
export const TemasAnswer = dataAnswer(v.array(v.object({ Tema: v.string() })));

/** A session's active guides and evidence, each with a signed address. */
export const GuiasEvidenciasAnswer = dataAnswer(v.array(v.object({ ...EvidenciaCapacitacionSchema.entries, Url: v.string() })));

/** One attendance with its session (without the session's participants). */
export const AsistenciaAnswer = dataAnswer(v.object({ Participante: ParticipanteSchema, Capacitacion: v.omit(CapacitacionSchema, ['Participantes']) }));
