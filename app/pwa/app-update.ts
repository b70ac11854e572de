/**
 * SPEC PV3: the server no longer speaks this app's sync protocol. Looks for the new version now; if one is
 * installed or waiting it takes over and the page reloads with it, otherwise the page reloads (the browser then
 * checks for it). Queued writes stay in the device's database and the new version sends them.
 */
export async function updateApp(): Promise<void> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  const registration = await container?.getRegistration().catch(() => undefined);
  await registration?.update().catch(() => undefined);
  const next = registration?.waiting ?? registration?.installing;
  if (container && next) {
    container.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    next.postMessage({ type: 'SKIP_WAITING' });
    return;
  }
  window.location.reload();
}
