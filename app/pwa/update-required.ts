import { useSyncExternalStore } from 'react';

/**
 * SPEC PV3 as the update prompt needs it: whether the server asked for a newer app. The signed-in area sets it from
 * its sync state; the prompt, on every screen, reads it without loading the sync engine.
 */
let required = false;
const listeners = new Set<() => void>();

export function setUpdateRequired(value: boolean): void {
  if (value === required) return;
  required = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpdateRequired(): boolean {
  return useSyncExternalStore(subscribe, () => required);
}
