import type { Trabajador } from '#sync/schemas/trabajadores.schema.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import type { Device, DeviceWorker } from './device.ts';
import { sha256Hex, type DirectApi } from './direct-api.ts';

export interface Verification {
  /** Workers the device believes exist that the server lacks or has deleted (or deleted ones never created). */
  lost: number;
  /** Extra active rows: two with one IdPersona or one RUT, or rows neither seeded nor made by the device. */
  duplicated: number;
  /** Present on both sides, with different fields or Version. */
  diverged: number;
  /** Deleted on the device, active on the server. */
  resurrected: number;
  /** Signatures whose bytes, read back through the signed URL, do not hash to the device's sha256. */
  fileMismatches: number;
  /** Workers whose last change-log entry disagrees with the device (what a fresh device would pull). */
  changeLogMismatches: number;
  /** Conflict rows kept by the server: none of this device's writes is stale, so any is a wrong apply. */
  conflicts: number;
  expectedActive: number;
  serverActive: number;
  filesChecked: number;
  /** The first problems, described. */
  problems: string[];
}

const COMPARED = [
  'RunPersona',
  'Nombres',
  'ApellidoPaterno',
  'ApellidoMaterno',
  'cargos',
  'IdNivel2',
  'IdNivel3',
  'FechaFichaMedica',
  'Firma',
  'FirmaAnterior',
  'Version',
] as const;
const FIXED = { TipoEmpresa: 1, RutContratista: null, IdNivel4: null, FichaMedica: null, FichaMedicaAnterior: null } as const;

/** Field names that differ between the device's row and the server's. */
export function workerDiff(device: DeviceWorker, server: Partial<Trabajador>): string[] {
  const differ: string[] = [];
  const expected: Record<string, unknown> = { ...device, cargos: [...device.cargos].sort() };
  const actual: Record<string, unknown> = { ...server, cargos: [...(server.cargos ?? [])].sort() };
  for (const field of COMPARED) {
    if (JSON.stringify(expected[field] ?? null) !== JSON.stringify(actual[field] ?? null)) {
      differ.push(`${field}: device ${JSON.stringify(expected[field])} server ${JSON.stringify(actual[field])}`);
    }
  }
  for (const [field, value] of Object.entries(FIXED)) {
    if (JSON.stringify(actual[field] ?? null) !== JSON.stringify(value)) differ.push(`${field}: server ${JSON.stringify(actual[field])}`);
  }
  return differ;
}

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * Reads the server back around the proxy and compares it with the device: the office list (duplicates, count),
 * each worker's detail (fields, Version, deletion), every signature through its signed URL (sha256), the
 * change log a fresh device would pull, and the conflicts table.
 */
export async function verifyAgainstServer(api: DirectApi, device: Device, seeded: readonly Trabajador[]): Promise<Verification> {
  const result: Verification = {
    lost: 0,
    duplicated: 0,
    diverged: 0,
    resurrected: 0,
    fileMismatches: 0,
    changeLogMismatches: 0,
    conflicts: 0,
    expectedActive: seeded.length + device.alive().length,
    serverActive: 0,
    filesChecked: 0,
    problems: [],
  };
  const problem = (text: string) => {
    if (result.problems.length < 40) result.problems.push(text);
  };

  const listed = await api.listAllWorkers();
  result.serverActive = listed.length;
  const seededIds = new Set(seeded.map((worker) => worker.IdPersona));
  const byId = new Map<string, number>();
  const byRut = new Map<string, number>();
  for (const worker of listed) {
    byId.set(worker.IdPersona, (byId.get(worker.IdPersona) ?? 0) + 1);
    byRut.set(worker.RunPersona, (byRut.get(worker.RunPersona) ?? 0) + 1);
    if (!seededIds.has(worker.IdPersona) && !device.workers.has(worker.IdPersona)) {
      result.duplicated += 1;
      problem(`unknown active worker on the server: ${worker.IdPersona} ${worker.RunPersona}`);
    }
  }
  const repeated = [
    ...[...byId].map(([id, count]) => [`IdPersona ${id}`, count] as const),
    ...[...byRut].map(([rut, count]) => [`RUT ${rut}`, count] as const),
  ];
  for (const [what, count] of repeated) {
    if (count < 2) continue;
    result.duplicated += count - 1;
    problem(`${what} on ${count} active workers`);
  }

  const files = new Map<string, Promise<boolean>>();
  const checkFile = (ref: FileRef | null, urls: Record<string, string>, owner: string): Promise<void> => {
    if (!ref) return Promise.resolve();
    let checked = files.get(ref.Sha256);
    if (!checked) {
      const url = urls[ref.Sha256];
      const original = device.signatures.get(ref.Sha256);
      checked =
        url === undefined || original === undefined
          ? Promise.resolve(false)
          : api.download(url).then(
              (bytes) => sha256Hex(bytes) === ref.Sha256 && Buffer.from(bytes).equals(Buffer.from(original)),
              () => false,
            );
      files.set(ref.Sha256, checked);
      result.filesChecked += 1;
    }
    return checked.then((ok) => {
      if (!ok) {
        result.fileMismatches += 1;
        problem(`file ${ref.Sha256} of ${owner} does not come back with the device's bytes`);
      }
    });
  };

  await inParallel([...device.workers.values()], 8, async (worker) => {
    const server = await api.detail(worker.IdPersona);
    if (!server) {
      result.lost += 1;
      problem(`${worker.deleted ? 'deleted' : 'active'} worker ${worker.IdPersona} (Version ${worker.Version}) is not on the server`);
      return;
    }
    if (worker.deleted) {
      if (server.Estado !== 0) {
        result.resurrected += 1;
        problem(`worker ${worker.IdPersona} was deleted on the device, is active on the server`);
      } else if (server.Version !== worker.Version) {
        result.diverged += 1;
        problem(`deleted worker ${worker.IdPersona}: device Version ${worker.Version}, server ${server.Version}`);
      }
      return;
    }
    if (server.Estado !== 1) {
      result.lost += 1;
      problem(`worker ${worker.IdPersona} is active on the device, deleted on the server`);
      return;
    }
    const differ = workerDiff(worker, server);
    if (differ.length > 0) {
      result.diverged += 1;
      problem(`worker ${worker.IdPersona}: ${differ.join('; ')}`);
    }
    await checkFile(worker.Firma, server.Urls, worker.IdPersona);
    await checkFile(worker.FirmaAnterior, server.Urls, worker.IdPersona);
  });

  const last = new Map<string, { op: string; row: unknown }>();
  for (const change of await api.allChanges()) if (change.table === 'trabajadores') last.set(change.id, change);
  for (const worker of device.workers.values()) {
    const change = last.get(worker.IdPersona);
    const ok = worker.deleted
      ? change?.op === 'delete'
      : change?.op === 'upsert' && workerDiff(worker, change.row as Partial<Trabajador>).length === 0;
    if (!ok) {
      result.changeLogMismatches += 1;
      problem(
        `change log of ${worker.IdPersona}: last ${change ? change.op : 'nothing'}, device ${worker.deleted ? 'deleted' : `Version ${worker.Version}`}`,
      );
    }
  }

  const conflicts = await api.conflicts();
  result.conflicts = conflicts.length;
  if (conflicts.length > 0) problem(`conflicts kept by the server: ${JSON.stringify(conflicts.slice(0, 3))}`);
  return result;
}

/** The read-backs through several API nodes as one: each count is the worse node's, each problem says its node. */
export function worstOf(readings: readonly Verification[]): Verification {
  const [first, ...rest] = readings;
  if (!first) throw new Error('no read-back to combine');
  if (rest.length === 0) return first;
  const counts = ['lost', 'duplicated', 'diverged', 'resurrected', 'fileMismatches', 'changeLogMismatches', 'conflicts'] as const;
  const worst: Verification = { ...first, problems: readings.flatMap((v, node) => v.problems.map((line) => `node ${node + 1}: ${line}`)) };
  for (const count of counts) worst[count] = Math.max(...readings.map((v) => v[count]));
  // Active rows differ between nodes only if one of them reads wrong: keep the one furthest from the expectation.
  const off = (v: Verification) => Math.abs(v.serverActive - v.expectedActive);
  worst.serverActive = readings.reduce((a, b) => (off(b) > off(a) ? b : a)).serverActive;
  return worst;
}
