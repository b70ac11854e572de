/**
 * The devices of the batch bench, in a process of their own: a tablet is never on the server's CPU, so the client's
 * JSON, HTTP and gzip work must not be counted as the server's. The parent asks for a round; this process builds
 * its entries first (not timed), then sends them over HTTP with gzip as two devices of the same user would, each
 * batch after its device's previous one was answered (as the outbox does), and answers the round's wall time. Two,
 * so the server is not left idle while one device reads its answer and sends the next batch: the figure is what
 * the server applies per second, not one device's round trips. Any entry not answered 200 fails the round.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { PROTOCOL_HEADER, SYNC_PROTOCOL_VERSION } from '#sync/outbox/sync-protocol.ts';
import { rutCheckDigit } from '#sync/domain/rut.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { workerBody } from '#tests/api/support/trabajadores-factory.ts';

export interface BatchRound {
  baseUrl: string;
  token: string;
  /** Profile updates of the signed-in user (at `profilePath`, names numbered from `from`) or new workers. */
  kind: 'perfil' | 'trabajadores';
  writes: number;
  batch: number;
  from: number;
  profilePath: string;
}

/** Devices sending at once; device d sends batches d, d + DEVICES, … of a round. */
export const DEVICES = 2;

let workersMade = 0;
/** A RUT no seeded worker has, a new one for every worker of the run (the factory's run out past 10,000). */
function nextRut(): string {
  workersMade += 1;
  const body = String(30_000_000 + workersMade);
  return `${body}-${rutCheckDigit(body)}`;
}

type Entry = { key: string; method: string; path: string; body: unknown };

type ProfileField = 'Nombres' | 'ApellidoPaterno' | 'ApellidoMaterno' | 'TelefonoPersona' | 'FechaNacimiento';

/** Mi Perfil PUTs of the signed-in user at `profilePath`, their names numbered from `from`. */
export function profileEntries(profilePath: string, from: number, count: number): (Entry & { body: Record<ProfileField, string> })[] {
  return Array.from({ length: count }, (_, i) => ({
    key: uuidV7(),
    method: 'PUT',
    path: profilePath,
    body: {
      Nombres: `Jorge ${from + i}`,
      ApellidoPaterno: 'Araya',
      ApellidoMaterno: 'Rojas',
      TelefonoPersona: '+56 9 1234 5678',
      FechaNacimiento: '1985-04-12',
    },
  }));
}

function entriesOf(round: BatchRound, from: number, count: number): Entry[] {
  if (round.kind === 'perfil') return profileEntries(round.profilePath, from, count);
  return Array.from({ length: count }, () => ({
    key: uuidV7(),
    method: 'POST',
    path: '/api/trabajadores/newtrabajadores2',
    body: workerBody({ RunPersona: nextRut() }),
  }));
}

/** Sends one batch; throws unless every entry was answered 200. */
export async function sendBatch(baseUrl: string, token: string, entries: Entry[]): Promise<void> {
  const response = await fetch(`${baseUrl}/api/sync/batch`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Accept-Encoding': 'gzip',
      [PROTOCOL_HEADER]: String(SYNC_PROTOCOL_VERSION),
    },
    body: JSON.stringify({ entries }),
  });
  const answer = (await response.json()) as { results: { key: string; status: number }[] };
  const failed = answer.results.filter((result) => result.status !== 200);
  if (response.status !== 200 || answer.results.length !== entries.length || failed.length) {
    throw new Error(`lote rechazado: ${response.status} ${JSON.stringify(failed.slice(0, 2))}`);
  }
}

async function runRound(round: BatchRound): Promise<number> {
  const batches = Array.from({ length: round.writes / round.batch }, (_, b) => entriesOf(round, round.from + b * round.batch, round.batch));
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: DEVICES }, async (_, device) => {
      for (let b = device; b < batches.length; b += DEVICES) await sendBatch(round.baseUrl, round.token, batches[b]!);
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const CLIENT_FLAG = '--cliente-de-lotes';

if (process.argv.includes(CLIENT_FLAG) && process.send) {
  process.on('message', (round: BatchRound) => {
    runRound(round).then(
      (seconds) => process.send!({ seconds }),
      (error: unknown) => process.send!({ error: String(error) }),
    );
  });
}

/** The client process, started once; `round` resolves with the round's seconds. */
export function startBatchClient(): { round(round: BatchRound): Promise<number>; stop(): void } {
  const child: ChildProcess = fork(new URL(import.meta.url).pathname, [CLIENT_FLAG], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return {
    round: (round) =>
      new Promise((resolve, reject) => {
        child.once('message', (answer: { seconds?: number; error?: string }) =>
          answer.error === undefined ? resolve(answer.seconds!) : reject(new Error(answer.error)),
        );
        child.send(round);
      }),
    stop: () => child.kill(),
  };
}
