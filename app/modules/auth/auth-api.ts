import type {
  ChangePasswordBody,
  CompanyStatus,
  LoginBody,
  LoginChallenge,
  LoginSuccess,
  PasswordChangeSuccess,
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

/** The forced change answers the session it opens (SPEC SE3): the person is signed in without typing it again. */
export const changePassword = (body: ChangePasswordBody) => post<PasswordChangeSuccess>('/auth/cambiar-contrasena', body);

export const requestRecoveryCode = (body: RecoveryRequestBody) => post<ApiMessage>('/auth/recuperar', body);

export const confirmRecovery = (body: RecoveryConfirmBody) => post<ApiMessage>('/auth/recuperar/confirmar', body);
