import { describe, expect, it } from 'vitest';
import { FakeSyncServer, TabCrash, type Fault } from './fake-sync-server.ts';
import { MemoryOutboxStore } from './memory-outbox-store.ts';
import { newOutboxEntry } from './outbox-entry.ts';
import { Replayer } from './replayer.ts';
import { createUuidV7Generator } from './uuid-v7.ts';

/** Small seeded generator so a failing seed can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FAULTS: Fault[] = ['none', 'drop-before', 'drop-after', 'server-error', 'unauthorized', 'too-many', 'partial-then-drop', 'crash-after'];
const RECORDS = ['a', 'b', 'c', 'd'];

interface Written {
  n: number;
  record: string;
  parent?: number;
}

interface Body {
  n: number;
  record: string;
  invalid: boolean;
  parent?: number;
}

async function runScenario(seed: number): Promise<void> {
  const rng = mulberry32(seed);
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
  const clock = { now: 1_700_000_000_000 };
  const nextKey = createUuidV7Generator({ now: () => clock.now });
  const store = new MemoryOutboxStore();
  const server = new FakeSyncServer({
    refuse: (entry) =>
      (entry.body as Body).invalid ? { status: 422, body: { statusCode: 422, message: 'El rut no es válido', code: 'VALIDACION' } } : undefined,
  });
  const newTab = () =>
    new Replayer({
      store,
      transport: server.transport,
      now: () => clock.now,
      random: rng,
      newKey: nextKey,
      batchSize: 1 + Math.floor(rng() * 5),
      setTimer: () => () => {},
    });
  let replayer = newTab();
  const written: Written[] = [];
  const keyOf = new Map<number, string>();

  const drain = async (ignoreBackoff: boolean) => {
    try {
      await replayer.drain({ ignoreBackoff });
    } catch (error) {
      if (!(error instanceof TabCrash)) throw error;
      replayer = newTab(); // the tab was closed mid-send and the app opened again
    }
  };

  const resendDead = async () => {
    for (const dead of await store.listDead()) {
      const body = dead.body as Body;
      keyOf.set(body.n, await replayer.resend(dead.key, { ...body, invalid: false }));
    }
  };

  for (let step = 0; step < 60; step++) {
    const roll = rng();
    if (roll < 0.45) {
      const count = 1 + Math.floor(rng() * 3);
      for (let i = 0; i < count; i++) {
        const n = written.length;
        const record = pick(RECORDS);
        const parent = written.length > 0 && rng() < 0.15 ? pick(written) : undefined;
        const body: Body = { n, record, invalid: rng() < 0.08, ...(parent ? { parent: parent.n } : {}) };
        const entry = await store.append(
          newOutboxEntry(
            {
              method: 'POST',
              path: `/api/registros/${record}`,
              body,
              payloadVersion: 1,
              recordKey: `registros:${record}`,
              ...(parent ? { dependsOn: [keyOf.get(parent.n)!] } : {}),
            },
            nextKey(),
            clock.now,
          ),
        );
        keyOf.set(n, entry.key);
        written.push({ n, record, ...(parent ? { parent: parent.n } : {}) });
      }
    } else if (roll < 0.9) {
      const faults = Math.floor(rng() * 4);
      for (let i = 0; i < faults; i++) server.failNext(pick(FAULTS));
      clock.now += Math.floor(rng() * 60_000);
      await drain(rng() < 0.5);
      if (replayer.getState().paused && rng() < 0.5) await replayer.resume();
    } else {
      await resendDead();
    }
  }

  // The network comes back for good and the person signs in and fixes every dead letter.
  server.clearFaults();
  await replayer.resume();
  for (let round = 0; round < 100; round++) {
    await resendDead();
    await drain(true);
    const counts = await store.counts();
    if (counts.queued === 0 && counts.dead === 0) break;
  }

  expect(await store.counts(), `seed ${seed}: outbox empty`).toEqual({ queued: 0, dead: 0 });
  expect(server.duplicateKeys(), `seed ${seed}: no key applied twice`).toEqual([]);

  const appliedBodies = server.applied.map((write) => write.body as Body);
  const appliedNs = appliedBodies.map((body) => body.n);
  expect([...appliedNs].sort((x, y) => x - y), `seed ${seed}: every write applied exactly once`).toEqual(written.map((w) => w.n));

  for (const record of RECORDS) {
    const expected = written.filter((w) => w.record === record).map((w) => w.n);
    const actual = appliedBodies.filter((body) => body.record === record).map((body) => body.n);
    expect(actual, `seed ${seed}: order of record ${record}`).toEqual(expected);
  }
  const position = new Map(appliedNs.map((n, index) => [n, index]));
  for (const write of written) {
    if (write.parent !== undefined) {
      expect(position.get(write.parent)!, `seed ${seed}: parent ${write.parent} before child ${write.n}`).toBeLessThan(position.get(write.n)!);
    }
  }
}

describe('Replayer under random failures (property)', () => {
  it('RP1/RP3/RP5/RP8/RP11/RP17: nothing lost, nothing twice, order per record and parents first', async () => {
    for (let seed = 1; seed <= 300; seed++) await runScenario(seed);
  });
});
