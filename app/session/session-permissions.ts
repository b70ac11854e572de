import type { PermissionAction } from '#sync/records/permissions.ts';
import type { Session } from '#sync/schemas/auth.schema.ts';
import { paths } from '#app/navigation/paths.ts';

export function hasPermission(session: Session, route: string, action: PermissionAction = 'index'): boolean {
  return session.permisos.some((permission) => permission.Ruta === route && permission.Acciones.includes(action));
}

/** Contractor users see only their own data; the mandating company's settings are not theirs. */
export function isContractorUser(session: Session): boolean {
  const id = session.usuario.IdContratista;
  return id !== null && id !== undefined && id !== '' && id !== 'null';
}

export function canSeeCompanyProfile(session: Session): boolean {
  return hasPermission(session, paths.perfil.empresa.href, 'index') && !isContractorUser(session);
}

export function canEditCompanyProfile(session: Session): boolean {
  return hasPermission(session, paths.perfil.empresa.href, 'editar') && !isContractorUser(session);
}

export function fullName(session: Pick<Session, 'usuario'>): string {
  const { Nombres, ApellidoPaterno, ApellidoMaterno } = session.usuario;
  return [Nombres, ApellidoPaterno, ApellidoMaterno].filter(Boolean).join(' ');
}
