/**
 * One widget's simulation: its own worker (so several widgets on a page
 * never share state), chart buffers, a time view and a draw scheduler, and
 * the loaded preset's knobs and values. The same pieces the explorer uses
 * (src/app/charts), without React or the explorer's global stores.
 */
import { WorkerRuntime } from '../app/charts/worker-runtime';
import { DEFAULT_VIEW } from '../app/charts/time-view';
import { resolveShared } from '../app/share/resolve';
import type { ShareNotice, ShareState } from '../app/share/url-state';
import type { Frame, RunScript, ParamValue, RunStatus, SetResult } from '../worker/protocol';

const RESTART_DEBOUNCE_MS = 400;
const SUMMARY_MS = 500;

export type RuntimeEvent = 'load' | 'status' | 'summary' | 'values';

export class LabRuntime extends WorkerRuntime<RuntimeEvent> {
  seed = 1;
  speedId = '1';
  overrides: Record<string, ParamValue> = {};
  /** What replays the run (its start and knob changes), for the link back to the app. */
  script: RunScript = { overrides: {}, changes: [] };
  presetValues: Record<string, ParamValue> = {};

  /** Loads the shared state; returns what of it could not be used. */
  async start(state: ShareState): Promise<ShareNotice[]> {
    const remote = await this.attach();
    if (state.seed !== undefined) this.seed = state.seed;
    if (state.speedId) this.speedId = state.speedId;
    if (state.zoomNs !== undefined) this.view.getState().setView({ ...DEFAULT_VIEW, spanNs: state.zoomNs });
    // Speed ids are multiples of real time (see SPEEDS in app/state/ui-store), 'max' as fast as possible.
    await remote.setSpeed(this.speedId === 'max' ? Infinity : Number(this.speedId) * 1e9);
    const r = await resolveShared((req) => remote.load(req), this.presets, {
      presetId: state.presetId,
      set: state.set,
      seed: this.seed,
      changes: state.changes,
    });
    if (this.disposed || r.presetId === null) return r.notices;
    const loaded = await remote.load({
      presetId: r.presetId,
      overrides: r.overrides,
      seed: this.seed,
      ...(state.changes ? { changes: r.changes } : {}),
    });
    if (!loaded.ok) return [...r.notices, { field: 'preset', value: r.presetId, reason: loaded.error }];
    this.presetId = r.presetId;
    this.presetValues = r.presetValues;
    this.overrides = { ...r.overrides };
    this.params = loaded.params;
    this.series = loaded.series;
    this.stations = loaded.points.categories ?? [];
    this.values = loaded.values;
    this.sentValues = { ...this.values };
    this.script = loaded.script;
    this.pollEvery(SUMMARY_MS, () => this.pollSummary());
    this.emit('load');
    return r.notices;
  }

  protected onFrame(f: Frame, s: RunStatus): void {
    this.buffers.push(f, s.runId);
    this.frames++;
    // A scripted change moves its control with the run.
    if (f.changes.length && s.runId === this.buffers.runId) {
      for (const c of f.changes) this.values = { ...this.values, [c.key]: c.to };
      this.emit('values');
    }
    const changed = this.status?.running !== s.running;
    this.status = s;
    if (changed) this.emit('status');
  }

  private async pollSummary(): Promise<void> {
    if (!this.remote || this.disposed) return;
    this.summary = await this.remote.summary();
    this.emit('summary');
  }

  play(): void {
    void this.remote?.play();
  }

  pause(): void {
    void this.remote?.pause();
  }

  async reset(): Promise<void> {
    const r = await this.remote?.reset();
    if (r?.ok) {
      this.values = r.values;
      this.script = r.script;
    }
    this.emit('values');
  }

  /** A change from a control: live knobs throttled, knobs that restart the run debounced. */
  setParam(key: string, value: ParamValue): void {
    this.values = { ...this.values, [key]: value };
    const live = this.params.find((p) => p.key === key)?.live ?? true;
    this.sendLater(key, live ? null : RESTART_DEBOUNCE_MS, (k) => void this.send(k, this.values[k]));
  }

  private async send(key: string, value: ParamValue): Promise<SetResult> {
    if (!this.remote) return { ok: false, error: 'not connected' };
    const r = await this.sendKnob(key, value);
    if (r.ok) {
      delete this.errors[key];
      this.overrides = { ...this.overrides, [key]: value };
      if (r.script) this.script = r.script;
    } else this.errors[key] = r.error;
    this.emit('values');
    return r;
  }

  /** The values the run started from that differ from the preset. */
  changed(): Record<string, ParamValue> {
    const out: Record<string, ParamValue> = {};
    for (const [k, v] of Object.entries(this.script.overrides)) if (this.presetValues[k] !== v) out[k] = v;
    return out;
  }
}
