import { AUTH_CODES } from '#sync/schemas/auth.schema.ts';
import type { AccessLogInspector } from '#sync/schemas/fiscales-accesos.schema.ts';
import type {
  InspectorChangePasswordBody,
  InspectorLoginBody,
  InspectorLoginChallenge,
  InspectorLoginSuccess,
  InspectorPasswordChangeSuccess,
  InspectorRecoveryConfirmBody,
  InspectorRecoveryRequestBody,
  InspectorRegisterBody,
  InspectorSession,
  InspectorSettings,
  InspectorVerifyBody,
  CardKind,
  PortalCompany,
  PortalPdfLink,
  PortalPeriod,
  PortalSearchAnswer,
  PortalWorker,
} from '#sync/schemas/fiscales.schema.ts';
import { apiRequest, type ApiRequestOptions } from '#app/data/api-client.ts';
import { ApiError } from '#app/data/api-error.ts';
import { endInspectorSession, getInspectorSession } from './inspector-session.ts';

interface ApiMessage {
  statusCode: number;
  message: string;
}
interface DataAnswer<T> {
  statusCode: number;
  data: T;
}

const open = <T>(path: string, body?: unknown) =>
  apiRequest<T>(`/fiscales${path}`, body === undefined ? { authenticated: false } : { method: 'POST', body, authenticated: false });

export const fetchInspectorSettings = () => open<DataAnswer<InspectorSettings>>('/ajustes').then((answer) => answer.data);
export const registerInspector = (body: InspectorRegisterBody) => open<ApiMessage>('/registro', body);
/** Registration step 1 and the forced change answer the session they open (SPEC SE3): no second typing. */
export const verifyInspector = (body: InspectorVerifyBody) => open<InspectorPasswordChangeSuccess>('/registro/verificar', body);
export const signInInspector = (body: InspectorLoginBody) => open<InspectorLoginSuccess | InspectorLoginChallenge>('/login', body);
export const changeInspectorPassword = (body: InspectorChangePasswordBody) =>
  open<InspectorPasswordChangeSuccess>('/cambiar-contrasena', body);
export const requestInspectorCode = (body: InspectorRecoveryRequestBody) => open<ApiMessage>('/recuperar', body);
export const confirmInspectorRecovery = (body: InspectorRecoveryConfirmBody) => open<ApiMessage>('/recuperar/confirmar', body);

/** A call with the inspector's token; a refused session ends it and leads to the inspectors' sign-in (spec 2.1). */
async function withSession<T>(path: string, options: Omit<ApiRequestOptions, 'token'> = {}): Promise<T> {
  try {
    return await apiRequest<T>(`/fiscales${path}`, { ...options, token: getInspectorSession()?.token ?? '' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && error.code === AUTH_CODES.sessionInvalid) endInspectorSession();
    throw error;
  }
}

export const checkInspectorSession = () => withSession<DataAnswer<InspectorSession>>('/sesion');

const query = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

export const searchCompanies = (q: string, signal?: AbortSignal) =>
  withSession<DataAnswer<PortalCompany[]>>(`/empresas${query({ q })}`, { signal }).then((answer) => answer.data);

export const searchWorkers = (company: string, q: string, signal?: AbortSignal) =>
  withSession<DataAnswer<PortalWorker[]>>(`/empresas/${encodeURIComponent(company)}/trabajadores${query({ q })}`, { signal }).then(
    (answer) => answer.data,
  );

export const fetchWorkerRecords = (company: string, worker: string, period: PortalPeriod) =>
  withSession<DataAnswer<PortalSearchAnswer>>(
    `/empresas/${encodeURIComponent(company)}/trabajadores/${encodeURIComponent(worker)}/registros${query({ desde: period.desde, hasta: period.hasta })}`,
  ).then((answer) => answer.data);

export const recordPdfLink = (company: string, worker: string, kind: CardKind, id: string) =>
  withSession<DataAnswer<PortalPdfLink>>(
    `/empresas/${encodeURIComponent(company)}/trabajadores/${encodeURIComponent(worker)}/pdf/${kind}/${encodeURIComponent(id)}`,
    { method: 'POST', body: {} },
  ).then((answer) => answer.data);

/** The inspectors who consulted the company: the choices of the log's filter. */
export const fetchAccessInspectors = (company: string, signal?: AbortSignal) =>
  apiRequest<DataAnswer<AccessLogInspector[]>>(`/perfil/accesos-fiscalizadores/${encodeURIComponent(company)}/fiscalizadores`, {
    signal,
  }).then((answer) => answer.data);
