/**
 * Whether this is a build for tests: it carries the fault injection the
 * end-to-end tests and the recovery benchmark use (the worker made to throw,
 * hang or crawl, and `window.__tsq.workerFault`) and `window.__tsq` itself.
 * Only a build made with VITE_TSQ_TEST_FAULTS=1 has them
 * (scripts/test-all.mjs, bench/run.ts and bench/recovery.ts set it);
 * `npm run build` does not, so a deployed page cannot be driven or made to
 * hang from outside.
 *
 * Vite replaces import.meta.env.VITE_TSQ_TEST_FAULTS with its value at build
 * time, so in a production build this is `false` and the minifier drops the
 * injector with it. Under Node (the CLI) there is no import.meta.env at all.
 */
import type {} from './test-faults-env';

export const TEST_FAULTS: boolean =
  typeof import.meta.env === 'object' && import.meta.env.VITE_TSQ_TEST_FAULTS === '1';
