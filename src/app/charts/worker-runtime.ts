/**
 * What a simulation hosted outside the explorer's stores needs, shared by
 * the embed's LabRuntime and the lesson player's LessonRuntime: its own
 * worker (so two on one page never share state), chart buffers, a time view
 * and a draw scheduler, the loaded preset's knobs and values, listeners, a
 * summary polled while it plays, and per-knob send timers.
 */
import * as Comlink from 'comlink';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { SeriesBuffers } from './series-buffer';
import { ChartScheduler } from './scheduler';
import { DEFAULT_VIEW } from './time-view';
import type { ViewState } from '../state/view-store';
import type {
  Frame,
  ParamSpec,
  ParamValue,
  PresetInfo,
  RunStatus,
  SeriesSpec,
  SetResult,
  Summary,
  WorkerApi,
} from '../../worker/protocol';

/** Live knobs sent at most this often while a slider moves. */
export const LIVE_THROTTLE_MS = 80;

export abstract class WorkerRuntime<E extends string> {
  readonly buffers = new SeriesBuffers();
  readonly view: StoreApi<ViewState>;
  readonly scheduler: ChartScheduler;
  presets: PresetInfo[] = [];
  presetId = '';
  params: ParamSpec[] = [];
  series: SeriesSpec[] = [];
  /** The stations the point charts are coloured by (names in category order). */
  stations: string[] = [];
  values: Record<string, ParamValue> = {};
  errors: Record<string, string> = {};
  /** Each knob's value as the worker last took it (the "from" of a restart). */
  protected sentValues: Record<string, ParamValue> = {};
  status: RunStatus | null = null;
  /** The run's summary as last polled (or taken at a stop). */
  summary: Summary | null = null;
  frames = 0;
  protected remote: Comlink.Remote<WorkerApi> | null = null;
  protected disposed = false;
  private listeners = new Set<(e: E) => void>();
  private summaryTimer: ReturnType<typeof setInterval> | null = null;
  private lastSent = new Map<string, number>();
  private timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly worker: Worker) {
    this.view = createStore<ViewState>((set) => ({
      view: DEFAULT_VIEW,
      hoverNs: null,
      setView: (view) => set({ view }),
      setHover: (hoverNs) => set({ hoverNs }),
    }));
    this.scheduler = new ChartScheduler(this.buffers, this.view);
  }

  on(fn: (e: E) => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  protected emit(e: E): void {
    for (const fn of this.listeners) fn(e);
  }

  /** Wraps the worker, takes its frames and its presets. */
  protected async attach(): Promise<Comlink.Remote<WorkerApi>> {
    const remote = Comlink.wrap<WorkerApi>(this.worker);
    this.remote = remote;
    await remote.onFrame(Comlink.proxy((f: Frame, s: RunStatus) => this.onFrame(f, s)));
    this.presets = await remote.presets();
    return remote;
  }

  protected abstract onFrame(f: Frame, s: RunStatus): void;

  /** Calls `poll` every `everyMs` until disposed. */
  protected pollEvery(everyMs: number, poll: () => Promise<void>): void {
    this.summaryTimer = setInterval(() => void poll(), everyMs);
  }

  /**
   * Sends knob `key` after `waitMs` (or now, for a live knob not sent within
   * LIVE_THROTTLE_MS, when `waitMs` is null); a newer value for the same knob
   * replaces one still waiting.
   */
  protected sendLater(key: string, waitMs: number | null, send: (key: string) => void): void {
    const wait =
      waitMs ?? Math.max(0, (this.lastSent.get(key) ?? -Infinity) + LIVE_THROTTLE_MS - performance.now());
    const pending = this.timers.get(key);
    if (pending) clearTimeout(pending);
    const go = () => {
      this.timers.delete(key);
      this.lastSent.set(key, performance.now());
      send(key);
    };
    if (wait === 0) go();
    else this.timers.set(key, setTimeout(go, wait));
  }

  /**
   * Sends a knob to the worker; one that restarts the run (ParamSpec.live
   * false) leaves the run before it on the charts, greyed (SeriesBuffers.before).
   */
  protected async sendKnob(key: string, value: ParamValue): Promise<SetResult> {
    if (!this.remote) return { ok: false, error: 'not connected' };
    const restarts = this.params.find((p) => p.key === key)?.live === false;
    if (restarts) this.buffers.expectRestart({ key, from: this.sentValues[key] ?? 'null', to: value });
    const r = await this.remote.setParam(key, value);
    if (r.ok) this.sentValues[key] = value;
    else if (restarts) this.buffers.expectRestart(null);
    return r;
  }

  get running(): boolean {
    return !!this.status?.running;
  }

  dispose(): void {
    this.disposed = true;
    if (this.summaryTimer) clearInterval(this.summaryTimer);
    for (const t of this.timers.values()) clearTimeout(t);
    this.scheduler.dispose();
    this.listeners.clear();
    this.worker.terminate();
    this.remote = null;
  }
}
