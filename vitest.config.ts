import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    // Cross-checks run their presets in beforeAll: on a loaded machine that outlasts the 10 s default.
    hookTimeout: 120_000,
    pool: 'threads',
  },
});
