/**
 * The one typed protocol between the app (main thread) and the simulation
 * worker. Bulk series travel inside Frame as typed arrays, transferred.
 */
import type {
  Frame,
  ParamSpec,
  ParamValue,
  PointStreams,
  PresetInfo,
  ScheduledChange,
  SeriesSpec,
  SkbTraceSite,
  StepSeries,
  Summary,
} from '../sim/api';
import type { HeadlessRequest, HeadlessResult } from '../sim/headless';
import type { FlentRun } from '../flent/types';

export { PANELS } from '../sim/api';
export type {
  Citation,
  Frame,
  Layer,
  ParamChange,
  ParamSpec,
  ParamValue,
  Panel,
  PointStreams,
  PresetInfo,
  ScheduledChange,
  SeriesSpec,
  SkbHops,
  SkbTraceSite,
  StepSeries,
  Summary,
  TsqBudget,
} from '../sim/api';
export type { HeadlessRequest, HeadlessResult } from '../sim/headless';

export interface LoadRequest {
  presetId: string;
  overrides: Record<string, ParamValue>;
  seed: number;
  /** Knob changes at simulated times (the run's script), replacing the preset's own. */
  changes?: ScheduledChange[];
}

/**
 * What replays the run in force: the overrides it started from (on top of
 * the preset) and every knob change of its plan, scripted or made live, in
 * the order they apply. With the seed, a link or a file holds exactly this.
 */
export interface RunScript {
  overrides: Record<string, ParamValue>;
  changes: ScheduledChange[];
}

export type LoadResult =
  | {
      ok: true;
      params: ParamSpec[];
      series: SeriesSpec[];
      points: PointStreams;
      values: Record<string, ParamValue>;
      runId: number;
      script: RunScript;
    }
  | { ok: false; error: string };

/** Simulated ns per wall-clock second for real time. */
export const REAL_TIME = 1e9;
/** Speed value meaning "as fast as the worker can run". */
export const AS_FAST_AS_POSSIBLE = Infinity;

export interface RunStatus {
  running: boolean;
  nowNs: number;
  /** Simulated ns per wall-clock second requested (Infinity = as fast as possible). */
  speed: number;
  /** Achieved simulated ns per wall-clock second over the last second. */
  achievedSpeed: number;
  eventsPerSec: number;
  /** Changes on every load, reset or restart: samples of an older run must be dropped. */
  runId: number;
  presetId: string;
  seed: number;
  /**
   * Set when the core stopped the run by itself (its clock stood still over
   * a million events, see SimStalledError): why, naming the event source.
   * The run stays paused until the next load or reset.
   */
  stopped?: string;
}

/**
 * `restarted`: the parameter cannot change while running (ParamSpec.live
 * false), so the run was restarted from t = 0 with the new value.
 */
export type SetResult = { ok: true; restarted?: boolean; script?: RunScript } | { ok: false; error: string };

/** Receives frames; a returned promise counts as "in flight" until it settles (back-pressure). */
export type FrameSink = (frame: Frame, status: RunStatus) => void | Promise<void>;

export interface WorkerApi {
  presets(): PresetInfo[];
  /** Creates a fresh run of a preset (keeps the play/pause state). */
  load(req: LoadRequest): LoadResult;
  /** Restarts the current run at t = 0 (its start values and knob changes, so it replays); a new seed if given. */
  reset(seed?: number): LoadResult;
  play(): void;
  pause(): void;
  /** Advances by `ns` of simulated time while paused, then posts a frame. */
  step(ns: number): void;
  setSpeed(simNsPerWallSec: number): void;
  setParam(key: string, value: ParamValue): SetResult;
  /** Registers the frame sink (a Comlink proxy); frames arrive about 30 times a second. */
  onFrame(cb: FrameSink): void;
  summary(): Summary | null;
  /** While playing, pause once the run reaches `ns` of simulated time (null: no stop); a frame follows. */
  stopAt(ns: number | null): void;
  /** Turns the per-skb probe on (one data skb in `everyN`) or off; frames then carry `hops`. Returns the hop sites. */
  traceSkbs(opts: { everyN: number } | null): SkbTraceSite[];
  /** A separate run to completion (a lesson's comparison, a trace-event file); the live run waits meanwhile. */
  runHeadless(req: HeadlessRequest): HeadlessResult;
}

/**
 * One headless run of a sweep (sweep.worker.ts). Presets hold functions, so
 * a job names its preset and, for a reference experiment, the id of one run
 * of the published table; the worker looks both up.
 */
export interface SweepJob {
  jobId: number;
  presetId: string;
  /** A run of the preset's published table; its fields apply after `overrides` (as in runTable). */
  tableRunId?: string;
  /** Scenario fields by dotted path ('null' clears a nullable field). */
  overrides: Record<string, ParamValue>;
  seed: number;
  /** Simulated length; shorter than the preset's own, the warm-up shrinks in proportion. Omitted: the preset's. */
  durationMs?: number;
  /** Also sample every flow once per this many ms after the warm-up (a Flent data file's series). */
  stepMs?: number;
}

export interface SweepProgress {
  jobId: number;
  simulatedNs: number;
  endNs: number;
}

export type SweepJobResult =
  | {
      status: 'done';
      jobId: number;
      summary: Summary;
      /** Payload per byte of truesize over the run: converts the TSQ budget (truesize) to payload. */
      payloadPerTruesize: number;
      durationMs: number;
      warmupMs: number;
      wallMs: number;
      /** The per-step samples, when the job asked for them (stepMs). */
      steps?: StepSeries;
    }
  | { status: 'cancelled'; jobId: number }
  | { status: 'error'; jobId: number; error: string };

export type SweepProgressSink = (p: SweepProgress) => void;

/** What one sweep worker exposes (Comlink); a pool of them lives in sweep-pool.ts. */
export interface SweepWorkerApi {
  run(job: SweepJob, onProgress: SweepProgressSink): Promise<SweepJobResult>;
  /** Stops a running job at its next slice; it then resolves as 'cancelled'. */
  cancel(jobId: number): void;
}

/**
 * Load measurement: a Flent file read and parsed in a worker of its own
 * (flent.worker.ts), so that a large file or a gzip bomb never holds up the
 * page. The app cancels a read by terminating that worker.
 */
export interface FlentReadProgress {
  /** Reading the file, inflating its gzip stream, parsing its JSON. */
  stage: 'reading' | 'inflating' | 'parsing';
  /** Bytes of the file read or inflated so far (0 while parsing). */
  doneBytes: number;
  totalBytes: number;
  /** Bytes decompressed so far (inflating). */
  outBytes: number;
}

export type FlentProgressSink = (p: FlentReadProgress) => void;

export type FlentReadResult = { ok: true; run: FlentRun } | { ok: false; error: string };

export interface FlentWorkerApi {
  /** Reads `file` (a File or Blob); a file that cannot be read is `ok: false` with the reader's message. */
  read(file: Blob, onProgress: FlentProgressSink): Promise<FlentReadResult>;
}
