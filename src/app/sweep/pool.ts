/** The page's one pool of sweep workers, started on first use. */
import { SweepPool } from '../../worker/sweep-pool';
import { startSweepWorker } from '../../worker/sweep-client';
import type { TsqSweepHook } from './sweep-hook-types';
import { TEST_FAULTS } from '../../worker/test-faults';

let pool: SweepPool | null = null;

export function getSweepPool(): SweepPool {
  if (!pool) {
    const p = new SweepPool(startSweepWorker);
    const hook: TsqSweepHook = { load: () => p.load, size: () => p.size };
    // In builds for tests only (VITE_TSQ_TEST_FAULTS=1).
    if (TEST_FAULTS) window.__tsqSweep = hook;
    pool = p;
  }
  return pool;
}
