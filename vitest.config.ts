import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    // Hooks that run a simulation (a cross-check's beforeAll) get the same allowance as a test.
    hookTimeout: 120_000,
    pool: 'threads',
  },
});
