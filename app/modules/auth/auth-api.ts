import type {
  ChangePasswordBody,
  CompanyStatus,
  LoginBody,
  LoginChallenge,
  LoginSuccess,
  RecoveryConfirmBody,
  RecoveryRequestBody,
} from '#sync/schemas/auth.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';

export interface ApiMessage {
  statusCode: number;
  message: string;
}

const post = <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'POST', body, authenticated: false });

export const fetchCompanyStatus = (RutEmpresa: string) => post<CompanyStatus>('/auth/estado-empresa', { RutEmpresa });

export const signIn = (body: LoginBody) => post<LoginSuccess | LoginChallenge>('/auth/login', body);

export const changePassword = (body: ChangePasswordBody) => post<ApiMessage>('/auth/cambiar-contrasena', body);

export const requestRecoveryCode = (body: RecoveryRequestBody) => post<ApiMessage>('/auth/recuperar', body);

export const confirmRecovery = (body: RecoveryConfirmBody) => post<ApiMessage>('/auth/recuperar/confirmar', body);
