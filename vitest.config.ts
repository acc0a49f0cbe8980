import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds run ts-morph over every game: seconds, not milliseconds. Speed targets live in `npm run bench`.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
