/**
 * The chaos run of tests/chaos at 5,000 writes: the real server as a child process behind the chaos proxy
 * (dropped connections, answers lost after commit, requests cut in flight, delays) and three SIGKILL + restarts
 * mid-drain, the real engine draining a device's creates, edits, RUT changes, signatures and deletes. Prints the
 * time to an empty queue and what the read-back found. Target: 0 lost, 0 duplicated.
 * `CHAOS_SEED=<n>` replays a seed; `CHAOS_WRITES=<n>` changes the size.
 */
import os from 'node:os';
import { chaosPassed, formatReport, runChaos } from '../chaos/support/chaos-run.ts';
import { chaosSeed } from '../chaos/support/prng.ts';

const writes = Number(process.env.CHAOS_WRITES ?? 5_000);
const seed = chaosSeed();
const cpu = os.cpus();
console.log(`Máquina: ${cpu[0]?.model ?? 'desconocida'} · ${cpu.length} núcleos · Node ${process.version} · carga ${os.loadavg()[0]?.toFixed(1)}`);
console.log(`Caos con ${writes} escrituras, semilla ${seed} (repetir con CHAOS_SEED=${seed})`);

let exitCode = 1;
try {
  const report = await runChaos({ seed, writes, kills: 3, timeoutMs: 15 * 60_000, log: (line) => console.log(line) });
  console.log(formatReport(report));
  const v = report.verification;
  const passed = chaosPassed(report);
  console.log(
    `Caos ${writes} escrituras: ${report.seconds.toFixed(1)} s hasta la cola vacía · perdidas ${v.lost} · duplicadas ${v.duplicated} · ` +
      `divergentes ${v.diverged} · archivos distintos ${v.fileMismatches} · ${report.kills} SIGKILL. Meta: 0 perdidas, 0 duplicadas → ${passed ? 'cumple' : 'NO cumple'}`,
  );
  exitCode = passed ? 0 : 1;
} catch (error) {
  console.error(error);
}
process.exitCode = exitCode;
