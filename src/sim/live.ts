/**
 * LiveSim over a built model: stepping, live parameter changes (applied at
 * the next whole microsecond of simulated time, or a rebuild for structural
 * knobs), scheduled changes from the scenario's `changes` list, frames and
 * summaries. The host (worker, CLI, tests) owns wall-clock pacing.
 */
import type {
  Frame,
  LiveSim,
  ParamSpec,
  ParamValue,
  PointStreams,
  SeriesSpec,
  SkbTraceSite,
  Summary,
} from './api';
import { enableSkbTrace } from './scenario/skb-trace-sites';
import type { Ns } from './engine/time';
import { buildModel } from './run';
import { applyLiveChange, nextChangeUs, runWithChanges } from './scenario/changes';
import type { Model } from './scenario/model';
import { PARAMS, paramSpecs } from './scenario/params';
import { clone, coerce, getPath, setPath } from './scenario/paths';
import type { Preset } from './scenario/presets/index';
import type { Scenario, ScheduledChange } from './scenario/scenario';
import { applyOverrides, ScenarioError } from './scenario/validate';
import { stepSummary } from './metrics/step-sampler';

/** Flent's default step: the live run keeps per-step medians a measured file can be compared with. */
export const LIVE_STEP_NS = 200_000_000;
/**
 * Steps a live run keeps before it thins them (27 simulated minutes at 0.2 s;
 * its ping replies: twice as many per station). The live run can go on
 * for hours at full speed; at the headless default (65 536) its samples took
 * the worker's heap from 5 to 7 MB between the first and the second minute
 * at full speed in Chromium (ath9k-pacing-shift), and would go on growing
 * for minutes more. At this cap they stop growing within the first minute.
 */
export const LIVE_MAX_STEPS = 8192;

export class LiveModelSim implements LiveSim {
  private model!: Model;
  readonly params: ParamSpec[];
  /** The values in force now. */
  private scenario: Scenario;
  /** What the current run was built from: its values at t = 0 and its script (`changes`). */
  private start!: Scenario;
  /** Every change of this run, applied or to come, in the order they apply. */
  private plan: ScheduledChange[] = [];
  private nextChange = 0;
  /** The per-skb probe's settings, kept across rebuilds. */
  private traceOpts: { everyN: number } | null = null;

  constructor(
    readonly preset: Preset,
    scenario: Scenario,
    private readonly seed: number,
  ) {
    this.scenario = scenario;
    this.params = paramSpecs(preset.params, scenario);
    this.rebuild(scenario);
  }

  get nowNs(): Ns {
    return this.model.sim.nowNs;
  }

  get series(): readonly SeriesSpec[] {
    return this.model.series;
  }

  /** Every WiFi transmission is charted as an aggregate (one frame or more); pings when the scenario sends them. */
  get points(): PointStreams {
    return {
      agg: this.scenario.wifi !== null,
      ping: this.scenario.pingIntervalMs > 0,
      categories: [...this.model.stationNames],
    };
  }

  get currentScenario(): Scenario {
    return this.scenario;
  }

  /** The model, for hosts that need more than the LiveSim surface (tests, benchmarks). */
  get current(): Model {
    return this.model;
  }

  get changes(): readonly ScheduledChange[] {
    return this.plan;
  }

  runUntil(endNs: Ns, maxEvents = Infinity): boolean {
    const r = runWithChanges(this.model, this.plan, this.nextChange, endNs, maxEvents, (c) => this.apply(c));
    this.nextChange = r.next;
    return r.done;
  }

  /** The value in force; a field left at its era default reads as that default. */
  getParam(key: string): ParamValue | undefined {
    return this.valueIn(this.scenario, key);
  }

  /** The value the run started with (before any change of `changes`). */
  startParam(key: string): ParamValue | undefined {
    return this.valueIn(this.start, key);
  }

  setParam(key: string, value: ParamValue): { ok: true } | { ok: false; error: string } {
    const def = PARAMS[key];
    if (!def || !this.preset.params.includes(key))
      return { ok: false, error: `${key} is not a parameter of this preset` };
    let next: Scenario;
    try {
      next = applyOverrides(this.scenario, {
        [key]: coerce(getPath(this.scenario, key), value, key) as ParamValue,
      });
    } catch (e) {
      return { ok: false, error: e instanceof ScenarioError ? e.errors.join('; ') : String(e) };
    }
    const v = getPath(next, key) as ParamValue | null;
    if (def.apply && this.model.sim.eventsRun > 0) {
      // Scheduled like a scripted change, so that a link replaying this list gives the same run.
      const c: ScheduledChange = { atUs: nextChangeUs(this.model.sim.nowNs), key, value: v };
      this.plan.splice(this.insertAt(c.atUs), 0, c);
      this.runUntil(c.atUs * 1000);
    } else {
      // A structural knob, or any knob before the run's first event: a new start.
      this.restructure(next, key);
    }
    return { ok: true };
  }

  takeFrame(): Frame {
    const f = this.model.recorder.takeFrame(this.model.sim.nowNs);
    if (this.model.skbTracer) f.hops = this.model.skbTracer.take();
    return f;
  }

  traceSkbs(opts: { everyN: number } | null): SkbTraceSite[] {
    this.traceOpts = opts;
    return enableSkbTrace(this.model, opts);
  }

  summary(): Summary {
    const steps = this.model.stepSeries();
    return { ...this.model.summary(), ...(steps ? { steps: stepSummary(steps) } : {}) };
  }

  private build(sc: Scenario): Model {
    const m = buildModel(sc, this.seed, true);
    m.enableSteps(LIVE_STEP_NS, LIVE_MAX_STEPS);
    return m;
  }

  private valueIn(sc: Scenario, key: string): ParamValue | undefined {
    const v = getPath(sc, key);
    if (v === null) return PARAMS[key]?.kernelDefault?.(sc) ?? 'null';
    return v as ParamValue | undefined;
  }

  /** Applies one change of the plan at the model's current time. */
  private apply(c: ScheduledChange): void {
    const from = this.getParam(c.key) ?? 'null';
    const next = clone(this.scenario);
    setPath(next, c.key, c.value);
    this.scenario = next;
    applyLiveChange(this.model, next, c.key, c.value);
    this.model.recorder.change({
      tNs: this.model.sim.nowNs,
      key: c.key,
      from,
      to: this.getParam(c.key) ?? 'null',
    });
  }

  /** Where a change at `atUs` goes: after every change at the same time or earlier. */
  private insertAt(atUs: number): number {
    let i = this.plan.length;
    while (i > this.nextChange && this.plan[i - 1].atUs > atUs) i--;
    return i;
  }

  /**
   * A structural knob restarts the run from t = 0 with the values in force,
   * except that fields the script changes start where the script found them,
   * and the script replays; changes made live are folded into the start.
   */
  private restructure(next: Scenario, key: string): void {
    const script = this.start.changes;
    for (const c of script) if (c.key !== key) setPath(next, c.key, getPath(this.start, c.key));
    next.changes = clone(script);
    const from = this.getParam(key) ?? 'null';
    this.rebuild(next);
    this.model.recorder.change({ tNs: 0, key, from, to: this.getParam(key) ?? 'null' });
  }

  private rebuild(sc: Scenario): void {
    this.start = sc;
    this.scenario = sc;
    this.plan = clone(sc.changes);
    this.nextChange = 0;
    this.model = this.build(sc);
    if (this.traceOpts) enableSkbTrace(this.model, this.traceOpts);
  }
}
