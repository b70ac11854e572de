import { type OutboxEntry, recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import type { Session } from '#sync/schemas/auth.schema.ts';
import { InlineImageSchema } from '#sync/schemas/common.schema.ts';
import type { CompanyProfile, CompanyProfileBody, UserProfile, UserProfileBody } from '#sync/schemas/perfil.schema.ts';
import * as v from 'valibot';
import type { OfficeWrite } from '#app/data/local-write.ts';
import { failureNoticeOfEntry } from '#app/data/outbox-labels.ts';
import type { OfficeRefusal } from '#app/data/use-office-write.ts';
import { perfilCalls } from './perfil-api.ts';

/**
 * What one profile screen writes through the outbox (SPEC OF1): its record in the queue (Mi Perfil the user's,
 * Perfil Empresa the company's), its call, the fields its body carries and the field of its image.
 */
export interface ProfileTarget {
  kind: 'usuarios' | 'empresas';
  id: string;
  path: string;
  fields: readonly string[];
  image: 'Avatar' | 'Logo';
}

const USER_FIELDS = ['Nombres', 'ApellidoPaterno', 'ApellidoMaterno', 'TelefonoPersona', 'FechaNacimiento'] as const;
const COMPANY_FIELDS = ['NombreEmpresa', 'Direccion', 'TelefonoEmpresa'] as const;

export function userProfileTarget(IdUsuario: number, IdEmpresa: string): ProfileTarget {
  return { kind: 'usuarios', id: String(IdUsuario), path: perfilCalls.user(IdUsuario, IdEmpresa), fields: USER_FIELDS, image: 'Avatar' };
}

export function companyProfileTarget(IdEmpresa: string): ProfileTarget {
  return { kind: 'empresas', id: IdEmpresa, path: perfilCalls.company(IdEmpresa), fields: COMPANY_FIELDS, image: 'Logo' };
}

export const targetRecordKey = (target: ProfileTarget): string => recordKeyOf(target.kind, target.id);

/** The PUT of the whole profile, with its new photo or logo inline when one was chosen (as the server reads it). */
export function profileWrite(target: ProfileTarget, body: UserProfileBody | CompanyProfileBody): OfficeWrite {
  return { kind: target.kind, id: target.id, request: { method: 'PUT', path: target.path, body } };
}

/** The screen's own writes among its record's queued ones (the user's record is also written from Usuarios), in order. */
export function screenEntries(target: ProfileTarget, entries: readonly OutboxEntry[]): OutboxEntry[] {
  return entries.filter((entry) => entry.path === target.path && entry.method === 'PUT').sort((a, b) => a.seq - b.seq);
}

/** A queued image shown from its own bytes until the server has it; null for anything else. */
export function inlineImageUrl(image: unknown): string | null {
  return v.is(InlineImageSchema, image) ? `data:${image.Tipo};base64,${image.Datos}` : null;
}

/**
 * The profile as this device has it: the server's, with each write of the screen still in the queue on top, in
 * order (a refused one too: the form shows what the person sent, to correct it or discard it).
 */
export function withQueuedWrites<T extends { Logo: string | null }>(profile: T, target: ProfileTarget, entries: readonly OutboxEntry[]): T {
  let shown: T = profile;
  for (const entry of screenEntries(target, entries)) {
    if (entry.body === null || typeof entry.body !== 'object') continue;
    const body = entry.body as Record<string, unknown>;
    const written = target.fields.filter((field) => typeof body[field] === 'string');
    const fields = Object.fromEntries(written.map((field) => [field, body[field]]));
    const image = inlineImageUrl(body[target.image]);
    shown = { ...shown, ...fields, ...(image ? { Logo: image } : {}) };
  }
  return shown;
}

/** A write of the screen refused before (found in the outbox after a reload): the form corrects it or discards it. */
export function storedRefusal(target: ProfileTarget, entries: readonly OutboxEntry[]): OfficeRefusal | null {
  const dead = screenEntries(target, entries).findLast((entry) => entry.state === 'dead');
  if (!dead) return null;
  const notice = failureNoticeOfEntry(dead);
  return { key: dead.key, message: dead.lastError?.message ?? 'El servidor rechazó la operación.', ...(notice ? { notice } : {}) };
}

/** The file a signed address names (`/api/files/<sha256>`), without its expiry and signature, which change at every answer. */
const signedFile = (url: string | null) => url?.split('?')[0] ?? null;

/** The stored session with the profile the server took; undefined when nothing the top bar shows changed. */
export function sessionWithUserProfile(session: Session, profile: UserProfile): Session | undefined {
  const { Nombres, ApellidoPaterno, ApellidoMaterno, TelefonoPersona, FechaNacimiento, Logo } = profile;
  const fresh = { Nombres, ApellidoPaterno, ApellidoMaterno, TelefonoPersona, FechaNacimiento };
  const current = session.usuario;
  const same =
    USER_FIELDS.every((field) => current[field] === fresh[field]) && signedFile(current.Logo) === signedFile(Logo);
  return same ? undefined : { ...session, usuario: { ...current, ...fresh, Logo } };
}

/** The stored session with the company's name and logo the server took; undefined when neither changed. */
export function sessionWithCompanyProfile(session: Session, company: CompanyProfile): Session | undefined {
  const current = session.empresa;
  const same = current.NombreEmpresa === company.NombreEmpresa && signedFile(current.Logo) === signedFile(company.Logo);
  return same ? undefined : { ...session, empresa: { ...current, NombreEmpresa: company.NombreEmpresa, Logo: company.Logo } };
}
