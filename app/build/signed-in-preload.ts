import type { Plugin, Rollup } from 'vite';

/** The signed-in area's two lazy entries (app/routes/signed-in-area.ts). */
const SIGNED_IN_ENTRIES = [/[\\/]app[\\/]signed-in-app\.tsx$/, /[\\/]app[\\/]routes[\\/]signed-in-router\.tsx$/];
/** Where app/session/session-store.ts keeps a company user's session. */
const COMPANY_SESSION_KEYS = ['token', 'session'];

function addWithImports(chunk: Rollup.OutputChunk, chunks: Map<string, Rollup.OutputChunk>, into: Set<string>): void {
  if (into.has(chunk.fileName)) return;
  into.add(chunk.fileName);
  for (const imported of chunk.imports) {
    const next = chunks.get(imported);
    if (next) addWithImports(next, chunks, into);
  }
}

/**
 * A script of a few hundred bytes, first in index.html: with a company session stored, the signed-in area's chunks
 * start downloading beside the first screen's instead of after main.tsx has run and asked for them (Inicio's first
 * visit, tests/bench/inicio-lighthouse.bench.ts); async, so it runs as soon as it arrives, before the stylesheet. A file,
 * not inline, because the content policy allows only the app's own scripts; signed out it loads nothing (first-screen
 * budget).
 */
export function signedInPreload(): Plugin {
  return {
    name: 'andes:signed-in-preload',
    apply: 'build',
    // After Vite has written index.html into the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((file): file is Rollup.OutputChunk => file.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const firstScreen = new Set<string>();
      const signedIn = new Set<string>();
      for (const chunk of chunks.values()) {
        if (chunk.isEntry) addWithImports(chunk, chunks, firstScreen);
        if (SIGNED_IN_ENTRIES.some((entry) => entry.test(chunk.facadeModuleId ?? ''))) addWithImports(chunk, chunks, signedIn);
      }
      const files = [...signedIn].filter((file) => !firstScreen.has(file));
      const html = bundle['index.html'];
      if (files.length === 0 || html?.type !== 'asset') {
        this.warn('andes:signed-in-preload no encontró el área con sesión o index.html: no se precarga');
        return;
      }
      const source =
        `if (${JSON.stringify(COMPANY_SESSION_KEYS)}.every((key) => localStorage.getItem(key)))\n` +
        `  for (const file of ${JSON.stringify(files)})\n` +
        `    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href: '/' + file }));\n`;
      const script = this.getFileName(this.emitFile({ type: 'asset', name: 'preload-signed-in.js', source }));
      html.source = String(html.source).replace('<script type="module"', `<script type="module" async src="/${script}"></script>\n    <script type="module"`);
    },
  };
}
