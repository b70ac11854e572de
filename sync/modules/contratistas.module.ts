import { acreditacionActivoEntity, acreditacionEntity } from '../schemas/contratistas-acreditaciones.schema.ts';
import { CONTRACTOR_CATALOGUES, proveedorEntity } from '../schemas/contratistas-catalogos.schema.ts';
import { contratoEntity } from '../schemas/contratistas-contratos.schema.ts';
import { documentoRequisitoEntity } from '../schemas/contratistas-documentos.schema.ts';
import { requisitoEntity } from '../schemas/contratistas-requisitos.schema.ts';
import { DASHBOARD_PARENT } from './menu-parents.ts';
import { defineModule, menuParent, READ, type MenuEntry } from './module-manifest.ts';

const CATALOGUES = menuParent(26, 1, 1, 'Catálogos de Contratistas');
const CONTRACTORS = menuParent(27, 2, 1, 'Contratistas');

/** The catalogues' menu entries (spec 2.3 configuration routes), ids 58 to 62. */
const CATALOGUE_ENTRIES: [table: string, ruta: string, nombre: string][] = [
  ['procesos_faena', '/proceso-faena', 'Procesos de Faena'],
  ['equipos_trabajo', '/equipo-trabajo', 'Equipos de Trabajo'],
  ['actividades_contrato', '/actividades-contrato', 'Actividades de Contrato'],
  ['clasificaciones_contrato', '/clasificaciones', 'Clasificaciones'],
  ['proveedores', '/proveedores', 'Proveedores'],
];

/** Contractor management: what a mandante keeps about the companies that work for it (Ley 20.123, DS 76, DS 44). */
export const contratistasModule = defineModule({
  name: 'contratistas',
  entities: {
    ...CONTRACTOR_CATALOGUES,
    proveedores: proveedorEntity,
    requisitos: requisitoEntity,
    contratos: contratoEntity,
    documentos_requisito: documentoRequisitoEntity,
    acreditaciones: acreditacionEntity,
    acreditaciones_activo: acreditacionActivoEntity,
  },
  menu: [
    ...CATALOGUE_ENTRIES.map(
      ([records, ruta, nombre], index): MenuEntry => ({
        parent: CATALOGUES,
        IdSubmodulo: 58 + index,
        posicion: index + 1,
        nombre,
        ruta,
        records,
        // The field reads a contract's processes and teams; contractors read the catalogues their contracts use.
        demo: { supervisor: READ, contratista: READ },
      }),
    ),
    { parent: CONTRACTORS, IdSubmodulo: 63, posicion: 1, nombre: 'Requisitos', ruta: '/requisitos-reglas', records: 'requisitos', demo: { contratista: READ } },
    { parent: CONTRACTORS, IdSubmodulo: 64, posicion: 2, nombre: 'Contratos', ruta: '/contratos', records: 'contratos', demo: { supervisor: READ, contratista: READ } },
    // A contractor uploads its documents and comments (editar); the office reviews, approves and rejects (aprobar).
    {
      parent: CONTRACTORS,
      IdSubmodulo: 65,
      posicion: 3,
      nombre: 'Seguimiento de Requisitos',
      ruta: '/seguimiento-requisitos',
      demo: { supervisor: READ, contratista: ['index', 'editar'] },
    },
    // Contractors and clients in one directory, with the chains of subcontractors their contracts make.
    { parent: CONTRACTORS, IdSubmodulo: 66, posicion: 4, nombre: 'Empresas Asociadas', ruta: '/empresas-asociadas', demo: { supervisor: READ } },
    // A contractor reads its own figures (the server limits it to its RUT and its subcontractors).
    {
      parent: DASHBOARD_PARENT,
      IdSubmodulo: 67,
      posicion: 6,
      nombre: 'Dashboard Contratistas',
      ruta: '/dashboard/contratistas',
      demo: { supervisor: READ, contratista: READ },
    },
  ],
});
