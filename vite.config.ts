import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  root: 'app',
  publicDir: '../public',
  plugins: [
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
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      manifest: {
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
      },
    }),
  ],
  // Module workers (PDF reports, photo compression) are bundled as ES modules so they can share split chunks.
  worker: { format: 'es' },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      // Ionic's component modules register custom elements only when imported; marking them side-effect free
      // lets the bundler drop the ones no screen uses (347 KiB -> under 200 KiB gzipped, TOOLCHAIN.md).
      treeshake: {
        moduleSideEffects: [{ test: /@ionic[\\/]core[\\/]components[\\/]/, sideEffects: false }],
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
          root: '.',
          include: ['tests/api/**/*.test.ts'],
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
    ],
  },
});
