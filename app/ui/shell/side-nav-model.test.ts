import type { Mask, Permission } from '#sync/schemas/auth.schema.ts';
import { describe, expect, it } from 'vitest';
import { isServedRoute } from '#app/navigation/served-routes.ts';
import { buildSideNav, entryLabel, locateInNav, type NavGroup, navShortcuts, sedeccHref } from './side-nav-model.ts';

function permission(overrides: Partial<Permission> & Pick<Permission, 'Ruta'>): Permission {
  return {
    NombreGrupo: 'Módulos',
    SubtituloGrupo: '',
    PosicionGrupo: 2,
    NombreSistemaModulo: 'Inspecciones',
    PosicionGroupModulos: 1,
    NombreSistemaModuloSub: 'Inspecciones',
    PosicionGroupModulosSub: 1,
    IdSistema: 1,
    Acciones: ['index'],
    ...overrides,
  };
}

const everyRoute = () => true;
const noMasks: Mask[] = [];

describe('buildSideNav', () => {
  it('groups by top group, then module, then submodule, each sorted by its position', () => {
    const nav = buildSideNav(
      [
        permission({
          NombreGrupo: 'Dashboard',
          PosicionGrupo: 4,
          NombreSistemaModulo: 'Dashboard',
          NombreSistemaModuloSub: 'Dashboard EPP',
          Ruta: '/dashboard/epp',
          PosicionGroupModulosSub: 3,
        }),
        permission({
          NombreGrupo: 'Ajustes',
          SubtituloGrupo: '(mantenedores)',
          PosicionGrupo: 1,
          NombreSistemaModulo: 'Cargos',
          PosicionGroupModulos: 2,
          NombreSistemaModuloSub: 'Cargos',
          Ruta: '/cargos',
        }),
        permission({
          NombreGrupo: 'Ajustes',
          SubtituloGrupo: '(mantenedores)',
          PosicionGrupo: 1,
          NombreSistemaModulo: 'Trabajadores',
          PosicionGroupModulos: 1,
          NombreSistemaModuloSub: 'Trabajadores',
          Ruta: '/trabajadores',
        }),
        permission({
          NombreGrupo: 'Dashboard',
          PosicionGrupo: 4,
          NombreSistemaModulo: 'Dashboard',
          NombreSistemaModuloSub: 'Dashboard',
          Ruta: '/dashboard',
          PosicionGroupModulosSub: 1,
        }),
      ],
      noMasks,
      { isAppRoute: everyRoute },
    );

    expect(nav.map((group) => [group.name, group.subtitle])).toEqual([
      ['Ajustes', '(mantenedores)'],
      ['Dashboard', ''],
    ]);
    expect(nav[0]?.entries.map((entry) => entry.label)).toEqual(['Trabajadores', 'Cargos']);
    expect(nav[1]?.entries).toEqual([
      {
        kind: 'parent',
        id: 'Dashboard/Dashboard',
        label: 'Dashboard',
        children: [
          { label: 'principal', href: '/dashboard', external: false },
          { label: 'EPP', href: '/dashboard/epp', external: false },
        ],
      },
    ]);
  });

  it('lists a route granted by several roles once, at its lowest position', () => {
    const nav = buildSideNav(
      [
        permission({ NombreSistemaModulo: 'EPP', NombreSistemaModuloSub: 'Tipos', Ruta: '/epp/tipos', PosicionGroupModulosSub: 5 }),
        permission({
          NombreSistemaModulo: 'EPP',
          NombreSistemaModuloSub: 'Entregados',
          Ruta: '/epp/entregados',
          PosicionGroupModulosSub: 2,
        }),
        permission({ NombreSistemaModulo: 'EPP', NombreSistemaModuloSub: 'Tipos', Ruta: '/epp/tipos', PosicionGroupModulosSub: 1 }),
      ],
      noMasks,
      { isAppRoute: everyRoute },
    );

    const [entry] = nav[0]?.entries ?? [];
    expect(entry?.kind === 'parent' && entry.children.map((child) => child.href)).toEqual(['/epp/tipos', '/epp/entregados']);
  });

  it('turns a parent whose only child has its name into a direct link', () => {
    const nav = buildSideNav(
      [permission({ NombreSistemaModulo: 'Inspecciones ', NombreSistemaModuloSub: 'inspecciones', Ruta: '/inspecciones' })],
      noMasks,
      {
        isAppRoute: everyRoute,
      },
    );

    expect(nav[0]?.entries).toEqual([
      { kind: 'link', id: 'Módulos/Inspecciones ', label: 'Inspecciones', href: '/inspecciones', external: false },
    ]);
  });

  it('keeps a parent with one differently named child as an expandable parent', () => {
    const nav = buildSideNav(
      [permission({ NombreSistemaModulo: 'Informes EPP', NombreSistemaModuloSub: 'Informe SAT', Ruta: '/epp/informe_sat' })],
      noMasks,
      {
        isAppRoute: everyRoute,
      },
    );

    expect(nav[0]?.entries[0]?.kind).toBe('parent');
  });

  it('leaves out the Perfil group, other systems and entries without the index action', () => {
    const nav = buildSideNav(
      [
        permission({ NombreGrupo: 'Perfil', NombreSistemaModulo: 'Perfil', NombreSistemaModuloSub: 'Mi Perfil', Ruta: '/perfil/usuario' }),
        permission({
          NombreSistemaModulo: 'Combustibles',
          NombreSistemaModuloSub: 'Carga masiva',
          Ruta: '/combustibles/cargamasiva',
          IdSistema: 2,
        }),
        permission({
          Ruta: '/observaciones',
          NombreSistemaModulo: 'Observaciones',
          NombreSistemaModuloSub: 'Observaciones',
          Acciones: ['crear'],
        }),
        permission({ Ruta: '/inspecciones' }),
      ],
      noMasks,
      { isAppRoute: everyRoute, systemId: 1 },
    );

    expect(nav.map((group) => group.name)).toEqual(['Módulos']);
    expect(nav[0]?.entries.map((entry) => entry.label)).toEqual(['Inspecciones']);
  });

  it('names level 2, 3 and 4 entries after the company masks', () => {
    const masks: Mask[] = [
      { TipoNv: 2, Nombre: 'Gerencias' },
      { TipoNv: 3, Nombre: 'Áreas' },
    ];
    const nav = buildSideNav(
      [
        permission({
          NombreGrupo: 'Ajustes',
          NombreSistemaModulo: 'Niveles',
          NombreSistemaModuloSub: 'Nivel 2',
          Ruta: '/nv2',
          PosicionGroupModulosSub: 1,
        }),
        permission({
          NombreGrupo: 'Ajustes',
          NombreSistemaModulo: 'Niveles',
          NombreSistemaModuloSub: 'Nivel 3',
          Ruta: '/nv3',
          PosicionGroupModulosSub: 2,
        }),
        permission({
          NombreGrupo: 'Ajustes',
          NombreSistemaModulo: 'Niveles',
          NombreSistemaModuloSub: 'Nivel 4',
          Ruta: '/nv4',
          PosicionGroupModulosSub: 3,
        }),
        permission({
          NombreGrupo: 'Ajustes',
          NombreSistemaModulo: 'Nivel 2',
          PosicionGroupModulos: 2,
          NombreSistemaModuloSub: 'Nivel 2',
          Ruta: '/nv2',
        }),
      ],
      masks,
      { isAppRoute: everyRoute },
    );

    const [levels, direct] = nav[0]?.entries ?? [];
    expect(levels?.kind === 'parent' && levels.children.map((child) => child.label)).toEqual(['Gerencias', 'Áreas', 'Nivel 4']);
    expect(direct).toMatchObject({ kind: 'link', label: 'Gerencias', href: '/nv2' });
  });

  it('shows only routes that have a screen, and drops parents and groups left empty', () => {
    const appRoutes = new Set(['/dashboard']);
    const nav = buildSideNav(
      [
        permission({
          NombreGrupo: 'Dashboard',
          PosicionGrupo: 4,
          NombreSistemaModulo: 'Dashboard',
          NombreSistemaModuloSub: 'Dashboard',
          Ruta: '/dashboard',
        }),
        permission({
          NombreGrupo: 'Dashboard',
          PosicionGrupo: 4,
          NombreSistemaModulo: 'Dashboard',
          NombreSistemaModuloSub: 'Dashboard Observaciones',
          Ruta: '/dashboard/observaciones',
          PosicionGroupModulosSub: 2,
        }),
        permission({ Ruta: '/inspecciones' }),
        permission({
          NombreGrupo: 'Informes',
          NombreSistemaModulo: 'Informes EPP',
          NombreSistemaModuloSub: 'Informe SAT',
          Ruta: '/epp/informe_sat',
        }),
      ],
      noMasks,
      { isAppRoute: (route) => appRoutes.has(route) },
    );

    expect(nav).toEqual([
      {
        id: 'Dashboard',
        name: 'Dashboard',
        subtitle: '',
        entries: [{ kind: 'link', id: 'Dashboard/Dashboard', label: 'principal', href: '/dashboard', external: false }],
      },
    ]);
  });

  it('links Sedecc entries to the external site only when it is configured', () => {
    const sedecc = permission({ NombreSistemaModulo: 'Sedecc', NombreSistemaModuloSub: 'Acreditación', Ruta: '/acreditacion' });

    expect(buildSideNav([sedecc], noMasks, { isAppRoute: () => false })).toEqual([]);

    const nav = buildSideNav([sedecc], noMasks, { isAppRoute: () => false, sedeccUrl: 'https://sedecc.example.cl/entrar' });
    const [entry] = nav[0]?.entries ?? [];
    expect(entry?.kind === 'parent' && entry.children).toEqual([
      { label: 'Acreditación', href: 'https://sedecc.example.cl/entrar?ruta=%2Facreditacion', external: true },
    ]);
  });
});

describe('entryLabel (spec 2.6 label overrides)', () => {
  it.each([
    ['Dashboard', 'principal'],
    ['Dashboard Observaciones', 'Observaciones'],
    ['Dashboard Inspecciones', 'Inspecciones'],
    ['Dashboard Capacitaciones', 'Capacitaciones'],
    ['Dashboard Incidentes', 'Incidentes'],
    ['Dashboard Gestión de Desempeño', 'Gestión de Desempeño'],
    ['Dashboard Percepción del Riesgo', 'Percepción del Riesgo'],
    ['Dashboard EPP', 'EPP'],
    ['dashboard  gestion de desempeño ', 'Gestión de Desempeño'],
    ['Dashboard Combustibles', 'Dashboard Combustibles'],
    ['Trabajadores ', 'Trabajadores'],
  ])('%s -> %s', (name, label) => {
    expect(entryLabel(name, '/dashboard/x', noMasks)).toBe(label);
  });

  it('names the level maintainers after the mask of their level, and keeps the name without one', () => {
    const masks: Mask[] = [
      { TipoNv: 2, Nombre: 'Gerencias' },
      { TipoNv: 4, Nombre: 'Turnos' },
    ];
    expect(['/nv2', '/nv3', '/nv4'].map((route) => entryLabel(`Nivel ${route.slice(3)}`, route, masks))).toEqual([
      'Gerencias',
      'Nivel 3',
      'Turnos',
    ]);
  });
});

describe('locateInNav', () => {
  const nav: NavGroup[] = buildSideNav(
    [
      permission({
        NombreGrupo: 'Ajustes',
        PosicionGrupo: 1,
        NombreSistemaModulo: 'Trabajadores',
        NombreSistemaModuloSub: 'Trabajadores',
        Ruta: '/trabajadores',
      }),
      permission({
        NombreGrupo: 'Ajustes',
        PosicionGrupo: 1,
        NombreSistemaModulo: 'Niveles',
        PosicionGroupModulos: 2,
        NombreSistemaModuloSub: 'Nivel 2',
        Ruta: '/nv2',
      }),
      permission({
        NombreGrupo: 'Ajustes',
        PosicionGrupo: 1,
        NombreSistemaModulo: 'Niveles',
        PosicionGroupModulos: 2,
        NombreSistemaModuloSub: 'Nivel 3',
        Ruta: '/nv3',
        PosicionGroupModulosSub: 2,
      }),
      permission({ Ruta: '/inspecciones' }),
      permission({
        NombreSistemaModulo: 'Observaciones',
        PosicionGroupModulos: 2,
        NombreSistemaModuloSub: 'Observaciones',
        Ruta: '/observaciones',
      }),
      permission({
        NombreGrupo: 'Dashboard',
        PosicionGrupo: 4,
        NombreSistemaModulo: 'Dashboard',
        NombreSistemaModuloSub: 'Dashboard',
        Ruta: '/dashboard',
      }),
      permission({
        NombreGrupo: 'Dashboard',
        PosicionGrupo: 4,
        NombreSistemaModulo: 'Dashboard',
        NombreSistemaModuloSub: 'Dashboard EPP',
        Ruta: '/dashboard/epp',
        PosicionGroupModulosSub: 2,
      }),
      permission({
        NombreGrupo: 'Innoapsion',
        PosicionGrupo: 3,
        NombreSistemaModulo: 'Sedecc',
        NombreSistemaModuloSub: 'Acreditación',
        Ruta: '/trabajadores/acreditacion',
      }),
    ],
    noMasks,
    { isAppRoute: everyRoute, sedeccUrl: 'https://sedecc.example.cl/' },
  );
  const where = (pathname: string) => {
    const found = locateInNav(nav, pathname);
    return found && [found.group.name, found.entryId, found.href];
  };

  it('finds the entry of a list and of the pages under it: detail, form, new', () => {
    expect(where('/inspecciones')).toEqual(['Módulos', 'Módulos/Inspecciones', '/inspecciones']);
    expect(where('/inspecciones/detalles/0190a1b2-c3d4')).toEqual(['Módulos', 'Módulos/Inspecciones', '/inspecciones']);
    expect(where('/inspecciones/editar/0190a1b2-c3d4')).toEqual(['Módulos', 'Módulos/Inspecciones', '/inspecciones']);
    expect(where('/observaciones/detalles/0190a1b2-c3d4')).toEqual(['Módulos', 'Módulos/Observaciones', '/observaciones']);
    expect(where('/trabajadores/editar/12')).toEqual(['Ajustes', 'Ajustes/Trabajadores', '/trabajadores']);
    expect(where('/nv3/nuevo')).toEqual(['Ajustes', 'Ajustes/Niveles', '/nv3']);
  });

  it('puts the checklist report under Inspecciones, whatever the template type', () => {
    expect(where('/pdf/inspeccion/76123456/0190a1b2')).toEqual(['Módulos', 'Módulos/Inspecciones', '/inspecciones']);
    expect(where('/pdf/observacion/76123456/0190a1b2')).toEqual(['Módulos', 'Módulos/Inspecciones', '/inspecciones']);
  });

  it('takes the longest route, by whole path segments', () => {
    expect(where('/dashboard')).toEqual(['Dashboard', 'Dashboard/Dashboard', '/dashboard']);
    expect(where('/dashboard/epp')).toEqual(['Dashboard', 'Dashboard/Dashboard', '/dashboard/epp']);
    expect(where('/nv2')).toEqual(['Ajustes', 'Ajustes/Niveles', '/nv2']);
    expect(where('/nv22')).toBeUndefined();
    expect(where('/inspeccionesx')).toBeUndefined();
  });

  it('leaves out screens in no entry, and never matches an external link', () => {
    expect(where('/perfil/usuario')).toBeUndefined();
    expect(where('/sincronizacion')).toBeUndefined();
    expect(where('/trabajadores/acreditacion')).toEqual(['Ajustes', 'Ajustes/Trabajadores', '/trabajadores']);
  });
});

describe('helpers', () => {
  it('adds the route as a parameter to the Sedecc address', () => {
    expect(sedeccHref('https://s.example.cl/?a=1', '/x')).toBe('https://s.example.cl/?a=1&ruta=%2Fx');
  });
});

describe('navShortcuts', () => {
  const nav = buildSideNav(
    [
      permission({
        NombreGrupo: 'Ajustes',
        PosicionGrupo: 1,
        NombreSistemaModulo: 'Trabajadores',
        NombreSistemaModuloSub: 'Trabajadores',
        Ruta: '/trabajadores',
      }),
      permission({
        NombreSistemaModulo: 'EPP',
        PosicionGroupModulos: 2,
        NombreSistemaModuloSub: 'Entregados',
        Ruta: '/epp/entregados',
        PosicionGroupModulosSub: 2,
      }),
      permission({
        NombreSistemaModulo: 'EPP',
        PosicionGroupModulos: 2,
        NombreSistemaModuloSub: 'Solicitudes',
        Ruta: '/epp/solicitudes',
        PosicionGroupModulosSub: 4,
      }),
      permission({
        NombreGrupo: 'Dashboard',
        PosicionGrupo: 4,
        NombreSistemaModulo: 'Dashboard',
        NombreSistemaModuloSub: 'Dashboard',
        Ruta: '/dashboard',
      }),
      permission({
        NombreGrupo: 'Dashboard',
        PosicionGrupo: 4,
        NombreSistemaModulo: 'Dashboard',
        NombreSistemaModuloSub: 'Dashboard EPP',
        Ruta: '/dashboard/epp',
        PosicionGroupModulosSub: 2,
      }),
      permission({
        NombreGrupo: 'Innoapsion',
        PosicionGrupo: 3,
        NombreSistemaModulo: 'Sedecc',
        NombreSistemaModuloSub: 'Acreditación',
        Ruta: '/acreditacion',
      }),
    ],
    noMasks,
    { isAppRoute: (route) => route !== '/acreditacion', sedeccUrl: 'https://sedecc.example.cl/' },
  );

  it("lists the menu's in-app screens in its order, a child with its parent's name, leaving out the home and the external site", () => {
    expect(navShortcuts(nav, ['/dashboard'])).toEqual([
      { label: 'Trabajadores', href: '/trabajadores' },
      { label: 'EPP › Entregados', href: '/epp/entregados' },
      { label: 'EPP › Solicitudes', href: '/epp/solicitudes' },
      { label: 'Dashboard › EPP', href: '/dashboard/epp' },
    ]);
  });

  it('is empty for a role that opens nothing but the home', () => {
    expect(navShortcuts([], ['/dashboard'])).toEqual([]);
  });
});

describe('the menu with the routes the app serves', () => {
  it('leaves out catalogue entries without a screen: fuel, and dashboards not made yet', () => {
    const nav = buildSideNav(
      [
        permission({
          NombreGrupo: 'Dashboard',
          PosicionGrupo: 4,
          NombreSistemaModulo: 'Dashboard',
          NombreSistemaModuloSub: 'Dashboard',
          Ruta: '/dashboard',
        }),
        permission({
          NombreGrupo: 'Dashboard',
          PosicionGrupo: 4,
          NombreSistemaModulo: 'Dashboard',
          NombreSistemaModuloSub: 'Dashboard Riesgos',
          Ruta: '/dashboard/riesgos-no-hechos',
        }),
        permission({ NombreSistemaModulo: 'Combustibles', NombreSistemaModuloSub: 'Carga masiva', Ruta: '/combustibles/cargamasiva' }),
        permission({
          NombreSistemaModulo: 'Combustibles',
          NombreSistemaModuloSub: 'Dashboard Combustibles',
          Ruta: '/combustibles/dashboard',
        }),
        permission({ Ruta: '/inspecciones' }),
      ],
      noMasks,
      { isAppRoute: isServedRoute },
    );
    const hrefs = nav.flatMap((group) =>
      group.entries.flatMap((entry) => (entry.kind === 'link' ? [entry.href] : entry.children.map((child) => child.href))),
    );
    expect(hrefs).toEqual(['/inspecciones', '/dashboard']);
  });
});
