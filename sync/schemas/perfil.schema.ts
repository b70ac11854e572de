import * as v from 'valibot';
import { defineOfficeRecord } from '../records/office-record.ts';
import { InlineImageSchema, OptionalWireDateSchema, PhoneSchema } from './common.schema.ts';

export const PERFIL_MESSAGES = {
  userUpdated: 'Perfil actualizado correctamente',
  companyUpdated: 'Empresa actualizada con éxito.',
  nameRequired: 'El nombre es requerido',
  surnameRequired: 'El apellido paterno es requerido',
  companyNameRequired: 'El nombre de la empresa es requerido',
} as const;

export const UserProfileBodySchema = v.object({
  Nombres: v.pipe(v.string(PERFIL_MESSAGES.nameRequired), v.trim(), v.nonEmpty(PERFIL_MESSAGES.nameRequired), v.maxLength(80)),
  ApellidoPaterno: v.pipe(
    v.string(PERFIL_MESSAGES.surnameRequired),
    v.trim(),
    v.nonEmpty(PERFIL_MESSAGES.surnameRequired),
    v.maxLength(80),
  ),
  ApellidoMaterno: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(80)),
  TelefonoPersona: v.optional(PhoneSchema, ''),
  FechaNacimiento: v.optional(OptionalWireDateSchema, ''),
  Avatar: v.optional(InlineImageSchema),
});
export type UserProfileBody = v.InferOutput<typeof UserProfileBodySchema>;

export const UserProfileSchema = v.object({
  IdUsuario: v.number(),
  RunPersona: v.string(),
  Nombres: v.string(),
  ApellidoPaterno: v.string(),
  ApellidoMaterno: v.string(),
  CorreoElectronicoPersona: v.string(),
  TelefonoPersona: v.string(),
  FechaNacimiento: v.string(),
  /** A signed address of the photo, or null without one. */
  Logo: v.nullable(v.string()),
  Version: v.number(),
});
export type UserProfile = v.InferOutput<typeof UserProfileSchema>;

export const CompanyProfileBodySchema = v.object({
  NombreEmpresa: v.pipe(
    v.string(PERFIL_MESSAGES.companyNameRequired),
    v.trim(),
    v.nonEmpty(PERFIL_MESSAGES.companyNameRequired),
    v.maxLength(120),
  ),
  Direccion: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(200)),
  TelefonoEmpresa: v.optional(PhoneSchema, ''),
  Logo: v.optional(InlineImageSchema),
});
export type CompanyProfileBody = v.InferOutput<typeof CompanyProfileBodySchema>;

export const CompanyProfileSchema = v.object({
  IdEmpresa: v.string(),
  RutEmpresa: v.string(),
  NombreEmpresa: v.string(),
  Direccion: v.string(),
  TelefonoEmpresa: v.string(),
  /** A signed address of the logo, or null without one. */
  Logo: v.nullable(v.string()),
});
export type CompanyProfile = v.InferOutput<typeof CompanyProfileSchema>;

/**
 * Perfil Empresa's write (SPEC OF1): the company's own record, which the device does not keep, named in the queue
 * and in Sincronización ("Editar empresa Constructora Andes"). Mi Perfil's write is the user's record (`usuarios`).
 */
export const empresaOfficeRecord = defineOfficeRecord({
  kind: 'empresas',
  noun: { one: 'empresa', many: 'empresas', feminine: true },
  displayName: (body) => (typeof body.NombreEmpresa === 'string' ? body.NombreEmpresa : ''),
});
