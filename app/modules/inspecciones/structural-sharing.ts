function isPlain(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * `next` with every part that equals the same part of `previous` replaced by that part, so unchanged objects
 * keep their identity across reads: a live query re-reads the whole draft on each answer, and memoized rows
 * then re-render only where something changed.
 */
export function replaceEqualDeep<T>(previous: unknown, next: T): T {
  if (previous === next) return next;
  if (!isPlain(previous) || !isPlain(next) || Array.isArray(previous) !== Array.isArray(next)) return next;
  if (Array.isArray(next)) {
    const before = previous as unknown[];
    const shared = next.map((item, index) => replaceEqualDeep(before[index], item));
    return (shared.length === before.length && shared.every((item, index) => item === before[index]) ? before : shared) as T;
  }
  const before = previous as Record<string, unknown>;
  const keys = Object.keys(next);
  const shared: Record<string, unknown> = {};
  let same = keys.length === Object.keys(before).length;
  for (const key of keys) {
    shared[key] = replaceEqualDeep(before[key], (next as Record<string, unknown>)[key]);
    if (shared[key] !== before[key] || !(key in before)) same = false;
  }
  return (same ? before : shared) as T;
}
