export const OFFLINE_MESSAGE = 'Sin conexión. Revisa tu red e intenta nuevamente.';
export const GENERIC_ERROR = 'No fue posible realizar la acción';

/** A failed call with the Spanish message to show; status 0 means the request never reached the server. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get retriable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }

  get offline(): boolean {
    return this.status === 0;
  }
}

/** What to tell the person: the server's own words for a refused request, a fixed text otherwise. */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.offline) return OFFLINE_MESSAGE;
  if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  return fallback;
}
