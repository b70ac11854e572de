/**
 * The sync queue under chaos, end to end: the real server (`npx tsx server/main.ts`, its own SQLite folder) behind
 * a proxy that drops connections, loses answers after the server committed, cuts requests in flight and delays
 * them, while the server is SIGKILLed and restarted mid-drain. The client is the real engine. Afterwards the
 * server must equal the device: nothing lost, nothing twice, deletes deleted, every signature byte for byte.
 *
 * The seed is printed; `CHAOS_SEED=<n>` replays the same writes and the same sequence of faults (timings, and so
 * where exactly a kill lands, still vary). `CHAOS_WRITES` changes the number of writes; `CHAOS_KEEP_DATA=1` keeps
 * the data folder of a failed run; `CHAOS_USER` signs the device in as another demo user. A second test runs the
 * same harness against a deliberately broken client, to prove the harness can see a loss at all. On PostgreSQL a
 * third runs it against two API nodes that share only the database, each request to either at random.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, startPostgresCluster, type PostgresCluster } from '#tests/support/postgres-cluster.ts';
import type { BatchOutcome, Transport } from '#sync/outbox/transport.ts';
import { createUuidV7Generator } from '#sync/outbox/uuid-v7.ts';
import { chaosPassed, formatReport, type ChaosReport } from './support/chaos-report.ts';
import { DEVICE_USER, runChaos } from './support/chaos-run.ts';
import { DEFAULT_MIX } from './support/device.ts';
import { chaosSeed, deriveSeed } from './support/prng.ts';

const seed = chaosSeed();
const writes = Number(process.env.CHAOS_WRITES ?? 300);
/** Two nodes get twice the writes: a restart takes seconds, and the drain must outlast it with both nodes serving. */
const twoNodeWrites = process.env.CHAOS_WRITES ? writes : 600;
/** `CHAOS_USER=supervisor@andesdemo.cl` runs as the field supervisor, whose role cannot delete: no deletes then. */
const user = process.env.CHAOS_USER ?? DEVICE_USER;
const mix = user === DEVICE_USER ? DEFAULT_MIX : { ...DEFAULT_MIX, remove: 0 };

function findings(report: ChaosReport) {
  const v = report.verification;
  return {
    lost: v.lost,
    duplicated: v.duplicated,
    diverged: v.diverged,
    resurrected: v.resurrected,
    fileMismatches: v.fileMismatches,
    changeLogMismatches: v.changeLogMismatches,
    conflicts: v.conflicts,
    activeOnServer: v.serverActive,
    queuedLeft: report.queuedLeft,
    dead: report.dead.length,
    answerMismatches: report.answerMismatches.length,
  };
}

/** Nothing lost, nothing twice, nothing left over; every answer to a resend the same as the first. */
function expectExactlyOnce(report: ChaosReport, replay: string): void {
  expect(findings(report), replay).toEqual({
    lost: 0,
    duplicated: 0,
    diverged: 0,
    resurrected: 0,
    fileMismatches: 0,
    changeLogMismatches: 0,
    conflicts: 0,
    activeOnServer: report.verification.expectedActive,
    queuedLeft: 0,
    dead: 0,
    answerMismatches: 0,
  });
}

/** A client that breaks OB4: every attempt of an entry goes with a fresh idempotency key. */
function keyPerAttempt(inner: Transport): Transport {
  const newKey = createUuidV7Generator();
  return {
    sendOne: (entry) => inner.sendOne({ ...entry, key: newKey() }),
    sendBatch: async (entries): Promise<BatchOutcome> => {
      const outcome = await inner.sendBatch(entries.map((entry) => ({ ...entry, key: newKey() })));
      if (outcome.kind !== 'ok') return outcome;
      // Results come back in request order: give them the engine's keys again.
      return { kind: 'ok', results: new Map([...outcome.results.values()].map((result, i) => [entries[i]!.key, result])) };
    },
    uploadFile: (sha256, type, bytes) => inner.uploadFile(sha256, type, bytes),
    ...(inner.uploadFiles ? { uploadFiles: inner.uploadFiles.bind(inner) } : {}),
    fileExists: (sha256) => inner.fileExists?.(sha256) ?? Promise.resolve(false),
    pullChanges: (cursor) => inner.pullChanges(cursor),
  };
}

/** The `chaos-postgresql` project runs the same chaos with the server on PostgreSQL: a cluster for this file. */
const onPostgres = process.env.TEST_ENGINE === 'postgres';
let cluster: PostgresCluster | undefined;
let databases = 0;
beforeAll(async () => {
  if (onPostgres) cluster = await startPostgresCluster('caos');
});
afterAll(() => cluster?.stop());

/** An empty database of its own for one run, on PostgreSQL; undefined on SQLite (the server's data folder). */
async function runDatabase(): Promise<string | undefined> {
  if (!cluster) return undefined;
  const name = `caos_${++databases}`;
  await adminQuery(cluster, `create database ${name}`);
  return cluster.url(name);
}

describe(`sync under chaos against the real server (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it(`RP3 RP5 RP17 FL2 CF1: ${writes} writes reach the server exactly once through drops, lost answers and SIGKILLs (seed ${seed})`, async () => {
    console.log(`chaos: seed ${seed} (replay with CHAOS_SEED=${seed}), device signed in as ${user}`);
    const databaseUrl = await runDatabase();
    const report = await runChaos({ seed, writes, kills: 2, timeoutMs: 45_000, user, mix, databaseUrl, log: (line) => console.log(line) });
    console.log(formatReport(report));
    const replay = `replay with CHAOS_SEED=${seed}\n${formatReport(report)}`;
    expectExactlyOnce(report, replay);
    // The run must really have been chaotic, or a pass proves little.
    expect(report.kills, replay).toBeGreaterThanOrEqual(2);
    expect(report.proxy.lostCreates, replay).toBeGreaterThan(0);
    expect(report.proxy.refused, replay).toBeGreaterThan(0);
    expect(report.writes).toBe(writes);
    expect(chaosPassed(report), replay).toBe(true);
  }, 90_000);

  // Two nodes cannot share a SQLite file: on PostgreSQL only. Nothing but DATABASE_URL in common (own data folders,
  // no SESSION_SECRET): sessions, signed links, files, the idempotency ledger and the change feed must all live in
  // the database. The first kill leaves its node down for seconds while the other serves; the second restarts it.
  if (onPostgres) {
    it(`RP3 RP5 RP17 FL2 CF1 on two API nodes: ${twoNodeWrites} writes, each request to either node, one node SIGKILLed at a time (seed ${seed})`, async () => {
      console.log(`chaos on two nodes: seed ${seed} (replay with CHAOS_SEED=${seed}), device signed in as ${user}`);
      const databaseUrl = await runDatabase();
      const log = (line: string) => console.log(line);
      const report = await runChaos({ seed, writes: twoNodeWrites, kills: 2, nodes: 2, timeoutMs: 45_000, user, mix, databaseUrl, log });
      console.log(formatReport(report));
      const replay = `replay with CHAOS_SEED=${seed}\n${formatReport(report)}`;
      expectExactlyOnce(report, replay);
      expect(report.kills, replay).toBeGreaterThanOrEqual(2);
      expect(report.killsLeftDown, replay).toBeGreaterThanOrEqual(1);
      // Both nodes served, and at least one write came back to the node that had not seen it (a retry or a copy).
      expect(report.proxy.byNode.length, replay).toBe(2);
      expect(Math.min(...report.proxy.byNode), replay).toBeGreaterThan(0);
      expect(report.proxy.otherNode, replay).toBeGreaterThan(0);
      expect(report.proxy.lostCreates, replay).toBeGreaterThan(0);
      expect(chaosPassed(report), replay).toBe(true);
    }, 90_000);
  }

  // The harness's own check (it can see a loss at all) is about the client and the oracle, not the engine: once.
  if (!onPostgres) {
    it('the harness catches a client that changes the idempotency key on retry (OB4 broken on purpose)', async () => {
      const selfSeed = deriveSeed(seed, 'self-test');
      const report = await runChaos({ seed: selfSeed, writes: 200, kills: 2, timeoutMs: 45_000, wrapTransport: keyPerAttempt });
      console.log(formatReport(report));
      const found = findings(report);
      // The fault a changed key cannot survive: a create committed, its answer lost, its retry under another key.
      expect(report.proxy.lostCreates, formatReport(report)).toBeGreaterThan(0);
      expect(
        found.lost + found.duplicated + found.diverged + found.resurrected + found.conflicts + found.dead,
        formatReport(report),
      ).toBeGreaterThan(0);
    }, 90_000);
  }
});
