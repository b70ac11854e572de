import * as v from 'valibot';
import { defineEntity, recordBodies, recordMessages } from '../records/entity.ts';
import { nameSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';
import { wholeNumberSchema } from '../records/value-fields.ts';

/** The spec names only the id; the fields and messages follow the product's tone. */
export const CERTIFICACIONES_MESSAGES = {
  nameRequired: 'El nombre de la certificación es requerido',
  expiresInvalid: 'Indica si la certificación vence',
  validityInvalid: 'La vigencia debe ser un número entero de meses, entre 0 y 600',
  validityRequired: 'Una certificación que vence necesita su vigencia en meses',
  validityWithoutExpiry: 'Una certificación que no vence tiene vigencia 0 (indefinida)',
  duplicate: 'Ya existe una certificación con ese nombre',
  notInCatalogue: 'La certificación indicada no existe en el catálogo',
} as const;

/** A certification a worker may hold (spec catalogue "certificaciones"): who issues it and how long it lasts. */
export const CertificacionCatalogoSchema = v.object({
  IdCertificacion: RecordIdSchema,
  ...RecordMetaEntries,
  Nombre: nameSchema(CERTIFICACIONES_MESSAGES.nameRequired, 160),
  /** The body that issues it (a mutual, the SEC, a training body); may be empty. */
  Emisor: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(160)),
  /** 1 it expires after `VigenciaMeses`; 0 it does not (spec 9: vigencia in months, 0 indefinite). */
  Vence: v.picklist([0, 1], CERTIFICACIONES_MESSAGES.expiresInvalid),
  VigenciaMeses: wholeNumberSchema(0, 600, CERTIFICACIONES_MESSAGES.validityInvalid),
});
export type CertificacionCatalogo = v.InferOutput<typeof CertificacionCatalogoSchema>;

const FIELDS = ['Nombre', 'Emisor', 'Vence', 'VigenciaMeses'] as const;
const { createBody, updateBody } = recordBodies(CertificacionCatalogoSchema, 'IdCertificacion', FIELDS);

/** Expiry and validity agree: one that expires lasts at least a month; one that does not has vigencia 0. */
export function validityProblem(row: Pick<CertificacionCatalogo, 'Vence' | 'VigenciaMeses'>): string | null {
  if (row.Vence === 1 && row.VigenciaMeses === 0) return CERTIFICACIONES_MESSAGES.validityRequired;
  if (row.Vence === 0 && row.VigenciaMeses !== 0) return CERTIFICACIONES_MESSAGES.validityWithoutExpiry;
  return null;
}

const noun = { one: 'certificación', many: 'certificaciones', feminine: true };

export const certificacionEntity = defineEntity({
  table: 'certificaciones',
  id: 'IdCertificacion',
  schema: CertificacionCatalogoSchema,
  fields: FIELDS,
  createBody,
  updateBody,
  noun,
  messages: recordMessages(noun, { inUse: '' }),
  displayName: (row) => row.Nombre ?? '',
  permission: '/certificaciones',
  api: { base: '/api/certificaciones', list: '', detail: '/:IdCertificacion', create: '', update: '', remove: '/:IdCertificacion' },
  audience: 'todos',
  references: [],
  pullOrder: 1,
  device: { 4: ['orden'] },
});
