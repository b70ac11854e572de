/**
 * The chaos run of tests/chaos at 5,000 writes: the real server as a child process behind the chaos proxy
 * (dropped connections, answers lost after commit, requests cut in flight, delays) and three SIGKILLs mid-drain,
 * the real engine draining a device's creates, edits, RUT changes, signatures and deletes. Prints the time to an
 * empty queue and what the read-back found. Target: 0 lost, 0 duplicated, 0 answers unlike the first.
 * On SQLite one server, restarted after each kill. With BENCH_DATABASE_URL (run-bench.ts's PostgreSQL pass) two API
 * nodes that share only that database, each request to either at random; a kill either restarts its node or leaves
 * it down for seconds while the other serves.
 * `CHAOS_SEED=<n>` replays a seed; `CHAOS_WRITES=<n>` changes the size.
 */
import os from 'node:os';
import { chaosPassed, formatReport } from '../chaos/support/chaos-report.ts';
import { runChaos } from '../chaos/support/chaos-run.ts';
import { chaosSeed } from '../chaos/support/prng.ts';

const writes = Number(process.env.CHAOS_WRITES ?? 5_000);
const seed = chaosSeed();
const databaseUrl = process.env.BENCH_DATABASE_URL;
const nodes = databaseUrl ? 2 : 1;
const where = databaseUrl ? 'dos nodos de API sobre PostgreSQL' : 'un servidor sobre SQLite';
const cpu = os.cpus();
console.log(`Máquina: ${cpu[0]?.model ?? 'desconocida'} · ${cpu.length} núcleos · Node ${process.version} · carga ${os.loadavg()[0]?.toFixed(1)}`);
console.log(`Caos con ${writes} escrituras en ${where}, semilla ${seed} (repetir con CHAOS_SEED=${seed})`);

let exitCode = 1;
try {
  const report = await runChaos({ seed, writes, kills: 3, nodes, databaseUrl, timeoutMs: 15 * 60_000, log: (line) => console.log(line) });
  console.log(formatReport(report));
  const v = report.verification;
  const passed = chaosPassed(report);
  const byNode = nodes > 1 ? ` · peticiones por nodo ${report.proxy.byNode.join(' / ')}` : '';
  console.log(
    `Caos ${writes} escrituras (${where}): ${report.seconds.toFixed(1)} s hasta la cola vacía · perdidas ${v.lost} · duplicadas ${v.duplicated} · ` +
      `divergentes ${v.diverged} · archivos distintos ${v.fileMismatches} · respuestas distintas ${report.answerMismatches.length} · ` +
      `${report.kills} SIGKILL${byNode}. Meta: 0 perdidas, 0 duplicadas, 0 respuestas distintas → ${passed ? 'cumple' : 'NO cumple'}`,
  );
  exitCode = passed ? 0 : 1;
} catch (error) {
  console.error(error);
}
process.exitCode = exitCode;
