/**
 * `npm run lines -- [--at <git revision>] <file or folder>...`: lines of code (TypeScript, TSX, CSS) without blank
 * lines and comments, per file and in total, in the working tree or as they were at a revision. How the closing
 * notes count what a module costs ("EPP requests before and after").
 *
 * `npm run lines -- [--at <revision>] --module <name>`: what one business module costs, found by its name: its
 * folders `app/modules/<name>` and `server/modules/<name>`, and every file of app/, server/ and sync/ named for it
 * (`<name>-*`, `<name>.*`: its manifest, schemas, device rows, report documents); tests, migrations and demo data
 * left out. Kits are not counted: they are what every module shares.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const CODE = /\.(ts|tsx|css)$/;

/** The lines that are neither blank nor comment: `//` lines, and `/* … *\/` blocks (JSDoc and CSS alike). */
export function codeLines(text: string): number {
  let count = 0;
  let inBlock = false;
  for (const raw of text.split('\n')) {
    let line = raw.trim();
    if (inBlock) {
      const end = line.indexOf('*/');
      if (end === -1) continue;
      inBlock = false;
      line = line.slice(end + 2).trim();
    }
    while (line.startsWith('/*')) {
      const end = line.indexOf('*/', 2);
      if (end === -1) {
        inBlock = true;
        line = '';
        break;
      }
      line = line.slice(end + 2).trim();
    }
    if (line === '' || line.startsWith('//')) continue;
    count += 1;
  }
  return count;
}

function filesNow(target: string): string[] {
  if (!fs.existsSync(target)) return [];
  if (fs.statSync(target).isFile()) return CODE.test(target) ? [target] : [];
  return fs.readdirSync(target).flatMap((name) => filesNow(path.join(target, name)));
}

function filesAt(revision: string, target: string): string[] {
  const listed = execFileSync('git', ['ls-tree', '-r', '--name-only', revision, '--', target], { encoding: 'utf8' });
  return listed.split('\n').filter((file) => CODE.test(file));
}

/** The files of module `name` (see above), as paths or folders for filesNow/filesAt. */
function moduleTargets(name: string, list: (folder: string) => string[]): string[] {
  const named = ['app', 'server', 'sync'].flatMap(list).filter((file) => {
    const base = path.basename(file);
    return (base.startsWith(`${name}-`) || base.startsWith(`${name}.`)) && !/^server\/(db\/migrations|seed)\//.test(file);
  });
  return [`app/modules/${name}`, `server/modules/${name}`, ...named];
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function main(args: string[]) {
  const at = args[0] === '--at' ? args[1] : undefined;
  const rest = at ? args.slice(2) : args;
  const moduleName = rest[0] === '--module' ? rest[1] : undefined;
  const list = (target: string) => (at ? filesAt(at, target) : filesNow(target));
  const targets = moduleName ? moduleTargets(moduleName, list) : rest;
  if (targets.length === 0) {
    console.error('Uso: npm run lines -- [--at <revisión>] <archivo o carpeta>... | --module <módulo>');
    process.exitCode = 2;
    return;
  }
  const files = [...new Set(targets.flatMap(list))].filter((file) => !moduleName || !isTest(file)).sort();
  let total = 0;
  for (const file of files) {
    const text = at ? execFileSync('git', ['show', `${at}:${file}`], { encoding: 'utf8' }) : fs.readFileSync(file, 'utf8');
    const lines = codeLines(text);
    total += lines;
    console.log(`${String(lines).padStart(6)}  ${file}`);
  }
  console.log(`${String(total).padStart(6)}  total (${files.length} archivos${at ? `, en ${at}` : ''}; sin líneas en blanco ni comentarios)`);
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) main(process.argv.slice(2));
