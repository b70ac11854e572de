import fs from 'node:fs';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Business modules never import each other, on either side: each module folder may import from every folder but
 * the other modules'. Shared pieces live outside app/modules and server/modules; composition (routes, pages,
 * app-modules.ts, seeds) imports modules and is imported by none of them.
 */
function moduleBoundaries(side) {
  const modules = fs
    .readdirSync(`./${side}/modules`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return modules.map((name) => ({
    target: `./${side}/modules/${name}`,
    from: `./${side}/modules`,
    except: [`./${name}`],
    message: `Un módulo de negocio no importa otro (${side}/modules/${name}): usa el registro de lectura o una pieza compartida.`,
  }));
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // About 140 columns: long texts (Spanish messages, URLs, patterns) may run past it, code and comments may not.
      'max-len': ['error', { code: 140, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './sync',
              from: ['./app', './server'],
              message: 'sync/ runs in the browser and in Node: it imports neither app/ nor server/.',
            },
            {
              target: './app',
              from: './server',
              message: 'app/ talks to the server over HTTP only.',
            },
            {
              // app/routes composes the screens; what modules declare their screens with lives in app/navigation.
              target: [
                './app/modules',
                './app/ui',
                './app/data',
                './app/db',
                './app/records',
                './app/sync',
                './app/session',
                './app/navigation',
              ],
              from: './app/routes',
              // The sign-in warms up the signed-in area's chunk while the person types.
              except: ['./signed-in-area.ts'],
              message: 'app/routes es la composición: nadie más la importa (las rutas y pantallas compartidas están en app/navigation).',
            },
            ...moduleBoundaries('app'),
            ...moduleBoundaries('server'),
            {
              // The company sign-in is a module of its own outside server/modules; what accounts share lives in
              // server/tenancy.
              target: './server/modules',
              from: './server/auth',
              message: 'Un módulo de negocio no importa el inicio de sesión (server/auth): usa server/tenancy o una pieza compartida.',
            },
            {
              // The kernel every request passes (session, permissions, the kit, the sync calls) stands without the
              // company sign-in: the sign-in builds on it, never the other way round.
              target: [
                './server/tenancy',
                './server/records',
                './server/sync',
                './server/http',
                './server/db',
                './server/files',
                './server/reports',
                './server/mail',
              ],
              from: './server/auth',
              message: 'El núcleo del servidor no importa el inicio de sesión (server/auth): lo compartido vive en server/tenancy.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(react|react-dom|dexie|hono|kysely|better-sqlite3)($|/)', message: 'Not allowed here.' }],
        },
      ],
    },
  },
  {
    // Only sync/ is barred from framework and storage packages; elsewhere they are the point.
    files: ['app/**', 'server/**', 'tests/**', '*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Types are allowed (allowTypeImports); values only from the pure report documents.
              regex: '^(#app/|(\\.\\./)+app/)(?!reports/)',
              allowTypeImports: true,
              message: 'server/ imports from app/ only types and app/reports/.',
            },
            { regex: '^(\\.\\./){2,}', message: 'Más de un nivel hacia arriba: importa con #app/, #server/, #sync/ o #tests/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['sync/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^#(app|server)/', message: 'sync/ imports neither app/ nor server/.' },
            { regex: '^(\\.\\./){2,}', message: 'Más de un nivel hacia arriba: importa con #app/, #server/, #sync/ o #tests/.' },
            {
              regex: '^(react|react-dom|dexie|hono|kysely|better-sqlite3|node:.*)($|/)',
              message: 'sync/ must run in the browser and in Node.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^#server/', message: 'app/ talks to the server over HTTP only.' },
            { regex: '^(\\.\\./){2,}', message: 'Más de un nivel hacia arriba: importa con #app/, #server/, #sync/ o #tests/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(\\.\\./){2,}', message: 'Más de un nivel hacia arriba: importa con #app/, #server/, #sync/ o #tests/.' }],
        },
      ],
    },
  },  {
    // The API tests share each worker's modules (vite.config.ts, isolate: false): a module mocked in one file would
    // stay mocked for the next. They drive the real server instead.
    files: ['tests/api/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubGlobal|stubEnv)$/]",
          message: 'Las pruebas de la API comparten módulos: no reemplaces un módulo ni un global; usa el servidor real.',
        },
      ],
    },
  },
);
