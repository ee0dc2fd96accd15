// Lint config: typescript-eslint recommended + react-hooks, zero warnings allowed, and the
// architecture's import zones (ARCHITECTURE.md "Imports run one way") with no import cycles.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const kinds = (dir) =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];
const files = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f)) : []);

/** One-way zones: each `target` may not import from `from`. */
const zones = [
  { target: './src/domain', from: ['./src/contract', './src/api', './src/ui', './src/records', './src/app'], message: 'domain is pure rules: it imports nothing of the app' },
  { target: './src/contract', from: ['./src/api', './src/ui', './src/records', './src/app'], message: 'contract imports only domain' },
  { target: './src/api', from: ['./src/ui', './src/records', './src/app'], message: 'api imports only contract and domain' },
  { target: './src/ui', from: ['./src/records', './src/app'], message: 'the screen kit must not know record screens or the app' },
  { target: './src/records', from: ['./src/app'], message: 'records are put together by app, not the other way' },
  // A record folder never imports another: screens combining kinds live in src/app.
  ...kinds('src/records').map((kind) => ({
    target: `./src/records/${kind}`,
    from: './src/records',
    except: [`./${kind}`],
    message: 'a record folder never imports another record folder; combine kinds in src/app',
  })),
  // The ideas portal is a bundle of its own with a 100 KB first view: none of the main app's weight.
  {
    target: './src/portal',
    from: ['./src/api', './src/ui', './src/records', './src/app', './src/main.tsx'],
    message: 'the portal imports only contract (and domain): the main app would blow its first-load budget',
  },
  { target: './src', from: './server', message: 'the browser app never imports the service' },
  {
    target: './server',
    from: ['./src/api', './src/ui', './src/records', './src/app', './src/main.tsx'],
    message: 'the service imports only contract and domain from src',
  },
  {
    target: './server/store',
    from: ['./server/http', './server/http.ts', './server/routes', './server/app.ts'],
    message: 'the store never imports the HTTP layer',
  },
  // A route module never imports another route module.
  ...files('server/routes').map((file) => ({
    target: `./server/routes/${file}`,
    from: './server/routes',
    except: [`./${file}`],
    message: 'a route never imports another route; share through server/http',
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'data', '.cache', 'test-results', 'playwright-report', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // Parsers and extensions so the cycle check can read the TypeScript files it follows.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests may reach across zones to compare both sides (e.g. the client's invalidation graph
    // against the server's roll-up edges); they ship in neither bundle.
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
