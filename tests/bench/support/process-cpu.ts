import fs from 'node:fs';

/**
 * CPU time (user + system, ms) of this machine's Chromium processes by kind (browser: where IndexedDB writes;
 * renderer: the page; network; gpu) and of the project's server, read from /proc (Linux). Two readings' difference
 * says which process a figure waited on when the cores were shared.
 */
export function processCpuMs(): Map<string, number> {
  const byKind = new Map<string, number>();
  const tickMs = 1000 / 100;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    let command: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue; // The process ended between the listing and the read.
    }
    const kind = command.includes('chromium') ? chromiumKind(command) : command.includes('server/main.ts') ? 'servidor' : null;
    if (!kind) continue;
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    byKind.set(kind, (byKind.get(kind) ?? 0) + (Number(fields[11]) + Number(fields[12])) * tickMs);
  }
  return byKind;
}

function chromiumKind(command: string): string | null {
  const type = /--type=([a-z-]+)/.exec(command)?.[1];
  if (!type) return 'navegador (IndexedDB)';
  if (type === 'renderer') return 'página';
  if (type === 'gpu-process') return 'gpu';
  if (command.includes('network.mojom')) return 'red';
  return null;
}

/** "kind 1.23 s · …" of what each kind used between two readings, largest first. */
export function cpuBetween(before: Map<string, number>, after: Map<string, number>): string {
  return [...after]
    .map(([kind, ms]) => [kind, ms - (before.get(kind) ?? 0)] as const)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, ms]) => `${kind} ${(ms / 1000).toFixed(2)} s`)
    .join(' · ');
}
