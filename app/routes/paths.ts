export const paths = {
  root: { path: '/', href: '/' },
  login: { path: '/login', href: '/login' },
  forgotPassword: { path: '/forgot-password', href: '/forgot-password' },
  inicio: { path: '/inicio', href: '/inicio' },
  dashboard: { path: '/dashboard', href: '/dashboard' },
  perfil: {
    usuario: { path: '/perfil/usuario', href: '/perfil/usuario' },
    empresa: { path: '/perfil/empresa', href: '/perfil/empresa' },
  },
} as const;

/** Permission routes that have a screen in the side navigation today; others stay hidden, never as placeholders. */
export const SIDE_NAV_ROUTES: ReadonlySet<string> = new Set([paths.dashboard.href]);

/** System home screens (`RutaInicio`) this app can open. */
export const SYSTEM_HOME_ROUTES: ReadonlySet<string> = new Set([paths.dashboard.href]);
