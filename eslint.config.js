import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import layering, { unusedAllowance } from './eslint-rules/layering.js';
import * as layerMap from './eslint-rules/layers.js';

const electronOnlyInShell = {
  paths: [
    {
      name: 'electron',
      message: 'Only src-main/app/ (the Electron shell) may import electron; the engine runs in plain Node.',
    },
  ],
  patterns: [{ group: ['electron/*'], message: 'Only src-main/app/ may import electron.' }],
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'e2e/artifacts/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      parserOptions: { projectService: false },
      globals: {
        process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly',
        setImmediate: 'readonly', clearImmediate: 'readonly', setInterval: 'readonly', clearInterval: 'readonly',
        Buffer: 'readonly', URL: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly',
        TextEncoder: 'readonly', TextDecoder: 'readonly', performance: 'readonly', structuredClone: 'readonly',
        queueMicrotask: 'readonly', fetch: 'readonly', Response: 'readonly', Request: 'readonly',
        window: 'readonly', document: 'readonly',
      },
    },
    rules: {
      'no-restricted-imports': ['error', electronOnlyInShell],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
    },
  },
  {
    // The Electron shell and the build config are the only places electron may be imported.
    files: ['src-main/app/**', 'src-preload/**', 'electron.vite.config.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Which folder may import which: the map and its temporary allowances are in eslint-rules/layers.js.
    files: ['src-shared/**', 'src-main/**', 'src-preload/**', 'src-renderer/**'],
    plugins: { local: { rules: { layering, 'layering-unused-allowance': unusedAllowance } } },
    rules: {
      'local/layering': ['error', { ...layerMap }],
      // A warning, so a merge that fixes an import does not fail the lint before the list is tidied.
      'local/layering-unused-allowance': ['warn', { ...layerMap }],
    },
  },
);
