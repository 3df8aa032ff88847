/** The A/B view's end-to-end hook, `window.__tsqAb` (types only, for Playwright specs). */
export interface TsqAbHook {
  phase(): 'idle' | 'loading' | 'running' | 'paused' | 'error';
  /** Simulated clock of the latest frame of A and of B. */
  nowNs(): [number, number];
  frames(): [number, number];
  /** The clock both timelines show (the earlier of the two). */
  sharedNowNs(): number;
}

declare global {
  interface Window {
    __tsqAb?: TsqAbHook;
  }
}
