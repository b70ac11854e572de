export interface StorageSummary {
  usage: number | null;
  quota: number | null;
  persisted: boolean | null;
}

/** Asks the browser not to evict this site's data under storage pressure; field records live here. */
export async function requestPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  try {
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}

export async function readStorageSummary(): Promise<StorageSummary> {
  const storage = navigator.storage;
  const [estimate, persisted] = await Promise.all([
    storage?.estimate ? storage.estimate().catch(() => null) : null,
    storage?.persisted ? storage.persisted().catch(() => null) : null,
  ]);
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}
