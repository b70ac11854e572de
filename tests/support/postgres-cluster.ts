import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

/**
 * A throwaway PostgreSQL cluster for a test run: Debian's server binaries, its own folder and port on loopback,
 * trust authentication, byte-order collation (what the server requires, see server/db/postgres.ts). No Docker here.
 * As root, initdb refuses to run: the cluster then belongs to the `postgres` user.
 */
export interface PostgresCluster {
  port: number;
  /** The server's major version, e.g. "15". */
  version: string;
  /** The address of database `name` on this cluster. */
  url(name: string): string;
  stop(): void;
}

const USER = 'andes';

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => Number(v) >= 15).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions[0]) throw new Error('No hay PostgreSQL 15 o posterior: instálelo con `apt-get install -y postgresql` (.ci/run lo hace).');
  return path.join(root, versions[0], 'bin');
}

export async function startPostgresCluster(label: string): Promise<PostgresCluster> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : path.join(bin, tool), asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args, {
      stdio: 'pipe',
    });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `andes-pg-${label}-`));
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', USER, '-E', 'UTF8', '--no-locale', '--no-sync']);
  const port = await freePort();
  // fsync off: a test cluster is thrown away, and a crash of it loses nothing anyone keeps.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } catch {
      // Already stopped.
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { port, version: path.basename(path.dirname(bin)), url: (name) => `postgres://${USER}@127.0.0.1:${port}/${name}`, stop };
}

/** Runs one statement as the cluster's owner on its `postgres` database (CREATE and DROP DATABASE). */
export async function adminQuery(cluster: { url(name: string): string }, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: cluster.url('postgres') });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
