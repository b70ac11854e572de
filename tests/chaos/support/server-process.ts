import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from './prng.ts';

export { freePort } from '#tests/support/free-port.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Process groups this process started and has not reaped yet. `npx tsx server/main.ts` is four processes (npm,
 * sh, the tsx cli, node with the server); SIGKILL cannot be relayed, so each server runs in its own group and the
 * whole group is signalled, never anything found by name.
 */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // The group is already gone.
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Last resort when a test or bench dies without reaching its cleanup: no server outlives its runner.
  process.once('exit', () => {
    for (const pgid of liveGroups) signalGroup(pgid, 'SIGKILL');
  });
}

function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

class AddressInUse extends Error {}

export interface ServerProcessOptions {
  port: number;
  dataDir: string;
  /** PostgreSQL's address (`DATABASE_URL`); without it the server keeps its SQLite file in `dataDir`. */
  databaseUrl?: string;
  /** Variables set for the server over this process's own; `undefined` removes one (SESSION_SECRET for two nodes). */
  env?: Record<string, string | undefined>;
  startTimeoutMs?: number;
}

/** The real server (`npx tsx server/main.ts`) as a child process on 127.0.0.1, killable and restartable. */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private output: string[] = [];
  starts = 0;
  kills = 0;
  /** Milliseconds each start took until /api/health answered. */
  readonly startTimes: number[] = [];

  constructor(private readonly options: ServerProcessOptions) {}

  get url(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** The last lines the server printed, for failure messages. */
  tail(): string {
    return this.output.slice(-30).join('');
  }

  async start(): Promise<void> {
    // The port may be taken for a moment while the server is down (an outgoing connection's ephemeral port):
    // a start that dies on EADDRINUSE is tried again, a few times.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.startOnce();
        return;
      } catch (error) {
        if (attempt >= 3 || !(error instanceof AddressInUse)) throw error;
        await sleep(250);
      }
    }
  }

  private async startOnce(): Promise<void> {
    if (this.child) throw new Error('server already running');
    installExitHook();
    const env: NodeJS.ProcessEnv = {};
    for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('VITEST')) env[name] = value;
    Object.assign(env, { PORT: String(this.options.port), HOST: '127.0.0.1', DATA_DIR: this.options.dataDir, DEMO_SEED: '1' });
    if (this.options.databaseUrl) env.DATABASE_URL = this.options.databaseUrl;
    for (const [name, value] of Object.entries(this.options.env ?? {})) {
      if (value === undefined) delete env[name];
      else env[name] = value;
    }
    const began = Date.now();
    this.output = [];
    const child = spawn('npx', ['tsx', 'server/main.ts'], { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid === undefined) throw new Error('could not spawn the server');
    const pgid = child.pid;
    liveGroups.add(pgid);
    this.child = child;
    let gone = false;
    this.exited = new Promise((resolve) => child.once('exit', () => {
      gone = true;
      resolve();
    }));
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString());
      if (this.output.length > 200) this.output.splice(0, this.output.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);

    const deadline = began + (this.options.startTimeoutMs ?? 30_000);
    while (Date.now() < deadline) {
      if (gone) {
        await this.reap();
        const tail = this.tail();
        if (tail.includes('EADDRINUSE')) throw new AddressInUse(tail);
        throw new Error(`the server exited while starting:\n${tail}`);
      }
      try {
        const response = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(1_000) });
        if (response.ok) {
          await response.arrayBuffer();
          this.starts += 1;
          this.startTimes.push(Date.now() - began);
          return;
        }
      } catch {
        // Not listening yet.
      }
      await sleep(50);
    }
    signalGroup(pgid, 'SIGKILL');
    await this.reap();
    throw new Error(`the server did not answer /api/health within the start timeout:\n${this.tail()}`);
  }

  /** SIGKILL to the whole group: no shutdown handler runs, open transactions die with the process. */
  async kill(): Promise<void> {
    if (!this.child) return;
    signalGroup(this.child.pid!, 'SIGKILL');
    this.kills += 1;
    await this.reap();
  }

  /** Graceful stop (SIGTERM), SIGKILL after 3 s. */
  async stop(): Promise<void> {
    if (!this.child) return;
    const pgid = this.child.pid!;
    signalGroup(pgid, 'SIGTERM');
    const stopped = await Promise.race([this.exited.then(() => true), sleep(3_000).then(() => false)]);
    if (!stopped) signalGroup(pgid, 'SIGKILL');
    await this.reap();
  }

  /** Waits for the group leader to exit and the port to be free, so a restart can bind it again. */
  private async reap(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const pgid = child.pid!;
    const exited = await Promise.race([this.exited.then(() => true), sleep(5_000).then(() => false)]);
    // Children of the group may outlive the leader for a moment (or be left by a failed start): signal them too.
    signalGroup(pgid, 'SIGKILL');
    if (!exited) await Promise.race([this.exited, sleep(2_000)]);
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && (await portAccepts(this.options.port))) await sleep(25);
    liveGroups.delete(pgid);
    this.child = null;
  }
}
