import { accesoModule } from './acceso.module.ts';
import { actividadesEconomicasModule } from './actividades-economicas.module.ts';
import { capacitacionesModule } from './capacitaciones.module.ts';
import { cargosModule } from './cargos.module.ts';
import { certificacionesModule } from './certificaciones.module.ts';
import { clientesModule } from './clientes.module.ts';
import { combustiblesModule } from './combustibles.module.ts';
import { contratistasModule } from './contratistas.module.ts';
import { empresaContratistasModule } from './empresa-contratistas.module.ts';
import { eppModule } from './epp.module.ts';
import { fiscalesModule } from './fiscales.module.ts';
import { flotaModule } from './flota.module.ts';
import { formulariosModule } from './formularios.module.ts';
import { incidentesModule } from './incidentes.module.ts';
import { inicioModule } from './inicio.module.ts';
import { inspeccionesModule } from './inspecciones.module.ts';
import { mascarasModule } from './mascaras.module.ts';
import { nivelesModule } from './niveles.module.ts';
import { perfilModule } from './perfil.module.ts';
import { rolesModule } from './roles.module.ts';
import { trabajadoresModule } from './trabajadores.module.ts';
import { usuariosModule } from './usuarios.module.ts';

/**
 * Every business module of the product: the one list both sides map over (entities, record stores and routes, device
 * records and screens, the menu seed and the demo roles' grants). A module's halves are found by its name; the
 * server mounts their routes in this order.
 */
export const MODULES = [
  perfilModule,
  mascarasModule,
  trabajadoresModule,
  cargosModule,
  nivelesModule,
  formulariosModule,
  inspeccionesModule,
  certificacionesModule,
  actividadesEconomicasModule,
  capacitacionesModule,
  eppModule,
  incidentesModule,
  rolesModule,
  usuariosModule,
  fiscalesModule,
  empresaContratistasModule,
  clientesModule,
  inicioModule,
  combustiblesModule,
  // The fleet before contractors: a contract names the fleet's vehicles and machines (the demo seeds in this order).
  flotaModule,
  contratistasModule,
  // The gate reads the contractors' accreditations and the fleet's fitness.
  accesoModule,
] as const;

export type ModuleName = (typeof MODULES)[number]['name'];
