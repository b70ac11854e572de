import type { CompanyProfile, CompanyProfileBody, UserProfile, UserProfileBody } from '#sync/schemas/perfil.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';

export interface SavedAnswer<T> {
  statusCode: number;
  message: string;
  data: T;
}

const userPath = (idUsuario: number, idEmpresa: string) => `/perfil/perfil_usuario/${idUsuario}/${encodeURIComponent(idEmpresa)}`;
const companyPath = (idEmpresa: string) => `/perfil/perfil_empresa/${encodeURIComponent(idEmpresa)}`;

export const perfilKeys = {
  user: (idUsuario: number, idEmpresa: string) => ['perfil', 'usuario', idUsuario, idEmpresa] as const,
  company: (idEmpresa: string) => ['perfil', 'empresa', idEmpresa] as const,
};

export const fetchUserProfile = (idUsuario: number, idEmpresa: string, signal?: AbortSignal) =>
  apiRequest<UserProfile>(userPath(idUsuario, idEmpresa), { signal });

export const saveUserProfile = (idUsuario: number, idEmpresa: string, body: UserProfileBody) =>
  apiRequest<SavedAnswer<UserProfile>>(userPath(idUsuario, idEmpresa), { method: 'PUT', body });

export const fetchCompanyProfile = (idEmpresa: string, signal?: AbortSignal) =>
  apiRequest<CompanyProfile>(companyPath(idEmpresa), { signal });

export const saveCompanyProfile = (idEmpresa: string, body: CompanyProfileBody) =>
  apiRequest<SavedAnswer<CompanyProfile>>(companyPath(idEmpresa), { method: 'PUT', body });
