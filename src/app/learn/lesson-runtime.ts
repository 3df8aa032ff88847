/**
 * The lesson player's simulation: its own worker (the Learn view, the embed
 * and presentation mode each own one) with what WorkerRuntime gives the
 * embed's LabRuntime too, plus what a lesson step needs:
 * loads with scheduled changes, a stop at a simulated time, the per-skb
 * probe's hops, headless comparison runs, and the summary at a stop.
 */
import { WorkerRuntime } from '../charts/worker-runtime';
import { DEFAULT_VIEW } from '../charts/time-view';
import type {
  Frame,
  HeadlessRequest,
  HeadlessResult,
  LoadRequest,
  ParamValue,
  RunStatus,
  SetResult,
  SkbTraceSite,
  Summary,
} from '../../worker/protocol';
import { HopStore } from './hop-store';

const SUMMARY_MS = 400;

export type RuntimeEvent = 'load' | 'status' | 'summary' | 'values' | 'hops';

/** Speed ids as the explorer offers them, in simulated ns per wall second. */
export function speedNs(id: string): number {
  return id === 'max' ? Infinity : Number(id) * 1e9;
}

export class LessonRuntime extends WorkerRuntime<RuntimeEvent> {
  readonly hops = new HopStore();
  private runId = -1;
  /** Counts pauses, so a play still on its way to the worker after one is dropped. */
  private pauses = 0;
  private waiters: { ns: number; resolve: (ok: boolean) => void }[] = [];

  async connect(): Promise<void> {
    await this.attach();
    this.pollEvery(SUMMARY_MS, () => this.poll());
  }

  protected onFrame(f: Frame, s: RunStatus): void {
    // Frames of an older run are dropped; a newer one is a restart by a structural knob.
    if (s.runId < this.runId) return;
    if (s.runId > this.runId) {
      this.runId = s.runId;
      this.hops.clear(this.hops.sites);
      this.emit('load');
    }
    this.buffers.push(f, s.runId);
    this.frames++;
    if (f.hops) {
      this.hops.push(f.hops);
      this.emit('hops');
    }
    const changed = this.status?.running !== s.running;
    this.status = s;
    if (!s.running) {
      const due = this.waiters.filter((w) => s.nowNs >= w.ns);
      this.waiters = this.waiters.filter((w) => s.nowNs < w.ns);
      for (const w of due) w.resolve(true);
    }
    if (changed) this.emit('status');
  }

  private async poll(): Promise<void> {
    if (!this.remote || this.disposed || !this.status?.running) return;
    const s = await this.remote.summary();
    if (this.disposed || !this.status?.running) return;
    this.summary = s;
    this.emit('summary');
  }

  /** A fresh run (paused at t = 0); the buffers and hops start over. */
  async load(req: LoadRequest): Promise<{ ok: true } | { ok: false; error: string }> {
    if (!this.remote) return { ok: false, error: 'not connected' };
    for (const w of this.waiters) w.resolve(false);
    this.waiters = [];
    await this.remote.pause();
    await this.remote.stopAt(null);
    const r = await this.remote.load(req);
    if (!r.ok) return r;
    this.runId = r.runId;
    this.presetId = req.presetId;
    this.params = r.params;
    this.series = r.series;
    this.stations = r.points.categories ?? [];
    this.values = r.values;
    this.sentValues = { ...this.values };
    this.errors = {};
    this.summary = null;
    this.status = null;
    this.hops.clear();
    this.view.getState().setView({ ...DEFAULT_VIEW });
    this.emit('load');
    return { ok: true };
  }

  /**
   * Plays until the run reaches `ns` and pauses there; resolves true then,
   * false if another load or a pause came first.
   */
  async runTo(ns: number): Promise<boolean> {
    if (!this.remote) return false;
    if (this.status && !this.status.running && this.status.nowNs >= ns) return true;
    const done = new Promise<boolean>((resolve) => this.waiters.push({ ns, resolve }));
    const gen = this.pauses;
    await this.remote.stopAt(ns);
    // A pause that came while the stop was on its way wins: play only if none did.
    if (gen === this.pauses) await this.remote.play();
    return done;
  }

  pause(): void {
    this.pauses++;
    for (const w of this.waiters) w.resolve(false);
    this.waiters = [];
    void this.remote?.stopAt(null);
    void this.remote?.pause();
  }

  /** Plays on without a stop (a try-it step after its end). */
  play(): void {
    const gen = this.pauses;
    void this.remote?.stopAt(null).then(() => {
      if (gen === this.pauses) void this.remote?.play();
    });
  }

  setSpeed(id: string): Promise<void> {
    return this.remote ? this.remote.setSpeed(speedNs(id)) : Promise.resolve();
  }

  /** Advances exactly `ns` while paused (slow motion's step). */
  async stepBy(ns: number): Promise<void> {
    await this.remote?.step(ns);
  }

  /** The summary now (the run paused at a stop: exactly its state there). */
  async takeSummary(): Promise<Summary | null> {
    const s = this.remote ? await this.remote.summary() : null;
    this.summary = s;
    this.emit('summary');
    return s;
  }

  async traceSkbs(opts: { everyN: number } | null): Promise<SkbTraceSite[]> {
    const sites = this.remote ? await this.remote.traceSkbs(opts) : [];
    if (sites.length) this.hops.sites = sites;
    return sites;
  }

  runHeadless(req: HeadlessRequest): Promise<HeadlessResult> {
    return this.remote
      ? this.remote.runHeadless(req)
      : Promise.resolve({ ok: false, error: 'not connected' });
  }

  /** A knob from a "try it" control: live knobs throttled while a slider moves. */
  setParam(key: string, value: ParamValue): void {
    this.values = { ...this.values, [key]: value };
    this.sendLater(key, null, (k) => void this.send(k, this.values[k]));
  }

  private async send(key: string, value: ParamValue): Promise<SetResult> {
    if (!this.remote) return { ok: false, error: 'not connected' };
    const r = await this.sendKnob(key, value);
    if (r.ok) delete this.errors[key];
    else this.errors[key] = r.error;
    this.emit('values');
    return r;
  }

  override dispose(): void {
    for (const w of this.waiters) w.resolve(false);
    super.dispose();
  }
}
