import * as v from 'valibot';
import { TrabajadorSchema } from './trabajadores.schema.ts';
import { USER_KINDS } from './usuarios.schema.ts';

/**
 * The rows of the accident form's lists that are not catalogue records (spec: listas/{lista}/{company}): the risk
 * matrix, the degrees of disability, the workers and the users who may be responsible or investigate. The
 * handlers are typed with them and /api/openapi.json documents them from the same schemas.
 */

const RiskWeightingSchema = v.object({ Ponderacion: v.number(), Nombre: v.string() });

/** The risk matrix: weighted probabilities and consequences, and the levels of their product. */
export const RiskMatrixSchema = v.object({
  Probabilidades: v.array(RiskWeightingSchema),
  Consecuencias: v.array(RiskWeightingSchema),
  Rangos: v.array(v.object({ Desde: v.number(), Hasta: v.number(), Nivel: v.string() })),
});

/** What a risk is evaluated with: the matrix's probabilities and consequences. */
export const RiskEvaluationSchema = v.pick(RiskMatrixSchema, ['Probabilidades', 'Consecuencias']);

/** A degree of disability (Ley 16.744): `{ Id, Info }`. */
export const GradoInvalidezSchema = v.object({ Id: v.string(), Info: v.string() });

/** A worker who may be named in an accident. */
export const AccidentPersonSchema = v.pick(TrabajadorSchema, ['IdPersona', 'RunPersona', 'Nombres', 'ApellidoPaterno', 'ApellidoMaterno', 'RutContratista']);

/** An enabled user of the company, responsible for a measure or investigating. */
export const AccidentUserSchema = v.object({ IdUsuario: v.number(), Nombre: v.string(), Tipo: v.picklist([...USER_KINDS, 'fiscalizador']) });
