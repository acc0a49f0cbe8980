import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds run ts-morph over every game: seconds, not milliseconds. Speed targets live in `npm run bench`.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One scratch folder per run, removed at the end (see test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
  },
});
