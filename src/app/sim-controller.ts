/**
 * Connects the worker to the app: frames go to the ring buffers (never to
 * React state), run status and summaries to the explorer store, and user
 * actions (play, speed, knobs, presets) go to the worker. One per page.
 */
import { startWorker, Comlink, type WorkerRemote } from './worker-client';
import { SeriesBuffers } from './charts/series-buffer';
import { useExplorer } from './state/explorer-store';
import { speedOf, useUi } from './state/ui-store';
import { viewStore } from './state/view-store';
import { windowOf } from './charts/time-view';
import { installTestHook } from './test-hook';
import { bootFromUrl } from './share/app-share';
import type {
  Frame,
  LoadResult,
  ParamValue,
  RunStatus,
  ScheduledChange,
  SetResult,
} from '../worker/protocol';
import { WorkerSupervisor } from './worker-supervisor';
import { StatusFeed } from './status-feed';
import { useWorkerHealth } from './robustness/health-store';
import { GOOD_AFTER_MS, restoreTarget, type RunSettings } from './robustness/last-good';
import type { WorkerFault } from '../worker/watchdog';
import type { Paint } from './charts/scheduler';
import { TEST_FAULTS } from '../worker/test-faults';

/** Minimum gap between two setParam calls of one knob while a slider moves. */
const LIVE_THROTTLE_MS = 80;
/** Knobs that restart the run wait until the user stops moving them. */
const RESTART_DEBOUNCE_MS = 400;
const SUMMARY_MS = 500;
/** A knob the user moved this recently keeps the value they gave it when a frame reports a change of it. */
const USER_HOLD_MS = 1000;

interface PendingSet {
  timer: ReturnType<typeof setTimeout> | null;
  lastSentMs: number;
  value: ParamValue | undefined;
}

export class SimController {
  readonly buffers = new SeriesBuffers();
  private remote: WorkerRemote | null = null;
  private supervisor: WorkerSupervisor<WorkerRemote> | null = null;
  /** Added to the worker's run ids, so that a restarted worker's runs count as newer ones. */
  private runBase = 0;
  private wantRunning = false;
  private changedAt = 0;
  private good: RunSettings | null = null;
  private summaryTimer: ReturnType<typeof setInterval> | null = null;
  private summaryBusy = false;
  private pending = new Map<string, PendingSet>();
  /** When the user last moved each knob (see USER_HOLD_MS). */
  private touched = new Map<string, number>();
  private disposed = false;
  private readonly status = new StatusFeed((s) => !this.disposed && s.runId === this.buffers.runId);
  frames = 0;
  lastFrameAt = 0;
  private lastNowNs = -1;
  /** Each knob's value as the worker last accepted it: what a rejected change falls back to. */
  private accepted: Record<string, ParamValue> = {};
  /** The chart scheduler's paint log (set by the runtime), for the test hook. */
  paints: { paintOf(version: number): Paint | null } | null = null;

  async start(): Promise<void> {
    // The supervisor restarts a worker that throws or hangs (see restoreWorker).
    this.supervisor = new WorkerSupervisor<WorkerRemote>({
      start: startWorker,
      ping: (r) => r.ping(),
      restore: (r) => this.restoreWorker(r),
      onFailure: (failure) =>
        useWorkerHealth
          .getState()
          .patch({ state: 'recovering', failure, detail: null, restarts: failure.restarts }),
      onRecovered: () => useWorkerHealth.getState().patch({ state: 'recovered' }),
      onGaveUp: (failure) => useWorkerHealth.getState().patch({ state: 'failed', failure }),
    });
    const remote = this.supervisor.start();
    this.remote = remote;
    // window.__tsq only in a build for tests: the bundler drops the hook from any other.
    if (TEST_FAULTS) installTestHook(this);
    await remote.onFrame(Comlink.proxy((f: Frame, s: RunStatus) => this.onFrame(f, s)));
    const presets = await remote.presets();
    if (this.disposed) return;
    useExplorer.getState().patch({ presets });
    // The address bar may hold a shared link: preset, parameters, seed, speed, panels, zoom.
    // A lesson's link sets the lesson's fields, not the explorer's: the explorer then starts plain.
    const learn = new URLSearchParams(location.search).get('view') === 'learn';
    const first = await bootFromUrl(presets, (req) => remote.load(req), learn ? '' : location.search);
    if (this.disposed) return;
    await remote.setSpeed(speedOf(useUi.getState().speedId));
    if (first) await this.loadPreset(first.presetId, first.overrides, first.changes);
    this.summaryTimer = setInterval(() => void this.pollSummary(), SUMMARY_MS);
  }

  dispose(): void {
    this.disposed = true;
    if (this.summaryTimer) clearInterval(this.summaryTimer);
    this.status.dispose();
    for (const p of this.pending.values()) if (p.timer) clearTimeout(p.timer);
    this.supervisor?.dispose();
    this.remote = null;
  }

  private onFrame(f: Frame, raw: RunStatus): void {
    const s = this.runBase ? { ...raw, runId: this.runBase + raw.runId } : raw;
    this.buffers.push(f, s.runId);
    this.frames++;
    this.lastFrameAt = performance.now();
    this.supervisor?.progress(s.nowNs);
    this.supervisor?.expectProgress(s.running);
    // Settings count as good once they ran for a while with the simulated clock moving.
    const moved = s.nowNs > this.lastNowNs || !s.running;
    this.lastNowNs = s.nowNs;
    if (moved && this.lastFrameAt - this.changedAt >= GOOD_AFTER_MS) this.good = this.settings();
    if (s.stopped && s.runId === this.buffers.runId) this.onStopped(s.stopped);
    if (s.runId === this.buffers.runId) {
      this.status.push(s);
      if (f.changes.length) this.followChanges(f);
    }
  }

  /** The core stopped the run itself (its clock stood still): say why, and stay paused. */
  private onStopped(why: string): void {
    this.wantRunning = false;
    const error = `The run was stopped: ${why}. Change the scenario or restore the defaults to run again.`;
    if (useExplorer.getState().error !== error) useExplorer.getState().patch({ error });
  }

  /** A scripted change (a replayed link, a scenario file) moves its knob's control with the run. */
  private followChanges(f: Frame): void {
    const st = useExplorer.getState();
    const now = performance.now();
    const moved = f.changes.filter(
      (c) => now - (this.touched.get(c.key) ?? -Infinity) > USER_HOLD_MS && st.values[c.key] !== c.to,
    );
    if (!moved.length) return;
    const values = { ...st.values };
    const overrides = { ...st.overrides };
    for (const c of moved) values[c.key] = overrides[c.key] = this.accepted[c.key] = c.to;
    st.patch({ values, overrides });
  }

  /** What replays the run in force: its start, its knob changes and the seed. */
  private settings(): RunSettings {
    const st = useExplorer.getState();
    return {
      presetId: st.presetId,
      overrides: { ...st.script.overrides },
      seed: st.seed,
      changes: [...st.script.changes],
    };
  }

  /** Brings a fresh worker (after a crash or hang) to the last good settings (see last-good.ts), speed and play state. */
  private async restoreWorker(remote: WorkerRemote): Promise<void> {
    this.remote = remote;
    this.summaryBusy = false;
    this.runBase = this.buffers.runId + 1;
    await remote.onFrame(Comlink.proxy((f: Frame, s: RunStatus) => this.onFrame(f, s)));
    await remote.setSpeed(speedOf(useUi.getState().speedId));
    const { target, detail } = restoreTarget(this.settings(), this.good, performance.now() - this.changedAt);
    if (!target.presetId) return;
    const r = await remote.load({
      presetId: target.presetId,
      overrides: target.overrides,
      seed: target.seed,
      changes: target.changes ?? [],
    });
    if (!r.ok) throw new Error(r.error);
    this.applyLoad(r, target.presetId);
    useExplorer.getState().patch({ overrides: { ...target.overrides }, seed: target.seed });
    useWorkerHealth.getState().patch({ detail });
    if (this.wantRunning) await remote.play();
  }

  /** Restarts the worker by hand (after the supervisor gave up). */
  restartWorker(): Promise<void> {
    return this.supervisor ? this.supervisor.restart() : Promise.resolve();
  }

  /** Test hook: makes the worker throw or hang, or kills it, to exercise the recovery (test builds only). */
  injectWorkerFault(kind: WorkerFault | 'terminate'): void {
    if (!TEST_FAULTS) return;
    if (kind === 'terminate') this.supervisor?.terminateForTest();
    else void this.remote?.injectFault(kind);
  }

  get workerRestarts(): number {
    return this.supervisor?.restartCount ?? 0;
  }

  private async pollSummary(): Promise<void> {
    if (!this.remote || this.summaryBusy) return;
    this.summaryBusy = true;
    try {
      const summary = await this.remote.summary();
      if (!this.disposed) useExplorer.getState().patch({ summary });
    } finally {
      this.summaryBusy = false;
    }
  }

  private applyLoad(r: LoadResult, presetId: string): boolean {
    const st = useExplorer.getState();
    if (!r.ok) {
      st.patch({ error: r.error });
      return false;
    }
    this.accepted = { ...r.values };
    st.patch({
      presetId,
      params: r.params,
      series: r.series,
      points: r.points,
      values: r.values,
      paramErrors: {},
      error: null,
      ready: true,
      script: r.script,
    });
    viewStore.getState().setView({ ...viewStore.getState().view, follow: true });
    return true;
  }

  /** Loads a preset with overrides and, optionally, knob changes during the run (a link's, a file's). */
  async loadPreset(
    presetId: string,
    overrides: Record<string, ParamValue>,
    changes?: ScheduledChange[],
  ): Promise<boolean> {
    if (!this.remote) return false;
    const seed = useExplorer.getState().seed;
    this.changedAt = performance.now();
    const r = await this.remote.load({ presetId, overrides, seed, ...(changes ? { changes } : {}) });
    const ok = this.applyLoad(r, presetId);
    if (ok && r.ok) {
      // Mirrors the worker's overrides, so a link can list exactly what differs from the preset.
      const defaults = Object.keys(overrides).length
        ? {}
        : { presetDefaults: { presetId, values: r.values } };
      useExplorer.getState().patch({ overrides: { ...overrides }, ...defaults });
    }
    if (ok && presetId !== new URLSearchParams(location.search).get('preset')) {
      const url = new URL(location.href);
      url.searchParams.set('preset', presetId);
      history.replaceState(null, '', url);
    }
    return ok;
  }

  /** The kernel era sets the defaults of every other knob, so a new era starts from its defaults. */
  setEra(value: ParamValue): Promise<boolean> {
    return this.loadPreset(useExplorer.getState().presetId, { era: value });
  }

  restoreDefaults(): Promise<boolean> {
    return this.loadPreset(useExplorer.getState().presetId, {});
  }

  /** The run again from t = 0: the same start, the same knob changes at the same times (a new seed if given). */
  async reset(seed?: number): Promise<boolean> {
    if (!this.remote) return false;
    if (seed !== undefined) useExplorer.getState().patch({ seed });
    this.changedAt = performance.now();
    const r = await this.remote.reset(seed);
    const ok = this.applyLoad(r, useExplorer.getState().presetId);
    if (ok && r.ok) useExplorer.getState().patch({ overrides: { ...r.script.overrides } });
    return ok;
  }

  /** A new run from t = 0 that starts from the values in force now, without the run's knob changes. */
  startFromCurrent(): Promise<boolean> {
    const st = useExplorer.getState();
    return this.loadPreset(st.presetId, { ...st.overrides }, []);
  }

  play(): void {
    this.wantRunning = true;
    void this.remote?.play();
  }

  pause(): void {
    this.wantRunning = false;
    this.supervisor?.expectProgress(false);
    void this.remote?.pause();
  }

  /** Steps by a twentieth of the visible span, so a step is always visible. */
  step(): void {
    void this.stepBy(this.stepNs());
  }

  /** Advances exactly `ns` of simulated time (while paused: runs compared at equal simulated time). */
  async stepBy(ns: number): Promise<void> {
    // A step runs synchronously in the worker; on a heavy scenario that may outlast the hang limit.
    if (this.remote)
      await (this.supervisor ? this.supervisor.whileBusy(this.remote.step(ns)) : this.remote.step(ns));
  }

  stepNs(): number {
    return Math.min(1e9, Math.max(1e4, Math.round(viewStore.getState().view.spanNs / 20)));
  }

  setSpeed(speedId: string): void {
    useUi.getState().setSpeedId(speedId);
    void this.remote?.setSpeed(speedOf(speedId));
  }

  /** Immediate change (number field, select, checkbox). */
  async setParam(key: string, value: ParamValue): Promise<SetResult> {
    this.touched.set(key, performance.now());
    const st = useExplorer.getState();
    st.patch({ values: { ...st.values, [key]: value } });
    const p = this.pending.get(key);
    if (p?.timer) clearTimeout(p.timer);
    this.pending.delete(key);
    return this.send(key, value);
  }

  /** Change from a moving slider: throttled (live knobs) or debounced (knobs that restart the run). */
  setParamLive(key: string, value: ParamValue): void {
    this.touched.set(key, performance.now());
    const st = useExplorer.getState();
    st.patch({ values: { ...st.values, [key]: value } });
    const live = st.params.find((p) => p.key === key)?.live ?? true;
    const p = this.pending.get(key) ?? { timer: null, lastSentMs: -Infinity, value: undefined };
    this.pending.set(key, p);
    p.value = value;
    const now = performance.now();
    const wait = live ? Math.max(0, p.lastSentMs + LIVE_THROTTLE_MS - now) : RESTART_DEBOUNCE_MS;
    if (!live && p.timer) clearTimeout(p.timer);
    else if (p.timer) return;
    if (wait === 0) {
      p.lastSentMs = now;
      void this.send(key, value);
      return;
    }
    p.timer = setTimeout(() => {
      p.timer = null;
      p.lastSentMs = performance.now();
      if (p.value !== undefined) void this.send(key, p.value);
    }, wait);
  }

  private async send(key: string, value: ParamValue): Promise<SetResult> {
    if (!this.remote) return { ok: false, error: 'not connected' };
    this.changedAt = performance.now();
    // A knob that restarts the run: the charts keep the run before it, greyed (SeriesBuffers.before).
    const restarts = useExplorer.getState().params.find((p) => p.key === key)?.live === false;
    if (restarts) this.buffers.expectRestart({ key, from: this.accepted[key] ?? 'null', to: value });
    const r = await this.remote.setParam(key, value);
    if (restarts && !r.ok) this.buffers.expectRestart(null);
    const st = useExplorer.getState();
    const paramErrors = { ...st.paramErrors };
    if (r.ok) {
      delete paramErrors[key];
      this.accepted[key] = value;
      st.patch({
        paramErrors,
        overrides: { ...st.overrides, [key]: value },
        ...(r.script ? { script: r.script } : {}),
      });
    } else {
      paramErrors[key] = r.error;
      // The model kept its value: so do the header, the slider and the link (unless the knob moved on since).
      const shown = st.values[key] === value ? { values: { ...st.values, [key]: this.accepted[key] } } : {};
      st.patch({ paramErrors, ...shown });
    }
    return r;
  }

  summary() {
    return this.remote ? this.remote.summary() : Promise.resolve(null);
  }

  /** Visible window in ns, for the test hook and keyboard shortcuts. */
  visibleWindow() {
    return windowOf(viewStore.getState().view, this.buffers.nowNs);
  }
}
