/**
 * LiveSim over a built model: stepping, live parameter changes (applied at the
 * current simulated time, or a rebuild for structural knobs), frames and
 * summaries. The host (worker, CLI, tests) owns wall-clock pacing.
 */
import type { Frame, LiveSim, ParamSpec, ParamValue, PointStreams, SeriesSpec, Summary } from './api';
import type { Ns } from './engine/time';
import { buildModel } from './run';
import type { Model } from './scenario/model';
import { PARAMS, paramSpecs } from './scenario/params';
import { coerce, getPath } from './scenario/paths';
import type { Preset } from './scenario/presets/index';
import type { Scenario } from './scenario/scenario';
import { applyOverrides, ScenarioError } from './scenario/validate';
import { stepSummary } from './metrics/step-sampler';

/** Flent's default step: the live run keeps per-step medians a measured file can be compared with. */
export const LIVE_STEP_NS = 200_000_000;

export class LiveModelSim implements LiveSim {
  private model: Model;
  readonly params: ParamSpec[];
  private scenario: Scenario;

  constructor(
    readonly preset: Preset,
    scenario: Scenario,
    private readonly seed: number,
  ) {
    this.scenario = scenario;
    this.model = this.build(scenario);
    this.params = paramSpecs(preset.params, scenario);
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

  runUntil(endNs: Ns, maxEvents = Infinity): boolean {
    return this.model.sim.runSlice(endNs, maxEvents);
  }

  /** The value in force; a field left at its era default reads as that default. */
  getParam(key: string): ParamValue | undefined {
    const v = getPath(this.scenario, key);
    if (v === null) return PARAMS[key]?.kernelDefault?.(this.scenario) ?? 'null';
    return v as ParamValue | undefined;
  }

  setParam(key: string, value: ParamValue): { ok: true } | { ok: false; error: string } {
    const def = PARAMS[key];
    if (!def || !this.preset.params.includes(key))
      return { ok: false, error: `${key} is not a parameter of this preset` };
    const from = this.getParam(key) ?? 'null';
    let next: Scenario;
    try {
      next = applyOverrides(this.scenario, {
        [key]: coerce(getPath(this.scenario, key), value, key) as ParamValue,
      });
    } catch (e) {
      return { ok: false, error: e instanceof ScenarioError ? e.errors.join('; ') : String(e) };
    }
    this.scenario = next;
    const to = this.getParam(key) ?? 'null';
    if (def.apply) {
      def.apply(this.model, getPath(next, key) as ParamValue);
      // Summaries describe the run since the last change.
      this.model.beginMeasurement(this.model.sim.nowNs);
    } else {
      // Structural knob: rebuild from t = 0 with the same seed.
      this.model = this.build(next);
    }
    this.model.recorder.change({ tNs: this.model.sim.nowNs, key, from, to });
    return { ok: true };
  }

  takeFrame(): Frame {
    return this.model.recorder.takeFrame(this.model.sim.nowNs);
  }

  summary(): Summary {
    const steps = this.model.stepSeries();
    return { ...this.model.summary(), ...(steps ? { steps: stepSummary(steps) } : {}) };
  }

  private build(sc: Scenario): Model {
    const m = buildModel(sc, this.seed, true);
    m.enableSteps(LIVE_STEP_NS);
    return m;
  }
}
