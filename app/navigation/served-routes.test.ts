import { describe, expect, it } from 'vitest';
import { ACCIDENT_CATALOGUE_PATHS, fixedAddresses, paths } from './paths.ts';
import { isServedRoute } from './served-routes.ts';

describe('what the app serves, read from its table of routes', () => {
  it('takes every fixed address of a route tree, and none with a parameter', () => {
    const tree = {
      list: { path: '/epp/tipos', href: '/epp/tipos' },
      detalles: { path: '/epp/tipos/detalles/:id', href: (id: string) => id },
      nested: { deeper: { path: '/dashboard/epp', href: '/dashboard/epp' } },
    };
    expect([...fixedAddresses(tree)]).toEqual(['/epp/tipos', '/dashboard/epp']);
  });

  it('serves the screens the company area registers: lists, reports, dashboards, catalogues, profiles', () => {
    for (const route of [
      paths.dashboard.href,
      paths.trabajadores.list.href,
      paths.nv3.list.href,
      paths.inspecciones.list.href,
      paths.eppEntregados.list.href,
      paths.eppInformeSat.path,
      paths.eppConsultas.pendientes_entrega.href,
      paths.eppDashboard.href,
      paths.incidentes.dotacion.list.href,
      paths.capacitaciones.informes.href,
      paths.perfil.empresa.href,
      paths.auditoria.href,
      ACCIDENT_CATALOGUE_PATHS.factores.list.href,
      ACCIDENT_CATALOGUE_PATHS.riesgos_especificos.list.href,
    ]) {
      expect(isServedRoute(route), route).toBe(true);
    }
  });

  it('does not serve the modules the product does not have yet, nor an address with a parameter', () => {
    for (const route of ['/combustibles/dashboard', '/combustibles/cargamasiva', '/matriz-riesgo', '/inspecciones/detalles/:id', '/pdf/:tipo/:empresa/:id']) {
      expect(isServedRoute(route), route).toBe(false);
    }
  });
});
