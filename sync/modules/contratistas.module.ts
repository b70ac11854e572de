import { CONTRACTOR_CATALOGUES, proveedorEntity } from '../schemas/contratistas-catalogos.schema.ts';
import { defineModule, menuParent, READ, type MenuEntry } from './module-manifest.ts';

const CATALOGUES = menuParent(26, 1, 1, 'Catálogos de Contratistas');

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
  entities: { ...CONTRACTOR_CATALOGUES, proveedores: proveedorEntity },
  menu: CATALOGUE_ENTRIES.map(
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
});
