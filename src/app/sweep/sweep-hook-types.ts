/** The sweep pool's end-to-end hook, `window.__tsqSweep` (types only, for Playwright specs). */
export interface TsqSweepHook {
  /** Jobs waiting and running, and workers started. */
  load(): { queued: number; running: number; workers: number };
  size(): number;
}

declare global {
  interface Window {
    __tsqSweep?: TsqSweepHook;
  }
}
