/**
 * The one typed protocol between the app (main thread) and the simulation
 * worker. Bulk series travel inside Frame as typed arrays, transferred.
 */
import type { Frame, ParamSpec, ParamValue, PresetInfo, SeriesSpec, Summary } from '../sim/api';

export type { Frame, ParamSpec, ParamValue, PresetInfo, SeriesSpec, Summary } from '../sim/api';

export interface LoadRequest {
  presetId: string;
  overrides: Record<string, ParamValue>;
  seed: number;
}

export type LoadResult =
  | { ok: true; params: ParamSpec[]; series: SeriesSpec[]; values: Record<string, ParamValue> }
  | { ok: false; error: string };

export interface RunStatus {
  running: boolean;
  nowNs: number;
  /** Simulated ns per wall-clock second requested (Infinity = as fast as possible). */
  speed: number;
  /** Achieved simulated ns per wall-clock second over the last second. */
  achievedSpeed: number;
  eventsPerSec: number;
}

export type SetResult = { ok: true } | { ok: false; error: string };

export interface WorkerApi {
  presets(): PresetInfo[];
  load(req: LoadRequest): LoadResult;
  play(): void;
  pause(): void;
  /** Advances by `ns` of simulated time while paused, then posts a frame. */
  step(ns: number): void;
  setSpeed(simNsPerWallSec: number): void;
  setParam(key: string, value: ParamValue): SetResult;
  /** Registers the frame sink (a Comlink proxy); frames arrive about 30 times a second. */
  onFrame(cb: (frame: Frame, status: RunStatus) => void): void;
  summary(): Summary | null;
}
