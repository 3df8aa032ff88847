/**
 * Runs one LiveSim in slices against the wall clock at a chosen speed and
 * posts bounded frames. Kept apart from the Comlink glue (sim.worker.ts) and
 * given its clock and core from outside, so it can be tested in Node.
 *
 * Pacing: each tick adds (wall time since the previous tick × speed) to a
 * simulated-time target and runs events in bursts until the target is reached
 * or the slice budget is spent. A sim that cannot keep up drops the backlog
 * instead of accumulating it, so the achieved speed is simply lower.
 */
import { createSim, listPresets, runHeadless, SimStalledError } from '../sim/index';
import type { LiveSim, ScheduledChange, SkbTraceSite } from '../sim/api';
import { boundFrame, DEFAULT_LIMITS, type FrameLimits } from './frame-bound';
import type {
  FrameSink,
  HeadlessRequest,
  HeadlessResult,
  LoadRequest,
  LoadResult,
  ParamValue,
  PresetInfo,
  RunScript,
  RunStatus,
  SetResult,
  Summary,
  WorkerApi,
} from './protocol';

/**
 * Wall-clock budget of one slice, so that the worker stays responsive to
 * messages: a slider's change waits for the slice under way. The next slice
 * follows at once (./yield-now.ts), so a shorter one costs little: at full
 * speed, 4 ms took a slider's change to its painted frame in 42–51 ms at the
 * 95th percentile where 8 ms took 53–62 (ath9k-pacing-shift in Chromium, 40
 * moves each, two runs), at the same simulated speed.
 */
export const SLICE_MS = 4;
/** Minimum wall time between frames (about 30 per second). */
export const FRAME_MS = 33;
/** Frames posted but not yet consumed before the host holds further frames back. */
export const MAX_IN_FLIGHT = 2;
/** Wait between ticks once the target is reached (slow motion needs no busy loop). */
export const IDLE_TICK_MS = 4;
/** Events per runUntil call at first; adapted so that one burst takes about SLICE_MS / 8. */
export const BURST_EVENTS = 2_000;
const MIN_BURST = 16;
const MAX_BURST = 200_000;
/** Wall gap counted at most per tick (a throttled background tab must not cause a jump). */
export const MAX_TICK_GAP_MS = 250;
/** Simulated time asked for per burst when running as fast as possible. */
const FULL_SPEED_AHEAD_NS = 1e9;

export interface HostClock {
  now(): number;
  defer(fn: () => void, ms: number): void;
}

/** The two entry points of the core (src/sim/index.ts); replaceable in tests. */
export interface CoreEntry {
  listPresets(): PresetInfo[];
  createSim(
    presetId: string,
    overrides: Record<string, ParamValue>,
    seed: number,
    changes?: readonly ScheduledChange[],
  ): { ok: true; sim: LiveSim } | { ok: false; error: string };
  runHeadless?(req: HeadlessRequest): HeadlessResult;
}

const defaultCore: CoreEntry = { listPresets, createSim, runHeadless };

export class SimHost implements WorkerApi {
  private sim: LiveSim | null = null;
  private presetId = '';
  private seed = 1;
  /** The overrides the current run started from (load overrides, then structural knobs and the live values they fold in). */
  private start: Record<string, ParamValue> = {};
  /** The run's scripted changes (from the load or the last reset), replayed by a structural restart. */
  private script: ScheduledChange[] = [];
  /** While playing, pause here (ns). */
  private stopAtNs: number | null = null;
  private traceOpts: { everyN: number } | null = null;
  private runId = 0;
  private running = false;
  private speed = 1e9;
  private sink: FrameSink | null = null;
  private inFlight = 0;
  private emitPending = false;
  private lastWallMs = 0;
  private lastFrameMs = -Infinity;
  private targetNs = 0;
  private ticking = false;
  private burst = BURST_EVENTS;
  private rate = { wallMs: 0, simNs: 0, events: 0, achieved: 0, eps: 0 };
  /** Why the core stopped this run by itself (a stalled clock), or null. */
  private stopped: string | null = null;

  constructor(
    private readonly clock: HostClock,
    private readonly core: CoreEntry = defaultCore,
    private readonly limits: FrameLimits = DEFAULT_LIMITS,
  ) {}

  presets(): PresetInfo[] {
    return this.core.listPresets();
  }

  load(req: LoadRequest): LoadResult {
    const script = req.changes ? [...req.changes] : [];
    const r = this.core.createSim(req.presetId, req.overrides, req.seed, req.changes && script);
    if (!r.ok) return r;
    this.presetId = req.presetId;
    this.seed = req.seed;
    this.start = { ...req.overrides };
    this.script = script;
    this.traceOpts = null;
    return this.install(r.sim);
  }

  /** The run again from t = 0: its start values and every change of its plan (live ones too) at the same times. */
  reset(seed?: number): LoadResult {
    if (!this.presetId || !this.sim) return { ok: false, error: 'no simulation loaded' };
    const s = seed ?? this.seed;
    const plan = [...this.sim.changes];
    const r = this.core.createSim(this.presetId, this.start, s, plan);
    if (!r.ok) return r;
    this.seed = s;
    this.script = plan;
    return this.install(r.sim);
  }

  /** What replays the run in force (see RunScript). */
  runScript(): RunScript {
    return { overrides: { ...this.start }, changes: this.sim ? [...this.sim.changes] : [] };
  }

  play(): void {
    if (!this.sim || this.running || this.stopped) return;
    this.running = true;
    this.lastWallMs = this.clock.now();
    this.targetNs = this.sim.nowNs;
    // The speed measurement starts now: paused time would make the first second look slow.
    this.rate = {
      wallMs: this.lastWallMs,
      simNs: this.sim.nowNs,
      events: this.sim.summary().events,
      achieved: 0,
      eps: 0,
    };
    this.schedule(0);
  }

  pause(): void {
    this.running = false;
    this.emit();
  }

  step(ns: number): void {
    if (!this.sim || !(ns > 0) || this.stopped) return;
    const sim = this.sim;
    this.guarded(() => sim.runUntil(sim.nowNs + ns));
    this.targetNs = sim.nowNs;
    this.emit();
  }

  /**
   * Runs `f`; a stalled clock (SimStalledError) stops the run with the core's
   * message instead of escaping as an uncaught error, which would only make
   * the app restart the same stuck scenario. Returns false when stopped.
   */
  private guarded(f: () => boolean | void): boolean | void {
    try {
      return f();
    } catch (e) {
      if (!(e instanceof SimStalledError)) throw e;
      this.stopped = e.message;
      this.running = false;
      return false;
    }
  }

  setSpeed(simNsPerWallSec: number): void {
    this.speed = simNsPerWallSec > 0 ? simNsPerWallSec : 1e9;
  }

  setParam(key: string, value: ParamValue): SetResult {
    const sim = this.sim;
    if (!sim) return { ok: false, error: 'no simulation loaded' };
    const spec = sim.params.find((p) => p.key === key);
    if (spec && !spec.live) {
      // Structural knobs (qdisc kind, driver, era...) are applied by a fresh run, as the core
      // restarts one: knobs moved live start at their values now, the script replays.
      const next = this.foldLive(sim, key, value);
      const r = this.core.createSim(this.presetId, next, this.seed, this.script);
      if (!r.ok) return r;
      this.start = next;
      this.install(r.sim);
      return { ok: true, restarted: true, script: this.runScript() };
    }
    const planned = sim.changes.length;
    const r = sim.setParam(key, value);
    // Before the run's first event the core takes a live knob as a new start rather than a change.
    if (r.ok && sim.changes.length === planned) this.start = { ...this.start, [key]: value };
    // The user is waiting to see the change: its frame goes now, ahead of FRAME_MS and past the
    // in-flight cap (while the app is busy drawing, waiting for it to take two frames first would
    // add those frames' time to the response).
    if (!this.running || r.ok) this.emit(r.ok);
    return r.ok ? { ok: true, script: this.runScript() } : r;
  }

  /** The start of a restart for `key` = `value`: knobs moved live (not by the script) keep their values now. */
  private foldLive(sim: LiveSim, key: string, value: ParamValue): Record<string, ParamValue> {
    const scripted = new Set(this.script.map((c) => c.key));
    const next = { ...this.start };
    for (const c of sim.changes) {
      const v = sim.getParam(c.key);
      if (!scripted.has(c.key) && v !== undefined) next[c.key] = v;
    }
    next[key] = value;
    return next;
  }

  onFrame(cb: FrameSink): void {
    this.sink = cb;
    this.inFlight = 0;
  }

  summary(): Summary | null {
    return this.sim ? this.sim.summary() : null;
  }

  stopAt(ns: number | null): void {
    this.stopAtNs = ns;
  }

  traceSkbs(opts: { everyN: number } | null): SkbTraceSite[] {
    this.traceOpts = opts;
    return this.sim ? this.sim.traceSkbs(opts) : [];
  }

  runHeadless(req: HeadlessRequest): HeadlessResult {
    return this.core.runHeadless ? this.core.runHeadless(req) : { ok: false, error: 'no headless runs here' };
  }

  status(): RunStatus {
    return {
      running: this.running,
      nowNs: this.sim ? this.sim.nowNs : 0,
      speed: this.speed,
      achievedSpeed: this.rate.achieved,
      eventsPerSec: this.rate.eps,
      runId: this.runId,
      presetId: this.presetId,
      seed: this.seed,
      ...(this.stopped ? { stopped: this.stopped } : {}),
    };
  }

  private install(sim: LiveSim): LoadResult {
    this.sim = sim;
    this.stopped = null;
    this.runId++;
    if (this.traceOpts) sim.traceSkbs(this.traceOpts);
    this.targetNs = sim.nowNs;
    this.lastWallMs = this.clock.now();
    this.rate = {
      wallMs: this.clock.now(),
      simNs: sim.nowNs,
      events: sim.summary().events,
      achieved: 0,
      eps: 0,
    };
    const values: Record<string, ParamValue> = {};
    for (const p of sim.params) {
      const v = sim.getParam(p.key);
      if (v !== undefined) values[p.key] = v;
    }
    this.emit();
    return {
      ok: true,
      params: [...sim.params],
      series: [...sim.series],
      points: { ...sim.points },
      values,
      runId: this.runId,
      script: this.runScript(),
    };
  }

  private schedule(ms: number): void {
    if (this.ticking) return;
    this.ticking = true;
    this.clock.defer(() => {
      this.ticking = false;
      this.tick();
    }, ms);
  }

  private tick(): void {
    const sim = this.sim;
    if (!sim || !this.running) return;
    const wall = this.clock.now();
    const dtMs = Math.min(Math.max(0, wall - this.lastWallMs), MAX_TICK_GAP_MS);
    this.lastWallMs = wall;
    const full = !Number.isFinite(this.speed);
    this.targetNs = full
      ? sim.nowNs + FULL_SPEED_AHEAD_NS
      : Math.max(this.targetNs, sim.nowNs) + Math.round((dtMs * this.speed) / 1000);
    const stop = this.stopAtNs;
    if (stop !== null && this.targetNs >= stop) this.targetNs = stop;
    let reached = false;
    // The iteration cap guards against a clock that does not move.
    for (let i = 0; i < 100_000 && this.clock.now() - wall < SLICE_MS; i++) {
      const b0 = this.clock.now();
      reached = this.guarded(() => sim.runUntil(this.targetNs, this.burst)) === true;
      if (this.stopped) {
        this.emit(true);
        return;
      }
      this.adaptBurst(this.clock.now() - b0, reached);
      if (reached && stop !== null && sim.nowNs >= stop) {
        // The stop: pause there, and tell the app at once.
        this.stopAtNs = null;
        this.running = false;
        this.emit(true);
        return;
      }
      if (reached) {
        if (!full) break;
        this.targetNs =
          stop !== null ? Math.min(stop, sim.nowNs + FULL_SPEED_AHEAD_NS) : sim.nowNs + FULL_SPEED_AHEAD_NS;
      }
    }
    if (!reached) this.targetNs = sim.nowNs;
    const after = this.clock.now();
    if (after - this.lastFrameMs >= FRAME_MS) this.emit();
    this.schedule(reached && !full ? IDLE_TICK_MS : 0);
  }

  /** Sizes bursts to the cost of this sim's events, so a slice overruns its budget by little. */
  private adaptBurst(tookMs: number, reached: boolean): void {
    if (tookMs > SLICE_MS / 4) this.burst = Math.max(MIN_BURST, this.burst >> 1);
    else if (!reached && tookMs < SLICE_MS / 16) this.burst = Math.min(MAX_BURST, this.burst * 2);
  }

  private measure(now: number): void {
    const sim = this.sim;
    if (!sim || now - this.rate.wallMs < 1000) return;
    const events = sim.summary().events;
    const dt = now - this.rate.wallMs;
    this.rate.achieved = ((sim.nowNs - this.rate.simNs) * 1000) / dt;
    this.rate.eps = ((events - this.rate.events) * 1000) / dt;
    this.rate.wallMs = now;
    this.rate.simNs = sim.nowNs;
    this.rate.events = events;
  }

  /** Posts the samples gathered so far, unless the app is still busy with earlier frames (and it is not `urgent`). */
  private emit(urgent = false): void {
    const sim = this.sim;
    const sink = this.sink;
    if (!sim || !sink) return;
    if (this.inFlight >= MAX_IN_FLIGHT && !urgent) {
      this.emitPending = true; // the core keeps accumulating; sent once a frame is consumed
      return;
    }
    this.emitPending = false;
    const now = this.clock.now();
    this.lastFrameMs = now;
    this.measure(now);
    const frame = boundFrame(sim.takeFrame(), this.limits);
    const r = sink(frame, this.status());
    if (r && typeof (r as Promise<void>).then === 'function') {
      this.inFlight++;
      const done = () => {
        this.inFlight = Math.max(0, this.inFlight - 1);
        if (this.emitPending && !this.running) this.emit();
      };
      (r as Promise<void>).then(done, done);
    }
  }
}
