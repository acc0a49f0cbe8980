// The linter `npm test` runs (after the formatter, Prettier): ESLint's and
// typescript-eslint's recommended rules, without type information (fast on
// the whole tree). Where a rule is turned off, the reason is beside it.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['generated/**', 'compiler-dist/**', 'docs-site/dist/**', 'node_modules/**', 'bench/**', 'test/fixtures/**', '.rulebook/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The site's client scripts run in the browser.
    files: ['docs-site/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
);
