import { AUTH_CODES } from '#sync/schemas/auth-codes.ts';
import { getToken } from '#app/session/session-store.ts';
import { ApiError, GENERIC_ERROR, OFFLINE_MESSAGE } from './api-error.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequestOptions {
  method?: Method;
  body?: unknown;
  /** Sign-in calls go without the token so an old one cannot trigger a sign-out. */
  authenticated?: boolean;
  /** Another kind of session's token (an inspector's): sent instead of the company session's. */
  token?: string;
  signal?: AbortSignal;
}

let onSessionInvalid: (() => void) | null = null;

export function setSessionInvalidHandler(handler: (() => void) | null): void {
  onSessionInvalid = handler;
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, authenticated = true, signal } = options;
  const ownToken = options.token !== undefined;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = ownToken ? options.token : authenticated ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(OFFLINE_MESSAGE, 0, 'SIN_CONEXION');
  }

  const payload = await readJson(response);
  if (response.ok) return payload as T;

  const error = toApiError(response.status, payload);
  if (token && !ownToken && response.status === 401 && error.code === AUTH_CODES.sessionInvalid) onSessionInvalid?.();
  throw error;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function toApiError(status: number, payload: unknown): ApiError {
  if (payload && typeof payload === 'object') {
    const { message, code } = payload as { message?: unknown; code?: unknown };
    if (typeof message === 'string' && message) {
      return new ApiError(message, status, typeof code === 'string' ? code : undefined);
    }
  }
  return new ApiError(GENERIC_ERROR, status);
}
