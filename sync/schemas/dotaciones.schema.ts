import * as v from 'valibot';
import { defineEntity, recordBodies, recordMessages } from '../records/entity.ts';
import { OptionalRutSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';

/** The spec names the dashboard's dotacion and horas_hombre; the record, its fields and messages are the product's. */
export const DOTACIONES_MESSAGES = {
  monthInvalid: 'El mes debe tener el formato AAAA-MM',
  levelRequired: 'El nivel 2 es requerido',
  levelInvalid: 'El nivel indicado no existe',
  levelMismatch: 'El nivel 3 no pertenece al nivel 2 indicado',
  headcountInvalid: 'La dotación debe ser un número entero de trabajadores, entre 0 y 100.000',
  hoursInvalid: 'Las horas hombre deben ser un número entre 0 y 100.000.000',
  duplicate: 'Ya existe la dotación de ese mes para esos niveles y ese contratista',
  future: 'No se puede registrar la dotación de un mes que aún no empieza',
} as const;

/** YYYY-MM. */
export const MonthSchema = v.pipe(
  v.string(DOTACIONES_MESSAGES.monthInvalid),
  v.trim(),
  v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, DOTACIONES_MESSAGES.monthInvalid),
);

/**
 * The headcount (dotación: average workers of the month) and hours worked (horas hombre) of one month at one level 2,
 * optionally one level 3 under it, of the company's own staff (RutContratista empty) or of one contractor. The
 * accident rates divide by them (sync/domain/accident-rates.ts). One row per month, levels and contractor.
 */
export const DotacionSchema = v.object({
  IdDotacion: RecordIdSchema,
  ...RecordMetaEntries,
  Mes: MonthSchema,
  IdNivel2: v.pipe(v.string(DOTACIONES_MESSAGES.levelRequired), v.trim(), v.toLowerCase(), v.uuid(DOTACIONES_MESSAGES.levelRequired)),
  IdNivel3: v.nullish(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.uuid(DOTACIONES_MESSAGES.levelInvalid)), null),
  RutContratista: OptionalRutSchema,
  Dotacion: v.pipe(
    v.number(DOTACIONES_MESSAGES.headcountInvalid),
    v.integer(DOTACIONES_MESSAGES.headcountInvalid),
    v.minValue(0, DOTACIONES_MESSAGES.headcountInvalid),
    v.maxValue(100_000, DOTACIONES_MESSAGES.headcountInvalid),
  ),
  HorasHombre: v.pipe(
    v.number(DOTACIONES_MESSAGES.hoursInvalid),
    v.minValue(0, DOTACIONES_MESSAGES.hoursInvalid),
    v.maxValue(100_000_000, DOTACIONES_MESSAGES.hoursInvalid),
  ),
});
export type Dotacion = v.InferOutput<typeof DotacionSchema>;

const FIELDS = ['Mes', 'IdNivel2', 'IdNivel3', 'RutContratista', 'Dotacion', 'HorasHombre'] as const;
const { createBody, updateBody } = recordBodies(DotacionSchema, 'IdDotacion', FIELDS);

const noun = { one: 'dotación', many: 'dotaciones', feminine: true };

export const DOTACION_ROUTE = '/incidentes/dotacion';

export const dotacionEntity = defineEntity({
  table: 'dotaciones',
  id: 'IdDotacion',
  schema: DotacionSchema,
  fields: FIELDS,
  createBody,
  updateBody,
  noun,
  messages: recordMessages(noun, { inUse: '' }),
  displayName: (row) => (row.Mes ? `Dotación ${row.Mes.slice(5, 7)}/${row.Mes.slice(0, 4)}` : 'Dotación'),
  permission: DOTACION_ROUTE,
  readBy: ['/dashboard/incidentes'],
  api: {
    base: '/api/accidentes/dotacion',
    list: '/:company',
    detail: '/:IdDotacion/:company',
    create: '/:company',
    update: '/:company',
    remove: '/:IdDotacion/:company',
  },
  audience: { contratista: 'RutContratista' },
  references: [
    { field: 'IdNivel2', table: 'niveles', where: { TipoNivel: 2 }, message: DOTACIONES_MESSAGES.levelInvalid },
    { field: 'IdNivel3', table: 'niveles', where: { TipoNivel: 3 }, message: DOTACIONES_MESSAGES.levelInvalid },
  ],
  pullOrder: 3,
  device: { 9: ['Mes'] },
});
