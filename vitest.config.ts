import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxConcurrency: 10,
    reporters: ['default', './test/runners/closing-line.ts'],
  },
});
