import type { CompanyProfile, UserProfile } from '#sync/schemas/perfil.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';

const userPath = (idUsuario: number, idEmpresa: string) => `/perfil/perfil_usuario/${idUsuario}/${encodeURIComponent(idEmpresa)}`;
const companyPath = (idEmpresa: string) => `/perfil/perfil_empresa/${encodeURIComponent(idEmpresa)}`;

/** The calls the profiles' writes make, as the outbox sends them (SPEC OF1). */
export const perfilCalls = {
  user: (idUsuario: number, idEmpresa: string) => `/api${userPath(idUsuario, idEmpresa)}`,
  company: (idEmpresa: string) => `/api${companyPath(idEmpresa)}`,
};

export const perfilKeys = {
  user: (idUsuario: number, idEmpresa: string) => ['perfil', 'usuario', idUsuario, idEmpresa] as const,
  company: (idEmpresa: string) => ['perfil', 'empresa', idEmpresa] as const,
};

export const fetchUserProfile = (idUsuario: number, idEmpresa: string, signal?: AbortSignal) =>
  apiRequest<UserProfile>(userPath(idUsuario, idEmpresa), { signal });

export const fetchCompanyProfile = (idEmpresa: string, signal?: AbortSignal) =>
  apiRequest<CompanyProfile>(companyPath(idEmpresa), { signal });
