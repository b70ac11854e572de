/** Spec 2.5: the inspectors' public routes; signed in, the search screen is `inicio`. */
export const inspectorPaths = {
  login: '/fiscales/login',
  registro: '/fiscales/registro',
  recuperar: '/fiscales/recuperar-contraseña',
  inicio: '/inicio',
  /** Cerrar Sesión: the session ends when this address opens, and signed out it leads to the inspectors' sign-in. */
  salir: '/fiscales/salir',
} as const;

