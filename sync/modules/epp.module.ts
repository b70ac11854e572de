import { eppAsignacionEntity } from '../schemas/epp-asignaciones.schema.ts';
import { eppEntregaEntity } from '../schemas/epp-entregas.schema.ts';
import { eppSolicitudEntity } from '../schemas/epp-solicitudes.schema.ts';
import { eppTipoEntity } from '../schemas/epp-tipos.schema.ts';
import { DASHBOARD_PARENT } from './menu-parents.ts';
import { defineModule, FIELD, menuParent, READ } from './module-manifest.ts';

const EPP = menuParent(9, 2, 1, 'EPP');
// The consultas (spec 2.3 epp/consultas/*), under the EPP drawer parent; the server limits a contractor to its own
// workers and a client to what was delivered for it.
const CONSULTAS = menuParent(25, 2, 1, 'EPP');
const OUTSIDE = { contratista: READ, cliente: READ };

export const eppModule = defineModule({
  name: 'epp',
  entities: {
    epp_tipos: eppTipoEntity,
    epp_asignaciones: eppAsignacionEntity,
    epp_entregas: eppEntregaEntity,
    epp_solicitudes: eppSolicitudEntity,
  },
  menu: [
    { parent: EPP, IdSubmodulo: 12, posicion: 1, nombre: 'Tipos', ruta: '/epp/tipos', records: 'epp_tipos' },
    // The server limits a contractor to the actas of its own workers, a client to those made for it.
    { parent: EPP, IdSubmodulo: 13, posicion: 2, nombre: 'Entregados', ruta: '/epp/entregados', demo: { supervisor: FIELD, ...OUTSIDE } },
    { parent: EPP, IdSubmodulo: 14, posicion: 3, nombre: 'Asignación', ruta: '/epp/asignacion' },
    // The supervisor raises requests for the crew (and edits or deletes them while pending); the office dispatches.
    {
      parent: EPP,
      IdSubmodulo: 15,
      posicion: 4,
      nombre: 'Solicitudes',
      ruta: '/epp/solicitudes',
      demo: { supervisor: [...FIELD, 'eliminar'], contratista: FIELD },
    },
    {
      parent: DASHBOARD_PARENT,
      IdSubmodulo: 23,
      posicion: 4,
      nombre: 'Dashboard EPP',
      ruta: '/dashboard/epp',
      demo: { supervisor: READ, ...OUTSIDE },
    },
    {
      parent: menuParent(13, 5, 1, 'Informes EPP'),
      IdSubmodulo: 25,
      posicion: 1,
      nombre: 'Informe SAT',
      ruta: '/epp/informe_sat',
      demo: { supervisor: READ, ...OUTSIDE },
    },
    { parent: CONSULTAS, IdSubmodulo: 53, posicion: 1, nombre: 'Consulta EPP asignado', ruta: '/epp/consultas/asignados', demo: OUTSIDE },
    { parent: CONSULTAS, IdSubmodulo: 54, posicion: 2, nombre: 'Consulta EPP entregado', ruta: '/epp/consultas/entregados', demo: OUTSIDE },
    // At the worksite: who lacks what (an inspector may ask).
    {
      parent: CONSULTAS,
      IdSubmodulo: 55,
      posicion: 3,
      nombre: 'Trabajadores con EPP vencido',
      ruta: '/epp/consultas/vencidos',
      demo: { supervisor: READ, ...OUTSIDE },
    },
    { parent: CONSULTAS, IdSubmodulo: 56, posicion: 4, nombre: 'EPP vencidos', ruta: '/epp/consultas/epp_vencidos', demo: OUTSIDE },
    {
      parent: CONSULTAS,
      IdSubmodulo: 57,
      posicion: 5,
      nombre: 'EPP pendiente de entrega',
      ruta: '/epp/consultas/pendientes_entrega',
      demo: { supervisor: READ, ...OUTSIDE },
    },
  ],
});
