import { PERMISSION_ACTIONS, type PermissionAction } from '#sync/records/permissions.ts';

/** The product's module map: groups of the rail, modules of the drawer, submodules with their routes. */
export const SYSTEMS = [
  { IdSistema: 1, Nombre: 'Hse', RutaInicio: '/dashboard' },
  { IdSistema: 2, Nombre: 'Producción', RutaInicio: '/combustibles/dashboard' },
];

export const GROUPS = [
  { IdGrupo: 1, NombreGrupo: 'Ajustes', SubtituloGrupo: '(mantenedores)', PosicionGrupo: 1 },
  { IdGrupo: 2, NombreGrupo: 'Módulos', SubtituloGrupo: '', PosicionGrupo: 2 },
  { IdGrupo: 3, NombreGrupo: 'Innoapsion', SubtituloGrupo: '', PosicionGrupo: 3 },
  { IdGrupo: 4, NombreGrupo: 'Dashboard', SubtituloGrupo: '', PosicionGrupo: 4 },
  { IdGrupo: 5, NombreGrupo: 'Informes', SubtituloGrupo: '', PosicionGrupo: 5 },
  { IdGrupo: 6, NombreGrupo: 'Mapa', SubtituloGrupo: '', PosicionGrupo: 6 },
  { IdGrupo: 7, NombreGrupo: 'Perfil', SubtituloGrupo: '', PosicionGrupo: 7 },
];

interface CatalogueModule {
  grupo: number;
  sistema: number;
  nombre: string;
  sub: [nombre: string, ruta: string][];
}

export const MODULES: CatalogueModule[] = [
  { grupo: 1, sistema: 1, nombre: 'Trabajadores', sub: [['Trabajadores', '/trabajadores']] },
  { grupo: 1, sistema: 1, nombre: 'Cargos', sub: [['Cargos', '/cargos']] },
  { grupo: 1, sistema: 1, nombre: 'Niveles', sub: [['Nivel 2', '/nv2'], ['Nivel 3', '/nv3'], ['Nivel 4', '/nv4']] },
  { grupo: 1, sistema: 1, nombre: 'Usuarios', sub: [['Usuarios', '/usuarios'], ['Roles', '/roles']] },
  { grupo: 1, sistema: 1, nombre: 'Empresas Contratistas', sub: [['Empresas Contratistas', '/empresa-contratistas']] },
  { grupo: 1, sistema: 1, nombre: 'Formularios', sub: [['Formularios', '/formularios']] },
  { grupo: 2, sistema: 1, nombre: 'Inspecciones', sub: [['Inspecciones', '/inspecciones']] },
  { grupo: 2, sistema: 1, nombre: 'Observaciones', sub: [['Observaciones', '/observaciones']] },
  {
    grupo: 2,
    sistema: 1,
    nombre: 'EPP',
    sub: [['Tipos', '/epp/tipos'], ['Entregados', '/epp/entregados'], ['Asignación', '/epp/asignacion'], ['Solicitudes', '/epp/solicitudes']],
  },
  { grupo: 2, sistema: 1, nombre: 'Incidentes', sub: [['Incidentes', '/incidentes']] },
  { grupo: 2, sistema: 1, nombre: 'Capacitaciones', sub: [['Tipos', '/capacitaciones/tipos'], ['Creadas', '/capacitaciones/creadas'], ['Realizadas', '/capacitaciones/realizadas']] },
  {
    grupo: 4,
    sistema: 1,
    nombre: 'Dashboard',
    sub: [
      ['Dashboard', '/dashboard'],
      ['Dashboard Observaciones', '/dashboard/observaciones'],
      ['Dashboard Inspecciones', '/dashboard/inspecciones'],
      ['Dashboard EPP', '/dashboard/epp'],
      ['Dashboard Incidentes', '/dashboard/incidentes'],
    ],
  },
  { grupo: 5, sistema: 1, nombre: 'Informes EPP', sub: [['Informe SAT', '/epp/informe_sat']] },
  { grupo: 7, sistema: 1, nombre: 'Perfil', sub: [['Mi Perfil', '/perfil/usuario'], ['Perfil Empresa', '/perfil/empresa']] },
  { grupo: 2, sistema: 2, nombre: 'Combustibles', sub: [['Dashboard Combustibles', '/combustibles/dashboard'], ['Carga masiva', '/combustibles/cargamasiva']] },
  // Ids follow this order and roles' grants point at them: append new modules here, never in between.
  { grupo: 1, sistema: 1, nombre: 'Certificaciones', sub: [['Certificaciones', '/certificaciones']] },
  { grupo: 1, sistema: 1, nombre: 'Actividades Económicas', sub: [['Actividades Económicas', '/actividades-economicas']] },
  // Trainings beyond the entry above: the year's programme (same drawer parent), the report and the dashboard.
  { grupo: 2, sistema: 1, nombre: 'Capacitaciones', sub: [['Programa', '/capacitaciones/programa']] },
  { grupo: 5, sistema: 1, nombre: 'Informes Capacitaciones', sub: [['Informe de capacitaciones', '/capacitaciones/informes']] },
  { grupo: 4, sistema: 1, nombre: 'Dashboard', sub: [['Dashboard Capacitaciones', '/dashboard/capacitaciones']] },
  {
    grupo: 1,
    sistema: 1,
    nombre: 'Catálogos de Accidentes',
    sub: [
      ['Tipos de Evento', '/tipo-evento'],
      ['Fuentes del Evento', '/fuente-evento'],
      ['Agentes del Evento', '/agente-evento'],
      ['Tipos de Agente', '/tipo-agente'],
      ['Ítems de Agente', '/item-agente'],
      ['Tipos de Lesión', '/tipo-lesion'],
      ['Partes del Cuerpo', '/parte-cuerpo'],
      ['Actos Subestándares', '/actos-subestandares'],
      ['Condiciones Subestándares', '/condiciones-subestandares'],
      ['Tipos de Factores', '/factores/tipos'],
      ['Causas Básicas', '/factores/causas-basicas'],
      ['Ítems de Causas Básicas', '/factores/item-causas'],
      ['Falta de Control', '/falta-control'],
      ['Familias de Riesgo', '/familia-riesgo'],
      ['Riesgos Específicos', '/riesgo-especifico'],
    ],
  },
  { grupo: 1, sistema: 1, nombre: 'Clientes', sub: [['Clientes', '/clientes']] },
  { grupo: 1, sistema: 1, nombre: 'Auditoría de usuarios', sub: [['Auditoría de usuarios', '/auditoria-usuarios']] },
  // Headcount and hours worked, what the accident rates divide by (same drawer parent as the cases).
  { grupo: 2, sistema: 1, nombre: 'Incidentes', sub: [['Dotación y horas hombre', '/incidentes/dotacion']] },
  // The EPP consultas (spec 2.3 epp/consultas/*), under the EPP drawer parent; the informe SAT is above (Informes EPP).
  {
    grupo: 2,
    sistema: 1,
    nombre: 'EPP',
    sub: [
      ['Consulta EPP asignado', '/epp/consultas/asignados'],
      ['Consulta EPP entregado', '/epp/consultas/entregados'],
      ['Trabajadores con EPP vencido', '/epp/consultas/vencidos'],
      ['EPP vencidos', '/epp/consultas/epp_vencidos'],
      ['EPP pendiente de entrega', '/epp/consultas/pendientes_entrega'],
    ],
  },
];

export const ALL_ACTIONS: PermissionAction[] = [...PERMISSION_ACTIONS];

export type RoleGrant = Record<string, PermissionAction[]>;

const FIELD: PermissionAction[] = ['index', 'crear', 'editar'];
const READ: PermissionAction[] = ['index'];

/** The demo roles. The administrator gets every route of the catalogue. */
export const ROLE_GRANTS: Record<'supervisor' | 'contratista' | 'cliente', RoleGrant> = {
  supervisor: {
    '/dashboard': READ,
    '/trabajadores': FIELD,
    '/inspecciones': FIELD,
    // The supervisor who raised an observation also reviews its answer at the worksite.
    '/observaciones': [...FIELD, 'aprobar'],
    '/epp/entregados': FIELD,
    // The supervisor raises EPP requests for the crew (and edits or deletes them while pending); the office dispatches.
    '/epp/solicitudes': [...FIELD, 'eliminar'],
    // At the worksite: who lacks what, and what a worker holds (an inspector may ask).
    '/epp/consultas/vencidos': READ,
    '/epp/consultas/pendientes_entrega': READ,
    '/epp/informe_sat': READ,
    '/incidentes': FIELD,
    '/perfil/usuario': ['index', 'editar'],
    // The supervisor gives talks at the worksite and takes their attendance.
    '/capacitaciones/tipos': READ,
    '/capacitaciones/creadas': FIELD,
    '/capacitaciones/realizadas': READ,
    '/dashboard/capacitaciones': READ,
    '/incidentes/dotacion': FIELD,
    '/dashboard/incidentes': READ,
    '/dashboard/epp': READ,
  },
  contratista: {
    '/dashboard': READ,
    // A contractor keeps its own roster; the server limits every worker call to the contractor's RUT.
    '/trabajadores': ALL_ACTIONS,
    '/inspecciones': READ,
    '/observaciones': ['index', 'editar'],
    // The server limits every delivery call to the actas of the contractor's own workers.
    '/epp/entregados': READ,
    // Requests for its own workers only (the server limits every request call to the contractor's RUT).
    '/epp/solicitudes': FIELD,
    // The consultas and the informe SAT of its own workers only (server-enforced).
    '/epp/consultas/asignados': READ,
    '/epp/consultas/entregados': READ,
    '/epp/consultas/vencidos': READ,
    '/epp/consultas/epp_vencidos': READ,
    '/epp/consultas/pendientes_entrega': READ,
    '/epp/informe_sat': READ,
    // A contractor reads the cases of its workers and answers their control measures; the company investigates.
    '/incidentes': ['index', 'editar'],
    '/perfil/usuario': ['index', 'editar'],
    // Its own workers' trainings and the sessions held for it; the server limits every call (SPEC PL7).
    '/capacitaciones/creadas': READ,
    '/capacitaciones/realizadas': READ,
    '/capacitaciones/informes': READ,
    '/dashboard/capacitaciones': READ,
    // Its own headcount and hours (the server limits every row to the contractor's RUT) and its own rates.
    '/incidentes/dotacion': FIELD,
    '/dashboard/incidentes': READ,
    // Its own workers' EPP figures only (server-enforced, dashboard-scope.ts).
    '/dashboard/epp': READ,
  },
  cliente: {
    '/dashboard': READ,
    '/inspecciones': READ,
    '/observaciones': READ,
    // Only the actas made for the client.
    '/epp/entregados': READ,
    // The consultas of the workers delivered to for the client, and what was delivered for it (server-enforced).
    '/epp/consultas/asignados': READ,
    '/epp/consultas/entregados': READ,
    '/epp/consultas/vencidos': READ,
    '/epp/consultas/epp_vencidos': READ,
    '/epp/consultas/pendientes_entrega': READ,
    '/epp/informe_sat': READ,
    '/perfil/usuario': ['index', 'editar'],
    '/capacitaciones/realizadas': READ,
    '/capacitaciones/informes': READ,
    '/dashboard/capacitaciones': READ,
    '/dashboard/incidentes': READ,
    // The EPP figures of the actas and inspections made for the client only.
    '/dashboard/epp': READ,
  },
};
