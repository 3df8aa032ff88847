import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    // Hooks that run a simulation (beforeAll of the cross-checks) share the machine too.
    hookTimeout: 120_000,
    pool: 'threads',
  },
});
