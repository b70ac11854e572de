import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { VitePWA } from 'vite-plugin-pwa';
import { signedInPreload } from './app/build/signed-in-preload.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|webmanifest|json)$/;

/**
 * Every text asset also as `<file>.gz`, compressed once at build time at the highest level: the server sends it as
 * it is (`precompressed` in server/http/static-app.ts) instead of compressing 4.7 MB again for each device that
 * installs the app and precaches it.
 */
function precompressAssets(): Plugin {
  return {
    name: 'andes:precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? '';
      for (const file of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const target = path.join(outDir, file);
        fs.writeFileSync(`${target}.gz`, gzipSync(fs.readFileSync(target), { level: 9 }));
      }
    },
  };
}

const PNG_INFLATE_IN_PLACE = fileURLToPath(new URL('./app/reports/render/png-inflate-in-place.ts', import.meta.url));

/**
 * png-js (every PNG of a PDF report: the signatures) inflates with fflate's asynchronous `unzlib`, which starts a
 * worker from a blob: URL for each image; the content policy allows workers only from the app. Its import of fflate
 * gets one that inflates in place (the report already runs in a worker).
 */
function pngInflateInPlace(): Plugin {
  return {
    name: 'andes:png-inflate-in-place',
    enforce: 'pre',
    resolveId: (source, importer) => (source === 'fflate' && importer && /[\\/]png-js[\\/]/.test(importer) ? PNG_INFLATE_IN_PLACE : null),
  };
}

const ICON_MODULE = 'virtual:ionicon/';

/**
 * `import { a, b } from 'ionicons/icons'` in the app becomes one tiny module per icon. ionicons ships every icon
 * in one module, and a module lives in one chunk: the two icons of the sign-in screen brought the other thirty
 * with them (4 KiB gzipped of the first-screen budget). Now each icon travels with the screens that show it.
 */
function ioniconsPerIcon(): Plugin {
  return {
    name: 'andes:ionicons-per-icon',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !code.includes("'ionicons/icons'")) return null;
      return code.replace(/import\s*\{([^}]*)\}\s*from\s*'ionicons\/icons';/g, (_statement, names: string) =>
        names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => {
            const [icon, local = icon] = name.split(/\s+as\s+/);
            return `import ${local} from '${ICON_MODULE}${icon}';`;
          })
          .join('\n'),
      );
    },
    resolveId: (id) => (id.startsWith(ICON_MODULE) ? `\0${id}` : null),
    async load(id) {
      if (!id.startsWith(`\0${ICON_MODULE}`)) return null;
      const icon = id.slice(ICON_MODULE.length + 1);
      const icons = (await import('ionicons/icons')) as unknown as Record<string, string>;
      if (!(icon in icons)) throw new Error(`ionicons no tiene el ícono ${icon}`);
      return `export default ${JSON.stringify(icons[icon])};`;
    },
  };
}

const IONIC_REACT = /[\\/]@ionic[\\/]react[\\/]dist[\\/]index\.js$/;
const RIPPLE_WRAPPER = /const IonRippleEffect = \/\*@__PURE__\*\/ createComponent\(/;

/**
 * @ionic/react is one module, so what the bundler keeps of it travels with the sign-in screen. Its classes extend
 * `React.Component` (a property read the bundler must assume has effects) and its tab bar is an unannotated
 * `React.memo`, so the tabs and the back button stayed with their Ionic components, used by no screen (8 KiB
 * gzipped of the first-screen budget). Extending a named import and annotating the call lets both go. Their wrappers
 * registered ion-ripple-effect, which IonButton draws in Material mode without registering it: its wrapper is now
 * created always, which registers it.
 */
function ionicReactTreeShaking(): Plugin {
  return {
    name: 'andes:ionic-react-tree-shaking',
    enforce: 'pre',
    transform(code, id) {
      if (!IONIC_REACT.test(id)) return null;
      const named = "import React, { Component as ReactComponent$, PureComponent as ReactPureComponent$,";
      const next = code
        .replace(/^import React, \{/m, named)
        .replace(/extends React\.(Pure)?Component\b/g, (_extends, pure?: string) => `extends React${pure ?? ''}Component$`)
        .replace(/^(const \w+ = )(React\.(?:memo|createContext)\()/gm, '$1/*@__PURE__*/ $2')
        .replace(RIPPLE_WRAPPER, 'const IonRippleEffect = createComponent(');
      if (!next.includes(named) || !RIPPLE_WRAPPER.test(code)) {
        this.warn('@ionic/react cambió: revisar andes:ionic-react-tree-shaking (importación de React, IonRippleEffect)');
      }
      return next;
    },
  };
}

const MAIN = fileURLToPath(new URL('./app/main.tsx', import.meta.url));
const BENCH_HOOKS = fileURLToPath(new URL('./tests/bench/hooks/bench-hooks.ts', import.meta.url));

/**
 * The bench build (`vite build --mode bench`, made by tests/e2e/support/bench-harness.ts for the benchmarks that
 * call the app's own code): the same app with tests/bench/hooks/bench-hooks.ts imported first by app/main.tsx, which
 * puts the `window.__bench…` hooks on the page. No other build has them (tests/e2e/first-screen-budget.spec.ts).
 */
function benchHooks(): Plugin {
  return {
    name: 'andes:bench-hooks',
    enforce: 'pre',
    transform: (code, id) => (id === MAIN ? `import ${JSON.stringify(BENCH_HOOKS)};\n${code}` : null),
  };
}

export default defineConfig(({ mode }) => ({
  root: 'app',
  publicDir: '../public',
  plugins: [
    ...(mode === 'bench' ? [benchHooks()] : []),
    ioniconsPerIcon(),
    ionicReactTreeShaking(),
    pngInflateInPlace(),
    signedInPreload(),
    precompressAssets(),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'pwa',
      filename: 'service-worker.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // The PDF renderer and charts are lazy chunks but must still work offline, so they are precached too;
        // .mjs is the PDF preview's worker (pdf.js, about 1.3 MB, under the size limit below).
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,webmanifest,woff2}'],
        // The install prompt's screenshots are read by the browser from the network once: not worth every device's disk.
        globIgnores: ['screenshots/**'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      manifest: {
        // The identity of the installed app: the start_url it had before it had an id, so installs made then stay one app.
        id: '/inicio',
        name: 'Andes HSE · Seguridad en terreno',
        short_name: 'Andes HSE',
        description: 'Inspecciones, observaciones, EPP e incidentes, con o sin conexión.',
        lang: 'es-CL',
        start_url: '/inicio',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#f5c400',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Android and desktop Chrome show the richer install dialog with them (taken by tests/tooling/capture-install-screenshots.ts).
        screenshots: [
          {
            src: '/screenshots/inicio-ancho.png',
            sizes: '1280x720',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Inicio en un computador: lo que espera revisión y el trabajo que empieza ahí',
          },
          {
            src: '/screenshots/inicio-angosto.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Inicio en un teléfono, con o sin conexión',
          },
        ],
      },
    }),
  ],
  // Module workers (PDF reports, photo compression) are bundled as ES modules so they can share split chunks.
  worker: { format: 'es', plugins: () => [pngInflateInPlace()] },
  build: {
    // The bench build never replaces the app the server and the end-to-end tests use.
    outDir: mode === 'bench' ? '../.tmp/dist-bench' : '../dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      // Ionic's component modules register custom elements only when imported; marking them side-effect free
      // lets the bundler drop the ones no screen uses (347 KiB -> under 200 KiB gzipped, TOOLCHAIN.md).
      treeshake: {
        moduleSideEffects: [{ test: /@ionic[\\/]core[\\/]components[\\/]/, sideEffects: false }],
        // @ionic/react builds its component wrappers with these factories, some without a pure annotation: unused
        // wrappers (ion-nav) then stay, with their components.
        manualPureFunctions: [
          'createReactComponent',
          'createForwardRef',
          'createInlineOverlayComponent',
          'createOverlayComponent',
          'createRoutingComponent',
        ],
      },
    },
  },
  server: {
    proxy: { '/api': apiTarget },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: '.',
          include: ['sync/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          // The real server and real password checks, with the suite on both engines in four workers on two cores:
          // a test that takes 2 s alone may take 8 s in the full run. Still short enough to catch a hang.
          testTimeout: 30_000,
          // Each test file starts servers of its own on databases of its own; what files share is the server's code,
          // imported once per worker instead of once per file (half the step's time). No API test mocks a module.
          isolate: false,
          root: '.',
          include: ['tests/api/**/*.test.ts'],
          // What only the PostgreSQL run has: a second engine to compare with, a cluster to move into.
          exclude: ['tests/api/postgres-schema.test.ts', 'tests/api/move-to-postgres.test.ts', 'tests/api/two-nodes*.test.ts'],
          // One data folder migrated and seeded for the run; each test copies it (tests/api/support/api-harness.ts).
          globalSetup: ['tests/api/support/seeded-template.ts'],
          environment: 'node',
          server: { deps: { inline: ['kysely'] } },
        },
      },
      {
        // The same API tests on PostgreSQL: a throwaway cluster, a database per test copied from a seeded template.
        extends: true,
        test: {
          name: 'api-postgresql',
          testTimeout: 30_000,
          isolate: false,
          root: '.',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/support/seeded-template.ts'],
          env: { TEST_ENGINE: 'postgres' },
          environment: 'node',
          server: { deps: { inline: ['kysely'] } },
        },
      },
      {
        // The real server in a child process behind a fault-injecting proxy, killed and restarted mid-drain.
        extends: true,
        test: {
          name: 'chaos',
          root: '.',
          include: ['tests/chaos/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The same chaos with the server on PostgreSQL (a throwaway cluster of the test file's own).
        extends: true,
        test: {
          name: 'chaos-postgresql',
          root: '.',
          include: ['tests/chaos/**/*.test.ts'],
          env: { TEST_ENGINE: 'postgres' },
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
}));
