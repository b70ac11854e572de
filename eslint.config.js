import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(react|react-dom|dexie|hono|kysely|better-sqlite3)($|/)', message: 'Not allowed here.' },
          ],
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
            { regex: '^(react|react-dom|dexie|hono|kysely|better-sqlite3|node:.*)($|/)', message: 'sync/ must run in the browser and in Node.' },
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^#server/', message: 'app/ talks to the server over HTTP only.' }] }],
    },
  },
);
