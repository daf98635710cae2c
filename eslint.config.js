// ESLint (flat config): the JavaScript and typescript-eslint recommended rules, and React's
// rules of hooks, over the package's own sources. Formatting is Biome's (biome.json), not ESLint's.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // Generated, built or scratch files: the generators and tests own them, not the linter.
  {
    ignores: ['node_modules/', 'dist/', 'sites/', '.cache/', '.data/', '.tmpw/', 'test-results/', 'screenshots/', 'docs/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_` names what a signature has to take but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A closure may read a variable that is assigned once, later (a server the closure's handlers use).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // An empty catch says "a denied storage or a malformed value is no value": the inline scripts use it.
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // A function is at most about 80 lines (issue 47): a longer one is split into named steps. The
    // tests (a describe block is a list of cases) and the scripts are not bound by it; generated
    // files hold data, not functions.
    files: ['bin/**', 'core/**', 'files/**', 'generator/**', 'preview/**', 'runtime/**', 'server/**', 'studio/**'],
    // runtime/App.tsx: the shell's `Shell` in named hooks cost 56 bytes on every page, which the
    // JS-a-visit goal cannot pay (docs/performance.md, 2026-11-28).
    ignores: ['core/message-keys.ts', 'generator/art/share-card-font.ts', 'runtime/App.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    // The classic rules of hooks. The plugin's React Compiler rules (purity, immutability,
    // set-state-in-effect) are not on: the runtime is not compiled by the React Compiler.
    files: ['runtime/**/*.{ts,tsx}', 'studio/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
