/**
 * Machine-readable reasons the sign-in screen turns into popups or mode switches. Kept out of auth.schema.ts (which
 * re-exports them) so the sign-in screen and the API client read them without loading valibot and every schema.
 */
export const AUTH_CODES = {
  companyNotRegistered: 'EMPRESA_NO_REGISTRADA',
  companySuspended: 'EMPRESA_SUSPENDIDA',
  userDisabled: 'USUARIO_DESHABILITADO',
  lockedOut: 'LIMITE_INTENTOS',
  addressLimited: 'LIMITE_DIRECCION',
  wrongCredentials: 'CREDENCIALES_INCORRECTAS',
  sessionInvalid: 'SESION_INVALIDA',
  contractorDeactivated: 'CONTRATISTA_DESACTIVADO',
  clientDeactivated: 'CLIENTE_DESACTIVADO',
} as const;
