import { ACCIDENT_CATALOGUE_ROUTES } from '../schemas/incidentes-catalogos.routes.ts';
import { ACCIDENT_CATALOGUES } from '../schemas/incidentes-catalogos.schema.ts';
import { dotacionEntity } from '../schemas/dotaciones.schema.ts';
import { incidenteEntity } from '../schemas/incidentes.schema.ts';
import { medidaControlEntity } from '../schemas/medidas-control.schema.ts';
import { DASHBOARD_PARENT } from './menu-parents.ts';
import { defineModule, FIELD, menuParent, READ, type MenuEntry } from './module-manifest.ts';

const CATALOGUES = menuParent(21, 1, 1, 'Catálogos de Accidentes');

/** The accident catalogues' menu entries, in the drawer's order (ids 35 to 49). */
const CATALOGUE_ENTRIES: [keyof typeof ACCIDENT_CATALOGUE_ROUTES, string][] = [
  ['tipos_evento', 'Tipos de Evento'],
  ['fuentes_evento', 'Fuentes del Evento'],
  ['agentes_evento', 'Agentes del Evento'],
  ['tipos_agente', 'Tipos de Agente'],
  ['items_agente', 'Ítems de Agente'],
  ['tipos_lesion', 'Tipos de Lesión'],
  ['partes_cuerpo', 'Partes del Cuerpo'],
  ['actos_subestandares', 'Actos Subestándares'],
  ['condiciones_subestandares', 'Condiciones Subestándares'],
  ['factores', 'Tipos de Factores'],
  ['causas_basicas', 'Causas Básicas'],
  ['items_causas_basicas', 'Ítems de Causas Básicas'],
  ['faltas_control', 'Falta de Control'],
  ['familias_riesgo', 'Familias de Riesgo'],
  ['riesgos_especificos', 'Riesgos Específicos'],
];

export const incidentesModule = defineModule({
  name: 'incidentes',
  entities: { ...ACCIDENT_CATALOGUES, incidentes: incidenteEntity, medidas_control: medidaControlEntity, dotaciones: dotacionEntity },
  menu: [
    // A contractor reads the cases of its workers and answers their control measures; the company investigates.
    {
      parent: menuParent(10, 2, 1, 'Incidentes'),
      IdSubmodulo: 16,
      posicion: 1,
      nombre: 'Incidentes',
      ruta: '/incidentes',
      demo: { supervisor: FIELD, contratista: ['index', 'editar'] },
    },
    {
      parent: DASHBOARD_PARENT,
      IdSubmodulo: 24,
      posicion: 5,
      nombre: 'Dashboard Incidentes',
      ruta: '/dashboard/incidentes',
      demo: { supervisor: READ, contratista: READ, cliente: READ },
    },
    ...CATALOGUE_ENTRIES.map(([table, nombre], index): MenuEntry => ({
      parent: CATALOGUES,
      IdSubmodulo: 35 + index,
      posicion: index + 1,
      nombre,
      ruta: ACCIDENT_CATALOGUE_ROUTES[table],
      records: table,
    })),
    // Headcount and hours worked, what the rates divide by; a contractor keeps its own (server-limited to its RUT).
    {
      parent: menuParent(24, 2, 1, 'Incidentes'),
      IdSubmodulo: 52,
      posicion: 1,
      nombre: 'Dotación y horas hombre',
      ruta: '/incidentes/dotacion',
      demo: { supervisor: FIELD, contratista: FIELD },
    },
  ],
});
