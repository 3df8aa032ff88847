/**
 * The typed end-to-end hook the app exposes as `window.__tsq` (for
 * Playwright). Types only, so e2e specs can import it without the app.
 */
import type { ParamChange, ParamSpec, ParamValue, PresetInfo, SetResult, Summary } from '../worker/protocol';

export interface TsqTestHook {
  /** A preset is loaded and at least one frame of it has arrived. */
  ready(): boolean;
  /** Frames received so far, and performance.now() of the last one. */
  frames(): number;
  lastFrameAt(): number;
  presetId(): string;
  presets(): PresetInfo[];
  params(): ParamSpec[];
  values(): Record<string, ParamValue>;
  running(): boolean;
  /** Simulated clock of the latest frame. */
  nowNs(): number;
  /** Parameter changes held by the chart buffers. */
  changes(): ParamChange[];
  /** Chart-buffer version of the frame that brought the newest change (-1 if none). */
  changesVersion(): number;
  /**
   * performance.now() once the charts first drew buffer version `version` (or
   * a newer one) and that frame was painted and committed; NaN if not yet
   * (only the last 64 paints are kept).
   */
  paintedAt(version: number): number;
  /** Sampled rows held by the chart buffers. */
  sampleCount(): number;
  /** The shared time window of the timelines, in simulated ns. */
  visibleWindow(): { t0Ns: number; t1Ns: number };
  summary(): Promise<Summary | null>;
  setParam(key: string, value: ParamValue): Promise<SetResult>;
  loadPreset(id: string): Promise<boolean>;
  play(): void;
  pause(): void;
  /** Advances exactly `ns` of simulated time and resolves once the worker has run it. */
  step(ns: number): Promise<void>;
  /** Overrides on top of the preset, as the worker holds them, and the seed. */
  overrides(): Record<string, ParamValue>;
  seed(): number;
  /**
   * Makes the simulation worker throw, hang or crawl, or kills it (the
   * supervisor must recover). Only in builds for tests (VITE_TSQ_TEST_FAULTS=1).
   */
  workerFault?(kind: 'throw' | 'hang' | 'slow' | 'terminate'): void;
  /** Worker restarts so far, and the health the UI shows. */
  workerRestarts(): number;
  workerHealth(): 'ok' | 'recovering' | 'recovered' | 'failed';
}

declare global {
  interface Window {
    __tsq?: TsqTestHook;
  }
}
