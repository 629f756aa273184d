import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * Import boundaries (issue 11): a web feature imports another feature only through that
 * feature's index.ts, a server module another module only through its index.ts (tests and their
 * fixtures may reach inside to set up data), the shared parts (the console's app/ and ui/, the
 * server's lib/, scope/ and core/) never import a feature or module, and no import cycle anywhere.
 */
const WEB_FEATURES = 'packages/web/src/features';
const SERVER_MODULES = 'packages/server/src/modules';
const dirs = (root) =>
  readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const throughIndex = (root) =>
  dirs(root).map((name) => ({
    target: dirs(root)
      .filter((other) => other !== name)
      .map((other) => `./${root}/${other}`),
    from: `./${root}/${name}`,
    except: ['./index.ts'],
    message: `import from ${name}'s index.ts (its public surface), not from its inside`,
  }));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'packages/server/drizzle/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Issue 11: no source file over 400 lines (blank lines and comments count too).
      'max-lines': ['error', { max: 400 }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['packages/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse the files an import leads to as TypeScript, so no-cycle can follow them.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['packages/*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...throughIndex(WEB_FEATURES),
            {
              target: ['./packages/web/src/app', './packages/web/src/ui'],
              from: `./${WEB_FEATURES}`,
              message: 'the shell and the shared UI do not import features (features register themselves: routes.ts)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.fixtures.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...throughIndex(SERVER_MODULES),
            {
              target: ['./packages/server/src/lib', './packages/server/src/scope', './packages/server/src/core'],
              from: `./${SERVER_MODULES}`,
              message: 'the platform core does not import modules (modules build on it)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.mjs', 'scripts/**', '**/build.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
