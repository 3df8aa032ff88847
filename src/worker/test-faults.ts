/**
 * Whether this build carries the fault injection the end-to-end tests and
 * the recovery benchmark use (the worker made to throw, hang or crawl, and
 * `window.__tsq.workerFault`). Only a build made with VITE_TSQ_TEST_FAULTS=1
 * has it (scripts/test-all.mjs and bench/recovery.ts set it); `npm run build`
 * does not, so a deployed page cannot be made to hang from outside.
 *
 * Vite replaces import.meta.env at build time; under Node there is none.
 */
const env = (import.meta as unknown as { env?: Record<string, string | undefined> }).env;

export const TEST_FAULTS: boolean = env?.VITE_TSQ_TEST_FAULTS === '1';
