import * as v from 'valibot';
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
  ApellidoPaterno: v.pipe(v.string(PERFIL_MESSAGES.surnameRequired), v.trim(), v.nonEmpty(PERFIL_MESSAGES.surnameRequired), v.maxLength(80)),
  ApellidoMaterno: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(80)),
  TelefonoPersona: v.optional(PhoneSchema, ''),
  FechaNacimiento: v.optional(OptionalWireDateSchema, ''),
  Avatar: v.optional(InlineImageSchema),
});
export type UserProfileBody = v.InferOutput<typeof UserProfileBodySchema>;

export interface UserProfile {
  IdUsuario: number;
  RunPersona: string;
  Nombres: string;
  ApellidoPaterno: string;
  ApellidoMaterno: string;
  CorreoElectronicoPersona: string;
  TelefonoPersona: string;
  FechaNacimiento: string;
  Logo: string | null;
  Version: number;
}

export const CompanyProfileBodySchema = v.object({
  NombreEmpresa: v.pipe(v.string(PERFIL_MESSAGES.companyNameRequired), v.trim(), v.nonEmpty(PERFIL_MESSAGES.companyNameRequired), v.maxLength(120)),
  Direccion: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(200)),
  TelefonoEmpresa: v.optional(PhoneSchema, ''),
  Logo: v.optional(InlineImageSchema),
});
export type CompanyProfileBody = v.InferOutput<typeof CompanyProfileBodySchema>;

export interface CompanyProfile {
  IdEmpresa: string;
  RutEmpresa: string;
  NombreEmpresa: string;
  Direccion: string;
  TelefonoEmpresa: string;
  Logo: string | null;
}
