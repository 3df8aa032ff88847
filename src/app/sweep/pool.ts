/** The page's one pool of sweep workers, started on first use. */
import { SweepPool } from '../../worker/sweep-pool';
import { startSweepWorker } from '../../worker/sweep-client';
import type { TsqSweepHook } from './sweep-hook-types';

let pool: SweepPool | null = null;

export function getSweepPool(): SweepPool {
  if (!pool) {
    const p = new SweepPool(startSweepWorker);
    const hook: TsqSweepHook = { load: () => p.load, size: () => p.size };
    window.__tsqSweep = hook;
    pool = p;
  }
  return pool;
}
