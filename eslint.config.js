// Lint: strict TypeScript plus the import boundaries of STYLE.md, checked here rather than remembered.
import { readdirSync, existsSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir) ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/.data-*/**', 'e2e/screenshots/**'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // no-cycle reads the files an import leads to: ours only (parsing node_modules would multiply lint time).
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/extensions': ['.ts', '.tsx'],
      'import/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      // A module cycle makes load order decide what is initialised; `import type` cycles are erased and allowed.
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // Shared packages never import the apps.
            { target: './packages', from: './apps', message: 'Shared packages must not import app code.' },
            // The console never reaches into the server or the database package, nor the server into the console.
            { target: './apps/web', from: './apps/server' },
            { target: './apps/web', from: './packages/db', message: 'The console must not import the database package.' },
            { target: './apps/server', from: './apps/web' },
            // Shared console code (the one PKI worker in src/lib/pki-worker among it) serves features and imports none.
            ...['lib', 'components', 'hooks', 'config', 'i18n'].map((dir) => ({
              target: `./apps/web/src/${dir}`,
              from: `./${featuresDir}`,
              message: 'Shared console code must not import a feature: features import it.',
            })),
            // A feature never imports another feature: combine them in src/app.
            ...features.map((f) => ({
              target: `./${featuresDir}/${f}`,
              from: `./${featuresDir}`,
              except: [`./${f}`],
              message: 'A feature must not import another feature; move shared code to src/components, src/lib or a package.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Type-aware (it builds the console's TypeScript program), so only where a promise is easily handed to something
    // that ignores it: the console's event handlers and callbacks. The server's Fastify hooks await what they get.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-misused-promises': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@cc/db', '@cc/db/*', '@cc/server', '@cc/server/*'], message: 'The console may import domain, contracts and pki only.' }] }],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Domain rules are pure: no I/O.' }, { name: 'process', message: 'Domain rules read no environment.' }],
    },
  },
  {
    files: ['packages/{contracts,domain,pki}/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@cc/db', '@cc/db/*'], message: 'Only the server and tests use the database package.' }] }],
    },
  },
  {
    // Later blocks replace a rule's options, so the domain package repeats the database ban beside its own.
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'crypto'], message: 'Domain rules are pure: no I/O.' }, { group: ['@cc/db', '@cc/db/*'], message: 'Domain rules do not touch the database.' }] }],
    },
  },
);
