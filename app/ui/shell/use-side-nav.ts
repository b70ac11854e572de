import type { Session } from '#sync/schemas/auth.schema.ts';
import { useMemo } from 'react';
import { isServedRoute } from '#app/navigation/served-routes.ts';
import { useCurrentSystem } from '#app/session/current-system.ts';
import { buildSideNav, type NavGroup } from './side-nav-model.ts';

const SEDECC_URL: string | null = import.meta.env.VITE_SEDECC_URL || null;

/** The session's menu (spec 2.6): what the drawer lists, and what Inicio and «Sin acceso» offer as shortcuts. */
export function useSideNav(session: Session): NavGroup[] {
  const { system } = useCurrentSystem(session);
  return useMemo(
    () =>
      buildSideNav(session.permisos, session.mascaras, { systemId: system?.IdSistema, isAppRoute: isServedRoute, sedeccUrl: SEDECC_URL }),
    [session.permisos, session.mascaras, system?.IdSistema],
  );
}
