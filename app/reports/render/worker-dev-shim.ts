/**
 * Development only: @vitejs/plugin-react adds React Refresh to every .tsx module, and its runtime writes to
 * `window`, which a worker does not have. The production build has no refresh runtime and skips this.
 * Imported first by the worker, so it runs before the report modules and their refresh runtime.
 */
if (import.meta.env.DEV) {
  const scope = self as unknown as { window?: unknown };
  scope.window ??= self;
}
