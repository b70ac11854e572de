/** List, nuevo, editar/{id} and detalles/{id} of a maintainer (spec 2.3). */
function recordRoutes<Base extends string>(base: Base) {
  return {
    list: { path: base, href: base },
    nuevo: { path: `${base}/nuevo`, href: `${base}/nuevo` },
    editar: { path: `${base}/editar/:id`, href: (id: string) => `${base}/editar/${encodeURIComponent(id)}` },
    detalles: { path: `${base}/detalles/:id`, href: (id: string) => `${base}/detalles/${encodeURIComponent(id)}` },
  } as const;
}

export type RecordPaths = ReturnType<typeof recordRoutes>;

/** Spec 2.3: usuarios has editar and detalles without an id in the path; the user goes in the query (`?id=`). */
function queryRoutes<Base extends string>(base: Base) {
  return {
    list: { path: base, href: base },
    nuevo: { path: `${base}/nuevo`, href: `${base}/nuevo` },
    editar: { path: `${base}/editar`, href: (id: string) => `${base}/editar?id=${encodeURIComponent(id)}` },
    detalles: { path: `${base}/detalles`, href: (id: string) => `${base}/detalles?id=${encodeURIComponent(id)}` },
  } as const;
}

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
  trabajadores: recordRoutes('/trabajadores'),
  certificaciones: recordRoutes('/certificaciones'),
  actividadesEconomicas: recordRoutes('/actividades-economicas'),
  cargos: recordRoutes('/cargos'),
  nv2: recordRoutes('/nv2'),
  nv3: recordRoutes('/nv3'),
  nv4: recordRoutes('/nv4'),
  sincronizacion: { path: '/sincronizacion', href: '/sincronizacion' },
  usuarios: queryRoutes('/usuarios'),
  roles: recordRoutes('/roles'),
  empresaContratistas: recordRoutes('/empresa-contratistas'),
  clientes: recordRoutes('/clientes'),
  auditoria: { path: '/auditoria-usuarios', href: '/auditoria-usuarios' },
  inspecciones: recordRoutes('/inspecciones'),
  observaciones: recordRoutes('/observaciones'),
  formularios: {
    list: { path: '/formularios', href: '/formularios' },
    /** `tipo` is inspeccion, observacion or varios (spec: formularios/{nombre}/editar/{id}). */
    nuevo: { path: '/formularios/:tipo/nuevo', href: (tipo: string) => `/formularios/${tipo}/nuevo` },
    editar: { path: '/formularios/:tipo/editar/:id', href: (tipo: string, id: string) => `/formularios/${tipo}/editar/${encodeURIComponent(id)}` },
    detalles: { path: '/formularios/:tipo/detalles/:id', href: (tipo: string, id: string) => `/formularios/${tipo}/detalles/${encodeURIComponent(id)}` },
  },
  /** Print pages (spec 2.4): /pdf/{tipo}/{empresa}/{id}, tipo inspeccion, observacion, varios, epp, capacitacion, incidentes. */
  pdf: {
    report: { path: '/pdf/:tipo/:empresa/:id', href: (tipo: string, empresa: string, id: string) => `/pdf/${tipo}/${encodeURIComponent(empresa)}/${encodeURIComponent(id)}` },
  },
} as const;

/** The level maintainers by level type; their labels come from the company's masks. */
export const LEVEL_PATHS = { 2: paths.nv2, 3: paths.nv3, 4: paths.nv4 } as const;

/** Permission routes that have a screen in the side navigation today; others stay hidden, never as placeholders. */
export const SIDE_NAV_ROUTES: ReadonlySet<string> = new Set([
  paths.dashboard.href,
  paths.trabajadores.list.href,
  paths.certificaciones.list.href,
  paths.actividadesEconomicas.list.href,
  paths.cargos.list.href,
  paths.nv2.list.href,
  paths.nv3.list.href,
  paths.nv4.list.href,
  paths.inspecciones.list.href,
  paths.observaciones.list.href,
  paths.formularios.list.href,
  paths.usuarios.list.href,
  paths.roles.list.href,
  paths.empresaContratistas.list.href,
  paths.clientes.list.href,
  paths.auditoria.href,
]);

/** System home screens (`RutaInicio`) this app can open. */
export const SYSTEM_HOME_ROUTES: ReadonlySet<string> = new Set([paths.dashboard.href]);
