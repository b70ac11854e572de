import { Session } from 'node:inspector/promises';

/** Where this process's CPU went while `work` ran, sampled by V8's profiler: share of samples per kind of code. */
export async function cpuSplit(work: () => Promise<void>): Promise<{ label: string; share: number }[]> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  let profile;
  try {
    await work();
  } finally {
    ({ profile } = await session.post('Profiler.stop'));
    session.disconnect();
  }

  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const bySample = new Map<number, number>();
  for (const id of profile.samples ?? []) bySample.set(id, (bySample.get(id) ?? 0) + 1);
  const totals = new Map<string, number>();
  let all = 0;
  for (const [id, count] of bySample) {
    const label = kindOf(nodes.get(id)!.callFrame);
    if (label === null) continue;
    totals.set(label, (totals.get(label) ?? 0) + count);
    all += count;
  }
  return [...totals].map(([label, count]) => ({ label, share: count / all })).sort((a, b) => b.share - a.share);
}

/** A sample's kind by the function it was in (self time); idle and the profiler itself are left out. */
function kindOf({ functionName, url }: { functionName: string; url: string }): string | null {
  if (functionName === '(idle)' || functionName === '(program)' || url.includes('inspector')) return null;
  if (functionName === '(garbage collector)') return 'recolección de basura';
  if (url === '' && ['run', 'all', 'get', 'prepare', 'exec', 'iterate'].includes(functionName)) return 'SQLite (better-sqlite3)';
  if (url.includes('/kysely/') || url.includes('server/db/')) return 'Kysely y sentencias preparadas';
  if (url.includes('@hono/node-server') || url.startsWith('node:_http') || url.startsWith('node:net') || url.includes('zlib')) return 'HTTP (servidor de Node, gzip)';
  if (url.includes('/hono/') || url.includes('hono-openapi')) return 'Hono (ruteo, contexto, middleware)';
  if (url.includes('undici') || url.includes('/web/') || url.includes('encoding')) return 'Request, Response y Headers';
  if (url.includes('valibot') || url.includes('server/http/validation')) return 'validación (valibot)';
  if (url.includes('server/sync/') || functionName === 'oneShotDigest') return 'lote y libro de idempotencia';
  if (url.includes('server/tenancy/') || url.includes('server/auth/')) return 'sesión y permisos';
  if (url.includes('server/modules/') || url.includes('server/records/') || url.includes('sync/schemas/') || url.includes('sync/domain/')) return 'escritura del módulo';
  if (functionName === 'runMicrotasks') return 'promesas (await)';
  if (url.includes('/tests/')) return 'el cliente del benchmark';
  if (url === '' && (functionName === 'parse' || functionName === 'stringify')) return 'JSON';
  return 'otros';
}
