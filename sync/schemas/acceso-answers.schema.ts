import * as v from 'valibot';
import { RutSchema } from './common.schema.ts';

/** GET en-faena: who is inside a worksite at an instant (now when `En` is absent), for a roll call. */
export const EnFaenaQuerySchema = v.object({
  IdNivel2: v.pipe(v.string('Indica la faena'), v.trim(), v.toLowerCase(), v.uuid('La faena indicada no existe')),
  En: v.optional(v.pipe(v.string(), v.isoTimestamp('El instante debe ser una fecha y hora ISO'))),
});
export type EnFaenaQuery = v.InferOutput<typeof EnFaenaQuerySchema>;

export const EnFaenaRowSchema = v.object({
  Sujeto: v.picklist(['persona', 'vehiculo', 'equipo']),
  Rut: v.string(),
  IdActivo: v.nullable(v.string()),
  Nombre: v.string(),
  RutContratista: v.string(),
  Puerta: v.string(),
  Entrada: v.string(),
  FinTurno: v.string(),
  /** Still inside after the end of the shift they entered in. */
  FueraDeTurno: v.picklist([0, 1]),
});
export type EnFaenaRow = v.InferOutput<typeof EnFaenaRowSchema>;

export const EnFaenaSchema = v.object({
  IdNivel2: v.string(),
  En: v.string(),
  Personas: v.number(),
  Vehiculos: v.number(),
  Equipos: v.number(),
  FueraDeTurno: v.number(),
  Filas: v.array(EnFaenaRowSchema),
});
export type EnFaena = v.InferOutput<typeof EnFaenaSchema>;

/** GET verificar: the gate's answer for a person at a worksite now, from the server's data (an online gate, the office). */
export const VerificarQuerySchema = v.object({
  IdNivel2: EnFaenaQuerySchema.entries.IdNivel2,
  Rut: RutSchema,
});

export const VerificacionSchema = v.object({
  Rut: v.string(),
  Nombre: v.string(),
  Permitido: v.picklist([0, 1]),
  Via: v.picklist(['', 'personal', 'acreditacion', 'pase', 'provisorio']),
  Hasta: v.string(),
  Motivos: v.array(v.string()),
});
export type Verificacion = v.InferOutput<typeof VerificacionSchema>;
