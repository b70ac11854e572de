import type { Session, SessionSystem } from '#sync/schemas/auth.schema.ts';
import { APP_ADDRESSES, paths } from '#app/navigation/paths.ts';
import { useStoredValue } from '#app/ui/use-stored-value.ts';

export const SYSTEM_STORAGE_KEY = 'system';

/** Systems whose home screen exists in this app; only these can be switched to. */
export function openableSystems(session: Session): SessionSystem[] {
  return session.sistemas.filter((system) => APP_ADDRESSES.has(system.RutaInicio));
}

/** The stored system (by name, as the spec keeps it), else the user's preferred one, else the first openable. */
export function resolveSystem(session: Session, storedName: string | null): SessionSystem | undefined {
  const openable = openableSystems(session);
  return (
    openable.find((system) => system.Nombre === storedName) ??
    openable.find((system) => system.IdSistema === session.usuario.IdSistemaPreferido) ??
    openable[0]
  );
}

export function homeOf(system: SessionSystem | undefined): string {
  return system?.RutaInicio ?? paths.dashboard.href;
}

export function useCurrentSystem(session: Session) {
  const [storedName, setStoredName] = useStoredValue(SYSTEM_STORAGE_KEY);
  const system = resolveSystem(session, storedName);
  return {
    system,
    systems: openableSystems(session),
    selectSystem: (next: SessionSystem) => setStoredName(next.Nombre),
  };
}
