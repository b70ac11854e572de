import { ACCIDENT_CATALOGUE_ROUTES } from '#sync/schemas/incidentes-catalogos.routes.ts';
import type { AccidentCatalogueTable } from '#sync/schemas/incidentes-catalogos.schema.ts';

/** List, nuevo, editar/{id} and detalles/{id} of a maintainer (spec 2.3). */
export function recordRoutes<Base extends string>(base: Base) {
  return {
    list: { path: base, href: base },
    nuevo: { path: `${base}/nuevo`, href: `${base}/nuevo` },
    editar: { path: `${base}/editar/:id`, href: (id: string) => `${base}/editar/${encodeURIComponent(id)}` },
    detalles: { path: `${base}/detalles/:id`, href: (id: string) => `${base}/detalles/${encodeURIComponent(id)}` },
  } as const;
}

/** A maintainer with its file load (`{base}/carga`): many records from a CSV or Excel file at once. */
function withLoad<Base extends string>(base: Base) {
  return { ...recordRoutes(base), carga: { path: `${base}/carga`, href: `${base}/carga` } } as const;
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
    /** Who of the labour inspectorate consulted the company's records, and when (the inspector portal's log). */
    fiscalizaciones: { path: '/perfil/empresa/fiscalizaciones', href: '/perfil/empresa/fiscalizaciones' },
  },
  trabajadores: withLoad('/trabajadores'),
  certificaciones: recordRoutes('/certificaciones'),
  actividadesEconomicas: recordRoutes('/actividades-economicas'),
  seguimientoRequisitos: { path: '/seguimiento-requisitos', href: '/seguimiento-requisitos' },
  informeDocumentos: { path: '/seguimiento-requisitos/informe', href: '/seguimiento-requisitos/informe' },
  /** Spec 2.3: empresas-asociadas, whose detalles and editar take {id}/{tipo} (1 contratista, 2 cliente). */
  empresasAsociadas: {
    list: { path: '/empresas-asociadas', href: '/empresas-asociadas' },
    editar: { path: '/empresas-asociadas/editar/:id/:tipo', href: (id: string, tipo: number) => `/empresas-asociadas/editar/${encodeURIComponent(id)}/${tipo}` },
    detalles: {
      path: '/empresas-asociadas/detalles/:id/:tipo',
      href: (id: string, tipo: number) => `/empresas-asociadas/detalles/${encodeURIComponent(id)}/${tipo}`,
    },
  },
  /** The contractors' dashboard: requirement compliance, nonconformities and risk by position and operation. */
  contratistasDashboard: { path: '/dashboard/contratistas', href: '/dashboard/contratistas' },
  cargos: withLoad('/cargos'),
  nv2: withLoad('/nv2'),
  nv3: withLoad('/nv3'),
  nv4: withLoad('/nv4'),
  sincronizacion: { path: '/sincronizacion', href: '/sincronizacion' },
  usuarios: queryRoutes('/usuarios'),
  roles: recordRoutes('/roles'),
  empresaContratistas: recordRoutes('/empresa-contratistas'),
  clientes: recordRoutes('/clientes'),
  auditoria: { path: '/auditoria-usuarios', href: '/auditoria-usuarios' },
  inspecciones: {
    ...recordRoutes('/inspecciones'),
    /** A finished inspection corrected from the office (the spec's PUT of an evaluation); `editar` fills a draft. */
    corregir: { path: '/inspecciones/corregir/:id', href: (id: string) => `/inspecciones/corregir/${encodeURIComponent(id)}` },
  },
  observaciones: recordRoutes('/observaciones'),
  eppTipos: withLoad('/epp/tipos'),
  eppAsignacion: recordRoutes('/epp/asignacion'),
  /** `editar/{id}` continues a crew delivery in progress (a draft on this device); a sealed acta is never edited. */
  eppEntregados: recordRoutes('/epp/entregados'),
  /**
   * Requests: list with Pendientes / Despachadas / Entregadas; nuevo (also `?inspeccion=` from an inspection),
   * editar/{id} its sizes, detalles/{id}.
   */
  eppSolicitudes: {
    ...recordRoutes('/epp/solicitudes'),
    /** The new request raised from an inspection's detail: IdEvaluacion links it, its observed workers come chosen. */
    nuevoDesde: {
      path: '/epp/solicitudes/nuevo',
      href: (inspeccion: string) => `/epp/solicitudes/nuevo?inspeccion=${encodeURIComponent(inspeccion)}`,
    },
  },
  /** The consultas (spec 2.3 epp/consultas/*): server lists with filters and CSV; filters travel in the query string. */
  eppConsultas: {
    asignados: { path: '/epp/consultas/asignados', href: '/epp/consultas/asignados' },
    entregados: { path: '/epp/consultas/entregados', href: '/epp/consultas/entregados' },
    vencidos: { path: '/epp/consultas/vencidos', href: '/epp/consultas/vencidos' },
    epp_vencidos: { path: '/epp/consultas/epp_vencidos', href: '/epp/consultas/epp_vencidos' },
    pendientes_entrega: { path: '/epp/consultas/pendientes_entrega', href: '/epp/consultas/pendientes_entrega' },
  },
  /** Informe SAT: what one worker (by RUT, `?rut=`) holds, since when and until when, printable. */
  eppInformeSat: {
    path: '/epp/informe_sat',
    href: (rut?: string) => (rut ? `/epp/informe_sat?rut=${encodeURIComponent(rut)}` : '/epp/informe_sat'),
  },
  /** The EPP dashboard (spec 2.3 dashboard/epp): each chart opens the records behind it. */
  eppDashboard: { path: '/dashboard/epp', href: '/dashboard/epp' },
  /** Public, signed out or in, offline-safe: the check of a printed acta by its code (its seal). */
  verificar: { path: '/verificar/:codigo', href: (codigo: string) => `/verificar/${encodeURIComponent(codigo)}` },
  incidentes: {
    ...recordRoutes('/incidentes'),
    /** A control measure of a case and its cycle. */
    medida: { path: '/incidentes/medidas/:id', href: (id: string) => `/incidentes/medidas/${encodeURIComponent(id)}` },
    /** The printable DIAT draft of a case. */
    diat: { path: '/incidentes/diat/:id', href: (id: string) => `/incidentes/diat/${encodeURIComponent(id)}` },
    /** Headcount and hours worked per month and level (the rates' denominators), and their CSV load. */
    dotacion: recordRoutes('/incidentes/dotacion'),
    dotacionCarga: { path: '/incidentes/dotacion/carga', href: '/incidentes/dotacion/carga' },
    /** The accident dashboard: the rates with their formulas, each figure down to its cases and months. */
    dashboard: { path: '/dashboard/incidentes', href: '/dashboard/incidentes' },
  },
  formularios: {
    list: { path: '/formularios', href: '/formularios' },
    /** `tipo` is inspeccion, observacion or varios (spec: formularios/{nombre}/editar/{id}). */
    nuevo: { path: '/formularios/:tipo/nuevo', href: (tipo: string) => `/formularios/${tipo}/nuevo` },
    editar: {
      path: '/formularios/:tipo/editar/:id',
      href: (tipo: string, id: string) => `/formularios/${tipo}/editar/${encodeURIComponent(id)}`,
    },
    detalles: {
      path: '/formularios/:tipo/detalles/:id',
      href: (tipo: string, id: string) => `/formularios/${tipo}/detalles/${encodeURIComponent(id)}`,
    },
  },
  /** Trainings (spec 2.3: capacitaciones tipos, tipos/detalles, creadas, realizadas, informes; the year's programme). */
  capacitaciones: {
    tipos: recordRoutes('/capacitaciones/tipos'),
    /** Spec: "tipos/detalles" without an id: the categories types are filed under. */
    categorias: { path: '/capacitaciones/tipos/detalles', href: '/capacitaciones/tipos/detalles' },
    programa: recordRoutes('/capacitaciones/programa'),
    creadas: recordRoutes('/capacitaciones/creadas'),
    /** Attendance taken at the worksite, on a tablet (SPEC TR1). */
    asistencia: {
      path: '/capacitaciones/creadas/asistencia/:id',
      href: (id: string) => `/capacitaciones/creadas/asistencia/${encodeURIComponent(id)}`,
    },
    realizadas: recordRoutes('/capacitaciones/realizadas'),
    informes: { path: '/capacitaciones/informes', href: '/capacitaciones/informes' },
    dashboard: { path: '/dashboard/capacitaciones', href: '/dashboard/capacitaciones' },
  },
  /** The fleet (issue 38): vehicles, machines and installations with their types, and what of them expires. */
  flota: {
    vehiculos: recordRoutes('/vehiculos'),
    equipos: recordRoutes('/equipos'),
    instalaciones: recordRoutes('/instalaciones'),
    tiposVehiculo: recordRoutes('/vehiculos/tipos'),
    tiposEquipo: recordRoutes('/equipos/tipos'),
    /** The certificates and licences expiring or expired, by worksite and contractor, with CSV. */
    vencimientos: { path: '/vehiculos/vencimientos', href: '/vehiculos/vencimientos' },
  },
  /** The gate (issue 39): a guard's tablet checks and logs who enters a worksite, and counts who is on site. */
  controlAcceso: {
    porteria: { path: '/control-acceso', href: '/control-acceso' },
    enFaena: { path: '/control-acceso/en-faena', href: '/control-acceso/en-faena' },
    /** The worksite's day passes: issued for the accredited, printed as a QR, revoked with a reason. */
    pasesDia: { path: '/control-acceso/pases', href: '/control-acceso/pases' },
    /** The DS 76 register of a worksite's contractors, printable and exported to CSV. */
    registroDs76: { path: '/control-acceso/registro-ds76', href: '/control-acceso/registro-ds76' },
  },
  /** Print pages (spec 2.4): /pdf/{tipo}/{empresa}/{id}, tipo inspeccion, observacion, varios, epp, capacitacion, incidentes. */
  pdf: {
    report: {
      path: '/pdf/:tipo/:empresa/:id',
      href: (tipo: string, empresa: string, id: string) => `/pdf/${tipo}/${encodeURIComponent(empresa)}/${encodeURIComponent(id)}`,
    },
  },
} as const;

/** The accident catalogues' maintainers, at their spec routes (actos-subestandares, tipo-evento, factores/tipos...). */
export const ACCIDENT_CATALOGUE_PATHS = Object.fromEntries(
  Object.entries(ACCIDENT_CATALOGUE_ROUTES).map(([table, route]): [string, RecordPaths] => [table, recordRoutes(route)]),
) as Record<AccidentCatalogueTable, RecordPaths>;

/** The level maintainers by level type; their labels come from the company's masks. */
export const LEVEL_PATHS = { 2: paths.nv2, 3: paths.nv3, 4: paths.nv4 } as const;

/** Every address of a route tree without parameters: the screens the app registers at a fixed address. */
export function fixedAddresses(tree: unknown, found = new Set<string>()): Set<string> {
  if (typeof tree !== 'object' || tree === null) return found;
  for (const [key, value] of Object.entries(tree)) {
    if (key === 'path' && typeof value === 'string' && !value.includes(':')) found.add(value);
    else fixedAddresses(value, found);
  }
  return found;
}

/** The fixed addresses of the screens this file names; the catalogues' maintainers add theirs (served-routes.ts). */
export const APP_ADDRESSES: ReadonlySet<string> = fixedAddresses([paths, ACCIDENT_CATALOGUE_PATHS]);
