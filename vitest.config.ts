import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default is one worker fewer than the cores: a single file at a time on CI's two. Most
    // of a file's time is spent waiting (on loopback servers, settle bounds, delayed answers), so two
    // files at once on two cores halve the wall time (the kill and choice matrices' halves, above all)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    maxConcurrency: 10,
    reporters: ['default', './test/runners/closing-line.ts'],
  },
});
