import { execSync } from 'node:child_process';

// Two copies of Ionic double the bundle and break its router; two query-cores or routers split their contexts.
const PACKAGES = ['@ionic/core', '@tanstack/query-core', 'react-router'];

interface Tree {
  version?: string;
  dependencies?: Record<string, Tree>;
}

const tree = JSON.parse(execSync(`npm ls ${PACKAGES.join(' ')} --all --json`, { encoding: 'utf8' })) as Tree;
const versions = new Map<string, Set<string>>(PACKAGES.map((name) => [name, new Set<string>()]));

function walk(node: Tree): void {
  for (const [name, child] of Object.entries(node.dependencies ?? {})) {
    if (versions.has(name) && child.version) versions.get(name)!.add(child.version);
    walk(child);
  }
}
walk(tree);

let ok = true;
for (const [name, found] of versions) {
  const list = [...found];
  console.log(`  ${name}: ${list.join(', ') || 'no instalado'}`);
  if (list.length !== 1) ok = false;
}
if (!ok) {
  console.error('Cada paquete debe tener exactamente una versión instalada.');
  process.exitCode = 1;
}
