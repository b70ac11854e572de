import { useCallback, useMemo, useSyncExternalStore } from 'react';

const listeners = new Map<string, Set<() => void>>();

function notify(key: string): void {
  for (const listener of listeners.get(key) ?? []) listener();
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** A localStorage entry shared by every component that reads it. */
export function useStoredValue(key: string): [string | null, (value: string | null) => void] {
  const subscribe = useCallback(
    (listener: () => void) => {
      const set = listeners.get(key) ?? new Set();
      set.add(listener);
      listeners.set(key, set);
      return () => set.delete(listener);
    },
    [key],
  );
  const value = useSyncExternalStore(subscribe, () => read(key));
  const setValue = useCallback(
    (next: string | null) => {
      try {
        if (next === null) localStorage.removeItem(key);
        else localStorage.setItem(key, next);
      } catch {
        // Storage full or blocked: the choice lives only until the page closes.
      }
      notify(key);
    },
    [key],
  );
  return [value, setValue];
}

export function useStoredJson<T>(key: string, fallback: T): [T, (value: T) => void] {
  const [raw, setRaw] = useStoredValue(key);
  const value = useMemo(() => {
    if (raw === null) return fallback;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return fallback;
    }
  }, [raw, fallback]);
  const setValue = useCallback((next: T) => setRaw(JSON.stringify(next)), [setRaw]);
  return [value, setValue];
}
