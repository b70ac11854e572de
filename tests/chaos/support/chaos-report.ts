import type { ProxyStats } from './chaos-proxy.ts';
import type { WriteKind } from './device.ts';
import type { TransportCounts } from './observed-transport.ts';
import type { Verification } from './verify.ts';

export interface ChaosReport {
  seed: number;
  /** API nodes behind the proxy: 1, or 2 sharing one PostgreSQL database. */
  nodes: number;
  writes: number;
  /** From the first write to an empty queue. */
  seconds: number;
  written: Record<WriteKind, number>;
  alive: number;
  deleted: number;
  signatures: number;
  proxy: ProxyStats;
  transport: TransportCounts;
  /** Wall time the engine spent waiting on round trips (injected delays included); the rest is mostly backoff. */
  transportSeconds: number;
  kills: number;
  /** Kills that landed before the server had answered the request that triggered them. */
  killsMidRequest: number;
  /** Kills that left a batch half applied: some of its entries committed, the rest not (a batch is one transaction). */
  killsPartial: number;
  /** Kills between the commit of a whole record write and its answer: the retry must get the stored answer. */
  killsCommittedUnanswered: number;
  /** Kills that left their node down for seconds while the other served alone (two nodes only). */
  killsLeftDown: number;
  plannedKills: number;
  restartMs: number[];
  /** Entries still queued when the time ran out (not dead). */
  queuedLeft: number;
  dead: string[];
  answerMismatches: string[];
  /** The read-back, through every node (each count is the worse node's). */
  verification: Verification;
  dataDirs: string[];
}

export function chaosPassed(report: ChaosReport): boolean {
  const v = report.verification;
  return (
    v.lost + v.duplicated + v.diverged + v.resurrected + v.fileMismatches + v.changeLogMismatches + v.conflicts === 0 &&
    v.serverActive === v.expectedActive &&
    report.queuedLeft === 0 &&
    report.dead.length === 0 &&
    report.answerMismatches.length === 0 &&
    report.kills >= report.plannedKills
  );
}

export function formatReport(report: ChaosReport): string {
  const v = report.verification;
  const p = report.proxy;
  const t = report.transport;
  const w = report.written;
  const nodes = report.nodes > 1 ? ` on ${report.nodes} API nodes` : '';
  const perNode = p.byNode.map((count, node) => `${node + 1}: ${count}`).join(', ');
  const byNode = report.nodes > 1 ? ` (by node: ${perNode}; ${p.otherNode} writes sent again to another node)` : '';
  const leftDown = report.nodes > 1 ? `, ${report.killsLeftDown} left down while the other node served` : '';
  return [
    `chaos seed=${report.seed} (replay: CHAOS_SEED=${report.seed}) · ${report.writes} writes${nodes} drained in ${report.seconds.toFixed(1)} s`,
    `  writes: ${w.create + w.createSigned} creates (${w.createSigned} signed), ${w.edit} edits, ${w.changeRut} RUT changes, ${w.sign} signatures, ${w.remove} deletes → ${report.alive} active, ${report.deleted} deleted, ${report.signatures} distinct files`,
    `  lost=${v.lost} duplicated=${v.duplicated} diverged=${v.diverged} resurrected=${v.resurrected} fileMismatches=${v.fileMismatches}/${v.filesChecked} changeLog=${v.changeLogMismatches} conflicts=${v.conflicts} active ${v.serverActive}/${v.expectedActive}`,
    `  outbox: ${report.queuedLeft} queued, ${report.dead.length} dead · answers checked: ${report.answerMismatches.length} mismatches`,
    `  server: ${report.kills}/${report.plannedKills} SIGKILLs (${report.killsMidRequest} before the server answered the write in flight: ${report.killsCommittedUnanswered} after it committed, ${report.killsPartial} with a batch half applied${leftDown}), restarts ${report.restartMs.map((ms) => `${ms} ms`).join(', ') || 'none'}`,
    `  proxy: ${p.requests} requests, ${p.forwarded} forwarded${byNode}, ${p.refused} refused (${p.outages} outages), ${p.lostResponses} answers lost after commit (${p.lostCreates} of a batch that created), ${p.cutInFlight} cut in flight, ${p.truncated} truncated, ${p.duplicated} sent twice, ${p.delayed} delayed (${(p.delayMs / 1000).toFixed(1)} s in all), ${p.upstreamErrors} 502 (server down)`,
    `  server answers by status: ${Object.entries(p.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ')}`,
    `  engine round trips: ${t.batches} batches, ${t.singles} single calls, ${t.heads} HEAD, ${t.uploads} uploads, ${t.fileBatches} bulk uploads; ${report.transportSeconds.toFixed(1)} s of the drain waiting on them, the rest backing off, polling and down`,
    ...report.dead.slice(0, 10).map((line) => `  dead: ${line}`),
    ...report.answerMismatches.slice(0, 10).map((line) => `  answer: ${line}`),
    ...v.problems.slice(0, 20).map((line) => `  problem: ${line}`),
  ].join('\n');
}
