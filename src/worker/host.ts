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
  RunStatus,
  SetResult,
  Summary,
  WorkerApi,
} from './protocol';

/** Wall-clock budget of one slice, so that the worker stays responsive to messages. */
export const SLICE_MS = 8;
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
  /** Values set so far (load overrides plus accepted setParam calls), reapplied on reset. */
  private overrides: Record<string, ParamValue> = {};
  /** The loaded run's scheduled changes, replayed by a reset or a restart. */
  private changes: ScheduledChange[] | undefined;
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
    const r = this.core.createSim(req.presetId, req.overrides, req.seed, req.changes);
    if (!r.ok) return r;
    this.presetId = req.presetId;
    this.seed = req.seed;
    this.overrides = { ...req.overrides };
    this.changes = req.changes ? [...req.changes] : undefined;
    this.traceOpts = null;
    return this.install(r.sim);
  }

  reset(seed?: number): LoadResult {
    if (!this.presetId) return { ok: false, error: 'no simulation loaded' };
    const s = seed ?? this.seed;
    const r = this.core.createSim(this.presetId, this.overrides, s, this.changes);
    if (!r.ok) return r;
    this.seed = s;
    return this.install(r.sim);
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
      // Structural knobs (qdisc kind, driver, era...) are applied by a fresh run.
      const next = { ...this.overrides, [key]: value };
      const r = this.core.createSim(this.presetId, next, this.seed, this.changes);
      if (!r.ok) return r;
      this.overrides = next;
      this.install(r.sim);
      return { ok: true, restarted: true };
    }
    const r = sim.setParam(key, value);
    if (r.ok) this.overrides[key] = value;
    // The user is waiting to see the change: its frame goes now, ahead of FRAME_MS and past the
    // in-flight cap (while the app is busy drawing, waiting for it to take two frames first would
    // add those frames' time to the response).
    if (!this.running || r.ok) this.emit(r.ok);
    return r;
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
